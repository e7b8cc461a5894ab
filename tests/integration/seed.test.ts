import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTS_PAGE_SIZE } from '../../common/constants.ts';
import { searchParamsSchema } from '../../common/schemas/search.ts';
import { images, products, users } from '../../db/schema.ts';
import { seedDemoCatalogue } from '../../server/seed/seed.ts';
import { DEMO_DETAILS } from '../../server/seed/demo-details.ts';
import { DEMO_LISTINGS, DEMO_SELLER } from '../../server/seed/demo-listings.ts';
import { verifyPassword } from '../../server/services/passwords.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext('seed');
});
afterAll(async () => {
  await ctx.close();
});

describe('demo catalogue', () => {
  it('creates a verified seller and every listing with its photos on disk', async () => {
    const result = await seedDemoCatalogue(ctx.services, { onlyIfEmpty: true });
    expect(result).toEqual({ email: DEMO_SELLER.email, password: DEMO_SELLER.password, listings: DEMO_LISTINGS.length });
    const { db } = ctx.database;
    const [seller] = await db.select().from(users).where(eq(users.email, DEMO_SELLER.email));
    expect(seller?.isVerified).toBe(true);
    expect(await verifyPassword(seller!.passwordHash, DEMO_SELLER.password)).toBe(true);
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(count?.n).toBe(DEMO_LISTINGS.length);
    expect(DEMO_LISTINGS.length).toBeGreaterThanOrEqual(60);
    const stored = await db.select().from(images);
    expect(stored.length).toBe(DEMO_LISTINGS.reduce((n, l) => n + l.photos, 0));
    // Every photo attached to its listing, in order: written by the same insert as publishing.
    const positions = new Map<string, number[]>();
    for (const image of stored) {
      expect(image.productId).not.toBeNull();
      positions.set(image.productId!, [...(positions.get(image.productId!) ?? []), image.position]);
    }
    for (const list of positions.values()) expect(list.sort((a, b) => a - b)).toEqual([...list.keys()]);
    // What no service method takes: the back-dated seller and listings, and their counters.
    expect(seller!.createdAt.getTime()).toBeLessThan(Date.now() - 89 * 24 * 60 * 60 * 1000);
    const rows = await db.select().from(products);
    expect(new Set(rows.map((r) => r.createdAt.getTime())).size).toBe(rows.length);
    expect(rows.some((r) => r.views > 0 && r.phoneReveals > 0)).toBe(true);
    for (const image of stored.slice(0, 5)) {
      for (const url of Object.values(image.variants)) {
        expect(existsSync(path.join(ctx.config.uploadsDir, url.replace('/uploads/', '')))).toBe(true);
      }
    }
  }, 120_000);

  it('does nothing the second time', async () => {
    expect(await seedDemoCatalogue(ctx.services, { onlyIfEmpty: true })).toBeNull();
  });

  it('feeds the home page: newest active listings first, with photos', async () => {
    // The home page's own query: the search with no filter (newest first).
    const { products: newest, pagination } = await ctx.services.search.search(searchParamsSchema.parse({}));
    expect(newest).toHaveLength(PRODUCTS_PAGE_SIZE);
    expect(newest.every((p) => p.status === 'active' && p.isActive)).toBe(true);
    const dates = newest.map((p) => p.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(newest[0]?.img).toMatch(/^\/uploads\/listings\/.+\.webp$/);
    expect(newest[0]).not.toHaveProperty('contact');
    // Sold listings are never in search.
    expect(pagination.totalItems).toBe(DEMO_LISTINGS.filter((l) => !l.inactive && DEMO_DETAILS[l.title]?.soldDaysAgo === undefined).length);
  });

  it('serves stored photos with long-lived cache headers', async () => {
    const [first] = (await ctx.services.search.search(searchParamsSchema.parse({}))).products;
    const res = await ctx.app.inject({ method: 'GET', url: first!.img! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
  });
});
