// The job queue on the real database (PGlite, and PostgreSQL in CI): enqueue, idempotency,
// retries with backoff, dead letter, leases that run out, and e-mails sent once across a re-run.
import { readdir, rm, writeFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, sessions } from '../../db/schema.ts';
import { HOUSEKEEPING_JOBS, scheduleHousekeeping } from '../../server/services/housekeeping.ts';
import { backoffMs, createJobQueue, type JobQueue, type RunningJob } from '../../server/services/jobs/queue.ts';
import { MAIL_JOBS } from '../../server/services/users.ts';
import { ALERT_JOBS } from '../../server/services/alerts.ts';
import { API, sentMails, signup, tokenFor, verifyEmailRequest } from '../helpers/api-client.ts';
import { readOutbox } from '../helpers/outbox.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext('jobs');
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
  await rm(ctx.config.outboxDir, { recursive: true, force: true });
});

const quiet = { info() {}, warn() {}, error() {} };

/** A queue over the test database with a clock the test moves. */
function queueWithClock(start = new Date('2026-03-01T10:00:00Z'), leaseMs = 60_000) {
  const clock = { at: start.getTime() };
  const queue = createJobQueue({ db: ctx.database.db, log: quiet, now: () => new Date(clock.at), leaseMs });
  return { queue, advance: (ms: number) => (clock.at += ms), clock };
}

async function jobRow(id: string) {
  const [row] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

function recorder(queue: JobQueue, name = 'test.record', behave: (job: RunningJob) => Promise<void> = async () => {}) {
  const runs: RunningJob[] = [];
  queue.register(name, async (job) => {
    runs.push(job);
    await behave(job);
  });
  return runs;
}

describe('enqueue and run', () => {
  it('runs a job once with its payload and marks it done', async () => {
    const { queue } = queueWithClock();
    const runs = recorder(queue);
    const { id, created } = await queue.enqueue('test.record', { n: 1, text: 'سلام' });
    expect(created).toBe(true);
    expect((await jobRow(id)).state).toBe('queued');
    expect(await queue.drain()).toBe(1);
    expect(runs.map((r) => [r.id, r.payload, r.attempt])).toEqual([[id, { n: 1, text: 'سلام' }, 1]]);
    const row = await jobRow(id);
    expect(row).toMatchObject({ state: 'done', attempts: 1, lockToken: null, lockedUntil: null });
    expect(await queue.drain()).toBe(0);
    expect(runs).toHaveLength(1);
  });

  it('takes an idempotency key once: the second enqueue returns the first job', async () => {
    const { queue } = queueWithClock();
    const runs = recorder(queue);
    const first = await queue.enqueue('test.record', { n: 1 }, { key: 'order-42' });
    const second = await queue.enqueue('test.record', { n: 2 }, { key: 'order-42' });
    expect(second).toEqual({ id: first.id, created: false });
    await queue.drain();
    // Even after the first is done, the key stays taken.
    expect((await queue.enqueue('test.record', { n: 3 }, { key: 'order-42' })).created).toBe(false);
    await queue.drain();
    expect(runs.map((r) => r.payload)).toEqual([{ n: 1 }]);
    expect(await ctx.database.db.select().from(jobs)).toHaveLength(1);
  });

  it('waits for runAt', async () => {
    const { queue, advance, clock } = queueWithClock();
    const runs = recorder(queue);
    await queue.enqueue('test.record', {}, { runAt: new Date(clock.at + 5 * 60_000) });
    expect(await queue.drain()).toBe(0);
    advance(5 * 60_000);
    expect(await queue.drain()).toBe(1);
    expect(runs).toHaveLength(1);
  });

  it('enqueues nothing when the caller’s transaction rolls back', async () => {
    const { queue } = queueWithClock();
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await queue.enqueue('test.record', {}, { db: tx as never });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await ctx.database.db.select().from(jobs)).toHaveLength(0);
  });
});

