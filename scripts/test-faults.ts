// `npm run test:faults [-- --only kill,sigterm,outage --keep]`
// Failure drills on real server processes:
//   kill    kill -9 during concurrent writes, restart, every acknowledged write is there
//           (PostgreSQL, and the embedded PGlite folder, whose lock must not block the restart);
//   sigterm SIGTERM with requests in flight (slow uploads among them): all of them answered
//           completely without 5xx, exit 0 in time, new connections refused;
//   outage  PostgreSQL cut off (a TCP proxy) and back: 503 health, clean errors, no crash,
//           recovery without a restart;
//   jobs    kill -9 while the job queue is sending e-mails, restart: every queued e-mail is
//           sent exactly once (PostgreSQL: after the lease runs out; PGlite: at once).
//   replica (only with --only replica: ~1 min, most of it creating the clusters) a primary and
//           its streaming replica (tests/system/replica.ts), the server reading from the replica
//           (DATABASE_READ_URL): sellers edit and publish while visitors search; no author ever
//           reads their own write stale, the replica does serve reads, and when it stops
//           (immediate shutdown) every request is still answered, from the primary.
// Figures are printed and written to .cache/faults-report.json; any failure exits 1.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { openDatabase } from '../db/client.ts';
import { call, printTable, rawRequest, type RawResult, Recorder, multipartFile } from '../tests/system/http.ts';
import { buildPages, root, sleep, startInstance, stopInstance, tail, type Instance, type InstanceOptions } from '../tests/system/instances.ts';
import { API, largePicture, logIn, OutboxReader, publish, reveal, signUp, verify, type Account, type Ctx } from '../tests/system/marketplace.ts';
import { createScratchDatabase, type ScratchDatabase } from '../tests/system/postgres.ts';
import { startTcpProxy } from '../tests/system/tcp-proxy.ts';
import { startReplicaPair } from '../tests/system/replica.ts';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: process.env.FAULTS_ONLY ?? 'kill,sigterm,outage,jobs' },
    'port-base': { type: 'string', default: process.env.FAULTS_PORT_BASE ?? '3163' },
    keep: { type: 'boolean', default: false },
  },
});
const ONLY = new Set(args.only.split(','));
const PORT_BASE = Number(args['port-base']);
const buildDir = '.cache/build-faults';
const workDir = path.join(root, '.cache', `faults-data-${process.pid}`);
const reportFile = path.join(root, '.cache', 'faults-report.json');
/** SIGTERM must end the process well before main.ts's own 25 s forced exit. */
const SHUTDOWN_BOUND_MS = 15_000;
/** Short leases, so that PostgreSQL runs take back a killed server's jobs within seconds. */
const JOBS_LEASE_SECONDS = '3';
/** What a client must never read in an error: driver messages, stack frames, paths. */
const INTERNALS = /ECONN|ETIMEDOUT|terminated|Connection|postgres|pglite|drizzle|node_modules|\n\s+at |\.ts:\d+|SELECT |INSERT /;

const log = (line = '') => console.log(line);
const checks: { scenario: string; name: string; ok: boolean; detail: string }[] = [];
const check = (scenario: string, name: string, ok: boolean, detail: string) => {
  checks.push({ scenario, name, ok, detail });
  log(`${ok ? 'PASS' : 'FAIL'}  [${scenario}] ${name}: ${detail}`);
};
const report: Record<string, unknown> = {};
const started: Instance[] = [];
const databases: ScratchDatabase[] = [];
let ipCounter = 0;
const NET = 1 + Math.floor(Math.random() * 250);
/** A fresh client address per call: sign-ups and reveals are limited per address, and this drill is not about limits. */
const freshIp = () => `10.${NET}.${Math.floor(++ipCounter / 250) % 250}.${1 + (ipCounter % 250)}`;

async function launch(options: InstanceOptions): Promise<Instance> {
  const instance = await startInstance(options);
  started.push(instance);
  return instance;
}

/** A verified seller, logged in, with one published listing. */
async function seller(base: string, outbox: OutboxReader, label: string): Promise<{ account: Account; listingId: string }> {
  const ctx: Ctx = { outbox, ip: freshIp() };
  const account = await signUp(ctx, base, `${label}.${process.pid}.${Date.now().toString(36)}.${ipCounter}@example.dz`);
  if (!account || !(await verify(ctx, base, account)) || !(await logIn(ctx, base, account))) throw new Error(`${label}: could not set up a verified seller`);
  const listingId = await publish(ctx, base, account, ipCounter);
  if (!listingId) throw new Error(`${label}: could not publish`);
  return { account, listingId };
}

async function revealCounts(databaseUrl: string | undefined, dbDir: string, ids: string[]): Promise<Map<string, number>> {
  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dir: dbDir });
  try {
    const result = (await database.db.execute(sql`select id, phone_reveals from products`)) as unknown as { rows: { id: string; phone_reveals: number }[] };
    return new Map(result.rows.filter((r) => ids.includes(r.id)).map((r) => [r.id, Number(r.phone_reveals)]));
  } finally {
    await database.close();
  }
}

