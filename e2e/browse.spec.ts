// Browsing fixes (issue 17): the language switch on every page, the home page included;
// every listing of a shop reachable from it; right-to-left and consistency details.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_DETAILS } from '../server/seed/demo-details.ts';
import { DEMO_LISTINGS, DEMO_SELLER } from '../server/seed/demo-listings.ts';
import { hydrated } from './hydrated.ts';

// Sold demo listings stay in the shop with their ribbon but are neither counted as active nor searchable.
const DEMO_ACTIVE = DEMO_LISTINGS.filter((l) => !l.inactive && DEMO_DETAILS[l.title]?.soldDaysAgo === undefined).length;

async function demoSellerId(page: Page): Promise<string> {
  // The demo seller wrote every demo listing: any listing's seller is them.
  const res = await page.request.get('/api/v1/products');
  return ((await res.json()) as { data: { userId: string }[] }).data[0]!.userId;
}

test.describe('the language switch, after hydration (a client navigation)', () => {
  const pages = ['', '?category=electronics', '?category=electronics&sortBy=price_asc&page=2', '/about', '/blog', '/blog/welcome-to-ecosouk', '/contact', '/login', '/register', '/forget-password', '/privacy-policy', '/terms-of-service', '/shop/{seller}', '/no-such-page'];
  for (const path of pages) {
    test(`from Arabic to French on /ar${path}`, async ({ page }) => {
      const seller = path.includes('{seller}') ? await demoSellerId(page) : '';
      const target = path.replace('{seller}', seller);
      await page.goto(`/ar${target}`);
      await hydrated(page);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await page.getByTestId('language-menu').click();
      await page.getByRole('link', { name: 'Français', exact: true }).click();
      await expect(page).toHaveURL(`/fr${target}`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      await expect(page.getByRole('contentinfo')).toContainText('Politique de confidentialité');
      await expect(page.getByTestId('language-menu')).toContainText('fr');
      // The choice is kept: the next visit to / goes to French.
      await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'i18next')?.value).toBe('fr');
      const root = await page.request.get('/', { maxRedirects: 0 });
      expect(root.headers().location).toBe('/fr');
    });
  }

  test('the filtered home page shows French results and filters', async ({ page }) => {
    await page.goto('/ar?category=electronics');
    await hydrated(page);
    await page.getByTestId('language-menu').click();
    await page.getByRole('link', { name: 'Français', exact: true }).click();
    await expect(page).toHaveURL('/fr?category=electronics');
    await expect(page.getByRole('heading', { level: 1, name: 'Résultats de la recherche' })).toBeAttached();
    await expect(page.locator('#search-category')).toHaveValue('electronics');
    await expect(page.locator('#search-category option:checked')).toHaveText('Électronique');
  });
});

