// Builds the pages and runs real server processes (server/main.ts) for the system
// scripts (test:load, test:faults): start, wait until healthy, signal, watch memory.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** Production build into `buildDir` (relative to the repository), so it never replaces another run's `build/`. */
export function buildPages(buildDir: string): void {
  const started = Date.now();
  const result = spawnSync(npx, ['react-router', 'build'], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: buildDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`react-router build failed (exit ${result.status ?? result.signal})`);
  console.log(`built ${buildDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export interface InstanceOptions {
  name: string;
  port: number;
  buildDir: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  env?: Record<string, string>;
  /** Milliseconds to wait for a healthy answer. */
  timeoutMs?: number;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  pid: number;
  child: ChildProcess;
  options: InstanceOptions;
  /** Everything the process wrote, kept for the failure report. */
  output: string[];
  exited: Promise<Exit>;
  exit: Exit | undefined;
}

export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const url = `http://127.0.0.1:${options.port}`;
  // Unset variables are passed as empty strings: the config treats those as unset, and a
  // DATABASE_URL or REDIS_URL from the caller's shell must not leak into an embedded run.
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    BUILD_DIR: options.buildDir,
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    REDIS_URL: options.redisUrl ?? '',
    DATABASE_READ_URL: '',
    STORAGE_URL: '',
    PHOTO_PUBLIC_URL: '',
    PUBLIC_URL: url,
    SMTP_URL: '',
    LOG_LEVEL: process.env.SYSTEM_LOG_LEVEL ?? 'warn',
    // The drills publish many look-alike listings from brand-new accounts (same photo, same
    // words): the automatic checks would hold them all for review, out of public reads, and the
    // drills check what the public can read. Moderation has its own tests.
    LISTING_CHECKS: 'none',
    ...options.env,
  };
  const child = spawn(process.execPath, ['server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error(`${options.name}: could not spawn`);
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 2000) output.splice(0, 1000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const instance: Instance = {
    name: options.name,
    port: options.port,
    url,
    pid: child.pid,
    child,
    options,
    output,
    exit: undefined,
    exited: new Promise<Exit>((resolve) => {
      child.once('exit', (code, signal) => {
        instance.exit = { code, signal, at: Date.now() };
        resolve(instance.exit);
      });
    }),
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (instance.exit) {
      throw new Error(`${options.name} exited during start (code ${instance.exit.code}, signal ${instance.exit.signal}):\n${tail(instance)}`);
    }
    try {
      const res = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return instance;
      await res.arrayBuffer();
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`${options.name} was not healthy after ${options.timeoutMs ?? 60_000} ms:\n${tail(instance)}`);
}

export function tail(instance: Instance, lines = 30): string {
  return instance.output.join('').split('\n').slice(-lines).join('\n');
}

/** Sends `signal` and waits for the exit, SIGKILLing after `timeoutMs`. */
export async function stopInstance(instance: Instance, signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 30_000): Promise<Exit & { ms: number }> {
  const sent = Date.now();
  if (!instance.exit) instance.child.kill(signal);
  const exit = await Promise.race([instance.exited, sleep(timeoutMs).then(() => undefined)]);
  if (!exit) {
    instance.child.kill('SIGKILL');
    const forced = await instance.exited;
    return { ...forced, ms: Date.now() - sent };
  }
  return { ...exit, ms: exit.at - sent };
}

/** Resident memory in bytes from /proc (Linux), or undefined when the process is gone. */
export function rssOf(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

export interface RssSeries {
  name: string;
  samples: { t: number; bytes: number }[];
}

/** Samples every instance's RSS once a second until stopped. */
export function sampleRss(instances: Instance[], everyMs = 1000) {
  const series: RssSeries[] = instances.map((i) => ({ name: i.name, samples: [] }));
  const take = () => {
    const t = Date.now();
    instances.forEach((instance, n) => {
      const bytes = rssOf(instance.pid);
      if (bytes !== undefined) series[n]!.samples.push({ t, bytes });
    });
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    series,
    stop() {
      clearInterval(timer);
      take();
      return series;
    },
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
