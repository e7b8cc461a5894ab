// A durable job queue in the project's own database (the `jobs` table), the same on PGlite
// and PostgreSQL: docs/decisions/0013-job-queue.md says why not pg-boss.
//
// A job is claimed with a lease (`locked_until`) and a token; the runner extends the lease
// while the handler runs. A process that dies mid-job (kill -9) leaves a lease that runs
// out, and the next claim takes the job again: delivery is at least once, so handlers are
// written to be re-run (the e-mail handlers write under a name derived from the job id).
// A failed attempt is retried after an exponential backoff; after `maxAttempts` the job is
// `dead` and stays in the table for the operators.
import { randomUUID } from 'node:crypto';
import { and, count, eq, getTableColumns, gte, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../../db/client.ts';
import { jobs, type Job } from '../../../db/schema.ts';

export const DEFAULT_MAX_ATTEMPTS = 8;
export const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_POLL_MS = 1000;
const DEFAULT_CONCURRENCY = 4;
const BACKOFF_BASE_MS = 10_000;
const BACKOFF_CAP_MS = 60 * 60_000;
/** Finished jobs are kept this long for inspection, then purged by the housekeeping. */
const DONE_RETENTION_MS = 7 * 24 * 60 * 60_000;
const ERROR_MAX_CHARS = 2000;

/** 10 s, 20 s, 40 s … capped at one hour: the wait after failed attempt number `attempt` (1-based). */
export function backoffMs(attempt: number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
}

export interface RunningJob<P = Record<string, unknown>> {
  id: string;
  name: string;
  payload: P;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  /** When the job was enqueued; stable across re-runs. */
  createdAt: Date;
}

export type JobHandler<P = Record<string, unknown>> = (job: RunningJob<P>) => Promise<void>;

export interface EnqueueOptions {
  /** Idempotency key: a second enqueue with the same key returns the first job instead. */
  key?: string;
  /** Not before this time (default now). */
  runAt?: Date;
  maxAttempts?: number;
  /** A transaction to enqueue in, so that the job exists only if the caller's writes commit. */
  db?: AppDb;
}

export interface JobCounts {
  /** queued + failed (waiting for a retry) */
  waiting: number;
  queued: number;
  active: number;
  failed: number;
  dead: number;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobQueueOptions {
  db: AppDb;
  log: Log;
  /** The clock of every time the queue writes or compares (tests move it). */
  now?: () => Date;
  leaseMs?: number;
  pollMs?: number;
  concurrency?: number;
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, ERROR_MAX_CHARS);
}

export function createJobQueue({ db, log, now = () => new Date(), leaseMs = DEFAULT_LEASE_MS, pollMs = DEFAULT_POLL_MS, concurrency = DEFAULT_CONCURRENCY }: JobQueueOptions) {
  const handlers = new Map<string, { handler: JobHandler<never>; maxAttempts: number }>();
  const schedules = new Map<string, { periodMs: number; payload: Record<string, unknown>; lastPeriod?: number }>();
  const inFlight = new Set<Promise<void>>();
  // In an object: the loop reads it while start() and stop() change it.
  const runner: { running: boolean; loop?: Promise<void> } = { running: false };
  let wakeUp: (() => void) | undefined;
  // Set by a notify() that came while the runner was claiming: it must look again before sleeping.
  let woken = false;

  const later = (ms: number) => new Date(now().getTime() + ms);

  function notify() {
    woken = true;
    wakeUp?.();
  }

  /** Jobs whose lease ran out on their last allowed attempt: the process died running them, every time. */
  async function buryAbandoned(at: Date) {
    const buried = await db
      .update(jobs)
      .set({ state: 'dead', lockedUntil: null, lockToken: null, finishedAt: at, updatedAt: at, lastError: 'the lease ran out during the last attempt (the process running it stopped)' })
      .where(and(eq(jobs.state, 'active'), lt(jobs.lockedUntil, at), gte(jobs.attempts, jobs.maxAttempts)))
      .returning({ id: jobs.id, name: jobs.name });
    for (const job of buried) log.error({ job: job.id, name: job.name }, 'job dead: abandoned on its last attempt');
  }

  async function claim(limit: number): Promise<{ rows: Job[]; token: string }> {
    const at = now();
    await buryAbandoned(at);
    const due = or(and(inArray(jobs.state, ['queued', 'failed']), lte(jobs.runAt, at)), and(eq(jobs.state, 'active'), lt(jobs.lockedUntil, at)));
    // In a CTE, run once. As `WHERE id IN (subquery)` with a condition beside it, PostgreSQL
    // may run the subquery again for every row, each time past the rows this very statement
    // just took: it claimed every due job instead of `limit` (found by the kill -9 drill).
    const picked = db.$with('picked').as(
      db.select({ id: jobs.id }).from(jobs).where(due).orderBy(jobs.runAt, jobs.createdAt).limit(limit).for('update', { skipLocked: true }),
    );
    const token = randomUUID();
    const rows = await db
      .with(picked)
      .update(jobs)
      .set({ state: 'active', attempts: sql`${jobs.attempts} + 1`, lockedUntil: later(leaseMs), lockToken: token, updatedAt: at })
      .from(picked)
      .where(eq(jobs.id, picked.id))
      .returning(getTableColumns(jobs));
    return { rows, token };
  }

  async function finish(job: Job, token: string, error: unknown) {
    const at = now();
    const mine = and(eq(jobs.id, job.id), eq(jobs.lockToken, token));
    if (error === undefined) {
      await db.update(jobs).set({ state: 'done', lockedUntil: null, lockToken: null, finishedAt: at, updatedAt: at }).where(mine);
      return;
    }
    const lastError = errorText(error);
    if (job.attempts >= job.maxAttempts) {
      await db.update(jobs).set({ state: 'dead', lockedUntil: null, lockToken: null, lastError, finishedAt: at, updatedAt: at }).where(mine);
      log.error({ job: job.id, name: job.name, attempts: job.attempts, err: error }, 'job dead after its last attempt');
      return;
    }
    const runAt = later(backoffMs(job.attempts));
    await db.update(jobs).set({ state: 'failed', lockedUntil: null, lockToken: null, lastError, runAt, updatedAt: at }).where(mine);
    log.warn({ job: job.id, name: job.name, attempt: job.attempts, retryAt: runAt.toISOString(), err: error }, 'job failed: will retry');
  }

  async function run(job: Job, token: string) {
    const entry = handlers.get(job.name);
    // The lease is extended while the handler works, so a slow job is not taken by another runner.
    const heartbeat = setInterval(() => {
      db.update(jobs)
        .set({ lockedUntil: later(leaseMs) })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockToken, token)))
        .catch((err: unknown) => log.warn({ err, job: job.id }, 'job lease not extended'));
    }, Math.max(10, Math.floor(leaseMs / 3)));
    heartbeat.unref();
    let failure: unknown;
    try {
      if (!entry) throw new Error(`no handler registered for jobs named "${job.name}"`);
      await entry.handler({ id: job.id, name: job.name, payload: job.payload as never, attempt: job.attempts, maxAttempts: job.maxAttempts, createdAt: job.createdAt });
    } catch (error) {
      failure = error ?? new Error('job failed');
    } finally {
      clearInterval(heartbeat);
    }
    await finish(job, token, failure);
  }

  /** Stores a job; resolves with its id, and `created: false` when the key was already used. */
  /** How many attempts a job of `name` gets unless its enqueue says otherwise. */
  const maxAttemptsOf = (name: string) => handlers.get(name)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;

  async function enqueue(name: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<{ id: string; created: boolean }> {
    const at = now();
    const target = options.db ?? db;
    const maxAttempts = options.maxAttempts ?? maxAttemptsOf(name);
    const [row] = await target
      .insert(jobs)
      .values({ name, payload, key: options.key ?? null, maxAttempts, runAt: options.runAt ?? at, createdAt: at, updatedAt: at })
      .onConflictDoNothing({ target: jobs.key })
      .returning({ id: jobs.id });
    if (row) {
      notify();
      return { id: row.id, created: true };
    }
    const [existing] = await target.select({ id: jobs.id }).from(jobs).where(eq(jobs.key, options.key!)).limit(1);
    if (!existing) throw new Error(`job key ${options.key} conflicted but no job holds it`);
    return { id: existing.id, created: false };
  }

  /** Claims up to `limit` due jobs and runs them; resolves with how many were run. */
  async function runDue(limit = concurrency): Promise<number> {
    const { rows, token } = await claim(limit);
    const runs = rows.map((job) => {
      const p = run(job, token).catch((err: unknown) => log.error({ err, job: job.id }, 'job outcome not recorded'));
      inFlight.add(p);
      return p.finally(() => inFlight.delete(p));
    });
    await Promise.all(runs);
    return rows.length;
  }

  /**
   * Enqueues each scheduled job once per period. The key names the period, so every server and
   * worker may do this and the job still exists once per period across all of them.
   */
  async function runSchedules(): Promise<void> {
    const at = now().getTime();
    for (const [name, schedule] of schedules) {
      const period = Math.floor(at / schedule.periodMs);
      if (schedule.lastPeriod === period) continue;
      await enqueue(name, schedule.payload, { key: `every:${name}:${new Date(period * schedule.periodMs).toISOString()}` });
      schedule.lastPeriod = period;
    }
  }

  async function runLoop() {
    while (runner.running) {
      let ran = 0;
      woken = false;
      try {
        await runSchedules();
        ran = await runDue();
      } catch (err) {
        // The database away (outage, restart): try again at the next tick.
        log.error({ err }, 'job runner could not claim jobs');
      }
      if (ran === 0 && runner.running && !woken) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wakeUp = undefined;
      }
    }
  }

  return {
    register<P = Record<string, unknown>>(name: string, handler: JobHandler<P>, options: { maxAttempts?: number } = {}) {
      if (handlers.has(name)) throw new Error(`a handler for jobs named "${name}" is already registered`);
      handlers.set(name, { handler: handler as JobHandler<never>, maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS });
    },

    enqueue,

    /**
     * `enqueue` as SQL, one job per row of `from`, for a caller that stores the job in the same
     * statement as its own rows (a data-modifying CTE): one round trip instead of a transaction
     * around several. The columns of `from` give the payload, key and due time; a key already
     * taken is skipped, as in `enqueue`. The caller calls notify() once the statement has run.
     */
    enqueueFrom(name: string, from: SQL, values: { payload: SQL; key: SQL; runAt: SQL }): SQL {
      const at = now();
      const maxAttempts = maxAttemptsOf(name);
      // Typed by hand: in an INSERT … SELECT, PostgreSQL does not take the parameters' types from the columns.
      return sql`insert into ${jobs} (name, payload, key, max_attempts, run_at, created_at, updated_at)
        select ${name}::text, ${values.payload}, ${values.key}, ${maxAttempts}::int, ${values.runAt}, ${at}::timestamptz, ${at}::timestamptz from ${from}
        on conflict (key) do nothing`;
    },

    /** Runs `name` once every `periodMs` (aligned on the clock: hourly jobs start on the hour) while a runner runs. */
    every(name: string, periodMs: number, payload: Record<string, unknown> = {}) {
      schedules.set(name, { periodMs, payload });
    },
    runSchedules,

    /** Wakes the local runner (after a transaction that enqueued has committed). */
    notify,
    runDue,

    /** Runs every job due now, including those enqueued meanwhile, and waits for this process's jobs in flight. */
    async drain(): Promise<number> {
      let total = 0;
      for (;;) {
        const ran = await runDue();
        total += ran;
        if (ran === 0) break;
      }
      await Promise.all(inFlight);
      return total;
    },

    /** Polls for due jobs until stop(); a local enqueue wakes it at once. */
    start() {
      if (runner.running) return;
      runner.running = true;
      runner.loop = runLoop();
    },

    /** Stops claiming and waits for the jobs in flight. */
    async stop() {
      runner.running = false;
      notify();
      await runner.loop;
      await Promise.all(inFlight);
    },

    /**
     * Gives back every job marked active. Only for a database no other process can reach
     * (the embedded one, locked to this process): what is active there was abandoned by a
     * process that died, and need not wait for its lease to run out.
     */
    async recoverAbandoned(): Promise<number> {
      const at = now();
      const rows = await db
        .update(jobs)
        .set({ lockedUntil: new Date(0), updatedAt: at })
        .where(and(eq(jobs.state, 'active'), sql`${jobs.lockedUntil} > ${at}`))
        .returning({ id: jobs.id });
      if (rows.length > 0) log.info({ jobs: rows.length }, 'jobs left active by a previous run taken back');
      return rows.length;
    },

    async counts(): Promise<JobCounts> {
      const rows = await db.select({ state: jobs.state, n: count() }).from(jobs).where(ne(jobs.state, 'done')).groupBy(jobs.state);
      const of = (state: string) => rows.find((r) => r.state === state)?.n ?? 0;
      return { waiting: of('queued') + of('failed'), queued: of('queued'), active: of('active'), failed: of('failed'), dead: of('dead') };
    },

    /** Deletes finished jobs older than the retention; dead ones stay for the operators. */
    async purgeFinished(): Promise<number> {
      const rows = await db
        .delete(jobs)
        .where(and(eq(jobs.state, 'done'), lt(jobs.finishedAt, new Date(now().getTime() - DONE_RETENTION_MS))))
        .returning({ id: jobs.id });
      return rows.length;
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