// ------------------------------------------------------------------------ kill -9
async function killScenario(engine: 'postgres' | 'pglite', port: number) {
  const scenario = `kill -9 (${engine})`;
  log(`\n== ${scenario}`);
  const dataDir = path.join(workDir, `kill-${engine}`);
  const database = engine === 'postgres' ? await createScratchDatabase('ecosouk_faults') : undefined;
  if (database) databases.push(database);
  const options: InstanceOptions = { name: `kill-${engine}`, port, buildDir, dataDir, databaseUrl: database?.url, env: { SEED_DEMO: 'false', JOBS_LEASE_SECONDS } };
  const outbox = new OutboxReader(path.join(dataDir, 'outbox'));
  let instance = await launch(options);
  const sellers = await Promise.all([0, 1, 2].map((n) => seller(instance.url, outbox, `kill${n}`)));
  // Nothing revealed the sellers' listings during the setup.
  const revealCountsBefore = new Map(sellers.map((s) => [s.listingId, 0]));

  const acked = {
    users: [] as { id: string; email: string }[],
    listings: [] as { id: string; title: string }[],
    uploads: [] as string[],
    reveals: new Map<string, number>(),
  };
  const attempts = { signup: 0, listing: 0, reveal: 0, lost: 0 };
  // In an object: the loops below wait on it while other async functions change it.
  const state = { stop: false, inFlight: 0 };
  const recorder = new Recorder();
  const base = instance.url;
  async function worker(w: number) {
    for (let n = 0; !state.stop; n++) {
      const ctx: Ctx = { recorder, outbox, ip: freshIp() };
      state.inFlight++;
      try {
        const op = (w + n) % 3;
        if (op === 0) {
          attempts.signup++;
          const email = `k9.${engine}.${process.pid}.${w}.${n}.${Date.now().toString(36)}@example.dz`;
          const account = await signUp(ctx, base, email);
          if (account) acked.users.push({ id: account.id, email });
        } else if (op === 1) {
          attempts.listing++;
          const owner = sellers[n % sellers.length]!;
          const no = 1000 * (w + 1) + n;
          const id = await publish({ ...ctx, recorder: uploadsRecorder(recorder, acked.uploads) }, base, owner.account, no);
          if (id) acked.listings.push({ id, title: `Vélo de test ${no}` });
        } else {
          attempts.reveal++;
          const target = sellers[n % sellers.length]!.listingId;
          if (await reveal(ctx, base, target)) acked.reveals.set(target, (acked.reveals.get(target) ?? 0) + 1);
        }
      } finally {
        state.inFlight--;
      }
    }
  }
  const workers = Array.from({ length: 8 }, (_, w) => worker(w));
  await sleep(2500);
  // Kill while writes are on the wire, not between two of them.
  while (state.inFlight < 4) await sleep(5);
  const inFlightAtKill = state.inFlight;
  instance.child.kill('SIGKILL');
  await instance.exited;
  state.stop = true;
  await Promise.all(workers);
  attempts.lost = recorder.figures().reduce((t, f) => t + f.noAnswer, 0);
  const server5xx = recorder.figures().reduce((t, f) => t + f.server5xx, 0);

  const restartStarted = Date.now();
  let restartError: string | undefined;
  try {
    instance = await launch(options);
  } catch (error) {
    restartError = error instanceof Error ? error.message : String(error);
  }
  const restartMs = Date.now() - restartStarted;
  check(scenario, 'restarts after kill -9', !restartError, restartError ? restartError.slice(0, 800) : `healthy again in ${restartMs} ms`);
  if (restartError) {
    report[scenario] = { restartError, attempts, acked: { users: acked.users.length, listings: acked.listings.length } };
    return;
  }

  const missing: string[] = [];
  const checker = new Recorder();
  for (const u of acked.users) {
    const res = await call(checker, 'user', instance.url, `${API}/users/${u.id}`);
    if (res.status !== 200) missing.push(`user ${u.email}: ${res.status}`);
  }
  let mailsFound = 0;
  for (const u of acked.users) {
    // The 201 of a sign-up promises the verification e-mail is queued: the restarted server sends it
    // (a job the killed one held waits for its lease on PostgreSQL).
    if (await outbox.verificationToken(u.email, 3000 + Number(JOBS_LEASE_SECONDS) * 1000).then(() => true, () => false)) mailsFound++;
    else missing.push(`verification e-mail to ${u.email}`);
  }
  for (const l of acked.listings) {
    const res = await call(checker, 'listing', instance.url, `${API}/products/${l.id}`);
    if (res.status !== 200 || res.json().data.title !== l.title) missing.push(`listing ${l.id}: ${res.status}`);
  }
  for (const url of acked.uploads) {
    const res = await call(checker, 'photo', instance.url, url);
    if (res.status !== 200) missing.push(`photo ${url}: ${res.status}`);
  }
  const sessionsOk = await Promise.all(sellers.map(async (s) => (await call(checker, 'me', instance.url, `${API}/users/me`, { cookie: s.account.cookie })).status === 200));
  const stopped = await stopInstance(instance);
  const counts = await revealCounts(database?.url, path.join(dataDir, 'db'), [...revealCountsBefore.keys()]);
  let revealsAcked = 0;
  let revealsFound = 0;
  for (const [id, count] of acked.reveals) {
    const counted = (counts.get(id) ?? 0) - (revealCountsBefore.get(id) ?? 0);
    revealsAcked += count;
    revealsFound += Math.min(count, counted);
    if (counted < count) missing.push(`reveals of ${id}: ${count} acknowledged, ${counted} counted`);
  }

  const figures = {
    attempts,
    inFlightAtKill,
    server5xxBeforeKill: server5xx,
    restartMs,
    users: { acknowledged: acked.users.length, found: acked.users.length - missing.filter((m) => m.startsWith('user ')).length },
    verificationMails: { acknowledged: acked.users.length, found: mailsFound },
    listings: { acknowledged: acked.listings.length, found: acked.listings.length - missing.filter((m) => m.startsWith('listing ')).length },
    photos: { acknowledged: acked.uploads.length, found: acked.uploads.length - missing.filter((m) => m.startsWith('photo ')).length },
    reveals: { acknowledged: revealsAcked, found: revealsFound },
    sessions: { acknowledged: sellers.length, found: sessionsOk.filter(Boolean).length },
    missing,
  };
  report[scenario] = figures;
  printTable(
    (['users', 'verificationMails', 'listings', 'photos', 'reveals', 'sessions'] as const).map((k) => ({ write: k, acknowledged: figures[k].acknowledged, found: figures[k].found })),
  );
  log(`attempts ${JSON.stringify(attempts)}, ${inFlightAtKill} requests in flight at the kill`);
  check(scenario, 'writes were acknowledged before the kill', acked.users.length > 0 && acked.listings.length > 0 && revealsAcked > 0, `${acked.users.length} users, ${acked.listings.length} listings, ${revealsAcked} reveals`);
  check(scenario, 'no 5xx before the kill', server5xx === 0, `${server5xx}${recorder.failures.length ? `: ${JSON.stringify(recorder.failures.filter((f) => f.status >= 500).slice(0, 2))}` : ''}`);
  check(scenario, 'every acknowledged write is there after the restart', missing.length === 0 && sessionsOk.every(Boolean), missing.length === 0 ? 'all found' : `${missing.length} missing: ${missing.slice(0, 5).join('; ')}`);
  check(scenario, 'stops cleanly after the restart', stopped.code === 0, `exit ${stopped.code ?? stopped.signal} in ${stopped.ms} ms`);
}

