import type { Page } from '@playwright/test';

/**
 * Resolves once React has hydrated the page: the header's theme toggle, rendered on every
 * page, has its props. Pages are painted before the JavaScript is fetched, so clicks,
 * files and typing before that go to the plain HTML.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const toggle = document.querySelector('[data-testid="theme-toggle"]');
    return toggle !== null && Object.keys(toggle).some((key) => key.startsWith('__reactProps$'));
  });
}
