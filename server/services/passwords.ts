// argon2id through @node-rs/argon2: ~16 ms a hash on these cores (docs/stack.md), with
// the library's defaults (memory 19 MiB, 2 passes), which follow OWASP's minimum.
//
// Every hash and verification passes through one gate: at most HASH_CONCURRENCY run at
// once (half the cores, at least one) and at most HASH_QUEUE wait. Each argon2 run holds a
// core for its whole duration on a pool thread: a flood of log-ins would otherwise take every
// core from the pages. Past the queue the answer is a quick 429, not a longer wait. One core
// hashes ~50 passwords a second: far more log-ins and sign-ups than this site sees.
import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { RateLimitedError } from './rate-limit.ts';

const ARGON2ID = 2;

export const HASH_CONCURRENCY = Math.max(1, Math.floor(os.availableParallelism() / 2));
export const HASH_QUEUE = 32;

export interface Gate {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Running and waiting tasks, for tests and metrics. */
  readonly load: { running: number; waiting: number };
}

/** A counting semaphore with a bounded queue; a task arriving at a full queue is refused at once. */
export function createGate(concurrency: number, queueSize: number): Gate {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    async run(task) {
      if (running < concurrency) running++;
      else if (waiting.length >= queueSize) throw new RateLimitedError(1);
      // The slot is handed over by release(): `running` stays as it was.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}

export const passwordGate = createGate(HASH_CONCURRENCY, HASH_QUEUE);

export function hashPassword(password: string): Promise<string> {
  return passwordGate.run(() => hash(password, { algorithm: ARGON2ID }));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return passwordGate.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}
