// Favourites and saved-search alerts in the real browser, the alert read from the outbox the
// server wrote (ALERT_WINDOW_SECONDS is 2 in playwright.config.ts).
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { waitForMail } from '../tests/helpers/outbox.ts';
import { logInDemo } from './demo-login.ts';
import { hydrated } from './hydrated.ts';

const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PASSWORD = 'Saha2025x';

/** A new member (not verified: favourites and saved searches do not need it). */
async function newMember(request: APIRequestContext, name: string) {
  const email = `${name.toLowerCase()}-${unique()}@example.dz`;
  const from = `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  expect((await request.post('/api/v1/users/signup', { data: { name, email, password: PASSWORD, lang: 'fr' }, headers: { 'x-forwarded-for': from } })).status()).toBe(201);
  return email;
}

async function logIn(page: Page, email: string) {
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('main form button[type=submit]').click();
}

/** A listing of the demo seller's, published through the API with an uploaded photo. */
async function publishAsDemo(request: APIRequestContext, title: string, overrides: Record<string, unknown> = {}) {
  await logInDemo(request);
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } }).png().toBuffer();
  const upload = await request.post('/api/v1/products/upload', { multipart: { image: { name: 'p.png', mimeType: 'image/png', buffer: png } } });
  expect(upload.status()).toBe(201);
  const res = await request.post('/api/v1/products', {
    data: { title, desc: `${title} en très bon état, à récupérer sur place.`, category: 'sport-fitness', condition: 'good', img: (await upload.json()).data.url, price: 12000, contact: '0550 12 34 56', address: 'alger', ...overrides },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.id as string;
}

test('a visitor taps the heart, logs in, and is back on the listing with it saved', async ({ page, browser }) => {
  const email = await newMember(page.request, 'Lina');
  await page.context().clearCookies();
  await page.goto('/fr');
  const card = page.getByTestId('product-grid').locator('article').first();
  const title = (await card.locator('h3').innerText()).trim();
  await card.locator('h3 a').click();
  await expect(page.getByTestId('product-page')).toBeVisible();
  const listing = page.url();
  await hydrated(page);
  await page.getByTestId('product-page').getByTestId('favourite-button').click();
  await expect(page).toHaveURL(/\/fr\/login\?redirectTo=/);
  await logIn(page, email);
  await expect(page).toHaveURL(listing);
  await expect(page.getByTestId('product-page').getByTestId('favourite-button')).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/fr/favourites');
  await expect(page.getByTestId('favourite-item')).toHaveCount(1);
  await expect(page.getByTestId('favourite-item')).toContainText(title);

  // Once hydrated, the heart flips in place, through the API, and stays flipped on reload.
  await page.goto(listing);
  await hydrated(page);
  const heart = page.getByTestId('product-page').getByTestId('favourite-button');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await expect(page).toHaveURL(listing);
  await page.reload();
  await expect(page.getByTestId('product-page').getByTestId('favourite-button')).toHaveAttribute('aria-pressed', 'false');

  // Without JavaScript the same heart is a form that saves and comes back.
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noJs.newPage();
  await bare.goto(listing);
  await bare.getByTestId('favourite-button').first().click();
  await expect(bare).toHaveURL(/\/fr\/login/);
  await logIn(bare, email);
  await expect(bare).toHaveURL(listing);
  await expect(bare.getByTestId('product-page').getByTestId('favourite-button')).toHaveAttribute('aria-pressed', 'true');
  await noJs.close();
});

test('a saved search with an instant alert: the e-mail arrives with the matching listing, not the others', async ({ page, request }) => {
  const email = await newMember(page.request, 'Samir');
  await page.goto('/fr/login');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/fr\/dashboard/);
  const word = `tandem${unique()}`;
  await page.goto(`/fr?title=${word}&address=alger`);
  await hydrated(page);
  await page.getByTestId('save-search').click();
  await expect(page).toHaveURL(/\/fr\/saved-searches\?created=1/);
  const search = page.getByTestId('saved-search');
  await expect(search).toHaveCount(1);
  await expect(search).toContainText(word);
  await search.getByTestId('alert-select').selectOption('instant');
  await search.getByTestId('save-changes').click();
  await expect(page.getByRole('status').filter({ hasText: 'Modifications enregistrées' })).toBeVisible();

  const matching = await publishAsDemo(request, `Vélo ${word} bleu`);
  await publishAsDemo(request, `Vélo ${word} à Oran`, { address: 'oran' });
  // The sign-up already wrote this member a verification e-mail; the alert is the one naming the search.
  const mail = await waitForMail(outbox, (m) => m.to === email && m.subject.includes(word), 60_000);
  expect(mail.text).toContain(`Vélo ${word} bleu`);
  expect(mail.text).toContain(`/fr/products/${matching}`);
  expect(mail.text).not.toContain('à Oran');
  expect(mail.html).toMatch(/<img src="http:\/\/localhost:\d+\/uploads\//);
  const unsubscribe = mail.links.find((l) => l.includes('/fr/alerts/unsubscribe?token='));
  expect(unsubscribe).toBeTruthy();

  // The saved searches page counts the new listing; the e-mail's link turns the alert off, no log-in needed.
  await page.goto('/fr/saved-searches');
  await expect(page.getByTestId('new-count')).toContainText('1');
  const stranger = await page.context().browser()!.newContext();
  const other = await stranger.newPage();
  await other.goto(unsubscribe!.replace(/^https?:\/\/[^/]+/, ''));
  await other.getByTestId('unsubscribe-button').click();
  await expect(other.getByTestId('unsubscribe-state')).toContainText('ne recevrez plus');
  await stranger.close();
  await page.reload();
  await expect(page.getByTestId('alert-select')).toHaveValue('off');
});
