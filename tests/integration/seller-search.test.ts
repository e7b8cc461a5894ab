// The `seller` filter of the search (GET /api/v1/products and the home page URL), and the
// shop's exact count with its "see all" link to that search, followed across its pages.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchParamsSchema } from '../../common/schemas/search.ts';
import { searchFilters, searchStatements } from '../../server/services/search.ts';
import { SHOP_PAGE_LIMIT } from '../../common/constants.ts';
import { products, users } from '../../db/schema.ts';
import * as homePage from '../../app/routes/home.tsx';
import * as shopPage from '../../app/routes/shop.tsx';
import { callLoader } from '../helpers/pages.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
let big: string;
let small: string;
const bigActive: string[] = [];
const ACTIVE = SHOP_PAGE_LIMIT + 3;
const NOBODY = '00000000-0000-4000-8000-000000000000';

async function seller(name: string, email: string) {
  const [row] = await ctx.database.db.insert(users).values({ name, email, passwordHash: 'x', isVerified: true }).returning();
  return row!.id;
}

async function listing(userId: string, title: string, ageMinutes: number, status: 'active' | 'inactive' = 'active') {
  const createdAt = new Date(Date.now() - ageMinutes * 60_000);
  const [row] = await ctx.database.db
    .insert(products)
    .values({ userId, title, desc: title, originalLang: 'fr', category: 'electronics', condition: 'good', address: 'alger', price: 1000 + ageMinutes, contact: '+213550000000', status, createdAt, updatedAt: createdAt })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestContext('seller_search');
  big = await seller('Boutique Amina', 'amina@example.dz');
  small = await seller('متجر كريم', 'karim@example.dz');
  for (let i = 0; i < ACTIVE; i++) bigActive.push(await listing(big, `Article ${i}`, i * 2));
  await listing(big, 'Article retiré', 1, 'inactive');
  for (let i = 0; i < 3; i++) await listing(small, `Objet ${i}`, i * 2 + 1);
});
afterAll(async () => {
  await ctx?.close();
});

async function api(qs: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/products${qs}` });
  return { status: res.statusCode, body: res.json() };
}

describe('GET /api/v1/products?seller=', () => {
  it("keeps one seller's active listings, newest first, paginated like any search", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const { status, body } = await api(`?seller=${big}&currentPage=${page}`);
      expect(status).toBe(200);
      expect(body.pagination).toMatchObject({ currentPage: page, totalItems: ACTIVE, totalPages: 3, pageSize: 10 });
      for (const product of body.data) expect(product.userId).toBe(big);
      seen.push(...body.data.map((p: { id: string }) => p.id));
    }
    expect(seen).toEqual(bigActive);
  });

  it('combines with the other filters', async () => {
    const { body } = await api(`?seller=${small}&title=objet&sortBy=price_desc`);
    expect(body.data.map((p: { title: string }) => p.title)).toEqual(['Objet 2', 'Objet 1', 'Objet 0']);
    expect((await api(`?seller=${small}&category=automobile`)).body.pagination.totalItems).toBe(0);
  });

  it('finds nothing for an id of no one', async () => {
    const { status, body } = await api(`?seller=${NOBODY}`);
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.pagination.totalItems).toBe(0);
  });

  it('treats an empty value as no filter', async () => {
    expect((await api('?seller=')).body.pagination.totalItems).toBe(ACTIVE + 3);
  });

  it('refuses what is not a user id with VALIDATION_ERROR', async () => {
    for (const bad of ['42', 'not-an-id', `${big}x`, "' or 1=1 --"]) {
      const { status, body } = await api(`?seller=${encodeURIComponent(bad)}`);
      expect(status).toBe(400);
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.errors.map((e: { path: string }) => e.path)).toContain('querystring.seller');
    }
  });
});

describe('the shop and its "see all" link', () => {
  it('shows the exact count, and links to the seller-filtered search when it shows only some', async () => {
    const shop = await callLoader(ctx, shopPage.loader, { path: `/fr/shop/${big}`, params: { lang: 'fr', userId: big } });
    const data = shop.data as { products: unknown[]; total: { items: number; capped: boolean } };
    expect(data.products).toHaveLength(SHOP_PAGE_LIMIT);
    expect(data.total).toEqual({ items: ACTIVE, capped: false });
    const few = await callLoader(ctx, shopPage.loader, { path: `/fr/shop/${small}`, params: { lang: 'fr', userId: small } });
    expect((few.data as { total: unknown }).total).toEqual({ items: 3, capped: false });
  });

  it("lists every one of the seller's listings across the search's pages, with the seller's name", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const out = await callLoader(ctx, homePage.loader, { path: `/fr?seller=${big}${page > 1 ? `&page=${page}` : ''}`, params: { lang: 'fr' } });
      expect(out.status).toBe(200);
      const data = out.data as { seller: { id: string; name: string | null }; result: { products: { id: string }[]; pagination: { totalPages: number } } };
      expect(data.seller).toEqual({ id: big, name: 'Boutique Amina' });
      expect(data.result.pagination.totalPages).toBe(3);
      seen.push(...data.result.products.map((p) => p.id));
    }
    expect(seen).toEqual(bigActive);
  });

  it('names no one for an unknown seller, and answers 400 for a malformed one', async () => {
    const unknown = await callLoader(ctx, homePage.loader, { path: `/fr?seller=${NOBODY}`, params: { lang: 'fr' } });
    expect(unknown.data).toMatchObject({ seller: { id: NOBODY, name: null }, result: { products: [] } });
    const bad = await callLoader(ctx, homePage.loader, { path: '/fr?seller=abc', params: { lang: 'fr' } });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ errors: { seller: 'sellerInvalid' }, result: null });
  });
});

describe("a seller's search plan", () => {
  it('walks the (user_id, created_at DESC NULLS LAST, id) index, without sorting', async () => {
    // Last, since it adds a crowd: another seller's 3,000 listings, so that the seller's few are worth an index.
    const crowd = await seller('Grossiste', 'crowd@example.dz');
    await ctx.database.db.execute(sql`
      insert into products (user_id, title, "desc", original_lang, category, condition, address, price, contact, status, created_at, updated_at)
      select ${crowd}, 'Lot ' || n, 'Lot', 'fr', 'electronics', 'good', 'alger', 1000, '+213550000000', 'active', now() - n * interval '1 minute', now()
      from generate_series(1, 3000) as n`);
    await ctx.database.db.execute(sql`analyze products`);
    const params = searchParamsSchema.parse({ seller: big });
    const { rows } = searchStatements(ctx.database.db, searchFilters(params), params);
    const plan = (await ctx.database.db.execute(sql`explain ${rows.getSQL()}`)) as unknown as { rows: Record<string, unknown>[] };
    const text = plan.rows.map((r) => Object.values(r)[0]).join('\n');
    expect(text).toContain('products_user_created_idx');
    expect(text).not.toMatch(/Sort/);
  });
});
