// What issue #16 adds to a listing's Product shape — `reference`, `views`, `impact` — read
// through the API and the product page's loader, on PGlite and on PostgreSQL.
import { eq, getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, users } from '../../db/schema.ts';
import { IMPACT_METHOD } from '../../common/impact.ts';
import * as homePage from '../../app/routes/home.tsx';
import * as shopPage from '../../app/routes/shop.tsx';
import { callLoader } from '../helpers/pages.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

// The details column comes with the `listings` work; the estimates with a figure need it.
const hasAttributes = 'attributes' in getTableColumns(products);

let ctx: TestContext;
let sellerId: string;

async function listing(values: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await ctx.database.db
    .insert(products)
    .values({ userId: sellerId, title: 'Objet', desc: 'Objet', originalLang: 'fr', category: 'electronics', condition: 'good', address: 'alger', price: 1000, contact: '+213550000000', ...values })
    .returning();
  return row!;
}

async function read(id: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  ctx = await createTestContext('impact_api');
  const [row] = await ctx.database.db.insert(users).values({ name: 'Amina', email: 'amina@example.dz', passwordHash: 'x', isVerified: true }).returning();
  sellerId = row!.id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('reference', () => {
  it('is a short number from a sequence: distinct per listing, at least six digits, unchanged by edits', async () => {
    const a = await listing();
    const b = await listing();
    const first = await read(a.id);
    const second = await read(b.id);
    expect(first.reference).toMatch(/^\d{6,}$/);
    expect(Number(second.reference)).toBe(Number(first.reference) + 1);
    await ctx.database.db.update(products).set({ title: 'Objet renommé', category: 'furniture-home', address: 'oran' }).where(eq(products.id, a.id));
    expect((await read(a.id)).reference).toBe(first.reference);
  });

  it('is the same in search results as on the listing', async () => {
    const c = await listing({ title: 'Bouilloire référencée' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/products?title=bouilloire' });
    const found = res.json().data.find((p: { id: string }) => p.id === c.id);
    expect(found.reference).toBe((await read(c.id)).reference);
  });
});

describe('views', () => {
  it('shows the views counted, once per visitor a day', async () => {
    const p = await listing();
    // The reader's own view is counted after the row was read: the first answer still says 0.
    expect((await read(p.id)).views).toBe(0);
    expect((await read(p.id)).views).toBe(1);
    await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${p.id}`, headers: { 'user-agent': 'another browser' } });
    expect((await read(p.id)).views).toBe(2);
  });
});

describe('impact', () => {
  it('is null where the listing does not name a product with a figure', async () => {
    for (const category of ['electronics', 'automobile', 'real-estate', 'services']) {
      const p = await listing({ category });
      expect((await read(p.id)).impact, category).toBeNull();
    }
  });

  it('is documented in the OpenAPI Product shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const product = res.json().components.schemas.Product;
    expect(product.required).toEqual(expect.arrayContaining(['reference', 'views', 'impact']));
  });
});

describe('GET /api/v1/meta/impact and the shop total', () => {
  let other: string;
  beforeAll(async () => {
    await ctx.database.db.delete(products);
    ctx.services.impact.invalidate();
    const [row] = await ctx.database.db.insert(users).values({ name: 'Karim', email: 'karim@example.dz', passwordHash: 'x', isVerified: true }).returning();
    other = row!.id;
  });

  const sold = new Date(Date.now() - 3600_000);
  const withDetails = (values: Partial<typeof products.$inferInsert>, attributes: Record<string, string>) =>
    listing({ ...values, ...(hasAttributes ? { attributes } : {}) } as Partial<typeof products.$inferInsert>);

  async function meta() {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/meta/impact' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    return res.json().data;
  }

  it('counts the listings marked as sold, and nothing else', async () => {
    expect(await meta()).toEqual({ co2eKgAvoided: 0, soldListings: 0, method: IMPACT_METHOD });
    ctx.services.impact.invalidate();
    await withDetails({ soldAt: sold }, { type: 'phone' });
    await withDetails({ soldAt: sold, category: 'automobile' }, { fuel: 'diesel' });
    await withDetails({ soldAt: sold, category: 'services' }, {});
    await withDetails({ soldAt: sold, userId: other }, { type: 'phone' });
    // Not sold, removed by a moderator after its sale: not counted.
    await withDetails({}, { type: 'phone' });
    await withDetails({ soldAt: sold, moderation: 'removed' }, { type: 'phone' });
    const data = await meta();
    expect(data.soldListings).toBe(4);
    // Two phones (43 each) and a diesel car (3 400) once the details exist; nothing without them.
    expect(data.co2eKgAvoided).toBe(hasAttributes ? 43 + 3400 + 43 : 0);
  });

  it('serves the site total from its cache for five minutes', async () => {
    const before = await meta();
    await withDetails({ soldAt: sold }, { type: 'tv' });
    expect(await meta()).toEqual(before);
    ctx.services.impact.invalidate();
    expect((await meta()).soldListings).toBe(before.soldListings + 1);
  });

  it("sums one seller's sold listings for their shop, uncached", async () => {
    const karim = await ctx.services.impact.sellerTotal(other);
    expect(karim.soldListings).toBe(1);
    expect(karim.co2eKgAvoided).toBe(hasAttributes ? 43 : 0);
    await withDetails({ soldAt: sold, userId: other }, { type: 'laptop' });
    expect((await ctx.services.impact.sellerTotal(other)).soldListings).toBe(2);
  });

  it('reaches the home page and the shop through their loaders', async () => {
    ctx.services.impact.invalidate();
    const home = await callLoader(ctx, homePage.loader, { path: '/fr', params: { lang: 'fr' } });
    expect((home as { data: { impact: { soldListings: number } } }).data.impact.soldListings).toBe(6);
    const shop = await callLoader(ctx, shopPage.loader, { path: `/fr/shop/${other}`, params: { lang: 'fr', userId: other } });
    expect((shop as { data: { impact: { soldListings: number } } }).data.impact.soldListings).toBe(2);
  });
});
