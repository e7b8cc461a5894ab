// Events for the open streams of members (GET /api/v1/conversations/stream), on every
// instance. One interface, two carriers: in this process only, or through Redis pub/sub
// when REDIS_URL is set, so a message sent through instance A reaches a stream held by B.
// The database stays the record: an event lost on the way (Redis away, a dropped
// connection) is read again from it by the stream's catch-up (decision 0016).
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { SharedRedis } from './redis.ts';

export interface StreamEvent {
  event: 'message' | 'unread';
  data: unknown;
  /** The SSE event id (a message's `seq`); events without one do not move Last-Event-ID. */
  id?: string;
}

export type StreamListener = (event: StreamEvent) => void;

export interface Realtime {
  /** Delivers `event` to every open stream of these users, here and on the other instances. */
  publish(userIds: string[], event: StreamEvent): Promise<void>;
  /** Listens to one user's events on this instance; returns the unsubscribe. */
  subscribe(userId: string, listener: StreamListener): () => void;
  /** Runs when events may have been missed (Redis came back): streams read the database again. */
  onGap(listener: () => void): () => void;
  /** Registers an open stream, ended by `endStreams` (shutdown); returns the unregister. */
  track(end: () => void): () => void;
  /** Ends every open stream of this instance: its clients reconnect, to another instance if need be. */
  endStreams(): void;
  /** Open subscriptions on this instance. */
  size(): number;
  /** Which carrier is used: for the logs and the tests. */
  readonly carrier: 'memory' | 'redis';
}

const CHANNEL = 'realtime:user-events';

interface Envelope {
  from: string;
  userIds: string[];
  event: StreamEvent;
}

export function createRealtime({ redis, log }: { redis?: SharedRedis; log: Pick<Logger, 'warn'> }): Realtime {
  const listeners = new Map<string, Set<StreamListener>>();
  const gapListeners = new Set<() => void>();
  const streams = new Set<() => void>();
  const instanceId = randomUUID();

  function deliverHere(userIds: string[], event: StreamEvent) {
    for (const userId of userIds) {
      for (const listener of listeners.get(userId) ?? []) {
        try {
          listener(event);
        } catch (err) {
          log.warn({ err }, 'realtime listener failed');
        }
      }
    }
  }

  if (redis) {
    redis.subscribe(
      CHANNEL,
      (raw) => {
        let envelope: Envelope;
        try {
          envelope = JSON.parse(raw) as Envelope;
        } catch {
          return;
        }
        // This instance delivered its own events already, without waiting for Redis.
        if (envelope.from === instanceId) return;
        deliverHere(envelope.userIds, envelope.event);
      },
      () => {
        for (const listener of gapListeners) listener();
      },
    );
  }

  return {
    carrier: redis ? 'redis' : 'memory',
    async publish(userIds, event) {
      deliverHere(userIds, event);
      if (!redis) return;
      const sent = await redis.publish(CHANNEL, JSON.stringify({ from: instanceId, userIds, event } satisfies Envelope));
      // The other instances' streams catch up when Redis is back (onGap) or when they reconnect.
      if (!sent) log.warn({ users: userIds.length }, 'realtime: event not published to the other instances');
    },
    subscribe(userId, listener) {
      let set = listeners.get(userId);
      if (!set) {
        set = new Set();
        listeners.set(userId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(userId) === set) listeners.delete(userId);
      };
    },
    onGap(listener) {
      gapListeners.add(listener);
      return () => gapListeners.delete(listener);
    },
    track(end) {
      streams.add(end);
      return () => streams.delete(end);
    },
    endStreams() {
      for (const end of streams) end();
      streams.clear();
    },
    size() {
      let n = 0;
      for (const set of listeners.values()) n += set.size;
      return n;
    },
  };
}
