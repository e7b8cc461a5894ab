// The header's menus and drawer load radix-ui only once a visitor reaches for them
// (issue #6): none of its code is fetched before, one tap or one key still opens them.
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './hydrated.ts';

// Strings only radix-ui's code holds: its DOM attributes and its layer primitives. Chunk
// names change with every build and with the chunking settings, so the content decides.
const RADIX_MARKERS = ['data-radix-', 'DismissableLayer'];

/** Every script the page asks for, in order; `radix()` says which of them hold Radix. */
function watchScripts(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || request.url().endsWith('.js')) urls.push(request.url());
  });
  const isRadix = new Map<string, Promise<boolean>>();
  const check = (url: string) => {
    let known = isRadix.get(url);
    if (!known) {
      known = page.request.get(url).then(async (response) => {
        const text = await response.text();
        return RADIX_MARKERS.some((marker) => text.includes(marker));
      });
      isRadix.set(url, known);
    }
    return known;
  };
  return {
    count: () => urls.length,
    /** The scripts among the first `upTo` requests that contain Radix. */
    radix: async (upTo = urls.length) => {
      const some = [...new Set(urls.slice(0, upTo))];
      const flags = await Promise.all(some.map(check));
      return some.filter((_, i) => flags[i]);
    },
  };
}

/** Lets the page settle, then says no Radix code has been fetched; returns how many scripts were. */
async function noRadixYet(page: Page, scripts: ReturnType<typeof watchScripts>) {
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(await scripts.radix(), 'Radix fetched before any interaction').toEqual([]);
  return scripts.count();
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('one tap opens the drawer, whose link navigates; Radix arrives with the tap', async ({ page }) => {
    const scripts = watchScripts(page);
    await page.goto('/fr');
    const before = await noRadixYet(page, scripts);

    await page.getByTestId('mobile-menu').tap();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Fermer le menu' })).toBeFocused();
    expect((await scripts.radix()).length).toBeGreaterThan(0);
    expect(await scripts.radix(before)).toEqual([]);

    await dialog.getByRole('navigation').getByRole('link', { name: 'À propos', exact: true }).tap();
    await expect(page).toHaveURL('/fr/about');
    await expect(dialog).toBeHidden();

    // The Radix trigger now in place opens as the plain one did, and gives the focus back on close.
    await page.getByTestId('mobile-menu').tap();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('mobile-menu')).toBeFocused();
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the language menu works with the keyboard only; Radix arrives with the first Tab onto it', async ({ page }) => {
    const scripts = watchScripts(page);
    await page.goto('/ar/about');
    const before = await noRadixYet(page, scripts);

    const trigger = page.getByTestId('language-menu');
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toHaveAccessibleName('اللغة: AR');
    // Asked of the page, not of the locator: the focus moves from the plain button to the
    // Radix one as the chunk arrives, and a locator resolved to the old one would say "not
    // focused" and send one Tab too many.
    const onTrigger = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid === 'language-menu');
    for (let i = 0; i < 20 && !(await onTrigger()); i++) await page.keyboard.press('Tab');
    await expect(trigger).toBeFocused();

    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    // As Radix does for a menu opened with a key: the first item has the focus.
    await expect(menu.getByRole('menuitem', { name: 'العربية' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Français' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/fr/about');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

    expect((await scripts.radix()).length).toBeGreaterThan(0);
    expect(await scripts.radix(before)).toEqual([]);
  });

  test('a click while Radix is still on its way opens the menu, with no layout shift', async ({ page }) => {
    const scripts = watchScripts(page);
    await page.goto('/fr');
    await noRadixYet(page, scripts);
    // A slow network from here on: the chunk must not come before the click lands.
    await page.route('**/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });

    const trigger = page.getByTestId('language-menu');
    const box = await trigger.boundingBox();
    await trigger.click();
    // Still the plain button: the click did not wait for the chunk.
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await trigger.boundingBox()).toEqual(box);

    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(trigger).toBeFocused();
    await trigger.click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page).toHaveURL('/en');
  });

  test('Enter while Radix is still on its way opens the menu on its first item', async ({ page }) => {
    const scripts = watchScripts(page);
    await page.goto('/fr');
    await noRadixYet(page, scripts);
    await page.route('**/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });

    const trigger = page.getByTestId('language-menu');
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'العربية' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(trigger).toBeFocused();
  });
});

test('without JavaScript the other languages are plain links', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/fr/blog?x=1');
  const header = page.locator('header');
  await expect(header.getByRole('link', { name: /^en$/i })).toHaveAttribute('href', '/en/blog?x=1');
  await header.getByRole('link', { name: /^ar$/i }).click();
  await expect(page).toHaveURL('/ar/blog?x=1');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await context.close();
});
