// Issue #17's layout in the real browser, mostly at a phone's 390 × 844: the filters' bottom
// sheet (with and without JavaScript), the chips, the compact cards, the empty search's advice,
// the navigation progress bar, "Post an ad", the product page's contact bar, the dashboard's
// pagination, state filter, title search and empty state, and the settings page's deletion.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { logInDemo } from './demo-login.ts';
import { hydrated } from './hydrated.ts';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

let addresses = 0;
/** Sign-ups and log-ins are limited per address: each account speaks from one of its own. */
const fromAddress = () => ({ 'x-forwarded-for': `198.19.${test.info().workerIndex % 250}.${(++addresses % 250) + 1}` });

async function apiCount(request: APIRequestContext, query: string): Promise<number> {
  const res = await request.get(`/api/v1/products${query}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { pagination: { totalItems: number } }).pagination.totalItems;
}

async function newMember(request: APIRequestContext) {
  const headers = fromAddress();
  const member = { name: 'Nadia Ferhat', email: `phone-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.dz`, password: 'Layout2025' };
  expect((await request.post('/api/v1/users/signup', { data: member, headers })).status()).toBe(201);
  expect((await request.post('/api/v1/users/login', { data: member, headers })).status()).toBe(200);
  return { ...member, headers };
}

async function phonePage(browser: Browser, baseURL: string | undefined, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, baseURL, javaScriptEnabled });
  return context.newPage();
}

test.describe('the search screen on a phone', () => {
  test.use(PHONE);

  test('the bottom sheet counts as filters are chosen, and its chips remove themselves', async ({ page }) => {
    await page.goto('/fr?category=electronics');
    await hydrated(page);
    await expect(page.getByTestId('hero')).toHaveCount(0);
    await expect(page.getByTestId('filters-sheet')).toBeHidden();
    await expect(page.getByTestId('filter-count')).toHaveText(/1/);
    await page.getByTestId('open-filters').click();
    const sheet = page.getByTestId('filters-sheet');
    await expect(sheet).toBeVisible();
    // It sits at the bottom of the screen.
    const box = (await sheet.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBeGreaterThanOrEqual(843);

    const electronics = await apiCount(page.request, '?category=electronics');
    await expect(page.getByTestId('show-results')).toHaveText(`Voir les résultats (${electronics})`);
    await sheet.getByLabel('État').selectOption('good');
    const good = await apiCount(page.request, '?category=electronics&condition=good');
    await expect(page.getByTestId('show-results')).toHaveText(`Voir les résultats (${good})`);
    await page.getByTestId('show-results').click();
    await expect(page).toHaveURL('/fr?category=electronics&condition=good');
    await expect(page.getByTestId('filters-sheet')).toBeHidden();

    const chips = page.getByTestId('filter-chip');
    await expect(chips).toHaveCount(2);
    await expect(page.getByTestId('result-count')).toHaveText(`Annonces : ${good}`);
    await chips.filter({ hasText: 'Électronique' }).click();
    await expect(page).toHaveURL('/fr?condition=good');
    await expect(page.getByTestId('filter-chip')).toHaveCount(1);
    // The form follows the URL: the category is no longer chosen in the sheet.
    await expect(page.locator('#search-category')).toHaveValue('all');
  });

  test('without JavaScript the sheet opens, submits, and the chips and the order still work', async ({ browser, baseURL }) => {
    const page = await phonePage(browser, baseURL, false);
    await page.goto('/fr?category=electronics');
    await page.getByTestId('open-filters').click();
    await expect(page.getByTestId('filters-sheet')).toBeVisible();
    await page.getByTestId('filters-sheet').getByLabel('Wilaya').selectOption('alger');
    await page.getByTestId('show-results').click();
    await expect(page).toHaveURL(/\/fr\?.*category=electronics/);
    await expect(page).toHaveURL(/address=alger/);
    await expect(page.getByTestId('filter-chip')).toHaveCount(2);
    await page.getByTestId('filter-chip').filter({ hasText: 'Alger' }).click();
    await expect(page).toHaveURL(/\/fr\?.*category=electronics/);
    await expect(page).not.toHaveURL(/address=/);
    // The order beside the count is its own form, with a button when there is no script.
    await page.locator('#sort-by').selectOption('price_asc');
    await page.getByTestId('sort-form').getByRole('button', { name: 'Trier' }).click();
    await expect(page).toHaveURL(/sortBy=price_asc/);
    await expect(page).toHaveURL(/category=electronics/);
    await page.context().close();
  });

  test('compact cards: four or five listings on the first screen of a search, ten a page', async ({ page }) => {
    await page.goto('/ar?sortBy=price_asc');
    const cards = page.getByTestId('product-card');
    await expect(cards).toHaveCount(10);
    const boxes = await cards.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom, height: r.height, left: r.left, right: r.right })));
    for (const box of boxes) expect(box.height).toBeLessThanOrEqual(130);
    const onFirstScreen = boxes.filter((b) => b.bottom <= 844).length;
    expect(onFirstScreen).toBeGreaterThanOrEqual(4);
    // The photo is at the start side: the right in Arabic.
    const photo = (await cards.first().locator('img, div').first().boundingBox())!;
    expect(photo.x + photo.width).toBeGreaterThan(300);
    await expect(cards.first().locator('time')).toHaveAttribute('datetime', /T/);
  });

  test('the home page: hero, category tiles with counts, newest listings; no hero with a search', async ({ page }) => {
    await page.goto('/fr');
    await expect(page.getByTestId('hero')).toBeVisible();
    const tiles = page.getByTestId('category-tile');
    await expect(tiles).toHaveCount(18);
    const electronics = await apiCount(page.request, '?category=electronics');
    await expect(tiles.filter({ hasText: 'Électronique' })).toContainText(`${electronics} annonces`);
    await tiles.filter({ hasText: 'Électronique' }).click();
    await expect(page).toHaveURL('/fr?category=electronics');
    await expect(page.getByTestId('hero')).toHaveCount(0);
    await expect(page.getByTestId('category-tiles')).toHaveCount(0);
  });

  test('a search that finds nothing says what to change', async ({ page }) => {
    await page.goto('/fr?title=zzqqxxw&category=electronics&address=alger');
    const empty = page.getByTestId('no-results');
    await expect(empty).toBeVisible();
    await expect(empty.getByTestId('suggest-spelling')).toContainText('zzqqxxw');
    await expect(empty.getByTestId('suggest-save')).toBeVisible();
    await empty.getByTestId('suggest-remove').getByRole('link', { name: 'Électronique' }).click();
    await expect(page).toHaveURL('/fr?title=zzqqxxw&address=alger');
  });

  test('axe finds nothing with the sheet open', async ({ page }) => {
    await page.goto('/ar?category=electronics');
    await hydrated(page);
    await page.getByTestId('open-filters').click();
    await expect(page.getByTestId('filters-sheet')).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

test('"Post an ad" is in the header of every page and in the phone drawer', async ({ browser, baseURL }) => {
  const page = await phonePage(browser, baseURL);
  for (const path of ['/fr', '/fr/about', '/fr/blog', '/ar/login']) {
    await page.goto(path);
    await expect(page.getByTestId('post-ad')).toBeVisible();
  }
  await hydrated(page);
  await page.getByTestId('mobile-menu').click();
  await page.getByTestId('drawer-post-ad').click();
  // A visitor goes through the log-in, which comes back to the form.
  await expect(page).toHaveURL(/\/ar\/login\?redirectTo=%2Far%2Fproducts%2Fnew$/);
  await page.context().close();
});

test('a slow page change shows the progress bar', async ({ page }) => {
  await page.goto('/fr');
  await hydrated(page);
  await page.route('**/*.data*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'À propos' }).click();
  await expect(page.getByTestId('navigation-progress')).toBeVisible();
  await expect(page).toHaveURL('/fr/about');
  await expect(page.getByTestId('navigation-progress')).toHaveCount(0);
});

test.describe('the product page on a phone', () => {
  async function firstListing(request: APIRequestContext) {
    const res = await request.get('/api/v1/products?sortBy=date_asc');
    return ((await res.json()) as { data: { id: string }[] }).data[0]!.id;
  }

  test('the contact bar at the bottom reveals the number and then calls; not on a desktop', async ({ browser, baseURL }) => {
    const page = await phonePage(browser, baseURL);
    const id = await firstListing(page.request);
    await page.goto(`/fr/products/${id}`);
    await hydrated(page);
    const bar = page.getByTestId('contact-bar');
    await expect(bar).toBeVisible();
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(844);
    await bar.getByTestId('contact-bar-reveal').click();
    const call = bar.getByTestId('contact-bar-call');
    await expect(call).toHaveAttribute('href', /^tel:\+213\d{9}$/);
    // The card, further down, shows the same number.
    await expect(page.getByTestId('phone-number')).toHaveText(await call.locator('[dir=ltr]').innerText());
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(bar).toBeHidden();
    await expect(page.getByTestId('contact-card')).toBeVisible();
    await page.context().close();
  });

  test('without JavaScript the bar posts the reveal and the page comes back with the number', async ({ browser, baseURL }) => {
    const page = await phonePage(browser, baseURL, false);
    const id = await firstListing(page.request);
    await page.goto(`/ar/products/${id}`);
    await page.getByTestId('contact-bar-reveal').click();
    await expect(page.getByTestId('contact-bar-call')).toHaveAttribute('href', /^tel:\+213\d{9}$/);
    await expect(page).toHaveURL(`/ar/products/${id}`);
    await page.context().close();
  });
});

test.describe('the dashboard', () => {
  test("the demo seller's listings: ten a page, by state and by title, all in the URL", async ({ page, context }) => {
    await logInDemo(context.request);
    await page.goto('/fr/dashboard');
    const range = page.getByTestId('listings-range');
    await expect(range).toContainText(/^1–10 sur \d+$/);
    const total = Number((await range.innerText()).split(' sur ')[1]);
    expect(total).toBeGreaterThan(20);
    await expect(page.getByTestId('listings-table').locator('tbody tr')).toHaveCount(10);
    await page.getByTestId('pagination').getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL('/fr/dashboard?page=2');
    await expect(range).toContainText(`11–20 sur ${total}`);

    await page.getByTestId('state-inactive').click();
    await expect(page).toHaveURL('/fr/dashboard?state=inactive');
    await expect(range).toContainText(/^1–\d+ sur \d+$/);
    const statuses = page.getByTestId('listings-table').getByTestId('listing-status');
    await expect.poll(async () => [...new Set(await statuses.evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))))]).toEqual(['inactive']);

    await page.getByTestId('state-all').click();
    await expect(page).toHaveURL('/fr/dashboard');
    await expect(page.getByTestId('state-all')).toHaveAttribute('aria-current', 'page');
    const firstTitle = (await page.getByTestId('listings-table').locator('tbody tr').first().locator('a[dir=auto]').first().innerText()).split(' ')[0]!;
    await page.getByRole('searchbox', { name: 'Chercher dans mes annonces par titre' }).fill(firstTitle);
    await page.getByRole('searchbox', { name: 'Chercher dans mes annonces par titre' }).press('Enter');
    await expect(page).toHaveURL(`/fr/dashboard?q=${encodeURIComponent(firstTitle)}`);
    const rows = page.getByTestId('listings-table').locator('tbody tr');
    await expect(rows.first()).toContainText(firstTitle);

    await page.getByRole('searchbox', { name: 'Chercher dans mes annonces par titre' }).fill('zzqqxxw');
    await page.getByRole('searchbox', { name: 'Chercher dans mes annonces par titre' }).press('Enter');
    await expect(page.getByTestId('listings-table')).toContainText('Aucune de vos annonces ne correspond à cette recherche.');
    await page.getByTestId('listings-no-match').getByRole('link').click();
    await expect(page).toHaveURL('/fr/dashboard');
  });

  test('a new seller is invited to publish a first listing, not shown an empty table', async ({ page, context }) => {
    await newMember(context.request);
    await page.goto('/fr/dashboard');
    await expect(page.getByTestId('empty-listings')).toContainText('Publiez votre première annonce');
    await expect(page.getByTestId('listings-table')).toHaveCount(0);
    // The account's deletion is no longer on the dashboard.
    await expect(page.getByRole('button', { name: 'Supprimer mon compte' })).toHaveCount(0);
  });

  test('the settings page, from the header menu, deletes the account after a confirmation', async ({ page, context }) => {
    const member = await newMember(context.request);
    await page.goto('/fr/dashboard');
    await hydrated(page);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-settings').click();
    await expect(page).toHaveURL('/fr/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    await page.getByRole('button', { name: 'Oui, tout supprimer' }).click();
    await expect(page).toHaveURL('/fr');
    const again = await page.request.post('/api/v1/users/login', { data: { email: member.email, password: member.password }, headers: member.headers });
    expect(again.status()).toBe(401);
  });
});
