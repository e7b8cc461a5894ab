// Fixed-window counters per key. In memory for one instance; the same interface
// is implemented on Redis when REDIS_URL is set, so limits hold across instances.
// Both read the time from a `now()` they are given (Date.now by default): windows are
// decided by that clock alone, so a test moves it forward instead of sleeping.
import type { Logger } from 'pino';
import { AppError } from '#errors';
import type { SharedRedis } from './redis.ts';

export interface RateLimitRule {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts a hit; returns seconds to wait when over the limit, else 0. */
  hit(key: string, rule: RateLimitRule): Promise<number>;
  /** Seconds to wait when `key` is already over the limit, else 0; counts nothing. */
  peek(key: string, rule: RateLimitRule): Promise<number>;
}

export class RateLimitedError extends AppError {
  readonly retryAfter: number;
  constructor(retryAfter: number, message = 'Too many requests, please try again later') {
    super('RATE_LIMITED', message);
    this.retryAfter = retryAfter;
  }
}

/** Milliseconds since the epoch. */
export type Clock = () => number;

// A key's window in one number: when it ends (ms) times COUNT_SPAN, plus its hits, which stop
// counting at COUNT_SPAN - 1 (every rule's max is far below it). Exact for ends before the year 2248.
const COUNT_SPAN = 1024;
const endOf = (window: number) => Math.floor(window / COUNT_SPAN);
const hitsOf = (window: number) => window % COUNT_SPAN;
// How often the ended windows are taken off. Not at every hit: a map's deleted entries stay as
// holes at its front until it is rehashed, and every sweep's iteration starts by stepping over
// them (at 5,000 new addresses a second, a sweep at each hit cost 76 µs a hit instead of 2).
const SWEEP_EVERY_MS = 1000;

export interface MemoryRateLimiter extends RateLimiter {
  /** Keys held: those whose window has not ended, and ended ones not yet taken off. */
  readonly size: number;
}

export function createMemoryRateLimiter({ now: clock = Date.now }: { now?: Clock } = {}): MemoryRateLimiter {
  // A map a window length, one number a key (not an object: a crowd of addresses each searching
  // once held ~215 bytes an address). A window is restarted by deleting its key and setting it
  // again, so each map holds its keys in the order their windows end and the ended ones are taken
  // off its front within a second of their end: the memory held follows the keys active within one window.
  const byLength = new Map<number, Map<string, number>>();
  let lastSweep = -Infinity;
  const sweep = (now: number) => {
    for (const windows of byLength.values()) {
      for (const [key, window] of windows) {
        if (endOf(window) > now) break;
        windows.delete(key);
      }
    }
  };
  /** The key's window, unless it has ended. */
  const current = (windows: Map<string, number> | undefined, key: string, now: number): number | undefined => {
    const window = windows?.get(key);
    return window !== undefined && endOf(window) > now ? window : undefined;
  };
  return {
    get size() {
      let keys = 0;
      for (const windows of byLength.values()) keys += windows.size;
      return keys;
    },
    async hit(key, rule) {
      const now = clock();
      // (Or the clock was set back.)
      if (now - lastSweep >= SWEEP_EVERY_MS || now < lastSweep) {
        sweep(now);
        lastSweep = now;
      }
      let windows = byLength.get(rule.windowMs);
      if (!windows) byLength.set(rule.windowMs, (windows = new Map()));
      let window = current(windows, key, now);
      if (window === undefined) {
        // Already taken off unless the clock was set back since (the sweep stops at the first key
        // whose window runs on): deleted so that it goes to the back.
        windows.delete(key);
        window = (now + rule.windowMs) * COUNT_SPAN;
      }
      if (hitsOf(window) < COUNT_SPAN - 1) window += 1;
      windows.set(key, window);
      return hitsOf(window) > rule.max ? Math.ceil((endOf(window) - now) / 1000) : 0;
    },
    async peek(key, rule) {
      const now = clock();
      const window = current(byLength.get(rule.windowMs), key, now);
      if (window === undefined) return 0;
      return hitsOf(window) >= rule.max ? Math.max(1, Math.ceil((endOf(window) - now) / 1000)) : 0;
    },
  };
}