describe('failures', () => {
  it('retries after an exponential backoff, then succeeds', async () => {
    const { queue, advance } = queueWithClock();
    let failuresLeft = 2;
    const runs = recorder(queue, 'test.flaky', async () => {
      if (failuresLeft-- > 0) throw new Error('SMTP said 451');
    });
    const { id } = await queue.enqueue('test.flaky', {});
    await queue.drain();
    let row = await jobRow(id);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, lastError: 'Error: SMTP said 451' });
    // Not before its backoff.
    advance(backoffMs(1) - 1);
    expect(await queue.drain()).toBe(0);
    advance(1);
    expect(await queue.drain()).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({ state: 'failed', attempts: 2 });
    advance(backoffMs(2));
    await queue.drain();
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 3 });
    expect(runs.map((r) => r.attempt)).toEqual([1, 2, 3]);
  });

  it('doubles the wait up to an hour', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(backoffMs(30)).toBe(60 * 60_000);
  });

  it('ends dead after its last attempt, and counts say so', async () => {
    const { queue, advance } = queueWithClock();
    queue.register('test.doomed', async () => {
      throw new Error('always');
    }, { maxAttempts: 3 });
    const { id } = await queue.enqueue('test.doomed', {});
    await queue.enqueue('test.later', {}, { runAt: new Date('2030-01-01T00:00:00Z') });
    for (let attempt = 1; attempt <= 3; attempt++) {
      await queue.drain();
      advance(backoffMs(attempt));
    }
    expect(await jobRow(id)).toMatchObject({ state: 'dead', attempts: 3, lastError: 'Error: always' });
    advance(24 * 60 * 60_000);
    expect(await queue.drain()).toBe(0);
    expect(await queue.counts()).toEqual({ waiting: 1, queued: 1, active: 0, failed: 0, dead: 1 });
  });

  it('fails a job nobody handles, and keeps it for later', async () => {
    const { queue } = queueWithClock();
    const { id } = await queue.enqueue('test.unknown', {});
    await queue.drain();
    expect(await jobRow(id)).toMatchObject({ state: 'failed', lastError: 'Error: no handler registered for jobs named "test.unknown"' });
  });
});

describe('leases', () => {
  it('gives a job held by a runner that stopped answering to another after the lease, and ignores the first runner’s late outcome', async () => {
    const start = new Date('2026-03-01T10:00:00Z');
    const clock = { at: start.getTime() };
    const now = () => new Date(clock.at);
    const stuck = createJobQueue({ db: ctx.database.db, log: quiet, now, leaseMs: 60_000 });
    const healthy = createJobQueue({ db: ctx.database.db, log: quiet, now, leaseMs: 60_000 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    stuck.register('test.lease', async () => {
      await held;
      throw new Error('too late');
    });
    const healthyRuns = recorder(healthy, 'test.lease');
    const { id } = await stuck.enqueue('test.lease', {});
    const stuckRun = stuck.runDue(1);
    // Claimed: nobody else may take it while the lease holds.
    await expect.poll(async () => (await jobRow(id)).state).toBe('active');
    expect(await healthy.runDue()).toBe(0);
    clock.at += 60_001;
    expect(await healthy.runDue()).toBe(1);
    expect(healthyRuns.map((r) => r.attempt)).toEqual([2]);
    release();
    await stuckRun;
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 2, lastError: null });
  });

  it('buries a job abandoned on its last attempt instead of running it again', async () => {
    const { queue, advance } = queueWithClock();
    const runs = recorder(queue, 'test.poison');
    const { id } = await queue.enqueue('test.poison', {}, { maxAttempts: 1 });
    // As a process killed while running it leaves it: active, attempt used up.
    await ctx.database.db.update(jobs).set({ state: 'active', attempts: 1, lockedUntil: new Date('2026-03-01T10:01:00Z'), lockToken: 'gone' }).where(eq(jobs.id, id));
    advance(60_001);
    expect(await queue.drain()).toBe(0);
    expect(runs).toHaveLength(0);
    expect((await jobRow(id)).state).toBe('dead');
  });

  it('takes back at once what a previous run left active (embedded database at start)', async () => {
    const { queue } = queueWithClock();
    const runs = recorder(queue, 'test.left');
    const { id } = await queue.enqueue('test.left', {});
    await ctx.database.db.update(jobs).set({ state: 'active', attempts: 1, lockedUntil: new Date('2026-03-01T10:01:00Z'), lockToken: 'gone' }).where(eq(jobs.id, id));
    expect(await queue.drain()).toBe(0);
    expect(await queue.recoverAbandoned()).toBe(1);
    expect(await queue.drain()).toBe(1);
    expect(runs.map((r) => r.attempt)).toEqual([2]);
  });

  it('claims no more jobs than asked, oldest first', async () => {
    const { queue, advance } = queueWithClock();
    let running = 0;
    let most = 0;
    const order: number[] = [];
    queue.register('test.batch', async (job) => {
      running++;
      most = Math.max(most, running);
      order.push(job.payload.n as number);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
    });
    for (let n = 0; n < 12; n++) {
      await queue.enqueue('test.batch', { n });
      advance(1);
    }
    expect(await queue.runDue(4)).toBe(4);
    expect(most).toBe(4);
    expect(order).toEqual([0, 1, 2, 3]);
    expect((await queue.counts()).queued).toBe(8);
  });

  it('never gives one job to two runners claiming at the same time', async () => {
    const a = queueWithClock().queue;
    const b = queueWithClock().queue;
    const ran: string[] = [];
    for (const q of [a, b]) q.register('test.race', async (job) => void ran.push(job.id));
    const ids = await Promise.all(Array.from({ length: 30 }, (_, n) => a.enqueue('test.race', { n }).then((r) => r.id)));
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    expect(ran.sort()).toEqual([...ids].sort());
  });
});

