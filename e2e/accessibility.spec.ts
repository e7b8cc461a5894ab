// WCAG 2.1 A/AA (axe-core) on every page, in Arabic and French, light and dark.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const PAGES = [
  { name: 'home', path: '' },
  { name: 'about', path: '/about' },
  { name: 'blog', path: '/blog' },
  { name: 'blog article', path: '/blog/welcome-to-ecosouk' },
  { name: 'privacy policy', path: '/privacy-policy' },
  { name: 'terms of service', path: '/terms-of-service' },
  { name: '404', path: '/no-such-page' },
];

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

for (const lang of ['ar', 'fr'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test.describe(`${lang}, ${theme}`, () => {
      for (const { name, path } of PAGES) {
        test(`${name} has no WCAG 2.1 AA violations`, async ({ page, context, baseURL }) => {
          await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
          const url = `/${lang}${path}`;
          const response = await page.goto(url);
          expect(response?.status()).toBe(name === '404' ? 404 : 200);
          await expect(page.locator('html')).toHaveClass(theme);
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
          expect(violations.map((v) => v.id), `${url} (${theme}):\n${describe(violations)}`).toEqual([]);
        });
      }
    });
  }
}
