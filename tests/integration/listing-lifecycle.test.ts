// The listing lifecycle on a simulated clock: the sweep marks listings past their end as
// expired, the reminder goes out 3 days before (once per end, in the seller's language, read
// from the outbox) with a renew link that works without logging in; renew and sold through
// the API, with their errors.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products, users } from '../../db/schema.ts';
import { API, clearOutbox, sentMails, verifiedUser } from '../helpers/api-client.ts';
import { manualClock } from '../helpers/clock.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';
import { distinctPhone, listingBody, pngUpload, type Person } from '../helpers/world.ts';

const DAY = 24 * 60 * 60 * 1000;
const clock = manualClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext('listing_lifecycle', { remotePhotos: true, now: clock.now });
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
  await clearOutbox(ctx);
});

const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url: `${API}${url}`, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie?: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `${API}${url}`, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload }) });

async function sellerWithListing(title: string, lang: 'ar' | 'fr' | 'en' = 'fr') {
  const signed = await verifiedUser(ctx);
  await ctx.database.db.update(users).set({ lang }).where(eq(users.id, signed.user.id));
  const seller: Person = { role: 'seller', id: signed.user.id, email: signed.email, password: signed.password, cookie: signed.cookie, phone: distinctPhone(), contact: distinctPhone() };
  const photo = await pngUpload(ctx, seller);
  const res = await post('/products', seller.cookie, listingBody(seller, { title, img: photo.url }));
  expect(res.statusCode, res.body).toBe(201);
  return { seller, listingId: res.json().data.id as string, expiresAt: res.json().data.expiresAt as string };
}

const inSearch = async (id: string) => ((await get('/products?title=théière')).json().data as { id: string }[]).some((p) => p.id === id);
const remindersTo = async (email: string) => (await sentMails(ctx)).filter((m) => m.to === email && m.links.some((l) => l.includes('/renew?token=')));

describe('expiry', () => {
  it('reminds 3 days before in the seller’s language, once; expires at the end; the mailed link renews without a log-in', async () => {
    const { seller, listingId, expiresAt } = await sellerWithListing('Théière en fonte', 'fr');
    expect(new Date(expiresAt).getTime()).toBe(clock.now() + 60 * DAY);

    clock.advance(56 * DAY);
    await ctx.services.lifecycle.sweep();
    expect(await remindersTo(seller.email)).toHaveLength(0);

    clock.advance(1.5 * DAY);
    await ctx.services.lifecycle.sweep();
    await ctx.services.lifecycle.sweep();
    const reminders = await remindersTo(seller.email);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toContain('expire bientôt');
    expect(reminders[0]!.text).toContain('Théière en fonte');
    expect(await inSearch(listingId)).toBe(true);

    clock.advance(3 * DAY);
    expect(await ctx.services.lifecycle.sweep()).toMatchObject({ expired: 1 });
    expect(await inSearch(listingId)).toBe(false);
    expect((await get(`/products/${listingId}`)).statusCode).toBe(404);
    expect((await get(`/users/${seller.id}/products`)).json().data).toEqual([]);
    const own = (await get(`/products/${listingId}`, seller.cookie)).json().data;
    expect(own).toMatchObject({ expired: true, moderation: 'approved' });
    // Swept once: the next sweep finds nothing more to do, and sends nothing more.
    expect(await ctx.services.lifecycle.sweep()).toMatchObject({ expired: 0 });
    expect(await remindersTo(seller.email)).toHaveLength(1);

    const link = new URL(reminders[0]!.links.find((l) => l.includes('/renew?token='))!);
    expect(link.pathname).toBe('/fr/renew');
    const renewed = await ctx.services.lifecycle.renewWithToken(link.searchParams.get('token') ?? undefined);
    expect(renewed).toEqual({ productId: listingId, expiresAt: new Date(clock.now() + 60 * DAY).toISOString() });
    expect(await inSearch(listingId)).toBe(true);
    expect((await get(`/products/${listingId}`)).json().data).toMatchObject({ expired: false, expiresAt: renewed.expiresAt });
  });

  it('a renewal before the reminder moves it: the old end sends nothing, the new end sends its own', async () => {
    const { seller, listingId } = await sellerWithListing('Théière marocaine', 'ar');
    clock.advance(57.5 * DAY);
    await ctx.services.lifecycle.sweep();
    // Renewed between the sweep and the sending: the queued reminder is moot.
    expect((await post(`/products/${listingId}/renew`, seller.cookie)).statusCode).toBe(200);
    expect(await remindersTo(seller.email)).toHaveLength(0);
    clock.advance(57.5 * DAY);
    await ctx.services.lifecycle.sweep();
    const reminders = await remindersTo(seller.email);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toContain('ينتهي قريبًا');
    expect(reminders[0]!.links.some((l) => new URL(l).pathname === '/ar/renew')).toBe(true);
  });

  it('a made-up, missing or expired renew token renews nothing', async () => {
    const { seller, listingId } = await sellerWithListing('Théière en verre', 'en');
    clock.advance(58 * DAY);
    await ctx.services.lifecycle.sweep();
    const [mail] = await remindersTo(seller.email);
    const token = new URL(mail!.links.find((l) => l.includes('/renew?token='))!).searchParams.get('token')!;
    await expect(ctx.services.lifecycle.renewWithToken('not-a-token')).rejects.toMatchObject({ code: 'NOT_AVAILABLE' });
    await expect(ctx.services.lifecycle.renewWithToken(undefined)).rejects.toMatchObject({ code: 'TOKEN_REQUIRED' });
    clock.advance(31 * DAY);
    await expect(ctx.services.lifecycle.renewWithToken(token)).rejects.toMatchObject({ code: 'NOT_AVAILABLE' });
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, listingId));
    expect(row!.expired).toBe(false); // not swept since; but its end has passed and it stayed there
    expect(row!.expiresAt.getTime()).toBeLessThan(clock.now());
  });
});

