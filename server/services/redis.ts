// Redis connections for state shared by several instances (rate limits, search cache
// invalidation). Redis is an accelerator, never a dependency the site stops without:
// see docs/decisions/0004-redis-rate-limits.md.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Redis, RedisOptions } from 'ioredis';
import type { Logger } from 'pino';

export interface SharedRedisOptions {
  url: string;
  log: Logger;
  /** Every key and channel starts with it, so deployments (or test runs) can share one Redis. */
  namespace?: string;
  /** Upper bound on one command once connected; a stuck Redis must not hold requests. */
  commandTimeoutMs?: number;
}

export interface SharedRedis {
  /** For commands; fails at once (no queue) while disconnected. */
  client: Redis;
  namespace: string;
  /** True while commands can be sent; when false callers use their local fallback. */
  isReady(): boolean;
  /** Tells the other instances that listings changed. Best effort: a lost message costs at most the cache TTL. */
  publishListingsChanged(): void;
  /** Runs on every other instance's listing change, and after a reconnect (messages may have been missed). */
  onListingsChanged(listener: () => void): void;
  /** Publishes on `<namespace><name>`; resolves false when Redis could not take it. */
  publish(name: string, message: string): Promise<boolean>;
  /**
   * Every message of `<namespace><name>`, this instance's own included; `onResubscribed` runs
   * after a reconnect, when messages published meanwhile were missed.
   */
  subscribe(name: string, listener: (message: string) => void, onResubscribed?: () => void): void;
  close(): Promise<void>;
}

const DEFAULT_NAMESPACE = 'ecosouk:';
/** Quiet enough that a long outage does not flood the log, often enough to stay visible. */
const ERROR_LOG_INTERVAL_MS = 60_000;

// ioredis is required only when Redis is configured: without REDIS_URL (one instance, `npm start`)
// the server does not carry its modules (decision 0049). A CommonJS package: required in step.
const loadIoredis = () => createRequire(import.meta.url)('ioredis') as typeof import('ioredis');

export function createSharedRedis({ url, log, namespace = DEFAULT_NAMESPACE, commandTimeoutMs = 500 }: SharedRedisOptions): SharedRedis {
  const { Redis } = loadIoredis();
  const base: RedisOptions = {
    connectTimeout: 2_000,
    // Reconnect for ever with a capped backoff, so the instance recovers whenever Redis does.
    retryStrategy: (times) => Math.min(times * 200, 5_000),
  };
  // Commands from requests are never queued while Redis is away: they fail immediately
  // and the caller falls back, instead of piling up behind a dead connection.
  const client = new Redis(url, {
    ...base,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: commandTimeoutMs,
    connectionName: 'ecosouk',
  });
  // A subscriber cannot send other commands, so it has its own connection. Its one SUBSCRIBE
  // may wait for a connection (queued, no retry limit): it is not on any request's path,
  // and ioredis subscribes again by itself after each reconnect.
  const subscriber = new Redis(url, {
    ...base,
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    autoResubscribe: true,
    connectionName: 'ecosouk-sub',
  });

  const instanceId = randomUUID();
  const channel = `${namespace}search:listings-changed`;
  const listeners: (() => void)[] = [];
  const notify = () => {
    for (const listener of listeners) listener();
  };

  watch(client, 'commands', log);
  watch(subscriber, 'subscriber', log);
  const channels = new Map<string, { listener: (message: string) => void; onResubscribed?: () => void }>();
  subscriber.on('message', (from: string, message: string) => {
    if (from === channel && message !== instanceId) notify();
    channels.get(from)?.listener(message);
  });
  // Changes published while we were disconnected never reach us: start from an empty cache.
  let subscribedOnce = false;
  subscriber.on('ready', () => {
    if (subscribedOnce) {
      notify();
      for (const entry of channels.values()) entry.onResubscribed?.();
    }
    subscribedOnce = true;
  });
  subscriber.subscribe(channel).catch((err: unknown) => {
    // Only on close(); a down Redis keeps the command queued.
    log.debug({ err }, 'redis subscribe abandoned');
  });

  let closed = false;
  return {
    client,
    namespace,
    isReady: () => client.status === 'ready',
    publishListingsChanged() {
      if (client.status !== 'ready') return;
      client.publish(channel, instanceId).catch((err: unknown) => {
        log.warn({ err }, 'redis: could not publish a search cache invalidation; other instances catch up within the cache TTL');
      });
    },
    onListingsChanged(listener) {
      listeners.push(listener);
    },
    async publish(name, message) {
      if (client.status !== 'ready') return false;
      try {
        await client.publish(`${namespace}${name}`, message);
        return true;
      } catch (err) {
        log.warn({ err, channel: name }, 'redis: could not publish');
        return false;
      }
    },
    subscribe(name, listener, onResubscribed) {
      const full = `${namespace}${name}`;
      channels.set(full, { listener, onResubscribed });
      subscriber.subscribe(full).catch((err: unknown) => log.debug({ err }, 'redis subscribe abandoned'));
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([client, subscriber].map((connection) => quitOrDrop(connection)));
    },
  };
}

function watch(connection: Redis, role: string, log: Logger) {
  let lastErrorLog = 0;
  let wasReady = false;
  connection.on('ready', () => {
    wasReady = true;
    log.info({ role }, 'redis connected');
  });
  connection.on('close', () => {
    if (!wasReady) return;
    wasReady = false;
    log.error({ role }, 'redis connection lost: this instance counts and caches on its own until it is back');
  });
  // Without an 'error' listener ioredis prints every failed reconnect to stderr.
  connection.on('error', (err: Error) => {
    const now = Date.now();
    if (now - lastErrorLog < ERROR_LOG_INTERVAL_MS) return;
    lastErrorLog = now;
    log.error({ role, err }, 'redis unreachable: using this instance\'s memory meanwhile');
  });
}

/** QUIT when connected (lets replies in flight arrive); otherwise stop reconnecting at once. */
async function quitOrDrop(connection: Redis) {
  if (connection.status === 'ready') {
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, 1_000).unref());
    await Promise.race([connection.quit().then(() => undefined, () => undefined), timeout]);
  }
  connection.disconnect(false);
}
