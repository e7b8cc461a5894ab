// The gate around password hashing: never more than its concurrency at once, a bounded
// queue served in order, and a full queue refused at once with RATE_LIMITED.
import { describe, expect, it } from 'vitest';
import { createGate, hashPassword, verifyPassword } from '../server/services/passwords.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('password hashing gate', () => {
  it('runs at most `concurrency` tasks at once and serves the queue in order', async () => {
    const gate = createGate(2, 10);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (n: number) => async () => {
      running++;
      most = Math.max(most, running);
      await tick();
      order.push(n);
      running--;
      return n;
    };
    const results = await Promise.all(Array.from({ length: 8 }, (_, n) => gate.run(task(n))));
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(2);
    expect(order.slice(2)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a task at once when the queue is full, and frees the slot of a failed task', async () => {
    const gate = createGate(1, 2);
    const slow = () => tick().then(() => 'done');
    const accepted = [gate.run(slow), gate.run(slow), gate.run(slow)];
    await expect(gate.run(slow)).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect(await Promise.all(accepted)).toEqual(['done', 'done', 'done']);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
    expect(await gate.run(slow)).toBe('done');
  });

  it('hashes and verifies through the gate', async () => {
    const hashed = await hashPassword('Green-Souk42');
    expect(await verifyPassword(hashed, 'Green-Souk42')).toBe(true);
    expect(await verifyPassword(hashed, 'green-souk42')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});