describe('POST /products/{id}/renew', () => {
  it('gives an expired listing LISTING_TTL_DAYS from now and brings it back', async () => {
    const { seller, listingId } = await sellerWithListing('Théière japonaise');
    clock.advance(61 * DAY);
    await ctx.services.lifecycle.sweep();
    expect(await inSearch(listingId)).toBe(false);
    const res = await post(`/products/${listingId}/renew`, seller.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: listingId, expired: false, expiresAt: new Date(clock.now() + 60 * DAY).toISOString() });
    expect(await inSearch(listingId)).toBe(true);
  });

  it('answers 401 to a visitor, 403 to someone else, 404 to a missing listing, and changes nothing', async () => {
    const { listingId, expiresAt } = await sellerWithListing('Théière ancienne');
    const other = await verifiedUser(ctx);
    expect((await post(`/products/${listingId}/renew`)).statusCode).toBe(401);
    expect((await post(`/products/${listingId}/renew`, other.cookie)).json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect((await post('/products/00000000-0000-4000-8000-000000000000/renew', other.cookie)).statusCode).toBe(404);
    expect((await get(`/products/${listingId}`)).json().data.expiresAt).toBe(expiresAt);
  });

  it('refuses a removed listing (404 NOT_AVAILABLE)', async () => {
    const { seller, listingId } = await sellerWithListing('Théière cabossée');
    await ctx.database.db.update(products).set({ moderation: 'removed', moderationReason: 'Interdit' }).where(eq(products.id, listingId));
    const res = await post(`/products/${listingId}/renew`, seller.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_AVAILABLE' });
  });
});

describe('POST /products/{id}/sold', () => {
  it('takes the listing out of search at once, keeps it on its page and shop with soldAt for 7 days, then hides it; unsold brings it back', async () => {
    const { seller, listingId } = await sellerWithListing('Théière en cuivre');
    const res = await post(`/products/${listingId}/sold`, seller.cookie, { sold: true });
    expect(res.statusCode, res.body).toBe(200);
    const soldAt = res.json().data.soldAt;
    expect(soldAt).toBe(new Date(clock.now()).toISOString());
    expect(await inSearch(listingId)).toBe(false);
    expect((await get(`/products/${listingId}`)).json().data.soldAt).toBe(soldAt);
    expect((await get(`/users/${seller.id}/products`)).json().data).toHaveLength(1);
    // Saying it again keeps the date of the sale.
    clock.advance(DAY);
    expect((await post(`/products/${listingId}/sold`, seller.cookie, { sold: true })).json().data.soldAt).toBe(soldAt);
    const activity = await ctx.services.listings.sellerActivity(seller.id);
    expect(activity.totals.sold).toBe(1);

    // 7 days after the sale (the rule compares with the database's clock: move the sale back).
    await ctx.database.db.update(products).set({ soldAt: new Date(Date.now() - 7 * DAY - 60_000) }).where(eq(products.id, listingId));
    expect((await get(`/products/${listingId}`)).statusCode).toBe(404);
    expect((await get(`/users/${seller.id}/products`)).json().data).toEqual([]);

    const back = await post(`/products/${listingId}/sold`, seller.cookie, { sold: false });
    expect(back.json().data.soldAt).toBeNull();
    expect(await inSearch(listingId)).toBe(true);
  });

  it.each([
    ['no body', undefined],
    ['a string', { sold: 'yes' }],
    ['an unknown field', { sold: true, price: 1 }],
  ])('answers 400 to %s and changes nothing', async (_label, payload) => {
    const { seller, listingId } = await sellerWithListing('Théière rouge');
    const res = await post(`/products/${listingId}/sold`, seller.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect((await get(`/products/${listingId}`)).json().data.soldAt).toBeNull();
  });

  it('answers 401 to a visitor, 403 to someone else and 404 to a missing listing', async () => {
    const { listingId } = await sellerWithListing('Théière bleue');
    const other = await verifiedUser(ctx);
    expect((await post(`/products/${listingId}/sold`, undefined, { sold: true })).statusCode).toBe(401);
    expect((await post(`/products/${listingId}/sold`, other.cookie, { sold: true })).statusCode).toBe(403);
    expect((await post('/products/00000000-0000-4000-8000-000000000000/sold', other.cookie, { sold: true })).statusCode).toBe(404);
    expect((await get(`/products/${listingId}`)).json().data.soldAt).toBeNull();
  });
});
