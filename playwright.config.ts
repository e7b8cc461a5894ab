// End-to-end tests against the production build (`npm run test:e2e` builds it first),
// in the system Chromium, with a fresh embedded database holding the demo catalogue.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumPath, CHROMIUM_ARGS } from './e2e/chromium.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3111);
const baseURL = `http://localhost:${port}`;
// One data folder per port, so two runs on different ports never share a database;
// the specs read the outbox from here.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(root, '.cache', `e2e-data-${port}`);
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(root, 'test-results'),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  use: {
    baseURL,
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'off',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // What `npm run serve` runs: the server compiled by scripts/e2e.ts's build (decision 0050).
    command: 'node --conditions=ecosouk-compiled build/node/server/main.js',
    cwd: root,
    port,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // The suite publishes the same fixtures again and again from the demo account; only the
      // prohibited-words check runs (e2e/lifecycle.spec.ts sends a listing to review with it).
      LISTING_CHECKS: 'prohibited',
      // The moderator of e2e/moderation.spec.ts (demo catalogue only).
      DEMO_MODERATOR_PASSWORD: 'Moderation2025',
      PUBLIC_URL: baseURL,
      // Instant search alerts go out after 2 s instead of 5 min (e2e/buyers.spec.ts waits for one).
      ALERT_WINDOW_SECONDS: '2',
      // Always the embedded database, whatever the shell exports (empty counts as unset).
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'production',
    },
    reuseExistingServer: false,
    // Seeding the demo catalogue takes ~15 s on a quiet machine and much longer on a busy one.
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
