import type { Page } from '@playwright/test';

/**
 * Resolves once React has hydrated the page: the header's theme toggle, rendered on every
 * page, has its props. Only for what needs React (client-side validation, the photo picker,
 * the dashboard's menus): links, forms and the header's controls work before it.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const toggle = document.querySelector('[data-testid="theme-toggle"]');
    return toggle !== null && Object.keys(toggle).some((key) => key.startsWith('__reactProps$'));
  });
}
