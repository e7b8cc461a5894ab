// Fixed-window counters per key. In memory for one instance; the same interface
// is implemented on Redis when REDIS_URL is set, so limits hold across instances.
import { AppError } from '../http/errors.ts';

export interface RateLimitRule {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts a hit; returns seconds to wait when over the limit, else 0. */
  hit(key: string, rule: RateLimitRule): Promise<number>;
}

export class RateLimitedError extends AppError {
  readonly retryAfter: number;
  constructor(retryAfter: number) {
    super('RATE_LIMITED', 'Too many requests, please try again later');
    this.retryAfter = retryAfter;
  }
}

export function createMemoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = Date.now();
  return {
    async hit(key, rule) {
      const now = Date.now();
      if (now - lastSweep > 60_000) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        lastSweep = now;
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + rule.windowMs };
        windows.set(key, window);
      }
      window.count++;
      return window.count > rule.max ? Math.ceil((window.resetAt - now) / 1000) : 0;
    },
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RATE_LIMITS = {
  login: { max: 10, windowMs: 15 * MINUTE },
  signup: { max: 20, windowMs: HOUR },
  forgotPassword: { max: 5, windowMs: HOUR },
  sendVerification: { max: 5, windowMs: HOUR },
  contact: { max: 5, windowMs: HOUR },
  phoneReveal: { max: 30, windowMs: HOUR },
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
  };
}

export type Limits = ReturnType<typeof createLimits>;
