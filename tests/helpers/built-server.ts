// A production server process over a build of the current code, for the tests that need real
// pages (see page-caching.test.ts for why they cannot run inside Vitest): built once into its own
// folder, started on a fresh embedded database, stopped with SIGTERM, its output kept for the test.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface BuiltServer {
  process: ChildProcess;
  /** Everything the server wrote to stdout and stderr so far. */
  output: string[];
  stop(): Promise<void>;
}

/** Builds into `buildDir`, unless `reuse` says an existing build there is the one to test. */
export function ensureBuild(buildDir: string, reuse: boolean) {
  // A build left from older code would test that code: build unless told which build to use.
  if (reuse && existsSync(path.join(buildDir, 'server/index.js'))) return;
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const build = spawnSync(npx, ['react-router', 'build'], { env: { ...process.env, BUILD_DIR: buildDir }, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error(`react-router build failed (${build.status})`);
}

/** Starts `node server/main.ts` on 127.0.0.1:`port` and resolves once its health check answers. */
/**
 * `dataDir`: a data folder the caller owns and keeps across restarts (e2e/expiry.spec.ts restarts
 * the server on the same database with its clock moved); without it, a fresh one removed at stop.
 */
export async function startBuiltServer(options: { port: number; buildDir: string; name: string; env?: Record<string, string>; dataDir?: string }): Promise<BuiltServer> {
  const base = `http://127.0.0.1:${options.port}`;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), `ecosouk-${options.name}-`)));
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      BUILD_DIR: options.buildDir,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output.join('')}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).status === 200) return { process: child, output, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the server did not start:\n${output.join('')}`);
}
