// The server draws icons with its own component (decision 0041), the browser with
// lucide-react's: the markup must be the same, or React would report a mismatch when it
// hydrates and redraw the page. Walks pages with many icons, in both directions of text.
import { expect, test } from '@playwright/test';
import { hydrated } from './hydrated.ts';

test('pages hydrate the server-drawn icons as lucide-react draws them', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const found = await page.request.get('/api/v1/products');
  const listing = ((await found.json()) as { data: { id: string }[] }).data[0]!;
  for (const path of ['/ar', '/fr?category=automobile', `/ar/products/${listing.id}`, `/fr/products/${listing.id}`, '/fr/login', '/ar/about']) {
    await page.goto(path);
    await hydrated(page);
    // Every icon drawn, with its lines inside, and hidden from assistive technology unless it speaks.
    const icons = page.locator('svg.lucide');
    expect(await icons.count(), path).toBeGreaterThan(5);
    expect(await page.locator('svg.lucide:not(:has(*))').count(), path).toBe(0);
    expect(await page.locator('svg.lucide:not([aria-hidden="true"]):not([aria-label])').count(), path).toBe(0);
  }
  // React's production messages name a mismatch by its number (#418, #423, #425).
  expect(errors.filter((e) => /hydrat|did not match|#418|#423|#425/i.test(e))).toEqual([]);
});
