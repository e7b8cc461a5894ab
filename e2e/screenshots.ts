// `npm run screenshots -- [base URL] [paths…]`: every page in Arabic and French,
// light and dark, at 390 px and 1280 px, into e2e/screenshots/ for a person to look at.
// SCREENSHOT_LOGIN=email:password signs in first (for private pages).
import { mkdir } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { chromiumPath, CHROMIUM_ARGS } from './chromium.ts';

const [base = 'http://localhost:3000', ...given] = process.argv.slice(2);
const paths = given.length > 0 ? given : ['', '/about', '/blog', '/blog/how-to-use-ecosouk', '/privacy-policy', '/terms-of-service', '/no-such-page'];
const out = new URL('./screenshots/', import.meta.url);
await mkdir(out, { recursive: true });

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
for (const lang of ['ar', 'fr']) {
  for (const theme of ['light', 'dark']) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
      await context.addCookies([{ name: 'theme', value: theme, url: base }]);
      const login = process.env.SCREENSHOT_LOGIN;
      if (login) {
        const [email, password] = login.split(':');
        const res = await context.request.post(`${base}/api/v1/users/login`, { data: { email, password } });
        if (!res.ok()) throw new Error(`log-in failed: ${res.status()}`);
      }
      const page = await context.newPage();
      for (const path of paths) {
        await page.goto(`${base}/${lang}${path}`, { waitUntil: 'networkidle' });
        const name = `${(path || '/home').slice(1).replace(/[^a-z0-9-]+/gi, '_')}-${lang}-${theme}-${width}.png`;
        await page.screenshot({ path: new URL(name, out).pathname, fullPage: true });
      }
      await context.close();
    }
  }
}
await browser.close();
console.log(`screenshots written to ${out.pathname}`);