/** A recorder that also remembers the URL of every acknowledged upload. */
function uploadsRecorder(inner: Recorder, urls: string[]): Recorder {
  const wrapped = Object.create(inner) as Recorder;
  wrapped.record = (kind, url, answer) => {
    inner.record(kind, url, answer);
    if (kind === 'upload' && answer.status === 201) urls.push(JSON.parse(answer.text).data.url as string);
  };
  return wrapped;
}

// ------------------------------------------------------------------------ SIGTERM
async function sigtermScenario(port: number) {
  const scenario = 'SIGTERM under load';
  log(`\n== ${scenario}`);
  const dataDir = path.join(workDir, 'sigterm');
  const database = await createScratchDatabase('ecosouk_faults');
  databases.push(database);
  const outbox = new OutboxReader(path.join(dataDir, 'outbox'));
  const instance = await launch({ name: 'sigterm', port, buildDir, dataDir, databaseUrl: database.url });
  const { account, listingId } = await seller(instance.url, outbox, 'term');
  const picture = await largePicture();
  const upload = multipartFile('image', 'big.jpg', 'image/jpeg', picture);
  const uploadHeaders = { 'content-type': upload.contentType, cookie: account.cookie!, 'x-forwarded-for': freshIp() };

  const results: RawResult[] = [];
  const state = { stop: false };
  const slow = [0, 1, 2].map((n) =>
    rawRequest('slow-upload', port, `${API}/products/upload`, { headers: uploadHeaders, body: upload.body, slowBodyMs: 1500 + n * 500 }).then((r) => results.push(r)),
  );
  const kinds: [string, string, string?][] = [
    ['search-api', `${API}/products?title=v%C3%A9lo&sortBy=price_asc`],
    ['home-html', '/fr'],
    ['listing-api', `${API}/products/${listingId}`],
    ['listing-html', `/ar/products/${listingId}`],
    ['signup', `${API}/users/signup`, 'POST'],
    ['health', `${API}/health`],
  ];
  async function worker(w: number) {
    for (let n = 0; !state.stop; n++) {
      const [kind, url, method] = kinds[(w + n) % kinds.length]!;
      const body = method === 'POST' ? Buffer.from(JSON.stringify({ name: 'Term Tester', email: `term.${process.pid}.${w}.${n}.${Date.now().toString(36)}@example.dz`, password: 'Green-Souk42' })) : undefined;
      const result = await rawRequest(kind, port, url, { method, body, headers: { 'x-forwarded-for': freshIp(), ...(body ? { 'content-type': 'application/json' } : {}) } });
      results.push(result);
      // Refused connections come back at once: pace them instead of spinning.
      if (!result.connectedAt) await sleep(20);
    }
  }
  const workers = Array.from({ length: 6 }, (_, w) => worker(w));
  await sleep(800);
  const signalAt = Date.now();
  instance.child.kill('SIGTERM');
  const exit = await Promise.race([instance.exited, sleep(SHUTDOWN_BOUND_MS).then(() => undefined)]);
  const exitMs = (exit?.at ?? Date.now()) - signalAt;
  // Keep knocking for a moment after the exit: those connections must be refused.
  await sleep(300);
  state.stop = true;
  await Promise.all([...workers, ...slow]);
  if (!exit) instance.child.kill('SIGKILL');
  const afterExit = await rawRequest('after-exit', port, `${API}/health`);

  const accepted = results.filter((r) => r.connectedAt !== undefined && r.connectedAt < signalAt);
  const later = results.filter((r) => !(r.connectedAt !== undefined && r.connectedAt < signalAt));
  const bad = accepted.filter((r) => !r.complete || r.status >= 500 || r.status === 0);
  const laterAnswered = later.filter((r) => r.complete);
  const laterBad = later.filter((r) => (r.complete && r.status >= 500) || (!r.complete && r.connectedAt !== undefined && r.error !== 'ECONNRESET'));
  const statusCounts = (list: RawResult[]) => {
    const counts: Record<string, number> = {};
    for (const r of list) {
      const key = r.complete ? String(r.status) : (r.error ?? 'incomplete');
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  };
  const inFlightAtSignal = accepted.filter((r) => r.endedAt >= signalAt);
  const slowResults = results.filter((r) => r.kind === 'slow-upload');
  const figures = {
    exit: exit ? { code: exit.code, signal: exit.signal, ms: exitMs } : { code: null, signal: null, ms: null, timedOut: true },
    acceptedBeforeSignal: { total: accepted.length, stillInFlightAtSignal: inFlightAtSignal.length, statuses: statusCounts(accepted) },
    inFlightAtSignal: statusCounts(inFlightAtSignal),
    slowUploads: slowResults.map((r) => ({ status: r.status, complete: r.complete, ms: r.endedAt - r.startedAt, endedAfterSignalMs: r.endedAt - signalAt })),
    afterSignal: { total: later.length, statuses: statusCounts(later) },
    afterExit: afterExit.error ?? afterExit.status,
    bad: bad.slice(0, 10).map((r) => ({ kind: r.kind, status: r.status, error: r.error, body: r.body.slice(0, 200) })),
    laterBad: laterBad.slice(0, 10).map((r) => ({ kind: r.kind, status: r.status, error: r.error, body: r.body.slice(0, 200) })),
  };
  report[scenario] = figures;
  log(`accepted before SIGTERM: ${accepted.length} (${inFlightAtSignal.length} still in flight) ${JSON.stringify(figures.inFlightAtSignal)}`);
  log(`slow uploads: ${JSON.stringify(figures.slowUploads)}`);
  log(`after SIGTERM: ${later.length} ${JSON.stringify(figures.afterSignal.statuses)}; after exit: ${figures.afterExit}`);
  check(scenario, 'requests were in flight at the signal', inFlightAtSignal.length >= 3 && slowResults.every((r) => r.endedAt > signalAt), `${inFlightAtSignal.length} in flight, of which ${slowResults.length} slow uploads`);
  check(scenario, 'every accepted request answered completely, no 5xx', bad.length === 0, bad.length === 0 ? `${accepted.length} answered` : JSON.stringify(figures.bad.slice(0, 3)));
  check(scenario, 'slow uploads finished with 201', slowResults.every((r) => r.status === 201 && r.complete), JSON.stringify(slowResults.map((r) => r.status)));
  check(scenario, `exits 0 within ${SHUTDOWN_BOUND_MS / 1000} s`, exit?.code === 0, exit ? `code ${exit.code ?? exit.signal} after ${exitMs} ms` : 'still running');
  check(
    scenario,
    'later connections refused, never 5xx',
    laterBad.length === 0 && afterExit.error === 'ECONNREFUSED',
    `${later.length - laterAnswered.length} refused, ${laterAnswered.length} answered (${JSON.stringify(statusCounts(laterAnswered))}); after exit: ${figures.afterExit}${laterBad.length ? `; bad: ${JSON.stringify(figures.laterBad.slice(0, 3))}` : ''}`,
  );
}

// ------------------------------------------------------------------------ database outage
async function outageScenario(port: number) {
  const scenario = 'database outage';
  log(`\n== ${scenario}`);
  const dataDir = path.join(workDir, 'outage');
  const database = await createScratchDatabase('ecosouk_faults');
  databases.push(database);
  const proxy = await startTcpProxy({ host: database.host, port: database.port });
  try {
    const outbox = new OutboxReader(path.join(dataDir, 'outbox'));
    const instance = await launch({ name: 'outage', port, buildDir, dataDir, databaseUrl: database.urlVia('127.0.0.1', proxy.port) });
    const { account, listingId } = await seller(instance.url, outbox, 'outage');
    const base = instance.url;

    // Readers keep the pool busy, so the cut finds clients both idle and in the middle of a query.
    const background = new Recorder();
    const state = { stop: false };
    const readers = Array.from({ length: 3 }, async (_, w) => {
      for (let n = 0; !state.stop; n++) {
        const res = await call(background, 'background', base, n % 2 ? `${API}/products?title=velo&currentPage=${1 + ((w + n) % 3)}` : `${API}/products/${listingId}`);
        // Errors come back at once while cut: pace the loop instead of spinning.
        if (res.status >= 500 || res.status === 0) await sleep(10);
      }
    });
    await sleep(500);
    // Hold PostgreSQL's answers first, so the cut finds queries in flight on checked-out
    // clients (an error on those has no pool listener) and not only idle ones.
    proxy.hold();
    const stranded = Promise.all([
      // A query of its own: a cached search would not reach the database.
      call(undefined, 'stranded', base, `${API}/products?title=chaise&maxPrice=${1000 + Math.floor(Math.random() * 90000)}`),
      call(undefined, 'stranded', base, `${API}/products/${listingId}`),
      call(undefined, 'stranded', base, `/fr/products/${listingId}`),
    ]);
    await sleep(300);
    // A database that goes silent (connections open, no answers) must not hang health.
    const silentStart = Date.now();
    const silent = await call(undefined, 'health-silent', base, `${API}/health`);
    const silentMs = Date.now() - silentStart;
    check(scenario, 'health 503 within 5 s while the database is silent', silent.status === 503 && silentMs < 5000, `${silent.status} after ${silentMs} ms`);
    const poolConnections = proxy.connections;
    proxy.cut();
    const cutAt = Date.now();
    const strandedAnswers = await stranded;

    type Probe = { kind: string; page?: boolean; run: () => ReturnType<typeof call> };
    const ip = freshIp();
    const probes: Probe[] = [
      { kind: 'health', run: () => call(undefined, 'health', base, `${API}/health`) },
      { kind: 'search-api', run: () => call(undefined, 'search-api', base, `${API}/products?title=chaise`) },
      { kind: 'listing-api', run: () => call(undefined, 'listing-api', base, `${API}/products/${listingId}`) },
      { kind: 'me-api', run: () => call(undefined, 'me-api', base, `${API}/users/me`, { cookie: account.cookie }) },
      { kind: 'signup-api', run: () => call(undefined, 'signup-api', base, `${API}/users/signup`, { ip, json: { name: 'Outage', email: `outage.${process.pid}.${Date.now()}@example.dz`, password: 'Green-Souk42' } }) },
      { kind: 'reveal-api', run: () => call(undefined, 'reveal-api', base, `${API}/products/${listingId}/contact`, { method: 'POST', ip }) },
      { kind: 'home-html', page: true, run: () => call(undefined, 'home-html', base, '/fr') },
      { kind: 'listing-html', page: true, run: () => call(undefined, 'listing-html', base, `/ar/products/${listingId}`) },
      { kind: 'meta-api', run: () => call(undefined, 'meta-api', base, `${API}/meta`) },
    ];
    const during: { kind: string; status: number; ms: number; clean: boolean; body: string }[] = [];
    for (let round = 0; round < 2; round++) {
      for (const probe of probes) {
        const res = await probe.run();
        let clean: boolean;
        if (probe.kind === 'meta-api') clean = res.status === 200;
        else if (probe.kind === 'health') clean = res.status === 503 && res.text.includes('"code":"SERVICE_UNAVAILABLE"');
        else if (probe.page) clean = res.status >= 500 && /^<!DOCTYPE html>/i.test(res.text) && /<\/html>\s*$/i.test(res.text) && !INTERNALS.test(res.text);
        else {
          let body: { success?: unknown; code?: unknown; message?: unknown } = {};
          try {
            body = res.json();
          } catch {
            // Not JSON: not clean.
          }
          clean = res.status >= 500 && body.success === false && typeof body.code === 'string' && typeof body.message === 'string' && !INTERNALS.test(res.text);
        }
        during.push({ kind: probe.kind, status: res.status, ms: Math.round(res.ms), clean, body: res.text.slice(0, 160) });
      }
      await sleep(1000);
    }
    const aliveDuringCut = instance.exit === undefined;
    const strandedClean = strandedAnswers.every((a) => a.status >= 500 && !INTERNALS.test(a.text));
    state.stop = true;
    await Promise.all(readers);
    const cutMs = Date.now() - cutAt;

    proxy.restore();
    const restoredAt = Date.now();
    let recoveredMs: number | undefined;
    while (Date.now() - restoredAt < 30_000) {
      const res = await call(undefined, 'health', base, `${API}/health`);
      if (res.status === 200) {
        recoveredMs = Date.now() - restoredAt;
        break;
      }
      await sleep(100);
    }
    const after = new Recorder();
    const ctx: Ctx = { recorder: after, outbox, ip: freshIp() };
    const read = await call(after, 'search-api', base, `${API}/products?title=velo`);
    const me = await call(after, 'me-api', base, `${API}/users/me`, { cookie: account.cookie });
    const newListing = await publish(ctx, base, account, 4242);
    const newUser = await signUp(ctx, base, `after.outage.${process.pid}.${Date.now().toString(36)}@example.dz`);
    const page = await call(after, 'home-html', base, '/fr');
    const writesAfter = { read: read.status, me: me.status, publish: newListing ? 201 : 'failed', signup: newUser ? 201 : 'failed', page: page.status };
    const backgroundFigures = background.figures()[0];
    const stopped = await stopInstance(instance);

    const figures = {
      poolConnectionsAtCut: poolConnections,
      inFlightAtCut: strandedAnswers.map((a) => ({ status: a.status, error: a.error, ms: Math.round(a.ms) })),
      cutMs,
      background: backgroundFigures,
      during,
      aliveDuringCut,
      recoveredMs,
      afterRestore: writesAfter,
      exit: { code: stopped.code, ms: stopped.ms },
    };
    report[scenario] = figures;
    log(`cut for ${cutMs} ms with ${poolConnections} pool connections open; background readers: ${JSON.stringify(backgroundFigures)}`);
    printTable(during.map((d) => ({ probe: d.kind, status: d.status, ms: d.ms, clean: d.clean ? 'yes' : 'NO' })));
    log(`after restore: ${JSON.stringify(writesAfter)}`);
    const unclean = during.filter((d) => !d.clean);
    check(scenario, 'health 503, clean errors while cut', unclean.length === 0, unclean.length === 0 ? `${during.length} probes` : JSON.stringify(unclean.slice(0, 3)));
    check(scenario, 'answers while cut stay fast', during.every((d) => d.ms < 6000), `slowest ${Math.max(...during.map((d) => d.ms))} ms`);
    check(scenario, 'process stays alive', aliveDuringCut && stopped.code === 0, aliveDuringCut ? `alive; exit ${stopped.code} ${stopped.ms} ms after SIGTERM at the end${stopped.code === 0 ? '' : `:\n${tail(instance, 40)}`}` : `died (exit ${instance.exit?.code}): ${tail(instance, 12)}`);
    check(scenario, 'queries in flight at the cut answered cleanly', strandedClean, JSON.stringify(figures.inFlightAtCut));
    const uncleanBackground = background.failures.filter((f) => f.status === 0 || INTERNALS.test(f.detail) || !f.detail.includes('"success":false'));
    check(scenario, 'background requests got clean answers', uncleanBackground.length === 0, uncleanBackground.length ? JSON.stringify(uncleanBackground.slice(0, 3)) : `${backgroundFigures?.requests ?? 0} requests, ${backgroundFigures?.server5xx ?? 0} clean 5xx`);
    check(scenario, 'health 200 again without a restart', recoveredMs !== undefined, recoveredMs === undefined ? 'not within 30 s' : `${recoveredMs} ms after the restore`);
    check(scenario, 'reads and writes work after the restore', Object.values(writesAfter).every((v) => v === 200 || v === 201), JSON.stringify(writesAfter));
  } finally {
    await proxy.close();
  }
}

// ------------------------------------------------------------------------ kill -9 during the job queue's e-mails
/** Every .eml in the outbox with the drill markers it carries (parsed: the text may be encoded). */
const parsedMarkers = new Map<string, string[]>();
async function outboxMarkers(dir: string): Promise<{ files: number; byMarker: Map<string, number> }> {
  let names: string[] = [];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.eml'));
  } catch {
    // Not created yet.
  }
  const byMarker = new Map<string, number>();
  for (const name of names) {
    const file = path.join(dir, name);
    let markers = parsedMarkers.get(file);
    if (!markers) {
      const mail = await simpleParser(await readFile(file));
      markers = [...new Set(mail.text?.match(/drill-\d+-\d+/g) ?? [])];
      parsedMarkers.set(file, markers);
    }
    for (const marker of markers) byMarker.set(marker, (byMarker.get(marker) ?? 0) + 1);
  }
  return { files: names.length, byMarker };
}