describe('the runner', () => {
  it('runs what is enqueued while it polls, and stops after the job in flight', async () => {
    const queue = createJobQueue({ db: ctx.database.db, log: quiet, pollMs: 10_000 });
    const done: number[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    queue.register('test.loop', async (job) => {
      if (job.payload.n === 2) await gate;
      done.push(job.payload.n as number);
    });
    queue.start();
    // The local enqueue wakes it: no wait for the 10 s poll.
    await queue.enqueue('test.loop', { n: 1 });
    await expect.poll(() => done, { timeout: 3000 }).toEqual([1]);
    await queue.enqueue('test.loop', { n: 2 });
    await expect.poll(async () => (await queue.counts()).active, { timeout: 3000 }).toBe(1);
    let stopped = false;
    const stopping = queue.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    open();
    await stopping;
    expect(done).toEqual([1, 2]);
    expect((await queue.counts()).waiting + (await queue.counts()).active).toBe(0);
  });
});

describe('scheduled jobs', () => {
  const HOUR = 60 * 60_000;

  it('exist once per period however many servers schedule them', async () => {
    const start = new Date('2026-03-01T10:15:00Z');
    const clock = { at: start.getTime() };
    const servers = [0, 1, 2].map(() => createJobQueue({ db: ctx.database.db, log: quiet, now: () => new Date(clock.at) }));
    const ran: string[] = [];
    for (const q of servers) {
      q.register('test.hourly', async (job) => void ran.push(job.id));
      q.every('test.hourly', HOUR);
    }
    await Promise.all(servers.map((q) => q.runSchedules()));
    await Promise.all(servers.map((q) => q.runSchedules()));
    clock.at += 30 * 60_000;
    await Promise.all(servers.map((q) => q.runSchedules()));
    expect((await ctx.database.db.select({ key: jobs.key }).from(jobs)).map((j) => j.key)).toEqual(['every:test.hourly:2026-03-01T10:00:00.000Z']);
    clock.at += 30 * 60_000;
    await Promise.all(servers.map((q) => q.runSchedules()));
    await Promise.all(servers.map((q) => q.drain()));
    expect((await ctx.database.db.select({ key: jobs.key }).from(jobs).orderBy(jobs.key)).map((j) => j.key)).toEqual([
      'every:test.hourly:2026-03-01T10:00:00.000Z',
      'every:test.hourly:2026-03-01T11:00:00.000Z',
    ]);
    expect(ran).toHaveLength(2);
  });

  it('the hourly housekeeping purges expired sessions and old finished jobs', async () => {
    const { user } = await signup(ctx);
    await ctx.services.jobs.drain();
    await ctx.database.db.insert(sessions).values({ id: 'expired-session', userId: user.id, expiresAt: new Date(Date.now() - 1000) });
    await ctx.database.db.update(jobs).set({ finishedAt: new Date(Date.now() - 8 * 24 * HOUR) });
    scheduleHousekeeping(ctx.services);
    await ctx.services.jobs.runSchedules();
    await ctx.services.jobs.drain();
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.id, 'expired-session'))).toEqual([]);
    const left = await ctx.database.db.select({ name: jobs.name, state: jobs.state }).from(jobs).orderBy(jobs.name);
    // The week-old verification job is gone; the scheduled jobs themselves (the clean-ups and the
    // alerts' daily digest, which the services schedule too) are done.
    const scheduled = [...Object.values(HOUSEKEEPING_JOBS), ALERT_JOBS.daily].sort();
    expect(left).toEqual(scheduled.map((name) => ({ name, state: 'done' })));
  });
});

