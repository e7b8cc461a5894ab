// Who sees a listing (server/repositories/visibility.ts): search, the sitemap and the phone show
// listings listed now; the product page and the shop also show those sold less than 7 days ago;
// pending, hidden, removed, expired and long-sold listings are their owner's alone. The owner
// sees the moderation state; nobody else does.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { API, verifiedUser } from '../helpers/api-client.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';
import { distinctPhone, listingBody, pngUpload, type Person } from '../helpers/world.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext('listing_visibility', { remotePhotos: true });
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
});

const DAY = 24 * 60 * 60 * 1000;
const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url: `${API}${url}`, headers: cookie ? { cookie } : {} });

async function sellerWithListing(title: string) {
  const signed = await verifiedUser(ctx);
  const seller: Person = { role: 'seller', id: signed.user.id, email: signed.email, password: signed.password, cookie: signed.cookie, phone: distinctPhone(), contact: distinctPhone() };
  const photo = await pngUpload(ctx, seller);
  const res = await ctx.app.inject({ method: 'POST', url: `${API}/products`, headers: { cookie: seller.cookie }, payload: listingBody(seller, { title, img: photo.url }) });
  expect(res.statusCode, res.body).toBe(201);
  return { seller, listingId: res.json().data.id as string, created: res.json().data };
}

async function whereSeen(listingId: string, sellerId: string) {
  const search = ((await get('/products?title=bouilloire')).json().data as { id: string }[]).map((p) => p.id);
  const sitemap = (await ctx.app.inject({ method: 'GET', url: '/sitemaps/listings-1.xml' })).body;
  return {
    search: search.includes(listingId),
    sellerFilter: ((await get(`/products?seller=${sellerId}`)).json().data as { id: string }[]).some((p) => p.id === listingId),
    sitemap: sitemap.includes(listingId),
    page: (await get(`/products/${listingId}`)).statusCode === 200,
    shop: ((await get(`/users/${sellerId}/products`)).json().data as { id: string }[]).some((p) => p.id === listingId),
    phone: (await ctx.app.inject({ method: 'POST', url: `${API}/products/${listingId}/contact` })).statusCode === 200,
  };
}

const everywhere = { search: true, sellerFilter: true, sitemap: true, page: true, shop: true, phone: true };
const nowhere = { search: false, sellerFilter: false, sitemap: false, page: false, shop: false, phone: false };

describe('listing visibility', () => {
  it('a new listing expires LISTING_TTL_DAYS after publication and is seen everywhere; its moderation state only by its owner', async () => {
    const { seller, listingId, created } = await sellerWithListing('Bouilloire en inox');
    expect(new Date(created.expiresAt).getTime() - Date.now()).toBeGreaterThan(60 * DAY - 60_000);
    expect(new Date(created.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(60 * DAY);
    expect(created).toMatchObject({ soldAt: null, expired: false, moderation: 'approved', moderationReason: null, moderationChecks: [] });
    expect(await whereSeen(listingId, seller.id)).toEqual(everywhere);

    const publicView = (await get(`/products/${listingId}`)).json().data;
    expect(publicView).not.toHaveProperty('moderation');
    expect(publicView).not.toHaveProperty('moderationReason');
    expect(publicView).toMatchObject({ soldAt: null, expiresAt: created.expiresAt });
    expect((await get(`/products/${listingId}`, seller.cookie)).json().data).toMatchObject({ moderation: 'approved' });
  });

  it.each([
    ['pending', { moderation: 'pending' as const }],
    ['hidden', { moderation: 'hidden' as const, moderationReason: 'Photo trompeuse' }],
    ['removed', { moderation: 'removed' as const, moderationReason: 'Objet interdit' }],
    ['past its end, not swept yet', { expiresAt: new Date(Date.now() - 60_000) }],
    ['swept as expired', { expired: true }],
    ['sold 8 days ago', { soldAt: new Date(Date.now() - 8 * DAY) }],
    ['inactive', { status: 'inactive' as const }],
  ])('a listing %s is seen by nobody but its owner', async (_state, change) => {
    const { seller, listingId } = await sellerWithListing('Bouilloire électrique');
    await ctx.database.db.update(products).set(change).where(eq(products.id, listingId));
    expect(await whereSeen(listingId, seller.id)).toEqual(nowhere);
    const own = await get(`/products/${listingId}`, seller.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject('moderation' in change ? { moderation: change.moderation } : { moderation: 'approved' });
    expect(((await get(`/users/${seller.id}/products`, seller.cookie)).json().data as { id: string }[]).map((p) => p.id)).toEqual([listingId]);
  });

  it('a listing sold 2 days ago stays on its page and in its shop, not in search, the sitemap or the phone', async () => {
    const { seller, listingId } = await sellerWithListing('Bouilloire vintage');
    const soldAt = new Date(Date.now() - 2 * DAY);
    await ctx.database.db.update(products).set({ soldAt }).where(eq(products.id, listingId));
    expect(await whereSeen(listingId, seller.id)).toEqual({ ...nowhere, page: true, shop: true });
    expect((await get(`/products/${listingId}`)).json().data.soldAt).toBe(soldAt.toISOString());
  });

  it('the stored `listed` column follows the status, the moderation, the sale and the sweep', async () => {
    const { listingId } = await sellerWithListing('Bouilloire à sifflet');
    const listed = async () => (await ctx.database.db.select({ listed: products.listed }).from(products).where(eq(products.id, listingId)))[0]?.listed;
    expect(await listed()).toBe(true);
    for (const change of [{ status: 'inactive' as const }, { moderation: 'pending' as const }, { soldAt: new Date() }, { expired: true }]) {
      await ctx.database.db.update(products).set(change).where(eq(products.id, listingId));
      expect(await listed()).toBe(false);
      await ctx.database.db
        .update(products)
        .set({ status: 'active', moderation: 'approved', soldAt: null, expired: false })
        .where(eq(products.id, listingId));
      expect(await listed()).toBe(true);
    }
    // Generated: no write can set it apart from its rule.
    await expect(ctx.database.db.execute(sql`update products set listed = false where id = ${listingId}`)).rejects.toThrow();
  });
});