async function jobsScenario(engine: 'postgres' | 'pglite', port: number) {
  const scenario = `kill -9 while sending e-mails (${engine})`;
  log(`\n== ${scenario}`);
  const dataDir = path.join(workDir, `jobs-${engine}`);
  const database = engine === 'postgres' ? await createScratchDatabase('ecosouk_faults_jobs') : undefined;
  if (database) databases.push(database);
  // A slow start is not what this drill is about (the machine may be busy): a longer wait.
  const options: InstanceOptions = { name: `jobs-${engine}`, port, buildDir, dataDir, databaseUrl: database?.url, env: { SEED_DEMO: 'false', JOBS_LEASE_SECONDS }, timeoutMs: 180_000 };
  const outboxDir = path.join(dataDir, 'outbox');
  let instance = await launch(options);
  const total = 240;
  const acked = new Set<string>();
  const sent = new Set<string>();
  const recorder = new Recorder();
  // Contact messages: each queues one e-mail to the site, with its marker in the text.
  const send = async (n: number) => {
    const marker = `drill-${process.pid}-${n}`;
    sent.add(marker);
    const res = await call(recorder, 'contact', instance.url, `${API}/users/contact`, {
      ip: freshIp(),
      json: { name: 'Drill Sender', email: `drill${n}@example.dz`, message: `Message for the kill drill: ${marker}.` },
    });
    if (res.status === 201) acked.add(marker);
  };
  const senders = Array.from({ length: 6 }, async (_, w) => {
    for (let n = w; n < total; n += 6) await send(n);
  });
  // Kill once e-mails are being written, with requests still coming in.
  let writtenAtKill = 0;
  for (;;) {
    writtenAtKill = (await outboxMarkers(outboxDir)).files;
    if (writtenAtKill >= 20 || acked.size >= total) break;
    await sleep(5);
  }
  instance.child.kill('SIGKILL');
  const killedAt = Date.now();
  await instance.exited;
  await Promise.all(senders);
  const ackedAtKill = acked.size;

  const restartStarted = Date.now();
  instance = await launch(options);
  // Every acknowledged e-mail must come out: at once on PGlite, after the lease on PostgreSQL.
  const deadline = Date.now() + 120_000;
  let seen = await outboxMarkers(outboxDir);
  while (Date.now() < deadline && [...acked].some((m) => !seen.byMarker.has(m))) {
    await sleep(100);
    seen = await outboxMarkers(outboxDir);
  }
  const allOutMs = Date.now() - restartStarted;
  // Nothing more may come: let the queue run a little longer before counting duplicates. A job
  // the killed process had leased after writing its e-mail (so nothing is missing) is only taken
  // again once its lease has run out: wait for that, plus two polls, before the jobs are counted.
  const leasesOver = killedAt + Number(JOBS_LEASE_SECONDS) * 1000 + 2000;
  await sleep(Math.max(1000, leasesOver - Date.now()));
  seen = await outboxMarkers(outboxDir);
  const stopped = await stopInstance(instance);
  const states = await jobStates(database?.url, path.join(dataDir, 'db'));

  const missing = [...acked].filter((m) => !seen.byMarker.has(m));
  const duplicated = [...seen.byMarker].filter(([, count]) => count > 1).map(([m, count]) => `${m}×${count}`);
  const strangers = [...seen.byMarker.keys()].filter((m) => !sent.has(m));
  const figures = {
    requests: total,
    acknowledged: ackedAtKill,
    writtenAtKill,
    afterRestart: { files: seen.files, distinct: seen.byMarker.size, allOutMs },
    missing: missing.slice(0, 10),
    duplicated: duplicated.slice(0, 10),
    jobStates: states,
  };
  report[scenario] = figures;
  log(`${ackedAtKill}/${total} contact requests acknowledged, ${writtenAtKill} e-mails written at the kill; after the restart ${seen.files} files, ${seen.byMarker.size} distinct, all out in ${allOutMs} ms; jobs ${JSON.stringify(states)}`);
  check(scenario, 'killed while e-mails were being sent', writtenAtKill > 0 && writtenAtKill < ackedAtKill, `${writtenAtKill} of ${ackedAtKill} written`);
  check(scenario, 'every acknowledged e-mail sent after the restart', missing.length === 0, missing.length ? `${missing.length} missing: ${missing.slice(0, 5).join(', ')}` : `${acked.size} sent`);
  check(scenario, 'no e-mail sent twice', duplicated.length === 0 && seen.files === seen.byMarker.size && strangers.length === 0, duplicated.length ? duplicated.slice(0, 5).join(', ') : `${seen.files} files for ${seen.byMarker.size} messages`);
  const doneJobs = Object.entries(states).filter(([state]) => state.startsWith('done ')).reduce((t, [, n]) => t + n, 0);
  check(scenario, 'every job done, none dead', doneJobs >= acked.size && Object.keys(states).every((s) => s.startsWith('done ')), JSON.stringify(states));
  check(scenario, 'stops cleanly after the restart', stopped.code === 0, `exit ${stopped.code ?? stopped.signal} in ${stopped.ms} ms`);
}

