// The in-memory rate limiter (server/services/rate-limit.ts): its counts, its windows, and that it
// lets go of the keys whose window has ended.
import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../server/services/rate-limit.ts';

const MINUTE = 60_000;

function limiterAt(start: number) {
  let now = start;
  const limiter = createMemoryRateLimiter({ now: () => now });
  return { limiter, advance: (ms: number) => (now += ms) };
}

describe('createMemoryRateLimiter', () => {
  it('allows max hits in a window that starts at the first, then says how long to wait', async () => {
    const { limiter, advance } = limiterAt(1_800_000_000_000);
    const rule = { max: 3, windowMs: MINUTE };
    for (let i = 0; i < 3; i++) expect(await limiter.hit('a', rule)).toBe(0);
    advance(20_500);
    expect(await limiter.hit('a', rule)).toBe(40);
    expect(await limiter.peek('a', rule)).toBe(40);
    advance(39_499);
    expect(await limiter.hit('a', rule)).toBe(1);
    advance(1);
    expect(await limiter.peek('a', rule)).toBe(0);
    expect(await limiter.hit('a', rule)).toBe(0);
  });

  it('peek counts nothing and refuses only at the limit', async () => {
    const { limiter } = limiterAt(0);
    const rule = { max: 2, windowMs: MINUTE };
    for (let i = 0; i < 5; i++) expect(await limiter.peek('a', rule)).toBe(0);
    await limiter.hit('a', rule);
    expect(await limiter.peek('a', rule)).toBe(0);
    await limiter.hit('a', rule);
    expect(await limiter.peek('a', rule)).toBe(60);
  });

  it('counts each key in its own window', async () => {
    const { limiter, advance } = limiterAt(1_800_000_000_000);
    const rule = { max: 1, windowMs: MINUTE };
    await limiter.hit('a', rule);
    advance(30_000);
    expect(await limiter.hit('b', rule)).toBe(0);
    expect(await limiter.hit('a', rule)).toBe(30);
    expect(await limiter.hit('b', rule)).toBe(60);
    advance(30_000);
    expect(await limiter.hit('a', rule)).toBe(0);
    expect(await limiter.hit('b', rule)).toBe(30);
  });

  it('keeps refusing however many hits come in a window', async () => {
    const { limiter } = limiterAt(1_800_000_000_000);
    const rule = { max: 10, windowMs: 15 * MINUTE };
    for (let i = 0; i < 10; i++) expect(await limiter.hit('a', rule)).toBe(0);
    for (let i = 0; i < 5000; i++) expect(await limiter.hit('a', rule)).toBe(900);
  });

  it('lets go of the keys whose window has ended, whatever the window lengths', async () => {
    const { limiter, advance } = limiterAt(1_800_000_000_000);
    const minute = { max: 60, windowMs: MINUTE };
    const hour = { max: 5, windowMs: 60 * MINUTE };
    for (let i = 0; i < 1000; i++) await limiter.hit(`search:${i}`, minute);
    await limiter.hit('upload:u1', hour);
    expect(limiter.size).toBe(1001);
    advance(30_000);
    for (let i = 0; i < 500; i++) await limiter.hit(`search:x${i}`, minute);
    // A key hit again keeps its first window's end: it goes with the first thousand.
    await limiter.hit('search:7', minute);
    expect(limiter.size).toBe(1501);
    advance(30_000);
    await limiter.hit('upload:u1', hour);
    expect(limiter.size).toBe(501);
    advance(30_000);
    await limiter.hit('upload:u1', hour);
    expect(limiter.size).toBe(1);
    advance(60 * MINUTE);
    expect(await limiter.hit('other', minute)).toBe(0);
    expect(limiter.size).toBe(1);
  });

  it('restarts a key whose window ended before it is taken off', async () => {
    const { limiter, advance } = limiterAt(1_800_000_000_000);
    const rule = { max: 1, windowMs: MINUTE };
    await limiter.hit('a', rule);
    advance(MINUTE);
    // Its window has ended; peek does not sweep, and sees no count.
    expect(await limiter.peek('a', rule)).toBe(0);
    expect(await limiter.hit('a', rule)).toBe(0);
    expect(await limiter.hit('a', rule)).toBe(60);
  });

  it('a key restarted when its window ends goes behind the others: keys ending before its new end are still let go', async () => {
    const { limiter, advance } = limiterAt(1_800_000_000_000);
    const rule = { max: 5, windowMs: MINUTE };
    await limiter.hit('a', rule);
    advance(30_000);
    await limiter.hit('b', rule);
    advance(30_000);
    await limiter.hit('a', rule);
    expect(limiter.size).toBe(2);
    advance(30_000);
    await limiter.hit('a', rule);
    expect(limiter.size).toBe(1);
  });
});
