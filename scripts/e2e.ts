// `npm run test:e2e [-- playwright args]`: builds the pages and the server, then runs the
// Playwright tests against the production server, as `npm run serve` runs it (compiled to
// JavaScript, decision 0050), on a fresh embedded database (.cache/e2e-data).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from '../e2e/chromium.ts';
import { buildServer } from '../tooling/build-server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

try {
  // Resolved once here (the npm Chromium may need unpacking) and handed to Playwright's processes.
  process.env.CHROME_PATH = await findChromium();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const port = process.env.E2E_PORT ?? '3111';
rmSync(process.env.E2E_DATA_DIR ?? path.join(root, '.cache', `e2e-data-${port}`), { recursive: true, force: true });

const build = spawnSync(npx, ['react-router', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0 || !buildServer()) {
  console.error('The build failed; see the messages above.');
  process.exit(build.status || 1);
}

const run = spawnSync(npx, ['playwright', 'test', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