async function jobStates(databaseUrl: string | undefined, dbDir: string): Promise<Record<string, number>> {
  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dir: dbDir });
  try {
    const result = (await database.db.execute(sql`select state || ' after ' || attempts || ' attempt(s)' as state, count(*)::int as n from jobs group by 1`)) as unknown as { rows: { state: string; n: number }[] };
    return Object.fromEntries(result.rows.map((r) => [r.state, Number(r.n)]));
  } finally {
    await database.close();
  }
}

// ------------------------------------------------------------------------ replica
/** The cookie header of an account after a response: its session, and `fresh` while it lasts. */
class CookieJar {
  session: string;
  freshUntil = 0;
  constructor(session: string) {
    this.session = session;
  }
  take(answer: RawAnswer) {
    const fresh = answer.headers.getSetCookie().find((c) => c.startsWith('fresh='));
    const maxAge = Number(/max-age=(\d+)/i.exec(fresh ?? '')?.[1] ?? 0);
    if (fresh) this.freshUntil = Date.now() + maxAge * 1000;
  }
  get header(): string {
    return Date.now() < this.freshUntil ? `${this.session}; fresh=1` : this.session;
  }
}
type RawAnswer = Awaited<ReturnType<typeof call>>;

async function replicaScenario(port: number) {
  const scenario = 'replica';
  log(`\n== ${scenario}`);
  const begun = Date.now();
  const pair = await startReplicaPair(path.join(os.tmpdir(), `ecosouk-replica-${process.pid}`), port + 1, port + 2);
  try {
    log(`primary :${port + 1} and replica :${port + 2} up in ${((Date.now() - begun) / 1000).toFixed(1)} s`);
    const dataDir = path.join(workDir, 'replica');
    const outbox = new OutboxReader(path.join(dataDir, 'outbox'));
    const instance = await launch({ name: 'replica', port, buildDir, dataDir, databaseUrl: pair.primaryUrl, env: { SEED_DEMO: 'false', DATABASE_READ_URL: pair.replicaUrl } });
    const base = instance.url;
    const sellers = await Promise.all([0, 1, 2, 3, 4, 5].map((n) => seller(base, outbox, `replica${n}`)));
    const listings = sellers.map((s) => s.listingId);

    const recorder = new Recorder();
    const count = (pick: (f: ReturnType<Recorder['figures']>[number]) => number) => recorder.figures().reduce((sum, f) => sum + pick(f), 0);
    const failedCount = () => count((f) => f.server5xx + f.noAnswer);
    const total = () => count((f) => f.requests);
    let stale = 0;
    let authorReads = 0;
    let controlReads = 0;
    let controlStale = 0;
    const staleExamples: string[] = [];
    let maxLag = { bytes: 0, seconds: 0 };
    const sampleLag = async () => {
      const lag = await pair.lag().catch(() => ({ bytes: 0, seconds: 0 }));
      maxLag = { bytes: Math.max(maxLag.bytes, lag.bytes), seconds: Math.max(maxLag.seconds, lag.seconds) };
    };

    async function phase(seconds: number, sample: boolean) {
      const until = Date.now() + seconds * 1000;
      const lagTimer = sample ? setInterval(() => void sampleLag(), 200) : undefined;
      const author = async (index: number) => {
        const { account, listingId } = sellers[index]!;
        const jar = new CookieJar(account.cookie!);
        for (let n = 0; Date.now() < until; n++) {
          const title = `Vélo révisé ${index}-${n}-${Date.now().toString(36)}`;
          const put = await call(recorder, 'edit', base, `${API}/products/${listingId}`, { method: 'PUT', ip: freshIp(), cookie: jar.header, json: { title } });
          jar.take(put);
          if (put.status !== 200) continue;
          // The control: the same read without the `fresh` cookie goes to the replica, and may be behind.
          if (sample) {
            const control = await call(undefined, 'control-read', base, `${API}/products/${listingId}`, { ip: freshIp(), cookie: jar.session });
            controlReads++;
            if (control.status !== 200 || control.json().data.title !== title) controlStale++;
          }
          // Right after the write, from the author: the listing, and the search of their listings.
          const read = await call(recorder, 'author-read', base, `${API}/products/${listingId}`, { ip: freshIp(), cookie: jar.header });
          authorReads++;
          if (read.status !== 200 || read.json().data.title !== title) {
            stale++;
            if (staleExamples.length < 3) staleExamples.push(`read ${read.status} ${read.status === 200 ? read.json().data.title : ''} after writing ${title}`);
          }
          const mine = await call(recorder, 'author-search', base, `${API}/products?seller=${account.id}`, { ip: freshIp(), cookie: jar.header });
          authorReads++;
          const titles = mine.status === 200 ? (mine.json().data as { title: string }[]).map((p) => p.title) : [];
          if (!titles.includes(title)) {
            stale++;
            if (staleExamples.length < 3) staleExamples.push(`search ${mine.status} without ${title}`);
          }
        }
      };
      const visitor = async (index: number) => {
        for (let n = 0; Date.now() < until; n++) {
          await call(recorder, 'search', base, `${API}/products?title=${encodeURIComponent('vélo')}&minPrice=${(index * 1000 + n) % 5000}`, { ip: freshIp() });
          await call(recorder, 'listing', base, `${API}/products/${listings[(index + n) % listings.length]}`, { ip: freshIp() });
        }
      };
      await Promise.all([...sellers.map((_, i) => author(i)), ...[0, 1, 2, 3].map((i) => visitor(i))]);
      if (lagTimer) clearInterval(lagTimer);
    }

    const before = await pair.replicaTransactions();
    await phase(8, true);
    const servedByReplica = (await pair.replicaTransactions()) - before;
    const withReplica = failedCount();
    const staleWithReplica = stale;
    check(scenario, 'the replica served reads', servedByReplica > 50, `${servedByReplica} transactions on the replica during the mixed load`);
    check(scenario, 'no author read their own write stale (replica up)', staleWithReplica === 0 && authorReads > 0, `${staleWithReplica} stale of ${authorReads} author reads; replay lag up to ${maxLag.seconds.toFixed(3)} s, ${maxLag.bytes} bytes${staleExamples.length ? `; ${staleExamples.join('; ')}` : ''}`);
    log(`control: ${controlStale} of ${controlReads} reads of a just-written listing without the fresh cookie (from the replica) were behind`);
    check(scenario, 'no failed request (replica up)', withReplica === 0, `${withReplica} failures of ${total()} requests`);

    pair.stopReplica('immediate');
    const stoppedAt = total();
    await phase(8, false);
    const failuresAfter = failedCount() - withReplica;
    check(scenario, 'every request answered after the replica stopped', failuresAfter === 0, `${failuresAfter} failures of ${total() - stoppedAt} requests${failuresAfter ? `: ${recorder.failures.slice(-3).map((f) => `${f.kind} ${f.status} ${f.detail}`).join('; ')}` : ''}`);
    check(scenario, 'no author read their own write stale (replica stopped)', stale === staleWithReplica, `${stale - staleWithReplica} stale`);
    const health = await call(undefined, 'health', base, `${API}/health`);
    check(scenario, 'health is 200 without the replica', health.status === 200, `health ${health.status}`);
    printTable(recorder.figures().map((f) => ({ ...f })));
    report[scenario] = { servedByReplica, authorReads, stale, controlReads, controlStale, maxLag, requests: total(), seconds: Math.round((Date.now() - begun) / 1000) };
    log(`replica drill took ${((Date.now() - begun) / 1000).toFixed(1)} s`);
  } finally {
    await Promise.all(started.filter((i) => i.name === 'replica' && !i.exit).map((i) => stopInstance(i, 'SIGTERM', 15_000)));
    await pair.stop();
  }
}

