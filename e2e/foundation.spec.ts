// The foundation: language redirects, server rendering, 404s, theme, language switch,
// mobile drawer, blog and footer — against the production build.
import { expect, test } from '@playwright/test';
import { DEMO_LISTINGS } from '../server/seed/demo-listings.ts';
import type { Lang } from '../common/languages.ts';

/** Text as React writes it into HTML. */
function escapeHtml(text: string) {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;');
}

/** Demo listing titles as the home page shows them in `lang`. */
function demoTitles(lang: Lang) {
  return DEMO_LISTINGS.filter((l) => !l.inactive).map((l) =>
    escapeHtml(l.lang === lang ? l.title : (l.translations?.title[lang] ?? l.title)),
  );
}

/** A price inside the card's <bdi>: digits, separators, then the dinar label. */
const priceIn = (label: string) => new RegExp(`<bdi[^>]*>[0-9][0-9\\s\\u00a0\\u202f.,]* ${label.replace('.', '\\.')}</bdi>`);

test.describe('language redirect from /', () => {
  test('defaults to Arabic', async ({ request }) => {
    const response = await request.get('/', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('/ar');
  });

  test('follows Accept-Language', async ({ request }) => {
    const response = await request.get('/', { maxRedirects: 0, headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('/fr');
  });

  test('follows the i18next cookie', async ({ request }) => {
    const response = await request.get('/', {
      maxRedirects: 0,
      headers: { cookie: 'i18next=en', 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('/en');
  });

  test('?lng wins over the cookie', async ({ request }) => {
    const response = await request.get('/?lng=fr', { maxRedirects: 0, headers: { cookie: 'i18next=en' } });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('/fr');
  });
});

test.describe('server-rendered HTML', () => {
  const cases = [
    { lang: 'ar', html: 'lang="ar" dir="rtl"', currency: 'د.ج' },
    { lang: 'fr', html: 'lang="fr" dir="ltr"', currency: 'DA' },
    { lang: 'en', html: 'lang="en" dir="ltr"', currency: 'DZD' },
  ] as const;
  for (const { lang, html, currency } of cases) {
    test(`/${lang} is complete before any JavaScript`, async ({ request }) => {
      const response = await request.get(`/${lang}`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('text/html');
      const text = await response.text();
      expect(text).toContain(html);
      expect(text).toContain('data-testid="product-grid"');
      expect(text).toMatch(/<img[^>]+src="\/uploads\/[^"]+"/);
      expect(text).toMatch(priceIn(currency));
      const titles = demoTitles(lang).filter((title) => text.includes(title));
      expect(titles.length, 'no demo listing title in the HTML').toBeGreaterThan(0);
    });
  }

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('/fr shows product cards', async ({ page }) => {
      const response = await page.goto('/fr');
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      const cards = page.getByTestId('product-grid').locator('article');
      expect(await cards.count()).toBeGreaterThan(0);
      const first = cards.first();
      await expect(first.getByRole('heading', { level: 3 })).not.toBeEmpty();
      await expect(first.locator('img')).toHaveAttribute('src', /^\/uploads\//);
      await expect(first).toContainText(/\d DA/);
      await expect(first.getByRole('link')).toHaveAttribute('href', /^\/fr\/products\//);
    });
  });
});

test.describe('404', () => {
  test('an unknown page in a language', async ({ page }) => {
    const response = await page.goto('/ar/no-such-page');
    expect(response?.status()).toBe(404);
    const notFound = page.getByTestId('not-found');
    await expect(notFound).toBeVisible();
    await expect(notFound.getByRole('heading', { level: 1 })).toHaveText('الصفحة غير موجودة');
    await expect(notFound.getByRole('link')).toHaveAttribute('href', '/ar');
  });

  test('an unknown language prefix, in the default language', async ({ request }) => {
    const response = await request.get('/xx');
    expect(response.status()).toBe(404);
    const text = await response.text();
    expect(text).toContain('lang="ar" dir="rtl"');
    expect(text).toContain('data-testid="not-found"');
    expect(text).toContain('الصفحة غير موجودة');
  });

  test('an unknown blog article, in French', async ({ page }) => {
    const response = await page.goto('/fr/blog/unknown-article');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const notFound = page.getByTestId('not-found');
    await expect(notFound.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    await expect(notFound.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/fr');
  });

  test('an unknown API path is JSON', async ({ request }) => {
    const response = await request.get('/api/v1/nope');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    expect(await response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

test('the theme survives a reload without a flash', async ({ page }) => {
  await page.goto('/fr/about');
  await expect(page.locator('html')).toHaveClass(/(^| )light( |$)/);
  // In place once React is there, by the form's post and redirect before.
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveClass(/(^| )dark( |$)/);

  // The server renders the theme from the cookie the toggle set.
  const response = await page.context().request.get('/fr/about');
  const htmlTag = (await response.text()).match(/<html[^>]*>/)?.[0];
  // (With `web-fonts` beside it once the first page has fetched the fonts, decision 0032.)
  expect(htmlTag).toMatch(/class="dark( web-fonts)?"/);

  await page.reload({ waitUntil: 'domcontentloaded' });
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('aria-label', 'Passer au thème clair');
});

test.describe('language switch', () => {
  test('keeps the page', async ({ page }) => {
    await page.goto('/fr/about');
    await page.getByTestId('language-menu').click();
    await page.getByRole('link', { name: 'العربية' }).click();
    await expect(page).toHaveURL('/ar/about');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('keeps the query string', async ({ page }) => {
    await page.goto('/fr/blog?x=1');
    await page.getByTestId('language-menu').click();
    await page.getByRole('link', { name: 'العربية' }).click();
    await expect(page).toHaveURL('/ar/blog?x=1');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});

test.describe('mobile drawer', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('holds the account links and the navigation, and closes on navigation', async ({ page }) => {
    await page.goto('/fr');
    await page.getByTestId('mobile-menu').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/fr/login');
    await expect(dialog.getByRole('link', { name: 'Créer un compte' })).toHaveAttribute('href', '/fr/register');
    const nav = dialog.getByRole('navigation');
    await expect(nav).toBeVisible();
    for (const name of ['Accueil', 'Blog', 'À propos', 'Contact', 'Politique de confidentialité', "Conditions d'utilisation"]) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await nav.getByRole('link', { name: 'À propos', exact: true }).click();
    await expect(page).toHaveURL('/fr/about');
    await expect(dialog).toBeHidden();
  });
});

test.describe('blog', () => {
  test('lists the two articles and opens one', async ({ page }) => {
    await page.goto('/en/blog');
    const articles = page.locator('main article');
    await expect(articles).toHaveCount(2);
    for (const article of await articles.all()) await expect(article).toContainText('By The EcoSouk team');
    await page.getByRole('link', { name: 'Welcome to EcoSouk', exact: true }).click();
    await expect(page).toHaveURL('/en/blog/welcome-to-ecosouk');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to EcoSouk');
    await expect(page.locator('main time')).toHaveText('10 June 2025');
  });

  test('shows the date in the local format', async ({ page }) => {
    await page.goto('/fr/blog/welcome-to-ecosouk');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenue sur EcoSouk');
    await expect(page.locator('main time')).toHaveText('10 juin 2025');
    await expect(page.locator('main time')).toHaveAttribute('datetime', '2025-06-10');
  });
});

test('the footer shows the current year and four social links', async ({ page }) => {
  await page.goto('/fr');
  const footer = page.locator('footer');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} EcoSouk`);
  const social = footer.locator('a[target="_blank"]');
  await expect(social).toHaveCount(4);
  for (const link of await social.all()) {
    await expect(link).toHaveAttribute('href', /^https:\/\//);
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(link).toHaveAccessibleName(/EcoSouk/);
  }
});
