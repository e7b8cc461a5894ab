// Search-engine and sharing metadata in the server's HTML: JSON-LD, canonical and
// reciprocal hreflang links, noindex on private pages, and escaping of sellers' text.
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { waitForMail } from '../tests/helpers/outbox.ts';
import { logInDemo } from './demo-login.ts';

const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type Ld = Record<string, unknown> & { '@type'?: string };

/** The attributes of every `<tag …>` in the HTML (entities in values decoded). */
function tags(html: string, tag: string): Record<string, string>[] {
  const decode = (v: string) =>
    v.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))].map((m) => {
    const attrs: Record<string, string> = {};
    for (const a of (m[1] ?? '').matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)) attrs[a[1]!.toLowerCase()] = decode(a[2]!);
    return attrs;
  });
}

function jsonLds(html: string): Ld[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Ld);
}

const canonicalOf = (html: string) => tags(html, 'link').find((l) => l.rel === 'canonical')?.href;
const alternatesOf = (html: string) =>
  tags(html, 'link')
    .filter((l) => l.rel === 'alternate' && l.hreflang)
    .map((l) => `${l.hreflang} ${l.href}`)
    .sort();
const robotsOf = (html: string) => tags(html, 'meta').find((m) => m.name === 'robots')?.content;

async function fetchHtml(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return response.text();
}

test('the home page describes the organisation and its search', async ({ request, baseURL }) => {
  const page = await fetchHtml(request, '/fr');
  const lds = jsonLds(page);
  const org = lds.find((d) => d['@type'] === 'Organization');
  expect(org).toMatchObject({ '@context': 'https://schema.org', name: 'EcoSouk', logo: `${baseURL}/icon-512.png` });
  const site = lds.find((d) => d['@type'] === 'WebSite');
  expect(site).toMatchObject({
    url: `${baseURL}/fr`,
    potentialAction: { '@type': 'SearchAction', target: { urlTemplate: `${baseURL}/fr?title={search_term_string}` } },
  });
  expect(canonicalOf(page)).toBe(`${baseURL}/fr`);
  expect(tags(page, 'meta').find((m) => m.property === 'og:locale')?.content).toBe('fr_DZ');
  // A search keeps the home page's canonical URL.
  expect(canonicalOf(await fetchHtml(request, '/fr?title=velo'))).toBe(`${baseURL}/fr`);
});

