// The home search in the real browser: filters in the URL, paging, back/forward,
// and the same URL rendered by the server with JavaScript off.
import { expect, test, type Page } from '@playwright/test';

async function cardTitles(page: Page) {
  return page.getByTestId('product-grid').locator('article :is(h2, h3)').allInnerTexts();
}

async function hydrated(page: Page) {
  // React attaches its props to DOM nodes once hydration is done.
  await page.waitForFunction(() => {
    const form = document.querySelector('[data-testid="search-panel"]');
    return form !== null && Object.keys(form).some((k) => k.startsWith('__reactProps'));
  });
}

test('a search in Arabic with three filters, paged forward and back, and its URL without JavaScript', async ({ page, browser, baseURL }) => {
  await page.goto('/ar');
  await hydrated(page);
  // From md up the filters sit in the bar's row; the order is beside the result count.
  await page.getByLabel('أدنى سعر').fill('500');
  await page.getByLabel('أقصى سعر').fill('2000000');
  await page.getByTestId('search-submit').click();
  await expect(page).toHaveURL(/\/ar\?minPrice=500&maxPrice=2000000$/);
  await page.getByLabel('الترتيب حسب').selectOption('price_asc');

  await expect(page).toHaveURL(/\/ar\?minPrice=500&maxPrice=2000000&sortBy=price_asc$/);
  // The URL changes as the navigation commits; wait for the cards the API gives for it.
  const api = await page.request.get('/api/v1/products?minPrice=500&maxPrice=2000000&sortBy=price_asc');
  const expected = ((await api.json()) as { data: { title_ar: string | null; title: string }[] }).data.map((p) => p.title_ar || p.title);
  const firstCard = page.getByTestId('product-grid').locator('article :is(h2, h3)').first();
  await expect(firstCard).toHaveText(expected[0]!);
  const firstPage = await cardTitles(page);
  expect(firstPage).toEqual(expected);
  expect(firstPage).toHaveLength(10);
  const prices = await page.getByTestId('product-grid').locator('p[dir=ltr]').allInnerTexts();
  const amounts = prices.map((p) => Number(p.replace(/[^\d,]/g, '').replace(',', '.')));
  expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  expect(Math.min(...amounts)).toBeGreaterThanOrEqual(500);

  await page.getByTestId('pagination').getByRole('link', { name: 'التالية' }).click();
  await expect(page).toHaveURL(/page=2/);
  // The URL changes as the navigation commits; the new cards render right after.
  await expect(firstCard).not.toHaveText(firstPage[0]!);
  const secondPage = await cardTitles(page);
  expect(secondPage).toHaveLength(10);
  expect(secondPage).not.toEqual(firstPage);
  const sharedUrl = page.url();

  await page.goBack();
  await expect(page).toHaveURL(/sortBy=price_asc$/);
  await expect(firstCard).toHaveText(firstPage[0]!);
  expect(await cardTitles(page)).toEqual(firstPage);
  // The panel shows the filters of the URL it came back to.
  await expect(page.getByLabel('أدنى سعر')).toHaveValue('500');

  await page.goForward();
  await expect(page).toHaveURL(/page=2/);
  await expect(firstCard).toHaveText(secondPage[0]!);
  expect(await cardTitles(page)).toEqual(secondPage);

  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const plain = await noScript.newPage();
  await plain.goto(sharedUrl);
  expect(await cardTitles(plain)).toEqual(secondPage);
  await expect(plain.locator('#search-min')).toHaveValue('500');
  await noScript.close();
});

test('the search form works without JavaScript, and language switches keep the query', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/fr');
  await page.locator('#search-title').fill('velo');
  await page.locator('#search-title').press('Enter');
  await expect(page).toHaveURL(/\/fr\?title=velo/);
  // Same cards as the API gives for that search.
  const api = await page.request.get('/api/v1/products?title=velo');
  const expected = (await api.json()).data.map((p: { title_fr: string | null; title: string }) => p.title_fr || p.title);
  expect(expected.length).toBeGreaterThan(0);
  expect(await cardTitles(page)).toEqual(expected);
  await context.close();

  const withJs = await browser.newPage({ baseURL });
  await withJs.goto('/fr?title=velo&category=sport-fitness');
  await withJs.getByTestId('language-menu').click();
  await withJs.getByRole('link', { name: 'العربية' }).click();
  await expect(withJs).toHaveURL(/\/ar\?title=velo&category=sport-fitness$/);
  await expect(withJs.locator('#search-title')).toHaveValue('velo');
  await withJs.close();
});

test('bad filters are explained and what was typed is kept', async ({ page }) => {
  const response = await page.goto('/fr?minPrice=900&maxPrice=100&category=sport-fitness');
  expect(response?.status()).toBe(400);
  await expect(page.getByText('Le prix minimum ne doit pas dépasser le maximum')).toBeVisible();
  await expect(page.locator('input[name=minPrice]')).toHaveValue('900');
  await expect(page.locator('select[name=category]')).toHaveValue('sport-fitness');
});

test('an empty result says so', async ({ page }) => {
  await page.goto('/en?title=zzqqxxw');
  await expect(page.getByTestId('no-results')).toContainText('No products found');
});
