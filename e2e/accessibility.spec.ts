// WCAG 2.1 A/AA (axe-core) on every page, in Arabic and French, light and dark.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { logInDemo } from './demo-login.ts';

const PAGES = [
  { name: 'home', path: '' },
  { name: 'about', path: '/about' },
  { name: 'blog', path: '/blog' },
  { name: 'blog article', path: '/blog/welcome-to-ecosouk' },
  { name: 'privacy policy', path: '/privacy-policy' },
  { name: 'terms of service', path: '/terms-of-service' },
  { name: '404', path: '/no-such-page' },
  { name: 'contact', path: '/contact' },
  { name: 'register', path: '/register' },
  { name: 'login', path: '/login' },
  { name: 'forgot password', path: '/forget-password' },
  { name: 'reset password', path: '/reset-password?token=abc' },
  { name: 'verify e-mail', path: '/verify-email' },
  // A search (chips, order beside the count, no hero) and one that finds nothing (its advice).
  { name: 'search', path: '/?category=electronics&condition=good' },
  { name: 'empty search', path: '/?title=zzqqxxw&category=electronics' },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'settings', path: '/settings', signedIn: true },
  { name: 'dashboard, editing', path: '/dashboard?edit=1', signedIn: true },
  // The demo seller's dashboard: statistics, activity and the listings table filled in.
  { name: 'dashboard with listings', path: '/dashboard', signedIn: 'demo' },
  { name: 'dashboard, filtered', path: '/dashboard?state=active&page=2', signedIn: 'demo' },
  // A demo listing and its seller's shop, found at run time (ids are random).
  { name: 'product', path: '/products/{productId}' },
  { name: 'shop', path: '/shop/{userId}' },
];

/** The oldest listing (a demo one: other specs create, view and delete their own) and its seller. */
async function demoIds(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.get('/api/v1/products?sortBy=date_asc');
  expect(response.status()).toBe(200);
  const first = ((await response.json()) as { data: { id: string; userId: string }[] }).data[0];
  if (!first) throw new Error('no demo listing to test');
  return { productId: first.id, userId: first.userId };
}

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

function describe(violations: Violations): string {
  return violations
    .map((v) =>
      [
        `${v.id} (${v.impact ?? 'unknown'}): ${v.help} — ${v.helpUrl}`,
        ...v.nodes.map((n) => `  at ${n.target.join(' ')}\n    ${(n.failureSummary ?? '').replaceAll('\n', '\n    ')}`),
      ].join('\n'),
    )
    .join('\n\n');
}

let unverified: Promise<{ name: string; email: string; password: string }> | undefined;
let unverifiedLogins = 0;

for (const lang of ['ar', 'fr'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test.describe(`${lang}, ${theme}`, () => {
      for (const { name, path, signedIn } of PAGES) {
        test(`${name} has no WCAG 2.1 AA violations`, async ({ page, context, baseURL }) => {
          await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
          if (signedIn === 'demo') {
            await logInDemo(context.request);
          } else if (signedIn) {
            // An unverified account (the dashboard then shows its banner too), one per worker:
            // sign-ups are rate-limited per address and the whole suite shares one.
            unverified ??= (async () => {
              const email = `a11y-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.dz`;
              const created = { name: 'Salima Haddad', email, password: 'Access2025' };
              expect((await context.request.post('/api/v1/users/signup', { data: created })).status()).toBe(201);
              return created;
            })();
            // Log-ins are limited per address and account (10 in 15 min): each from an address of its own.
            const from = `198.20.${test.info().workerIndex % 250}.${(++unverifiedLogins % 250) + 1}`;
            expect((await context.request.post('/api/v1/users/login', { data: await unverified, headers: { 'x-forwarded-for': from } })).status()).toBe(200);
          }
          const ids = path.includes('{') ? await demoIds(context.request) : {};
          const url = `/${lang}${path.replace(/\{(\w+)\}/g, (_, key: string) => ids[key] ?? key)}`;
          const response = await page.goto(url);
          expect(response?.status()).toBe(name === '404' ? 404 : 200);
          await expect(page.locator('html')).toHaveClass(theme);
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
          expect(violations.map((v) => v.id), `${url} (${theme}):\n${describe(violations)}`).toEqual([]);
          // Headings that skip a level (Lighthouse's accessibility score counts it; axe files it under best practice).
          if (theme === 'light') {
            const order = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
            expect(order.violations.map((v) => v.id), `${url}:\n${describe(order.violations)}`).toEqual([]);
          }
        });
      }
    });
  }
}
