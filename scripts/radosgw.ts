// `npm run test:radosgw [-- vitest files…]`: the photo storage tests against a real S3 server,
// Ceph's radosgw, instead of s3rver (decision 0037). Starts a throwaway one-node Ceph cluster in a
// temporary folder (a monitor, one OSD on memstore, radosgw), creates an S3 user, runs the tests
// with TEST_S3_ENDPOINT pointing at it, then stops the daemons and removes the folder, failure or
// not. Installs the Debian packages first if they are missing (as root). Run by hand, not in CI.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const PACKAGES = ['radosgw', 'ceph-mon', 'ceph-osd'];
// Not Ceph's defaults (6789, 3300, 7480), so that a Ceph already on the machine is left alone.
const MON_V1_PORT = Number(process.env.CEPH_MON_PORT ?? 16789);
const MON_V2_PORT = Number(process.env.CEPH_MON_V2_PORT ?? 13300);
const RGW_PORT = Number(process.env.RADOSGW_PORT ?? 17480);
// Issue #18: the drill is worth keeping only if radosgw answers within two minutes.
const READY_LIMIT_MS = 120_000;
const ACCESS_KEY = 'ECOSOUKRGWTEST';
const SECRET_KEY = 'ecosouk-radosgw-test-secret';
const testFiles = process.argv.slice(2).length ? process.argv.slice(2) : ['tests/integration/photo-storage.test.ts'];

const daemons: ChildProcess[] = [];
let tests: ChildProcess | undefined;
let dir: string | undefined;
let stopping: Promise<void> | undefined;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function run(command: string, args: string[], timeoutMs = 30_000): string {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: timeoutMs });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

function installIfMissing() {
  const missing = PACKAGES.filter((p) => spawnSync('dpkg-query', ['-W', '-f=${Status}', p], { encoding: 'utf8' }).stdout !== 'install ok installed');
  if (!missing.length) return;
  if (process.getuid?.() !== 0) throw new Error(`Missing Debian packages: ${missing.join(' ')} (apt-get install -y ${missing.join(' ')}, as root)`);
  const started = Date.now();
  console.log(`Installing ${missing.join(' ')}…`);
  run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], 15 * 60_000);
  console.log(`Installed in ${seconds(Date.now() - started)}.`);
}

async function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

async function until(what: string, deadline: number, check: () => Promise<boolean> | boolean) {
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what}: not ready within ${seconds(READY_LIMIT_MS)}`);
}

function daemon(command: string, args: string[]) {
  // -f: in the foreground, as a child of this script, so that it can be stopped by its own pid.
  const child = spawn(command, ['-f', ...args], { stdio: 'ignore' });
  daemons.push(child);
  return child;
}

function config(d: string, fsid: string): string {
  const monHost = `[v2:127.0.0.1:${MON_V2_PORT},v1:127.0.0.1:${MON_V1_PORT}]`;
  return `[global]
fsid = ${fsid}
mon host = ${monHost}
public network = 127.0.0.0/8
# A throwaway cluster on the loopback: no keys to make and hand around.
auth cluster required = none
auth service required = none
auth client required = none
# The daemons' default (secure) needs a session key, which "none" never makes.
ms mon client mode = crc
osd pool default size = 1
osd pool default min size = 1
mon allow pool size one = true
mon warn on pool no redundancy = false
mon data avail warn = 1
# radosgw makes about eight pools; the default 32 PGs each would pass the per-OSD limit.
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
run dir = ${d}/run
admin socket = ${d}/run/$name.asok
log file = ${d}/log/$name.log
[mon]
mon data = ${d}/mon/$id
[osd]
osd data = ${d}/osd/$id
# In memory: nothing to format, and nothing left on the disk.
osd objectstore = memstore
memstore device bytes = 1073741824
[client.rgw]
rgw frontends = beast endpoint=127.0.0.1:${RGW_PORT}
rgw data = ${d}/rgw
`;
}

async function startCluster(): Promise<number> {
  const started = Date.now();
  const deadline = started + READY_LIMIT_MS;
  for (const port of [MON_V1_PORT, MON_V2_PORT, RGW_PORT]) {
    if (await portInUse(port)) throw new Error(`Port ${port} is taken (a Ceph left by an earlier run? see pgrep -a ceph; pgrep -a radosgw)`);
  }
  dir = await mkdtemp(path.join(os.tmpdir(), 'ecosouk-ceph-'));
  const d = dir;
  for (const sub of ['run', 'log', 'mon', 'rgw']) await mkdir(path.join(d, sub), { recursive: true });
  const fsid = randomUUID();
  const conf = path.join(d, 'ceph.conf');
  writeFileSync(conf, config(d, fsid));
  const c = ['-c', conf];
  const ceph = (...args: string[]) => run('ceph', [...c, '--connect-timeout', '10', ...args]);

  run('monmaptool', ['--create', '--fsid', fsid, '--addv', 'a', `[v2:127.0.0.1:${MON_V2_PORT},v1:127.0.0.1:${MON_V1_PORT}]`, path.join(d, 'monmap')]);
  run('ceph-mon', [...c, '--mkfs', '-i', 'a', '--monmap', path.join(d, 'monmap')]);
  daemon('ceph-mon', [...c, '-i', 'a']);
  await until('ceph-mon', deadline, () => spawnSync('ceph', [...c, '--connect-timeout', '2', 'mon', 'stat'], { timeout: 5000 }).status === 0);
  console.log(`  monitor up after ${seconds(Date.now() - started)}`);

  const uuid = randomUUID();
  const id = ceph('osd', 'new', uuid).trim();
  await mkdir(path.join(d, 'osd', id), { recursive: true });
  run('ceph-osd', [...c, '--mkfs', '-i', id, '--osd-uuid', uuid]);
  daemon('ceph-osd', [...c, '-i', id]);
  await until('ceph-osd', deadline, () => {
    const dump = JSON.parse(ceph('osd', 'dump', '--format', 'json')) as { osds: { osd: number; up: number }[] };
    return dump.osds.some((o) => String(o.osd) === id && o.up === 1);
  });
  console.log(`  OSD up after ${seconds(Date.now() - started)}`);

  daemon('radosgw', [...c, '-n', 'client.rgw']);
  await until('radosgw', deadline, async () => {
    try {
      return (await fetch(`http://127.0.0.1:${RGW_PORT}/`, { signal: AbortSignal.timeout(2000) })).ok;
    } catch {
      return false;
    }
  });
  run('radosgw-admin', [...c, 'user', 'create', '--uid=ecosouk', '--display-name=EcoSouk tests', `--access-key=${ACCESS_KEY}`, `--secret-key=${SECRET_KEY}`]);
  return Date.now() - started;
}

