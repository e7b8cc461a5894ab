// A listing's lifecycle in the real browser: a listing with a prohibited word goes to review
// (its seller sees "under review" and why on the dashboard and its page; a visitor gets the 404
// page), and a listing marked as sold from the dashboard leaves the search but keeps its page
// and its shop card with the "sold" ribbon.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { waitForMail } from '../tests/helpers/outbox.ts';
import { hydrated } from './hydrated.ts';

const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A verified seller, signed in in `page`, who publishes through the API. */
async function seller(page: Page) {
  const email = `lifecycle-${unique()}@example.dz`;
  const password = 'Vendre2025';
  const signup = await page.request.post('/api/v1/users/signup', { data: { name: 'Samira Haddad', email, password, lang: 'fr' } });
  expect(signup.status()).toBe(201);
  const id = ((await signup.json()) as { data: { id: string } }).data.id;
  const mail = await waitForMail(outbox, (m) => m.to.includes(email) && m.links.some((l) => l.includes('/verify-email?token=')));
  await page.goto(mail.links.find((l) => l.includes('/verify-email?token='))!);
  await expect(page.getByTestId('verify-state')).toHaveAttribute('data-state', 'success');
  expect((await page.request.post('/api/v1/users/login', { data: { email, password } })).status()).toBe(200);
  return { id };
}

async function publish(page: Page, title: string, background: string) {
  const data = await sharp({ create: { width: 800, height: 600, channels: 3, background } }).png().toBuffer();
  const upload = await page.request.post('/api/v1/products/upload', { multipart: { image: { name: 'p.png', mimeType: 'image/png', buffer: data } } });
  expect(upload.status()).toBe(201);
  const img = ((await upload.json()) as { data: { url: string } }).data.url;
  const res = await page.request.post('/api/v1/products', {
    data: { title, desc: 'En bon état, à récupérer sur place à Blida.', category: 'sport-fitness', condition: 'good', img, price: 12000, contact: '0661 22 33 44', address: 'blida' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: string; moderation: string } }).data;
}

test('a listing with a prohibited word goes to review: its seller sees why, a visitor sees nothing', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await seller(page);
  const title = `Fusil de chasse ${unique()}`;
  const listing = await publish(page, title, '#556b2f');
  expect(listing.moderation).toBe('pending');

  await page.goto('/fr/dashboard');
  await hydrated(page);
  const row = page.getByTestId('listings-table').locator(`[data-product-id="${listing.id}"]`);
  await expect(row.getByTestId('lifecycle-state')).toHaveAttribute('data-state', 'pending');
  await expect(row.getByTestId('lifecycle-state')).toContainText('En cours de vérification');
  await expect(row.getByTestId('lifecycle-reason')).toContainText('article interdit (fusil)');

  await page.goto(`/fr/products/${listing.id}`);
  await expect(page.getByTestId('lifecycle-notice')).toHaveAttribute('data-state', 'pending');

  const visitor = await browser.newContext();
  const other = await visitor.newPage();
  const res = await other.goto(`/fr/products/${listing.id}`);
  expect(res?.status()).toBe(404);
  await other.goto(`/fr?title=${encodeURIComponent(title)}`);
  await expect(other.locator(`a[href$="/products/${listing.id}"]`)).toHaveCount(0);
  await visitor.close();
});

test('marked as sold on the dashboard: out of search, on its page and in its shop with the ribbon', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { id: sellerId } = await seller(page);
  const title = `Raquette de tennis ${unique()}`;
  const listing = await publish(page, title, '#1e6091');
  expect(listing.moderation).toBe('approved');

  const visitor = await browser.newContext();
  const other = await visitor.newPage();
  await other.goto(`/fr?title=${encodeURIComponent(title)}`);
  await expect(other.locator(`a[href$="/products/${listing.id}"]`).first()).toBeVisible();

  await page.goto('/fr/dashboard');
  await hydrated(page);
  const row = page.getByTestId('listings-table').locator(`[data-product-id="${listing.id}"]`);
  await row.getByTestId('mark-sold').click();
  await expect(row.getByTestId('lifecycle-state')).toHaveAttribute('data-state', 'sold');
  await expect(row.getByTestId('mark-sold')).toHaveAttribute('data-sold', 'true');
  await expect(page.getByTestId('total-sold')).toHaveText('1');

  await other.goto(`/fr?title=${encodeURIComponent(title)}`);
  await expect(other.locator(`a[href$="/products/${listing.id}"]`)).toHaveCount(0);
  await other.goto(`/fr/products/${listing.id}`);
  await expect(other.getByTestId('sold-banner')).toContainText('Vendu');
  await other.goto(`/ar/shop/${sellerId}`);
  await expect(other.getByTestId('sold-ribbon')).toHaveText('مُباع');
  await visitor.close();
});
