// The in-memory rate limiter (server/services/rate-limit.ts) under a crowd: every hit from a new
// client address, as the bench's uncached scenarios send them, at a few rates, on a simulated clock
// over three one-minute windows. What a hit costs on average and in the worst second, and the heap
// its keys hold at the end.
//
//   node --expose-gc bench/rate-limit.ts [--rates 1000,5000]
import { parseArgs } from 'node:util';
import { createMemoryRateLimiter, RATE_LIMITS } from '../server/services/rate-limit.ts';

const { values: args } = parseArgs({ options: { rates: { type: 'string', default: '1000,5000' } } });
const gc = (globalThis as { gc?: () => void }).gc;
const SECONDS = 180;

for (const rate of args.rates.split(',').map(Number)) {
  let now = 1_800_000_000_000;
  const limiter = createMemoryRateLimiter({ now: () => now });
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let worst = 0;
  const started = performance.now();
  for (let second = 0; second < SECONDS; second++) {
    const secondStarted = performance.now();
    for (let i = 0; i < rate; i++) {
      const n = second * rate + i;
      now += 1000 / rate;
      await limiter.hit(`search:10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`, RATE_LIMITS.search);
    }
    worst = Math.max(worst, ((performance.now() - secondStarted) * 1000) / rate);
  }
  const mean = ((performance.now() - started) * 1000) / (SECONDS * rate);
  gc?.();
  const held = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  console.log(`${rate} new addresses a second: ${mean.toFixed(2)} µs a hit (worst second ${worst.toFixed(2)} µs), ${limiter.size} keys held at the end, ${gc ? `${held.toFixed(1)} MB of heap` : 'heap not measured (run with --expose-gc)'}`);
}
