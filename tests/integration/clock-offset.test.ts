// CLOCK_OFFSET_DAYS (tests only, e2e/expiry.spec.ts): every visibility rule follows the moved
// clock, not the database's now(). A listing whose end has passed on the moved clock but not on
// the machine's (and that no sweep has marked yet) is out of search, the shop, its page and the
// sitemap; the sweep then marks it at the moved time. Out-of-range values are refused.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { loadConfig } from '../../server/config.ts';
import { API, verifiedUser } from '../helpers/api-client.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';
import { distinctPhone, listingBody, pngUpload, type Person } from '../helpers/world.ts';

const DAY = 24 * 60 * 60 * 1000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext('clock_offset', { remotePhotos: true, env: { CLOCK_OFFSET_DAYS: '61' } });
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url: `${API}${url}`, headers: cookie ? { cookie } : {} });

describe('CLOCK_OFFSET_DAYS', () => {
  it('moves the clock of expiry, search, shop, page and sitemap together', async () => {
    const signed = await verifiedUser(ctx);
    const seller: Person = { role: 'seller', id: signed.user.id, email: signed.email, password: signed.password, cookie: signed.cookie, phone: distinctPhone(), contact: distinctPhone() };
    const photo = await pngUpload(ctx, seller);
    const res = await ctx.app.inject({ method: 'POST', url: `${API}/products`, headers: { cookie: seller.cookie }, payload: listingBody(seller, { title: 'Théière en fonte', img: photo.url }) });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    // Published on the moved clock: it ends LISTING_TTL_DAYS after today + 61 days.
    expect(new Date(res.json().data.expiresAt as string).getTime()).toBeGreaterThan(Date.now() + 120 * DAY);
    const inSearch = async () => ((await get('/products?title=théière')).json().data as { id: string }[]).some((p) => p.id === id);
    expect(await inSearch()).toBe(true);

    // Its end 30 days from the machine's now: 31 days ago on the moved clock, not yet swept.
    await ctx.database.db.update(products).set({ expiresAt: new Date(Date.now() + 30 * DAY) }).where(eq(products.id, id));
    ctx.services.search.invalidate();
    expect(await inSearch()).toBe(false);
    expect((await get(`/users/${seller.id}/products`)).json().data).toEqual([]);
    expect((await get(`/products/${id}`)).statusCode).toBe(404);
    const sitemap = await ctx.app.inject({ method: 'GET', url: '/sitemaps/listings-1.xml' });
    expect(sitemap.body).not.toContain(id);
    expect((await get(`/products/${id}`, seller.cookie)).statusCode).toBe(200);

    expect(await ctx.services.lifecycle.sweep()).toMatchObject({ expired: 1 });
    const [row] = await ctx.database.db.select({ expired: products.expired }).from(products).where(eq(products.id, id));
    expect(row?.expired).toBe(true);
  });

  it('is refused outside 0..3650 whole days', () => {
    for (const bad of ['-1', '3651', '1.5', 'soon']) {
      expect(() => loadConfig({ DATA_DIR: '/tmp/x', CLOCK_OFFSET_DAYS: bad })).toThrow(/CLOCK_OFFSET_DAYS/);
    }
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).clockOffsetDays).toBe(0);
  });
});
