// What issue #16 adds to a listing's page, in Chromium: the photo viewer (opened by keyboard,
// swiped, closed with Escape, a plain link without JavaScript), the breadcrumbs and their
// JSON-LD, the reference, "published … ago", the views, and the CO₂ method page.
import { expect, test, type Page } from '@playwright/test';
import { formatCo2e } from '../common/impact.ts';
import { hydrated } from './hydrated.ts';

interface Listing {
  id: string;
  category: string;
  title: string;
  images: string[];
  photos: { width: number }[];
  reference: string;
  impact: { co2eKg: number; basis: string } | null;
}

/**
 * A demo listing with at least `photos` photos, all of the demo's size (1200 px wide): other
 * tests running at the same time publish listings with small flat pictures, which the viewer
 * cannot zoom into.
 */
async function listingWith(page: Page, photos: number): Promise<Listing> {
  for (let currentPage = 1; currentPage <= 10; currentPage++) {
    const res = await page.request.get(`/api/v1/products?currentPage=${currentPage}`);
    const found = ((await res.json()) as { data: Listing[] }).data.find((p) => p.images.length >= photos && p.photos.every((photo) => photo.width >= 1200));
    if (found) return found;
  }
  throw new Error(`no demo listing with ${photos} photos`);
}

test('the photo viewer opens from the keyboard, swipes and closes with Escape, and gives focus back', async ({ page }) => {
  const listing = await listingWith(page, 2);
  await page.setViewportSize({ width: 1280, height: 900 });
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(request.url()));
  await page.goto(`/fr/products/${listing.id}`);
  await hydrated(page);
  // The viewer is not part of the page: neither its code nor its stylesheet has been fetched.
  expect(fetched.filter((url) => /photoswipe/i.test(url))).toEqual([]);

  const first = page.getByTestId('gallery-open').first();
  await first.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-label', /Photos/);
  // Once open, the viewer holds the focus (keys before that are the opening's).
  await expect(dialog).toBeFocused();
  // Fetched on this first opening: its script and its stylesheet.
  expect(fetched.filter((url) => /photoswipe.*\.js$/i.test(url))).toHaveLength(1);
  expect(fetched.filter((url) => /photoswipe.*\.css$/i.test(url))).toHaveLength(1);
  await expect(page.locator('.pswp__counter')).toHaveText(`1 / ${listing.images.length}`);

  // The keyboard's arrow brings the next photo, and the page's strip follows.
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('.pswp__counter')).toHaveText(`2 / ${listing.images.length}`);

  // A swipe (a drag of the pointer from right to left) brings the next one, or back to the first.
  const box = (await page.locator('.pswp__scroll-wrap').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 8 });
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  const expected = listing.images.length >= 3 ? `3 / ${listing.images.length}` : `1 / ${listing.images.length}`;
  await expect(page.locator('.pswp__counter')).toHaveText(expected);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Focus is back on a photo link of the page, not lost on <body>.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('gallery-open');
});

