// The header's controls are native HTML (decision 0012): the language and account menus are
// popovers, the phone drawer a modal <dialog>, the theme toggle a form. They work before and
// without JavaScript; with it they gain arrow keys and close after a client-side navigation.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { hydrated } from './hydrated.ts';
import { logInDemo } from './demo-login.ts';

/**
 * The expanded state Chromium gives an element in its accessibility tree. A popover's
 * button has no aria-expanded attribute: the browser derives the state from the popover.
 */
async function expandedState(page: Page, selector: string): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    const property = nodes[0]?.properties?.find((p) => p.name === 'expanded');
    return property ? Boolean(property.value.value) : undefined;
  } finally {
    await cdp.detach();
  }
}

const LANGUAGE_BUTTON = '[data-testid="language-menu"]';

async function noScript(browser: Browser, baseURL: string | undefined, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ ...options, javaScriptEnabled: false, baseURL });
  return { context, page: await context.newPage() };
}

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the language menu works with the keyboard only', async ({ page }) => {
    await page.goto('/ar/about');
    // Arrow keys and closing after a client-side navigation are React's.
    await hydrated(page);
    const trigger = page.getByTestId('language-menu');
    const menu = page.locator('#language-menu');
    await expect(trigger).toHaveAccessibleName('اللغة: AR');
    expect(await expandedState(page, LANGUAGE_BUTTON)).toBe(false);
    for (let i = 0; i < 20 && !(await trigger.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(trigger).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    expect(await expandedState(page, LANGUAGE_BUTTON)).toBe(true);
    // The current language is marked; Tab goes from the button into the menu.
    await expect(menu.getByRole('link', { name: 'العربية' })).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'العربية' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'Français' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(menu.getByRole('link', { name: 'English' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'العربية' })).toBeFocused();

    // Escape closes it and gives the focus back to the button.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
    expect(await expandedState(page, LANGUAGE_BUTTON)).toBe(false);

    // ArrowDown on the button opens it on its first item.
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'العربية' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/fr/about');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    // A client-side navigation: the menu closed behind it.
    await expect(menu).toBeHidden();
  });

  test('a click outside closes the language menu', async ({ page }) => {
    await page.goto('/fr');
    const menu = page.locator('#language-menu');
    await page.getByTestId('language-menu').click();
    await expect(menu).toBeVisible();
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await expect(menu).toBeHidden();
  });

  test('the menu opens below its button, inside the window, in Arabic and French', async ({ page }) => {
    for (const lang of ['ar', 'fr']) {
      await page.goto(`/${lang}`);
      await page.getByTestId('language-menu').click();
      const button = (await page.getByTestId('language-menu').boundingBox())!;
      const box = (await page.locator('#language-menu').boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(button.y + button.height);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(1280);
      // Aligned with the button's end edge: the right one in French, the left one in Arabic.
      if (lang === 'fr') expect(Math.abs(box.x + box.width - (button.x + button.width))).toBeLessThan(2);
      else expect(Math.abs(box.x - button.x)).toBeLessThan(2);
    }
  });

  test('the account menu opens on the dashboard link and closes with Escape', async ({ page }) => {
    await logInDemo(page.request);
    await page.goto('/fr/about');
    await page.getByTestId('user-menu').click();
    const menu = page.locator('#user-menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Tableau de bord' })).toHaveAttribute('href', '/fr/dashboard');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('one tap opens the drawer, whose link navigates; Escape closes it and the focus goes back', async ({ page }) => {
    await page.goto('/fr');
    await hydrated(page);
    await page.getByTestId('mobile-menu').tap();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleName('EcoSouk');
    await expect(dialog.getByRole('button', { name: 'Fermer le menu' })).toBeFocused();
    // The page behind does not scroll.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');

    await dialog.getByRole('navigation').getByRole('link', { name: 'À propos', exact: true }).tap();
    await expect(page).toHaveURL('/fr/about');
    await expect(dialog).toBeHidden();

    await page.getByTestId('mobile-menu').tap();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('mobile-menu')).toBeFocused();

    // A tap on the backdrop closes it too.
    await page.getByTestId('mobile-menu').tap();
    await expect(dialog).toBeVisible();
    await page.mouse.click(10, 400);
    await expect(dialog).toBeHidden();
  });

  test('without JavaScript the drawer opens, closes and its links work', async ({ browser, baseURL }) => {
    const { context, page } = await noScript(browser, baseURL, { viewport: { width: 390, height: 844 } });
    await page.goto('/ar');
    const dialog = page.getByRole('dialog');
    await page.getByTestId('mobile-menu').click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'إغلاق القائمة' }).click();
    await expect(dialog).toBeHidden();
    await page.getByTestId('mobile-menu').click();
    await dialog.getByRole('link', { name: 'تسجيل الدخول' }).click();
    await expect(page).toHaveURL('/ar/login');
    await context.close();
  });
});

test('without JavaScript the language menu opens and its links go to the same page in the other language', async ({ browser, baseURL }) => {
  const { context, page } = await noScript(browser, baseURL);
  await page.goto('/fr/blog?x=1');
  const menu = page.locator('#language-menu');
  await expect(menu).toBeHidden();
  await page.getByTestId('language-menu').click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/en/blog?x=1');
  await menu.getByRole('link', { name: 'العربية' }).click();
  await expect(page).toHaveURL('/ar/blog?x=1');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await context.close();
});

test('without JavaScript the theme toggle posts a form and comes back to the page, dark', async ({ browser, baseURL }) => {
  const { context, page } = await noScript(browser, baseURL);
  await page.goto('/fr/blog?x=1');
  await expect(page.locator('html')).toHaveClass(/(^| )light( |$)/);
  await page.getByTestId('theme-toggle').click();
  await expect(page).toHaveURL('/fr/blog?x=1');
  await expect(page.locator('html')).toHaveClass(/(^| )dark( |$)/);
  await expect(page.getByTestId('theme-toggle')).toHaveAccessibleName('Passer au thème clair');
  expect((await context.cookies()).find((c) => c.name === 'theme')?.value).toBe('dark');
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveClass(/(^| )light( |$)/);
  await context.close();
});

test('the theme form refuses an unknown theme and never sends anyone off the site', async ({ request }) => {
  const bad = await request.post('/theme', { form: { theme: 'blue', returnTo: '/fr' }, maxRedirects: 0 });
  expect(bad.status()).toBe(400);
  for (const returnTo of ['https://evil.example/', '//evil.example/', '/\\evil.example']) {
    const response = await request.post('/theme', { form: { theme: 'dark', returnTo }, maxRedirects: 0 });
    expect(response.status()).toBe(303);
    expect(response.headers().location).toBe('/');
  }
  const good = await request.post('/theme', { form: { theme: 'dark', returnTo: '/ar/about?x=1' }, maxRedirects: 0 });
  expect(good.headers().location).toBe('/ar/about?x=1');
  expect(good.headers()['set-cookie']).toContain('theme=dark; Path=/');
});

test('without JavaScript the account menu opens and logs out', async ({ browser, baseURL }) => {
  const { context, page } = await noScript(browser, baseURL);
  await logInDemo(context.request);
  await page.goto('/fr/about');
  await page.getByTestId('user-menu').click();
  await page.locator('#user-menu').getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL('/fr');
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  await context.close();
});

test('public pages fetch no Radix code: the header is native HTML', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/fr');
  await hydrated(page);
  await page.getByTestId('language-menu').click();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of scripts) {
    const text = await (await page.request.get(url)).text();
    // Strings only radix-ui's code holds.
    expect(text.includes('data-radix-') || text.includes('DismissableLayer'), url).toBe(false);
  }
});
