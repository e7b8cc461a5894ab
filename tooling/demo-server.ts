// A production build and server on a fresh demo catalogue, for the scripts that measure pages
// (scripts/audit-web.ts, bench/page-load.ts): each gets its own build folder, port and data.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Builds the app into `buildDir`; false when the build failed (its messages are on stderr).
 * `checkout` is another copy of the repository (a baseline to compare with); this one by default.
 */
export function buildInto(buildDir: string, checkout = root): boolean {
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const build = spawnSync(npx, ['react-router', 'build'], {
    cwd: checkout,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, BUILD_DIR: buildDir },
  });
  return build.status === 0;
}

/** Starts the production server of `buildDir` on an emptied `dataDir`, seeded with the demo catalogue. */
export function startDemoServer(options: { port: number; buildDir: string; dataDir: string; env?: Record<string, string>; checkout?: string }): ChildProcess {
  rmSync(options.dataDir, { recursive: true, force: true });
  return spawn(process.execPath, ['server/main.ts'], {
    cwd: options.checkout ?? root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      BUILD_DIR: options.buildDir,
      DATA_DIR: options.dataDir,
      PUBLIC_URL: `http://localhost:${options.port}`,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...options.env,
    },
  });
}

/** Resolves once `url` answers 2xx; throws after `timeoutMs`. */
export async function waitFor(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