test('in Arabic the viewer runs from right to left: the left arrow, the left key and a swipe to the right go forward', async ({ page }) => {
  const listing = await listingWith(page, 2);
  const count = listing.images.length;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/ar/products/${listing.id}`);
  await hydrated(page);
  await page.getByTestId('gallery-open').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeFocused();
  const counter = page.locator('.pswp__counter');
  await expect(counter).toHaveText(`1 / ${count}`);
  // The arrow on the left is "next photo", as the page's own strip has it.
  const left = page.locator('.pswp__button--arrow--prev');
  await expect(left).toHaveAttribute('title', 'الصورة التالية');
  await expect(page.locator('.pswp__button--arrow--next')).toHaveAttribute('title', 'الصورة السابقة');
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(`2 / ${count}`);
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(`1 / ${count}`);
  await left.click();
  await expect(counter).toHaveText(`2 / ${count}`);
  // The slide on screen is the second photo, not the second from the end.
  await expect(page.locator('.pswp__item[aria-hidden="false"] img.pswp__img').first()).toHaveAttribute('src', listing.images[1]!);
  await expect(page.locator('.pswp__item[aria-hidden="false"]').first()).toHaveAttribute('aria-label', `الصورة 2 من ${count}`);

  // A swipe towards the right (from left to right) brings the next one, or back to the first.
  const box = (await page.locator('.pswp__scroll-wrap').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 8 });
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(counter).toHaveText(count >= 3 ? `3 / ${count}` : `1 / ${count}`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('on a phone the photo opens with a tap and zooms in to its full size', async ({ browser, page }) => {
  const listing = await listingWith(page, 1);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const phone = await context.newPage();
  await phone.goto(`/ar/products/${listing.id}`);
  await hydrated(phone);
  await phone.getByTestId('gallery-open').first().tap();
  const dialog = phone.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-label', /الصور/);
  await expect(dialog).toBeFocused();
  const zoom = phone.getByRole('button', { name: 'تكبير' });
  await expect(zoom).toBeVisible();
  await zoom.tap();
  await expect(phone.locator('.pswp')).toHaveClass(/pswp--zoomed-in/);
  await phone.getByRole('button', { name: /إغلاق/ }).tap();
  await expect(dialog).toBeHidden();
  await context.close();
});

test('without JavaScript each photo is a plain link to its full-size file', async ({ browser, page }) => {
  const listing = await listingWith(page, 1);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto(`/fr/products/${listing.id}`);
  const link = plain.getByTestId('gallery-open').first();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/\.webp$/);
  const image = await plain.request.get(href!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/webp');
  await context.close();
});

test('breadcrumbs match the JSON-LD trail; reference, publication time and views are shown', async ({ page }) => {
  const listing = await listingWith(page, 1);
  for (const [lang, home, published] of [
    ['fr', 'Accueil', /il y a|hier|maintenant|la semaine dernière|le mois dernier|l’année dernière/],
    ['ar', 'الرئيسية', /قبل|أمس|الآن|الأسبوع الماضي|الشهر الماضي|السنة الماضية/],
    ['en', 'Home', /ago|yesterday|now|last/],
  ] as const) {
    await page.goto(`/${lang}/products/${listing.id}`);
    const crumbs = page.getByRole('navigation', { name: { fr: "Fil d'Ariane", ar: 'مسار التنقل', en: 'Breadcrumb' }[lang] });
    const items = crumbs.getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0).getByRole('link')).toHaveText(home);
    await expect(items.nth(0).getByRole('link')).toHaveAttribute('href', `/${lang}`);
    await expect(items.nth(1).getByRole('link')).toHaveAttribute('href', `/${lang}?category=${listing.category}`);
    await expect(items.nth(2).locator('[aria-current="page"]')).toBeVisible();

    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const trail = ld.map((text) => JSON.parse(text) as { '@type': string; itemListElement?: { name: string; item: string }[] }).find((d) => d['@type'] === 'BreadcrumbList');
    const visible = await items.evaluateAll((lis) => lis.map((li) => li.textContent?.trim() ?? ''));
    expect(trail!.itemListElement!.map((e) => e.name)).toEqual(visible);
    expect(trail!.itemListElement!.map((e) => new URL(e.item).pathname + new URL(e.item).search)).toEqual([`/${lang}`, `/${lang}?category=${listing.category}`, `/${lang}/products/${listing.id}`]);

    await expect(page.getByTestId('listing-reference')).toHaveText(listing.reference);
    await expect(page.getByTestId('published-ago')).toHaveText(published);
    await expect(page.getByTestId('listing-views')).toHaveText(/^\d[\d\s\u202f,.]*$/);
  }
});

test('the publication time hydrates without a mismatch', async ({ page }) => {
  const listing = await listingWith(page, 1);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`/ar/products/${listing.id}`);
  await hydrated(page);
  const before = await page.getByTestId('published-ago').textContent();
  await page.waitForTimeout(300);
  expect(await page.getByTestId('published-ago').textContent()).toBe(before);
  expect(errors.filter((e) => /hydrat|did not match|#418|#423|#425/i.test(e))).toEqual([]);
});

test('the method page is there in the three languages, one row per figure with its source', async ({ page }) => {
  for (const [lang, heading] of [
    ['fr', /Comment nous calculons/],
    ['ar', /كيف نحسب/],
    ['en', /How we compute/],
  ] as const) {
    await page.goto(`/${lang}/impact`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const rows = page.getByTestId('impact-figures').locator('tbody tr');
    await expect(rows).toHaveCount(14);
    await expect(page.locator('#smartphone')).toContainText('85');
    await expect(page.locator('#smartphone a')).toHaveAttribute('href', /librairie\.ademe\.fr/);
  }
});

test("the home page tells what the site's sales avoided, the same figure as the API's, in each language", async ({ page }) => {
  const impact = async () => ((await (await page.request.get('/api/v1/meta/impact')).json()) as { data: { co2eKgAvoided: number; soldListings: number } }).data;
  const first = await impact();
  // The demo catalogue has sold listings with an estimate, so the line must be there.
  expect(first.soldListings).toBeGreaterThan(0);
  expect(first.co2eKgAvoided).toBeGreaterThan(0);
  for (const lang of ['fr', 'ar', 'en'] as const) {
    const soldLine = { fr: 'Annonces vendues : ', ar: 'الإعلانات المبيعة: ', en: 'Listings sold: ' }[lang];
    // Other specs sell listings while this one runs: the API and the page are compared as read
    // together, and read again (a reload revalidates the page's 60 s copy) if a sale fell between.
    await expect(async () => {
      const { co2eKgAvoided, soldListings } = await impact();
      if (page.url().endsWith(`/${lang}`)) await page.reload();
      else await page.goto(`/${lang}`);
      const total = page.getByTestId('impact-total-site');
      await expect(total).toContainText(formatCo2e(co2eKgAvoided, lang), { timeout: 2000 });
      await expect(total).toContainText(`${soldLine}${soldListings}`, { timeout: 2000 });
      await expect(total.getByRole('link')).toHaveAttribute('href', `/${lang}/impact`, { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
  }
});