// One round trip, atomic: the first hit of a window sets its expiry, so concurrent hits on
// several instances can neither lose a count nor leave a key without TTL. A key found
// without TTL (written by hand) gets one rather than living for ever. The expiry only
// clears old keys away: which window a hit counts in is in the key's name.
const FIXED_WINDOW_HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count
`;

const EXPIRY_GRACE_MS = 5_000;

export interface RedisRateLimiterOptions {
  redis: SharedRedis;
  log: Logger;
  /** Default `<namespace>rl:`, i.e. `ecosouk:rl:`. */
  keyPrefix?: string;
  /** Used whenever Redis cannot answer; see docs/decisions/0004-redis-rate-limits.md. */
  fallback?: RateLimiter;
  now?: Clock;
}

/**
 * Counters in Redis, shared by every instance. Windows are aligned on the clock (a window of a
 * minute is a calendar minute) and the window's number is part of the key, so every instance
 * counts a hit in the same key without asking Redis what time it is; instances' clocks agree
 * to NTP precision, which can only move a hit at a window's edge into the next window.
 * When Redis is down or slow the limits are not
 * dropped (fail-open would hand out unlimited login attempts) nor enforced by refusing every
 * request (fail-closed would take logins down with Redis): each instance counts in its own
 * memory meanwhile, so an attacker gains at most a factor of the instance count for the outage.
 */
export function createRedisRateLimiter({ redis, log, keyPrefix = `${redis.namespace}rl:`, now: clock = Date.now, ...options }: RedisRateLimiterOptions): RateLimiter {
  const fallback = options.fallback ?? createMemoryRateLimiter({ now: clock });
  let lastErrorLog = 0;
  // Once a minute at most: an outage would otherwise log every request.
  const unanswered = (err: unknown, now: number) => {
    if (now - lastErrorLog <= 60_000) return;
    lastErrorLog = now;
    log.error({ err }, 'rate limit: redis did not answer, counting in memory');
  };
  return {
    async hit(key, rule) {
      // No connection: don't even try (commands would fail at once anyway, but this skips the error path).
      if (!redis.isReady()) return fallback.hit(key, rule);
      const now = clock();
      const window = Math.floor(now / rule.windowMs);
      const leftMs = (window + 1) * rule.windowMs - now;
      try {
        // Kept a little past its end, for an instance whose clock is slightly behind.
        const count = (await redis.client.eval(FIXED_WINDOW_HIT, 1, `${keyPrefix}${key}:${window}`, leftMs + EXPIRY_GRACE_MS)) as number;
        return count > rule.max ? Math.max(1, Math.ceil(leftMs / 1000)) : 0;
      } catch (err) {
        unanswered(err, now);
        return fallback.hit(key, rule);
      }
    },
    async peek(key, rule) {
      if (!redis.isReady()) return fallback.peek(key, rule);
      const now = clock();
      const window = Math.floor(now / rule.windowMs);
      const leftMs = (window + 1) * rule.windowMs - now;
      try {
        const count = Number((await redis.client.get(`${keyPrefix}${key}:${window}`)) ?? 0);
        return count >= rule.max ? Math.max(1, Math.ceil(leftMs / 1000)) : 0;
      } catch (err) {
        unanswered(err, now);
        return fallback.peek(key, rule);
      }
    },
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RATE_LIMITS = {
  login: { max: 10, windowMs: 15 * MINUTE },
  // Failed log-ins per client address, whatever the e-mail: stops password spraying (one
  // password tried on many accounts). Only failures count, so a busy shared address
  // (a campus, a mobile carrier's NAT) is not locked out by people who type their password right.
  loginFailures: { max: 30, windowMs: 15 * MINUTE },
  signup: { max: 20, windowMs: HOUR },
  forgotPassword: { max: 5, windowMs: HOUR },
  sendVerification: { max: 5, windowMs: HOUR },
  contact: { max: 5, windowMs: HOUR },
  phoneReveal: { max: 30, windowMs: HOUR },
  // Listing photos per account: a seller preparing three listings of ten photos, with retries,
  // stays below it. The quota of photos attached to no listing is in services/uploads.ts.
  upload: { max: 60, windowMs: HOUR },
  // Reports per member: someone who reports what they see stays far below it; a campaign
  // against a competitor's listings does not.
  report: { max: 20, windowMs: HOUR },
  // Contact-card events (POST /events) per address: a buyer shows and hides a phone a few times.
  events: { max: 30, windowMs: HOUR },
  // Searches that miss the result cache, per client address: a person reading results and
  // refining them makes a few a minute; a script varying the text to defeat the cache, hundreds.
  search: { max: 60, windowMs: MINUTE },
  // Typo fallbacks (several times a normal search's cost) per address; past it, a search
  // that matched nothing shows the empty page instead of close spellings.
  searchFuzzy: { max: 20, windowMs: MINUTE },
  // Messaging, per account (server/services/messaging.ts). New conversations are what a spammer
  // needs many of; a buyer asks a few sellers an hour. Accounts younger than 7 days get the
  // stricter `…New` rules.
  conversationStart: { max: 20, windowMs: HOUR },
  conversationStartNew: { max: 5, windowMs: HOUR },
  // A lively exchange is a message every few seconds for a while, not hundreds an hour.
  messageSend: { max: 200, windowMs: HOUR },
  messageSendNew: { max: 60, windowMs: HOUR },
  // 404 answers per client IP (server/plugins/not-found-limit.ts): a person following stale
  // links stays far below it, a scanner walking a word list does not.
  notFound: { max: 60, windowMs: MINUTE },
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

export function createLimits(limiter: RateLimiter, overrides: Partial<Record<RateLimitName, RateLimitRule>> = {}) {
  const rules = { ...RATE_LIMITS, ...overrides };
  return {
    /** Throws RateLimitedError (429) when `name` is over its limit for `key`. */
    async check(name: RateLimitName, key: string) {
      const wait = await limiter.hit(`${name}:${key}`, rules[name]);
      if (wait > 0) throw new RateLimitedError(wait);
    },
    /** Throws RateLimitedError when `name` is already at its limit for `key`, without counting. */
    async checkNotOver(name: RateLimitName, key: string) {
      const wait = await limiter.peek(`${name}:${key}`, rules[name]);
      if (wait > 0) throw new RateLimitedError(wait);
    },
    /** Counts a hit and says whether it was within the limit (for limits that degrade rather than refuse). */
    async allows(name: RateLimitName, key: string): Promise<boolean> {
      return (await limiter.hit(`${name}:${key}`, rules[name])) === 0;
    },
    /** Counts one hit of `name` for `key` (what is over the limit shows at the next checkNotOver). */
    async count(name: RateLimitName, key: string) {
      await limiter.hit(`${name}:${key}`, rules[name]);
    },
  };
}

export type Limits = ReturnType<typeof createLimits>;
