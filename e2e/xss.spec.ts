// Stored XSS: a seller whose listing (title, description, translations) and profile (name,
// bio) are full of markup. Every page that shows them, in Arabic and French, must show the
// markup as text, run none of it, add no element from it, keep the JSON-LD valid JSON and the
// meta tags literal. e2e/seo.spec.ts checks the escaping in the raw HTML of one product
// page; this follows the text into the browser, onto more pages and into the translations.
//
// Under the CSP an injected script would not run anyway, so `window.__xss` alone proves
// little: the checks that would catch a lapse in escaping are "the text is shown as typed"
// and "no element came from it". The CSP violation listener is the second line.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { waitForMail } from '../tests/helpers/outbox.ts';

const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');

const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '</script><script>window.__xss=1</script>';
const SVG = '"><svg onload=window.__xss=1>';
const ATTR = "' autofocus onfocus='window.__xss=1";

/** Lower-case letters only, so that the search takes it as one word. */
const word = () => Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

interface Probe {
  xss: unknown;
  injected: number;
  violations: string[];
}

async function watch(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** What the page ran or built from the payloads: nothing, if all went well. */
function probe(page: Page): Promise<Probe> {
  return page.evaluate(() => ({
    xss: (window as unknown as Record<string, unknown>)['__xss'],
    injected: document.querySelectorAll('img[src="x"], svg[onload], [onerror], [onload], [onfocus], [onmouseover]').length,
    violations: (window as unknown as { cspViolations: string[] }).cspViolations,
  }));
}

function meta(page: Page, selector: string) {
  return page.locator(`meta[${selector}]`).first().getAttribute('content');
}

test('markup in a listing and a profile stays text on every page, in Arabic and French', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = await watch(page);
  const id = word();
  const email = `xss-${id}@example.dz`;
  const password = 'Vendre2025';
  const titles = {
    fr: `Vélo ${IMG} ${SVG} ${id}`,
    ar: `دراجة ${SCRIPT} ${IMG} ${id}`,
    en: `Bike ${SCRIPT} ${SVG} ${id}`,
  };
  const descs = {
    fr: `${SCRIPT} ${IMG} ${SVG} ${ATTR} Bon état, freins neufs.`,
    ar: `${SVG} ${SCRIPT} ${IMG} ${ATTR} حالة جيدة، فرامل جديدة.`,
  };
  const name = `Samir ${SVG} ${IMG}`;
  const bio = `${SCRIPT}\n${IMG} ${SVG}\n${ATTR} — vendeur à Oran.`;

  // ── The seller signs up with markup in the name, verifies and logs in.
  const signup = await page.request.post('/api/v1/users/signup', { data: { name: `Samir ${IMG}`, email, password, lang: 'fr' } });
  expect(signup.status()).toBe(201);
  const userId = ((await signup.json()) as { data: { id: string } }).data.id;
  const mail = await waitForMail(outbox, (m) => m.to.includes(email) && m.links.some((l) => l.includes('/verify-email?token=')));
  expect(mail.html).not.toContain(IMG);
  await page.goto(mail.links.find((l) => l.includes('/verify-email?token='))!);
  await expect(page.getByTestId('verify-state')).toHaveAttribute('data-state', 'success');
  expect((await page.request.post('/api/v1/users/login', { data: { email, password } })).status()).toBe(200);

  // ── The profile: the address is a wilaya from the list, so markup there is refused outright.
  const badAddress = await page.request.put(`/api/v1/users/${userId}`, { data: { address: IMG } });
  expect(badAddress.status()).toBe(400);
  const profile = await page.request.put(`/api/v1/users/${userId}`, { data: { name, bio, address: 'oran' } });
  expect(profile.status()).toBe(200);

  // ── The listing, with a photo, in three languages.
  const buffer = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2f855a' } }).png().toBuffer();
  const upload = await page.request.post('/api/v1/products/upload', { multipart: { image: { name: 'bike.png', mimeType: 'image/png', buffer } } });
  expect(upload.status()).toBe(201);
  const url = ((await upload.json()) as { data: { url: string } }).data.url;
  const created = await page.request.post('/api/v1/products', {
    data: {
      title: titles.fr,
      title_ar: titles.ar,
      title_en: titles.en,
      desc: descs.fr,
      desc_ar: descs.ar,
      desc_en: descs.fr,
      category: 'sport-fitness',
      condition: 'like-new',
      img: url,
      images: [url],
      price: 18500,
      contact: '0661 22 33 44',
      address: 'oran',
    },
  });
  expect(created.status()).toBe(201);
  const productId = ((await created.json()) as { data: { id: string } }).data.id;

  const clean = async (where: string) => {
    expect(await probe(page), where).toEqual({ xss: undefined, injected: 0, violations: [] });
    expect(errors, where).toEqual([]);
  };

  for (const lang of ['ar', 'fr'] as const) {
    const title = titles[lang];
    const desc = descs[lang];

    // The product page: the text as typed, meta tags literal, JSON-LD parsed as JSON.
    await page.goto(`/${lang}/products/${productId}`);
    await expect(page.getByTestId('product-title')).toHaveText(title);
    await expect(page.getByTestId('product-description')).toContainText(SCRIPT);
    await expect(page.getByTestId('product-description')).toContainText(ATTR);
    expect(await meta(page, 'property="og:title"')).toContain(title);
    expect(await meta(page, 'name="description"')).toContain(desc.slice(0, 100));
    expect(await meta(page, 'name="twitter:title"')).toContain(title);
    expect(await page.title()).toContain(title);
    const lds = await page.locator('script[type="application/ld+json"]').allTextContents();
    const product = lds.map((text) => JSON.parse(text) as { '@type': string; name?: string; description?: string }).find((d) => d['@type'] === 'Product');
    expect(product?.name).toBe(title);
    expect(product?.description).toContain(SCRIPT);
    // The seller's name on the contact card, then their shop through the card's link.
    await expect(page.getByTestId('contact-card')).toContainText(name);
    await clean(`${lang} product`);

    // Search results on the home page.
    await page.goto(`/${lang}?title=${id}`);
    const grid = page.getByTestId('product-grid');
    await expect(grid.locator('article')).toHaveCount(1);
    // On a search the cards' titles are h2, under the results' h1.
    await expect(grid.getByRole('heading', { level: 2 })).toHaveText(title);
    await clean(`${lang} search`);

    // The shop: name and bio as text, in the heading, the meta tags and the listing card.
    await page.goto(`/${lang}/shop/${userId}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    await expect(page.getByTestId('shop-bio')).toHaveText(bio);
    await expect(page.getByTestId('product-grid')).toContainText(title);
    expect(await meta(page, 'property="og:title"')).toContain(name);
    expect(await meta(page, 'name="description"')).toContain(name);
    await clean(`${lang} shop`);

    // The seller's dashboard: the listing row, the profile card (name) and details (bio).
    await page.goto(`/${lang}/dashboard`);
    await expect(page.getByTestId('listing-row').filter({ hasText: id }).first()).toContainText(title);
    await expect(page.getByTestId('profile-card')).toContainText(name);
    await expect(page.getByTestId('profile-info')).toContainText(ATTR);
    await clean(`${lang} dashboard`);
    // The edit form puts them back into attributes and a textarea.
    await page.goto(`/${lang}/dashboard?edit=1`);
    await expect(page.locator('input[name="name"]')).toHaveValue(name);
    await expect(page.locator('textarea[name="bio"]')).toHaveValue(bio);
    await clean(`${lang} profile form`);
  }
});