test('a listing carries Product and BreadcrumbList data, canonical and reciprocal alternates', async ({ request, baseURL }) => {
  const home = await fetchHtml(request, '/fr');
  const href = home.match(/href="(\/fr\/products\/[0-9a-f-]{36})"/)?.[1];
  expect(href).toBeTruthy();
  const page = await fetchHtml(request, href!);
  const lds = jsonLds(page);
  const product = lds.find((d) => d['@type'] === 'Product');
  expect(product).toBeTruthy();
  expect(product!.sku).toBe(href!.split('/').pop());
  expect(product!.offers).toMatchObject({
    '@type': 'Offer',
    priceCurrency: 'DZD',
    availability: 'https://schema.org/InStock',
    url: `${baseURL}${href}`,
  });
  expect(typeof (product!.offers as { price: unknown }).price).toBe('number');
  for (const image of (product!.image as string[] | undefined) ?? []) expect(image).toMatch(/^https?:\/\//);
  const crumbs = lds.find((d) => d['@type'] === 'BreadcrumbList')?.itemListElement as { position: number; item: string }[];
  expect(crumbs.map((c) => c.position)).toEqual([1, 2, 3]);
  expect(crumbs[2]!.item).toBe(`${baseURL}${href}`);

  const ogImage = tags(page, 'meta').find((m) => m.property === 'og:image')?.content;
  if (ogImage) expect(ogImage).toMatch(/^https?:\/\//);
  expect(tags(page, 'meta').find((m) => m.property === 'og:type')?.content).toBe('product');

  const canonical = canonicalOf(page);
  expect(canonical).toBe(`${baseURL}${href}`);
  const alternates = alternatesOf(page);
  expect(alternates.map((a) => a.split(' ')[0])).toEqual(['ar', 'en', 'fr', 'x-default']);
  expect(alternates).toContain(`fr ${canonical}`);
  for (const alternate of alternates) {
    const url = alternate.split(' ')[1]!;
    const other = await fetchHtml(request, url);
    expect(alternatesOf(other), url).toEqual(alternates);
    expect(canonicalOf(other)).toBe(url);
  }
});

test('static pages have reciprocal alternates too', async ({ request, baseURL }) => {
  const page = await fetchHtml(request, '/en/about');
  expect(canonicalOf(page)).toBe(`${baseURL}/en/about`);
  const alternates = alternatesOf(page);
  expect(alternates).toEqual([`ar ${baseURL}/ar/about`, `en ${baseURL}/en/about`, `fr ${baseURL}/fr/about`, `x-default ${baseURL}/ar/about`]);
  for (const lang of ['ar', 'fr']) expect(alternatesOf(await fetchHtml(request, `/${lang}/about`))).toEqual(alternates);
  expect(robotsOf(page)).toBeUndefined();
});

test('private and account pages are not indexed; the log-in and sign-up entry pages are', async ({ request }) => {
  const login = await fetchHtml(request, '/ar/login');
  expect(robotsOf(login)).toBeUndefined();
  expect(login).toMatch(/<meta name="description" content="[^"]+"/);
  expect(robotsOf(await fetchHtml(request, '/fr/register'))).toBeUndefined();
  expect(robotsOf(await fetchHtml(request, '/fr/forget-password'))).toBe('noindex, nofollow');
  expect(robotsOf(await fetchHtml(request, '/en/reset-password?token=x'))).toBe('noindex, nofollow');
  await logInDemo(request);
  expect(robotsOf(await fetchHtml(request, '/fr/dashboard'))).toBe('noindex, nofollow');
  expect(robotsOf(await fetchHtml(request, '/fr/products/new'))).toBe('noindex, nofollow');
});

test("a seller's markup is escaped in meta tags and JSON-LD", async ({ page }) => {
  test.setTimeout(60_000);
  const email = `seo-${unique()}@example.dz`;
  const password = 'Vendre2025';
  const payload = '<script>alert(1)</script>';
  const title = `Vélo ${payload} ${unique()}`;

  const signup = await page.request.post('/api/v1/users/signup', { data: { name: 'Samir Haddad', email, password, lang: 'fr' } });
  expect(signup.status()).toBe(201);
  const mail = await waitForMail(outbox, (m) => m.to.includes(email) && m.links.some((l) => l.includes('/verify-email?token=')));
  await page.goto(mail.links.find((l) => l.includes('/verify-email?token='))!);
  await expect(page.getByTestId('verify-state')).toHaveAttribute('data-state', 'success');
  expect((await page.request.post('/api/v1/users/login', { data: { email, password } })).status()).toBe(200);

  const buffer = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2f855a' } }).png().toBuffer();
  const upload = await page.request.post('/api/v1/products/upload', { multipart: { image: { name: 'bike.png', mimeType: 'image/png', buffer } } });
  expect(upload.status()).toBe(201);
  const url = ((await upload.json()) as { data: { url: string } }).data.url;
  const created = await page.request.post('/api/v1/products', {
    data: {
      title,
      desc: `Bon état ${payload}, freins neufs.`,
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
  const id = ((await created.json()) as { data: { id: string } }).data.id;

  const response = await page.request.get(`/fr/products/${id}`);
  expect(response.status()).toBe(200);
  const body = await response.text();
  expect(body).not.toContain(payload);
  const meta = tags(body, 'meta');
  expect(meta.find((m) => m.property === 'og:title')?.content).toContain(title);
  expect(meta.find((m) => m.property === 'og:image')?.content).toMatch(/^https?:\/\/.+/);
  expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  const product = jsonLds(body).find((d) => d['@type'] === 'Product');
  expect(product?.name).toBe(title);
  expect(product?.offers).toMatchObject({ price: 18500, priceCurrency: 'DZD', itemCondition: 'https://schema.org/UsedCondition' });
});
