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
  // A search that narrows nothing (the order alone) is not offered for saving.
  await page.goto('/fr?sortBy=price_asc');
  await expect(page.getByTestId('result-count')).toBeVisible();
  await expect(page.getByTestId('save-search')).toHaveCount(0);
  const word = `tandem${unique()}`;
  // A search with category details: diesel cars of 2015 or later.
  await page.goto(`/fr?title=${word}&address=alger&category=automobile&attr.year.min=2015&attr.fuel=diesel`);
  await hydrated(page);
  await page.getByTestId('save-search').click();
  await expect(page).toHaveURL(/\/fr\/saved-searches\?created=1/);
  const search = page.getByTestId('saved-search');
  await expect(search).toHaveCount(1);
  await expect(search).toContainText(word);
  await expect(search.getByTestId('saved-search-filters')).toContainText(/Année : à partir de \u2068?2015/);
  await expect(search.getByTestId('saved-search-filters')).toContainText(/Carburant : \u2068?Diesel/);
  await search.getByTestId('alert-select').selectOption('instant');
  await search.getByTestId('save-changes').click();
  await expect(page.getByRole('status').filter({ hasText: 'Modifications enregistrées' })).toBeVisible();

  const car = (title: string, attributes: Record<string, unknown>, overrides: Record<string, unknown> = {}) =>
    publishAsDemo(request, title, { category: 'automobile', price: 1_500_000, attributes, ...overrides });
  const matching = await car(`Clio ${word} bleue`, { year: 2018, fuel: 'diesel' });
  await car(`Golf ${word} ancienne`, { year: 2010, fuel: 'diesel' });
  await car(`Clio ${word} essence`, { year: 2019, fuel: 'petrol' });
  await car(`Clio ${word} à Oran`, { year: 2018, fuel: 'diesel' }, { address: 'oran' });
  // The sign-up already wrote this member a verification e-mail; the alert is the one naming the search.
  const mail = await waitForMail(outbox, (m) => m.to === email && m.subject.includes(word), 60_000);
  expect(mail.text).toContain(`Clio ${word} bleue`);
  expect(mail.text).toContain(`/fr/products/${matching}`);
  for (const other of ['ancienne', 'essence', 'à Oran']) expect(mail.text).not.toContain(other);
  expect(mail.html).toMatch(/<img src="http:\/\/localhost:\d+\/uploads\//);
  const unsubscribe = mail.links.find((l) => l.includes('/fr/alerts/unsubscribe?token='));
  expect(unsubscribe).toBeTruthy();

  // The saved searches page counts the new listing; the e-mail's link turns the alert off, no log-in needed.
  await page.goto('/fr/saved-searches');
  await expect(page.getByTestId('new-count')).toContainText('1');
  // Its results are the same search: every filter back in the URL, the one car listed.
  await page.getByTestId('open-search').click();
  await expect(page).toHaveURL((url) => url.pathname === '/fr' && url.searchParams.get('attr.year.min') === '2015' && url.searchParams.getAll('attr.fuel').join() === 'diesel' && url.searchParams.get('title') === word && url.searchParams.get('address') === 'alger' && url.searchParams.get('category') === 'automobile');
  await expect(page.getByTestId('product-grid').locator('li')).toHaveCount(1);
  await page.goto('/fr/saved-searches');
  const stranger = await page.context().browser()!.newContext();
  const other = await stranger.newPage();
  await other.goto(unsubscribe!.replace(/^https?:\/\/[^/]+/, ''));
  await other.getByTestId('unsubscribe-button').click();
  await expect(other.getByTestId('unsubscribe-state')).toContainText('ne recevrez plus');
  await stranger.close();
  await page.reload();
  await expect(page.getByTestId('alert-select')).toHaveValue('off');
});
