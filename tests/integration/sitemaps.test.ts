// robots.txt and the sitemaps, read as a crawler would.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
const ids: { active: string[]; inactive: string } = { active: [], inactive: '' };

beforeAll(async () => {
  ctx = await createTestContext('sitemaps');
  const [seller] = await ctx.database.db.insert(users).values({ name: 'S', email: 's@example.dz', passwordHash: 'x', isVerified: true }).returning();
  for (const status of ['active', 'active', 'inactive'] as const) {
    const [row] = await ctx.database.db
      .insert(products)
      .values({ userId: seller!.id, category: 'electronics', condition: 'good', title: 'Radio', desc: 'Radio', originalLang: 'fr', price: 1000, contact: '+213550000000', address: 'alger', status })
      .returning({ id: products.id });
    if (status === 'active') ids.active.push(row!.id);
    else ids.inactive = row!.id;
  }
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe('robots.txt', () => {
  it('allows the site, keeps private pages out and points to the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('Disallow: /*/dashboard');
    expect(res.body).not.toContain('/login');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });
});

describe('sitemaps', () => {
  it('index lists the static sitemap and one listings file', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    expect(locs(res.body)).toEqual(['http://localhost:3000/sitemaps/static.xml', 'http://localhost:3000/sitemaps/listings-1.xml']);
  });

  it('static pages in three languages, absolute, with reciprocal alternates', async () => {
    const { body } = await get('/sitemaps/static.xml');
    const urls = locs(body);
    for (const lang of ['ar', 'fr', 'en']) {
      for (const path of ['', '/about', '/blog', '/blog/welcome-to-ecosouk', '/contact', '/privacy-policy', '/terms-of-service']) {
        expect(urls).toContain(`http://localhost:3000/${lang}${path}`);
      }
    }
    const entries = [...body.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
    const alternatesOf = (entry: string) =>
      [...entry.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => `${m[1]}=${m[2]}`).sort();
    const byLoc = new Map(entries.map((e) => [locs(e)[0]!, alternatesOf(e)]));
    for (const [loc, alternates] of byLoc) {
      expect(alternates.map((a) => a.split('=')[0])).toEqual(['ar', 'en', 'fr', 'x-default']);
      for (const alternate of alternates) {
        const href = alternate.slice(alternate.indexOf('=') + 1);
        expect(byLoc.get(href), `${loc} → ${href}`).toEqual(alternates);
      }
    }
  });

  it('listings file holds active listings only, in three languages, with lastmod', async () => {
    const res = await get('/sitemaps/listings-1.xml');
    expect(res.statusCode).toBe(200);
    const urls = locs(res.body);
    for (const id of ids.active) for (const lang of ['ar', 'fr', 'en']) expect(urls).toContain(`http://localhost:3000/${lang}/products/${id}`);
    expect(res.body).not.toContain(ids.inactive);
    expect(res.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}/);
  });

  it('answers 404 for listings files that do not exist', async () => {
    for (const url of ['/sitemaps/listings-0.xml', '/sitemaps/listings-2.xml', '/sitemaps/listings-abc.xml']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});

describe('web app manifest', () => {
  it('names the app and points to icons of the right sizes', async () => {
    const manifest = JSON.parse(await readFile('public/manifest.webmanifest', 'utf8'));
    expect(manifest).toMatchObject({ short_name: 'EcoSouk', start_url: '/', display: 'standalone' });
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const meta = await sharp(`public${icon.src}`).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
  });
});
