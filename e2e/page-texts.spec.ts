// Each page gets the text namespaces of its route only (app/i18n/page-namespaces.ts,
// decision 0030). A page that shows a text of a namespace it was not sent logs "Texts
// missing" (app/i18n/i18n.ts) and shows the key: this walks the pages, loaded and reached by
// client-side navigation from a page with fewer namespaces, and fails on that message.
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './hydrated.ts';
import { logInDemo } from './demo-login.ts';

function watchTexts(page: Page): string[] {
  const missing: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Texts missing')) missing.push(`${page.url()}: ${message.text()}`);
  });
  return missing;
}

/** Follows a link inside the page (no reload) and waits for the next page's heading. */
async function follow(page: Page, selector: string, url: RegExp) {
  await page.locator(selector).first().click();
  await expect(page).toHaveURL(url);
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
}

for (const lang of ['fr', 'ar'] as const) {
  test(`public pages have their texts, loaded and navigated to (${lang})`, async ({ page }) => {
    const missing = watchTexts(page);
    await page.goto(`/${lang}/about`);
    await hydrated(page);
    // The marker of a document load: it survives client-side navigations only.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    // about (shell only) → home → a listing → its shop → log-in, all in the browser.
    await follow(page, `header a[href="/${lang}"]`, new RegExp(`/${lang}$`));
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await follow(page, '[data-testid="product-card"] a', /\/products\//);
    await expect(page.getByTestId('listing-price').first()).toBeVisible();
    await follow(page, `main a[href^="/${lang}/shop/"]`, /\/shop\//);
    await follow(page, `header a[href="/${lang}/login"]`, /\/login$/);
    await follow(page, `footer a[href="/${lang}/blog"]`, /\/blog$/);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    for (const path of ['', '?category=electronics&title=phone', '/register', '/impact', '/contact', '/report', '/no-such-page']) {
      await page.goto(`/${lang}${path}`);
      await hydrated(page);
    }
    expect(missing).toEqual([]);
  });
}

test('signed-in pages have their texts, loaded and navigated to', async ({ page }) => {
  const missing = watchTexts(page);
  await logInDemo(page.request);
  await page.goto('/fr/about');
  await hydrated(page);
  for (const [path, url] of [['/fr/dashboard', /\/dashboard$/], ['/fr/favourites', /\/favourites$/], ['/fr/settings', /\/settings$/]] as const) {
    // The menu closes after each navigation; open it once it has.
    await expect(page.locator('#user-menu')).toBeHidden();
    await page.getByTestId('user-menu').click();
    await follow(page, `#user-menu a[href="${path}"]`, url);
  }
  for (const path of ['/saved-searches', '/messages', '/products/new']) {
    await page.goto(`/fr${path}`);
    await hydrated(page);
  }
  expect(missing).toEqual([]);
});