// ------------------------------------------------------------------------ run
let exitCode = 1;
try {
  buildPages(buildDir);
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  if (ONLY.has('kill')) {
    await killScenario('postgres', PORT_BASE);
    await killScenario('pglite', PORT_BASE + 1);
  }
  if (ONLY.has('sigterm')) await sigtermScenario(PORT_BASE + 2);
  if (ONLY.has('outage')) await outageScenario(PORT_BASE + 3);
  if (ONLY.has('jobs')) {
    await jobsScenario('postgres', PORT_BASE + 4);
    await jobsScenario('pglite', PORT_BASE + 5);
  }
  if (ONLY.has('replica')) await replicaScenario(PORT_BASE + 6);
  const failed = checks.filter((c) => !c.ok);
  await mkdir(path.dirname(reportFile), { recursive: true });
  await writeFile(reportFile, `${JSON.stringify({ at: new Date().toISOString(), scenarios: report, checks, passed: failed.length === 0 }, null, 2)}\n`);
  log(`\nreport: ${path.relative(root, reportFile)}`);
  log(failed.length === 0 ? 'test:faults passed' : `test:faults FAILED: ${failed.map((c) => `[${c.scenario}] ${c.name}`).join(', ')}`);
  exitCode = failed.length === 0 ? 0 : 1;
} catch (error) {
  console.error(error);
  for (const instance of started) console.error(`--- ${instance.name} (pid ${instance.pid}) output:\n${tail(instance)}`);
} finally {
  await Promise.all(started.filter((i) => !i.exit).map((i) => stopInstance(i, 'SIGKILL', 5000)));
  for (const database of databases) await database.drop().catch((err: unknown) => console.error('could not drop', database.name, err));
  if (!args.keep) await rm(workDir, { recursive: true, force: true });
}
process.exit(exitCode);