async function printLogs() {
  if (!dir) return;
  const logs = await readdir(path.join(dir, 'log')).catch(() => []);
  for (const log of logs) {
    const lines = readFileSync(path.join(dir, 'log', log), 'utf8').trimEnd().split('\n');
    console.error(`--- ${log} (last lines)\n${lines.slice(-15).join('\n')}`);
  }
}

/** Once, however many callers (the end of the run, a signal): each waits for the same stop. */
function tearDown(): Promise<void> {
  stopping ??= stopAll();
  return stopping;
}

async function stopAll() {
  // radosgw first, the monitor last: each one still finds what it talks to while it stops.
  for (const child of [...daemons].reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const stopped = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 10_000))]);
    if (!stopped) {
      child.kill('SIGKILL');
      await exited;
    }
  }
  if (dir) await rm(dir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`${signal}: stopping the tests and the cluster…`);
    // The tests run in a process group of their own (see below): vitest's workers stop with it.
    if (tests?.pid && tests.exitCode === null) process.kill(-tests.pid, 'SIGTERM');
    void tearDown().finally(() => process.exit(130));
  });
}

let exitCode = 1;
try {
  installIfMissing();
  console.log(`Starting a one-node Ceph cluster (radosgw on 127.0.0.1:${RGW_PORT})…`);
  const readyMs = await startCluster();
  console.log(`radosgw ready with an S3 user after ${seconds(readyMs)} (limit ${seconds(READY_LIMIT_MS)}).`);
  tests = spawn(npx, ['vitest', 'run', ...testFiles], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    env: {
      ...process.env,
      TEST_S3_ENDPOINT: `http://127.0.0.1:${RGW_PORT}`,
      TEST_S3_ACCESS_KEY_ID: ACCESS_KEY,
      TEST_S3_SECRET_ACCESS_KEY: SECRET_KEY,
    },
  });
  const vitest = tests;
  exitCode = await new Promise<number>((resolve) => vitest.once('exit', (code) => resolve(code ?? 1)));
  // Proof that the tests spoke to radosgw and not to an s3rver of their own.
  const served = readFileSync(path.join(dir!, 'log', 'client.rgw.log'), 'utf8').match(/ req done .* http_status=\d+/g) ?? [];
  const byStatus = Object.entries(Object.groupBy(served, (line) => line.slice(-3))).map(([status, lines]) => `${lines!.length}×${status}`);
  console.log(`radosgw answered ${served.length} requests: ${byStatus.join(', ')}.`);
  if (exitCode !== 0 && !stopping) await printLogs();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  if (!stopping) await printLogs();
} finally {
  const stopStarted = Date.now();
  await tearDown();
  const left = daemons.filter((c) => c.exitCode === null && c.signalCode === null);
  console.log(`Cluster stopped in ${seconds(Date.now() - stopStarted)}${left.length ? `, ${left.length} daemon(s) still running!` : ''}; its folder removed: ${dir ? !existsSync(dir) : true}.`);
}
process.exit(exitCode);
