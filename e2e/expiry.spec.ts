// Expiry with a simulated clock, in the real browser. The shared e2e server has a clock nobody
// may move (other specs run beside this one), so this spec runs its own built server on its own
// data folder and restarts it with CLOCK_OFFSET_DAYS (tests only): each start runs the hourly
// sweep at once, at the moved time. At +58 days the reminder goes out; at +61 the listing has
// left search and shop, its owner still sees it as expired on the dashboard and renews it.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ensureBuild, startBuiltServer, type BuiltServer } from '../tests/helpers/built-server.ts';
import { waitForMail } from '../tests/helpers/outbox.ts';
import { hydrated } from './hydrated.ts';

const port = Number(process.env.E2E_PORT ?? 3111) + 7;
const base = `http://127.0.0.1:${port}`;
const buildDir = process.env.BUILD_DIR ?? 'build';
const email = 'expiry-seller@example.dz';
const password = 'Vendre2025';
const title = 'Vélo de ville Peugeot';

let dataDir = '';
let server: BuiltServer | undefined;

async function start(offsetDays: number) {
  await server?.stop();
  server = await startBuiltServer({
    port,
    buildDir,
    name: 'expiry',
    dataDir,
    env: { SEED_DEMO: 'false', LISTING_CHECKS: 'none', CLOCK_OFFSET_DAYS: String(offsetDays) },
  });
}

async function login(page: Page) {
  expect((await page.request.post(`${base}/api/v1/users/login`, { data: { email, password } })).status()).toBe(200);
}

async function inSearch(page: Page, id: string) {
  await page.goto(`${base}/fr?title=${encodeURIComponent(title)}`);
  return page.locator(`a[href$="/products/${id}"]`);
}

test.beforeAll(() => {
  // The build `npm run test:e2e` made for the shared server (BUILD_DIR), or one made now.
  ensureBuild(buildDir, true);
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('a listing expires with the clock, its reminder renews it, and so does the dashboard', async ({ page }) => {
  test.setTimeout(300_000);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ecosouk-expiry-'));
  const outbox = path.join(dataDir, 'outbox');
  await start(0);

  const signup = await page.request.post(`${base}/api/v1/users/signup`, { data: { name: 'Karim Bensaïd', email, password, lang: 'fr' } });
  expect(signup.status()).toBe(201);
  const sellerId = ((await signup.json()) as { data: { id: string } }).data.id;
  const verify = await waitForMail(outbox, (m) => m.links.some((l) => l.includes('/verify-email?token=')), 20_000);
  await page.goto(verify.links.find((l) => l.includes('/verify-email?token='))!);
  await expect(page.getByTestId('verify-state')).toHaveAttribute('data-state', 'success');
  await login(page);
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a9d8f' } }).png().toBuffer();
  const upload = await page.request.post(`${base}/api/v1/products/upload`, { multipart: { image: { name: 'p.png', mimeType: 'image/png', buffer: photo } } });
  expect(upload.status()).toBe(201);
  const img = ((await upload.json()) as { data: { url: string } }).data.url;
  const created = await page.request.post(`${base}/api/v1/products`, {
    data: { title, desc: 'Bon état, freins neufs, à voir à Oran.', category: 'sport-fitness', condition: 'good', img, price: 18000, contact: '0661 22 33 44', address: 'oran' },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  await expect((await inSearch(page, id)).first()).toBeVisible();

  // 58 days on: 2 days before the end, the reminder with its one-click link.
  await start(58);
  const reminder = await waitForMail(outbox, (m) => m.links.some((l) => l.includes('/renew?token=')), 30_000);
  expect(reminder.to).toContain(email);
  expect(reminder.subject).toContain(title);
  const renewLink = reminder.links.find((l) => l.includes('/renew?token='))!;
  await expect((await inSearch(page, id)).first()).toBeVisible();

  // 61 days on: past the end, swept.
  await start(61);
  await login(page);
  await expect.poll(async () => (await inSearch(page, id)).count(), { timeout: 30_000 }).toBe(0);
  await page.goto(`${base}/fr/shop/${sellerId}`);
  await expect(page.locator(`a[href$="/products/${id}"]`)).toHaveCount(0);
  await page.goto(`${base}/fr/dashboard`);
  await hydrated(page);
  const row = page.getByTestId('listings-table').locator(`[data-product-id="${id}"]`);
  await expect(row.getByTestId('lifecycle-state')).toHaveAttribute('data-state', 'expired');
  await row.getByTestId('renew-listing').click();
  await expect(row.getByTestId('lifecycle-state')).toHaveCount(0);
  await expect((await inSearch(page, id)).first()).toBeVisible();

  // The reminder's link (good 30 days from the reminder) renews again, without a log-in.
  await page.context().clearCookies();
  await page.goto(renewLink.replace(/^https?:\/\/[^/]+/, base));
  await expect(page.getByTestId('renew-state')).toHaveAttribute('data-state', 'success');
});