describe('e-mails through the queue', () => {
  it('a request only queues; the e-mail is written when the job runs', async () => {
    const { email } = await signup(ctx);
    expect(await readOutbox(ctx.config.outboxDir)).toHaveLength(0);
    const [job] = await ctx.database.db.select().from(jobs);
    expect(job).toMatchObject({ name: MAIL_JOBS.verification, state: 'queued' });
    // The jobs table holds no usable secret: the token is made by the job.
    expect(JSON.stringify(job!.payload)).not.toMatch(/token/i);
    const mails = await sentMails(ctx);
    expect(mails.map((m) => m.to)).toEqual([email]);
    expect(mails[0]!.file).toContain(job!.id.replace(/-/g, ''));
  });

  it('sends once across a re-run of a job that wrote its e-mail but died before marking it done', async () => {
    const { email } = await signup(ctx);
    await ctx.services.jobs.drain();
    const [job] = await ctx.database.db.select().from(jobs);
    const first = await readOutbox(ctx.config.outboxDir);
    expect(first).toHaveLength(1);
    // As kill -9 between the write and the "done" leaves it.
    await ctx.database.db.update(jobs).set({ state: 'active', lockedUntil: new Date(Date.now() - 1), lockToken: 'dead-process' }).where(eq(jobs.id, job!.id));
    expect(await ctx.services.jobs.drain()).toBe(1);
    const after = await readOutbox(ctx.config.outboxDir);
    expect(after).toHaveLength(1);
    expect(after[0]!.file).toBe(first[0]!.file);
    expect(await readdir(ctx.config.outboxDir)).toHaveLength(1);
    // The message that stayed carries a working link.
    const verified = await verifyEmailRequest(ctx, await tokenFor(ctx, email, 'verify-email'));
    expect(verified.statusCode).toBe(200);
  });

  it('retries an e-mail the mailer could not send', async () => {
    // A file where the outbox folder should be: every write fails.
    await writeFile(ctx.config.outboxDir, 'in the way');
    const res = await ctx.app.inject({ method: 'POST', url: `${API}/users/contact`, payload: { name: 'Yacine', email: 'y@example.dz', message: 'Bonjour, une question.' } });
    expect(res.statusCode).toBe(201);
    await ctx.services.jobs.drain();
    const [failed] = await ctx.database.db.select().from(jobs);
    expect(failed).toMatchObject({ name: MAIL_JOBS.contact, state: 'failed', attempts: 1 });
    expect(failed!.lastError).toMatch(/EEXIST|ENOTDIR/);
    await rm(ctx.config.outboxDir);
    // The backoff has passed.
    await ctx.database.db.update(jobs).set({ runAt: new Date(Date.now() - 1) }).where(eq(jobs.id, failed!.id));
    const mails = await sentMails(ctx);
    expect(mails.map((m) => m.to)).toEqual([ctx.config.contactEmail]);
    expect(await ctx.database.db.select({ state: jobs.state, attempts: jobs.attempts }).from(jobs)).toEqual([{ state: 'done', attempts: 2 }]);
  });

  it('a reset job for an unknown address sends nothing and is done', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `${API}/users/forgetPassword`, payload: { email: 'nobody@example.dz' } });
    expect(res.statusCode).toBe(200);
    expect(await sentMails(ctx)).toHaveLength(0);
    expect(await ctx.database.db.select({ name: jobs.name, state: jobs.state }).from(jobs)).toEqual([{ name: MAIL_JOBS.passwordReset, state: 'done' }]);
  });
});
