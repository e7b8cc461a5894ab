// What issue #16 adds to a listing's Product shape — `reference`, `views`, `impact` — read
// through the API and the product page's loader, on PGlite and on PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

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