test("every listing of the demo shop is reachable from it, by the seller's search", async ({ page }) => {
  const seller = await demoSellerId(page);
  await page.goto(`/fr/shop/${seller}`);
  await expect(page.getByTestId('product-grid').locator('article')).toHaveCount(24);
  // The number is isolated (U+2066 … U+2069) so that it keeps its shape in Arabic.
  const shown = `\u2066${DEMO_ACTIVE}\u2069`;
  await expect(page.getByText(`Annonces actives : ${shown}`)).toBeVisible();
  const seeAll = page.getByTestId('shop-see-all');
  await expect(seeAll).toHaveText(`Voir les ${shown} annonces`);
  await seeAll.click();
  await expect(page).toHaveURL(`/fr?seller=${seller}`);
  const chip = page.getByTestId('seller-filter');
  await expect(chip).toContainText(`Vendeur : ${DEMO_SELLER.name}`);
  await expect(page.getByTestId('result-count')).toHaveText(`Annonces : ${DEMO_ACTIVE}`);

  const seen = new Set<string>();
  const pages = Math.ceil(DEMO_ACTIVE / 10);
  for (let n = 1; n <= pages; n++) {
    if (n > 1) {
      await page.getByTestId('pagination').getByRole('link', { name: 'Suivant' }).click();
      await expect(page).toHaveURL(`/fr?seller=${seller}&page=${n}`);
    }
    await expect(page.getByTestId('pagination').locator('[aria-current="page"]')).toHaveText(String(n));
    await expect(chip).toBeVisible();
    for (const href of await page.getByTestId('product-grid').locator('article :is(h2, h3) a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))) seen.add(href!);
  }
  expect(seen.size).toBe(DEMO_ACTIVE);

  // The chip removes the filter and keeps the others.
  await page.goto(`/ar?seller=${seller}&category=electronics`);
  await expect(page.getByTestId('seller-filter')).toContainText(DEMO_SELLER.name);
  await page.getByTestId('remove-seller-filter').click();
  await expect(page).toHaveURL('/ar?category=electronics');
  await expect(page.getByTestId('seller-filter')).toHaveCount(0);

  // A malformed seller is a clear error in the page's language; the API says VALIDATION_ERROR.
  const bad = await page.goto('/fr?seller=abc');
  expect(bad?.status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText("Ce lien de vendeur n'est pas valide");
  const api = await page.request.get('/api/v1/products?seller=abc');
  expect(api.status()).toBe(400);
  expect(((await api.json()) as { code: string }).code).toBe('VALIDATION_ERROR');
});

test.describe('right-to-left and consistency details', () => {
  test('the Arabic profile shows the phone under its label, and the mixed bio sentence by sentence', async ({ page }) => {
    expect((await page.request.post('/api/v1/users/login', { data: { email: DEMO_SELLER.email, password: DEMO_SELLER.password } })).status()).toBe(200);
    await page.goto('/ar/dashboard');
    const phone = page.getByTestId('profile-phone');
    const label = phone.locator('xpath=preceding-sibling::dt[1]');
    const [phoneBox, labelBox] = [await phone.locator('bdi').boundingBox(), await label.boundingBox()];
    // Right-aligned like its label (the start side in Arabic), the number itself left to right.
    expect(Math.abs(phoneBox!.x + phoneBox!.width - (labelBox!.x + labelBox!.width))).toBeLessThan(2);
    await expect(phone.locator('bdi')).toHaveAttribute('dir', 'ltr');
    await expect(phone).toHaveText('0550 12 34 56');
    const bio = page.getByTestId('profile-bio');
    await expect(bio.locator('bdi')).toHaveText([/^Passionnée.*objets\.$/, /^أحب.*والتدوير\.$/]);
  });

  test('the search and the listing form list the wilayas the same way', async ({ page }) => {
    await page.goto('/fr');
    await expect(page.locator('#search-address option').nth(1)).toHaveText('01 - Adrar');
    await expect(page.locator('#search-address option[value="alger"]')).toHaveText('16 - Alger');
  });

  test('the sign-up terms link opens the terms of service', async ({ page }) => {
    await page.goto('/fr/register');
    const form = page.locator('main form');
    await expect(form.getByRole('link', { name: "conditions d'utilisation" })).toHaveAttribute('href', '/fr/terms-of-service');
    await expect(form.getByRole('link', { name: 'politique de confidentialité' })).toHaveAttribute('href', '/fr/privacy-policy');
  });

  for (const lang of ['ar', 'fr'] as const) {
    test(`the pagination fits one line at 390 px in ${lang}`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/${lang}?page=4`);
      const nav = page.getByTestId('pagination');
      // One line: every item's middle at the same height (the "…" gaps are shorter than the buttons).
      const middles = await nav.locator(':scope > *').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2)));
      expect(middles.length).toBeGreaterThanOrEqual(7);
      expect(new Set(middles).size, JSON.stringify(middles)).toBe(1);
      await expect(nav.getByRole('link', { name: lang === 'ar' ? 'التالية' : 'Suivant' })).toBeVisible();
    });
  }
});
