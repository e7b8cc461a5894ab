// Favourites, saved searches and their e-mail alerts, through the real API over a real
// database (PGlite, or PostgreSQL with TEST_ENGINE=postgres), the alert e-mails read back
// from the outbox the mailer wrote.
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SAVED_SEARCHES_MAX } from '../../common/constants.ts';
import { savedQueryString } from '../../common/saved-search.ts';
import { searchParamsSchema } from '../../common/schemas/search.ts';
import { alertMatches, jobs, products, savedSearches, users } from '../../db/schema.ts';
import { ALERT_JOBS, INSTANT_WINDOW_MS, unsubscribeToken } from '../../server/services/alerts.ts';
import { MATCHED_PARAMS } from '../../server/services/saved-searches.ts';
import { API, clearOutbox, sentMails } from '../helpers/api-client.ts';
import { manualClock } from '../helpers/clock.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';
import { buildWorld, publish, snapshot, type World } from '../helpers/world.ts';

const clock = manualClock(Date.parse('2026-11-23T08:00:00.000Z'));
let ctx: TestContext;
let w: World;

beforeAll(async () => {
  ctx = await createTestContext('buyers', { remotePhotos: true, now: clock.now });
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  await ctx.reset();
  await clearOutbox(ctx);
  w = await buildWorld(ctx);
  await ctx.services.jobs.drain();
  await clearOutbox(ctx);
});

const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH', path: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${path}`, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });

/** Runs the jobs due now; then moves past the instant window and runs the e-mails. */
async function deliverInstantAlerts() {
  await ctx.services.jobs.drain();
  clock.advance(INSTANT_WINDOW_MS + 1000);
  await ctx.services.jobs.drain();
}

const alertMails = async (to: string) => (await sentMails(ctx)).filter((m) => m.to === to && m.links.some((l) => l.includes('/alerts/unsubscribe')));

describe('favourites', () => {
  it('saving twice keeps one; removing twice is fine; the list, isFavourite and the owner’s count follow', async () => {
    for (let i = 0; i < 2; i++) expect((await call('PUT', `/favourites/${w.product.id}`, w.other.cookie)).statusCode).toBe(200);
    const list = (await call('GET', '/favourites', w.other.cookie)).json();
    expect(list.data.map((p: { id: string }) => p.id)).toEqual([w.product.id]);
    expect(list.data[0]).toMatchObject({ isFavourite: true, availability: 'available' });
    expect(list.pagination).toMatchObject({ totalItems: 1, currentPage: 1 });

    expect((await call('GET', `/products/${w.product.id}`, w.other.cookie)).json().data).toMatchObject({ isFavourite: true });
    expect((await call('GET', `/products/${w.product.id}`)).json().data).not.toHaveProperty('isFavourite');
    // The count is the owner's alone.
    expect((await call('GET', `/products/${w.product.id}`, w.other.cookie)).json().data).not.toHaveProperty('favourites');
    expect((await call('GET', `/products/${w.product.id}`, w.owner.cookie)).json().data).toMatchObject({ favourites: 1, isFavourite: false });
    const search = (await call('GET', '/products', w.other.cookie)).json().data as { id: string; isFavourite: boolean }[];
    expect(search.find((p) => p.id === w.product.id)?.isFavourite).toBe(true);
    expect(search.find((p) => p.id === w.otherProduct.id)?.isFavourite).toBe(false);
    const dashboard = await ctx.services.listings.withStats((await ctx.database.db.select().from(users).where(eq(users.id, w.owner.id)))[0]!, 10);
    expect(dashboard.find((p) => p.id === w.product.id)?.favourites).toBe(1);

    for (let i = 0; i < 2; i++) expect((await call('DELETE', `/favourites/${w.product.id}`, w.other.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/favourites', w.other.cookie)).json().data).toEqual([]);
  });

  it('sold, expired and deactivated listings stay in the list, marked', async () => {
    const sold = await publish(ctx, w.owner, { title: 'Vélo vendu' });
    const expired = await publish(ctx, w.owner, { title: 'Vélo expiré' });
    for (const id of [w.product.id, sold.id, expired.id]) expect((await call('PUT', `/favourites/${id}`, w.other.cookie)).statusCode).toBe(200);
    await call('PATCH', `/products/status/${w.product.id}`, w.owner.cookie);
    await ctx.database.db.update(products).set({ soldAt: new Date() }).where(eq(products.id, sold.id));
    await ctx.database.db.update(products).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(products.id, expired.id));
    const list = (await call('GET', '/favourites', w.other.cookie)).json().data as { id: string; availability: string }[];
    expect(Object.fromEntries(list.map((p) => [p.id, p.availability]))).toEqual({ [w.product.id]: 'unavailable', [sold.id]: 'sold', [expired.id]: 'expired' });
  });

  it('refuses a visitor, an unknown or inactive listing, and changes nothing', async () => {
    const before = await snapshot(ctx);
    expect((await call('PUT', `/favourites/${w.product.id}`)).json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await call('GET', '/favourites')).statusCode).toBe(401);
    expect((await call('PUT', '/favourites/not-an-id', w.other.cookie)).statusCode).toBe(404);
    expect((await call('PUT', '/favourites/00000000-0000-4000-8000-000000000000', w.other.cookie)).statusCode).toBe(404);
    expect((await call('PUT', `/favourites/${w.inactive.id}`, w.other.cookie)).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await call('GET', '/favourites?currentPage=0', w.other.cookie)).statusCode).toBe(400);
    expect(await snapshot(ctx)).toEqual(before);
  });
});

describe('saved searches', () => {
  it('stores the query as the search validates it, lists it with its new-results count, renames, deletes', async () => {
    const res = await call('POST', '/saved-searches', w.other.cookie, { query: { title: ' vélo ', category: 'sport-fitness', minPrice: '1000', currentPage: 3, sortBy: 'date_desc', address: 'all' } });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ name: null, alert: 'off', newCount: 0, lastNotifiedAt: null, query: { title: 'vélo', category: 'sport-fitness', minPrice: 1000 } });
    expect(Object.keys(created.query).sort()).toEqual(['category', 'minPrice', 'title']);

    // A matching listing and one that is not.
    await publish(ctx, w.owner, { title: 'Vélo de route léger' });
    await publish(ctx, w.owner, { title: 'Vélo cher', price: 500 });
    let [listed] = (await call('GET', '/saved-searches', w.other.cookie)).json().data;
    expect(listed).toMatchObject({ id: created.id, newCount: 1 });

    // Opening it sees them.
    await ctx.services.savedSearches.open((await ctx.database.db.select().from(users).where(eq(users.id, w.other.id)))[0]!, created.id);
    [listed] = (await call('GET', '/saved-searches', w.other.cookie)).json().data;
    expect(listed.newCount).toBe(0);

    const renamed = await call('PATCH', `/saved-searches/${created.id}`, w.other.cookie, { name: 'Mon vélo', alert: 'daily' });
    expect(renamed.json().data).toMatchObject({ name: 'Mon vélo', alert: 'daily' });
    // Someone else's is not found, to them.
    expect((await call('PATCH', `/saved-searches/${created.id}`, w.owner.cookie, { alert: 'off' })).statusCode).toBe(404);
    expect((await call('DELETE', `/saved-searches/${created.id}`, w.owner.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/saved-searches/${created.id}`, w.other.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/saved-searches', w.other.cookie)).json().data).toEqual([]);
  });

  it(`keeps at most ${SAVED_SEARCHES_MAX}: the next one is 409 LIMIT_REACHED`, async () => {
    for (let i = 0; i < SAVED_SEARCHES_MAX; i++) {
      expect((await call('POST', '/saved-searches', w.other.cookie, { query: { minPrice: i } })).statusCode).toBe(201);
    }
    const before = await snapshot(ctx);
    const refused = await call('POST', '/saved-searches', w.other.cookie, { query: { title: 'encore' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'LIMIT_REACHED' });
    expect(await snapshot(ctx)).toEqual(before);
    // The limit is per member.
    expect((await call('POST', '/saved-searches', w.owner.cookie, { query: { title: 'encore' } })).statusCode).toBe(201);
  });

  it('refuses what GET /products refuses, and bad alert modes and names, changing nothing', async () => {
    const before = await snapshot(ctx);
    const bad: object[] = [
      { query: { category: 'spaceships' } },
      { query: { address: 'atlantis' } },
      { query: { minPrice: -1 } },
      { query: { minPrice: 500, maxPrice: 100 } },
      { query: { sortBy: 'random' } },
      { query: 'title=velo' },
      {},
      { query: { title: 'velo' }, alert: 'hourly' },
      { query: { title: 'velo' }, name: 'x'.repeat(81) },
    ];
    for (const body of bad) {
      const res = await call('POST', '/saved-searches', w.other.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    // A search that narrows nothing ("every new listing") is no search to keep: the order alone,
    // blank or "all" values are no filter.
    for (const query of [{}, { sortBy: 'price_asc' }, { currentPage: 2 }, { title: '  ', address: 'all', category: '' }]) {
      const res = await call('POST', '/saved-searches', w.other.cookie, { query, alert: 'instant' });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ path: 'body.query', code: 'searchNeedsFilter' }] });
    }
    expect((await call('POST', '/saved-searches', undefined, { query: { title: 'velo' } })).statusCode).toBe(401);
    const created = (await call('POST', '/saved-searches', w.other.cookie, { query: { condition: 'good' } })).json().data;
    const after = await snapshot(ctx);
    expect((await call('PATCH', `/saved-searches/${created.id}`, w.other.cookie, {})).statusCode).toBe(400);
    expect((await call('PATCH', `/saved-searches/${created.id}`, w.other.cookie, { alert: 'weekly' })).statusCode).toBe(400);
    expect((await call('PATCH', '/saved-searches/nope', w.other.cookie, { alert: 'off' })).statusCode).toBe(404);
    expect(await snapshot(ctx)).toEqual(after);
    expect(after.savedSearches).toHaveLength(before.savedSearches!.length + 1);
  });

  it('keeps exactly the filters of the search URL, the category details, commune, price type, exchange and seller too', async () => {
    const query = {
      title: 'clio',
      category: 'automobile',
      address: 'alger',
      commune: 'alger.kouba',
      condition: 'good',
      seller: w.owner.id,
      priceType: 'negotiable',
      exchange: 'true',
      minPrice: '1000000',
      maxPrice: 3_000_000,
      sortBy: 'price_asc',
      currentPage: '2',
      'attr.fuel': ['diesel', 'lpg'],
      'attr.gearbox': 'manual',
      'attr.year.min': '2015',
      'attr.year.max': 2020,
      'attr.mileage.max': '150 000',
    };
    const res = await call('POST', '/saved-searches', w.other.cookie, { query });
    expect(res.statusCode, res.body).toBe(201);
    const expected = {
      title: 'clio',
      category: 'automobile',
      address: 'alger',
      commune: 'alger.kouba',
      condition: 'good',
      seller: w.owner.id,
      priceType: 'negotiable',
      exchange: true as const,
      minPrice: 1_000_000,
      maxPrice: 3_000_000,
      sortBy: 'price_asc',
      'attr.fuel': ['diesel', 'lpg'],
      'attr.gearbox': ['manual'],
      'attr.year.min': 2015,
      'attr.year.max': 2020,
      'attr.mileage.max': 150_000,
    };
    expect(res.json().data.query).toEqual(expected);
    expect((await call('GET', '/saved-searches', w.other.cookie)).json().data[0].query).toEqual(expected);
    // Its results link is that search (page 1), and saving from it stores the same query.
    const link = new URLSearchParams(savedQueryString(expected));
    const fromLink = Object.fromEntries([...new Set(link.keys())].map((k) => [k, link.getAll(k).length > 1 ? link.getAll(k) : link.get(k)]));
    // (the same filters, in whatever order the parameters come)
    const parsed = (q: object) => {
      const params = searchParamsSchema.parse(q);
      return { ...params, attributes: [...params.attributes].sort((a, b) => a.key.localeCompare(b.key)) };
    };
    expect(parsed(fromLink)).toEqual({ ...parsed(query), currentPage: 1 });
    expect((await call('POST', '/saved-searches', w.other.cookie, { query: fromLink })).json().data.query).toEqual(expected);
  });

  it('the match columns stand for every parameter of the search (a new one must be matched, or confirmed)', () => {
    const schema = searchParamsSchema as unknown as { in?: { shape?: object }; shape?: object };
    const keys = Object.keys(schema.in?.shape ?? schema.shape ?? {});
    expect(keys.sort()).toEqual([...MATCHED_PARAMS].sort());
  });
});

describe('alerts', () => {
  async function saveSearch(cookie: string, query: object, alert: 'off' | 'instant' | 'daily' = 'instant') {
    const res = await call('POST', '/saved-searches', cookie, { query, alert });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string };
  }

  it('instant: a matching listing is e-mailed within the window, once, with photo, title, price, place and the unsubscribe headers', async () => {
    const search = await saveSearch(w.other.cookie, { title: 'velo', category: 'sport-fitness', address: 'alger', maxPrice: 20000 });
    await saveSearch(w.other.cookie, { title: 'armoire' });
    const matching = await publish(ctx, w.owner, { title: 'Vélo pliant Brompton', price: 18000 });
    await publish(ctx, w.owner, { title: 'Vélo trop cher', price: 90000 });
    await publish(ctx, w.owner, { title: 'Vélo à Oran', address: 'oran' });
    await publish(ctx, w.owner, { title: 'Table basse', category: 'home-garden' }).catch(() => publish(ctx, w.owner, { title: 'Table basse' }));
    // Nothing before the window closes.
    await ctx.services.jobs.drain();
    expect(await alertMails(w.other.email)).toEqual([]);
    clock.advance(INSTANT_WINDOW_MS + 1000);
    await ctx.services.jobs.drain();
    const mails = await alertMails(w.other.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.text).toContain('Vélo pliant Brompton');
    expect(mail.text).not.toContain('Vélo trop cher');
    expect(mail.text).not.toContain('Vélo à Oran');
    expect(mail.text).toContain(`/products/${matching.id}`);
    expect(mail.html).toMatch(/<img src="http:\/\/localhost:3000\/uploads\/[^"]+"/);
    expect(mail.text).toMatch(/18[\s\u202f\u00a0.,]?000/);
    const raw = await readFile(mail.file, 'utf8');
    const unsubscribe = mail.links.find((l) => l.includes('/alerts/unsubscribe?token='))!;
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(raw.replace(/\r?\n\s+/g, ' ')).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    const [row] = await ctx.database.db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row!.lastNotifiedAt).not.toBeNull();
    // Re-running changes nothing: the matches are marked.
    await deliverInstantAlerts();
    expect(await alertMails(w.other.email)).toHaveLength(1);
  });

  it('honours the category details, commune, price type and exchange: a 2015–2020 diesel car search is not alerted of a 2010 car', async () => {
    const car = (title: string, extra: Record<string, unknown>) =>
      publish(ctx, w.owner, { title, category: 'automobile', price: 1_500_000, desc: `${title}, première main, carnet d’entretien à jour.`, ...extra });
    const years = await saveSearch(w.other.cookie, { category: 'automobile', 'attr.year.min': '2015', 'attr.year.max': '2020', 'attr.fuel': ['diesel', 'lpg'] });
    const mileage = await saveSearch(w.other.cookie, { category: 'automobile', 'attr.mileage.max': '100 000' }, 'daily');
    const place = await saveSearch(w.other.cookie, { category: 'automobile', commune: 'alger.kouba', priceType: 'negotiable', exchange: 'true' });
    const anyCar = await saveSearch(w.other.cookie, { category: 'automobile' }, 'daily');

    const old = await car('Golf 2010 diesel', { attributes: { year: 2010, fuel: 'diesel', mileage: 250_000 } });
    const good = await car('Clio 2018 diesel', { attributes: { year: 2018, fuel: 'diesel', mileage: 90_000 } });
    const petrol = await car('Clio 2018 essence', { attributes: { year: 2018, fuel: 'petrol', mileage: 100_000 } });
    const yearless = await car('Clio diesel sans année', { attributes: { fuel: 'lpg' } });
    const kouba = await car('Polo à Kouba', { commune: 'alger.kouba', priceType: 'negotiable', exchange: true, attributes: { year: 2020, fuel: 'lpg' } });
    const fixed = await car('Polo à Kouba prix ferme', { commune: 'alger.kouba', exchange: true });
    const noExchange = await car('Polo à Kouba sans échange', { commune: 'alger.kouba', priceType: 'negotiable' });
    const elsewhere = await car('Polo à Bab Ezzouar', { commune: 'alger.bab-ezzouar', priceType: 'negotiable', exchange: true });
    await ctx.services.jobs.drain();

    const matches = await ctx.database.db.select().from(alertMatches);
    const matchedBy = (id: string) => matches.filter((m) => m.savedSearchId === id).map((m) => m.productId).sort();
    expect(matchedBy(years.id)).toEqual([good.id, kouba.id].sort());
    expect(matchedBy(mileage.id)).toEqual([good.id, petrol.id].sort());
    expect(matchedBy(place.id)).toEqual([kouba.id]);
    expect(matchedBy(anyCar.id)).toEqual([old, good, petrol, yearless, kouba, fixed, noExchange, elsewhere].map((l) => l.id).sort());

    // The new-results counts apply the same filters.
    const listed = (await call('GET', '/saved-searches', w.other.cookie)).json().data as { id: string; newCount: number }[];
    expect(Object.fromEntries(listed.map((l) => [l.id, l.newCount]))).toEqual({ [years.id]: 2, [mileage.id]: 2, [place.id]: 1, [anyCar.id]: 8 });

    // The instant e-mails name the matching cars and no other.
    clock.advance(INSTANT_WINDOW_MS + 1000);
    await ctx.services.jobs.drain();
    const mails = await alertMails(w.other.email);
    expect(mails).toHaveLength(2);
    const texts = mails.map((m) => m.text).join('\n');
    for (const listing of [good, kouba]) expect(texts).toContain(`/products/${listing.id}`);
    for (const listing of [old, petrol, yearless, fixed, noExchange, elsewhere]) expect(texts).not.toContain(`/products/${listing.id}`);
  });

  it('a burst of listings makes one e-mail of at most ten, with a link to the rest; no alert for one’s own listing or an alert turned off', async () => {
    await saveSearch(w.other.cookie, { category: 'sport-fitness' });
    await saveSearch(w.owner.cookie, { category: 'sport-fitness' });
    await saveSearch(w.other.cookie, { category: 'sport-fitness', address: 'alger' }, 'off');
    for (let i = 0; i < 12; i++) await publish(ctx, w.owner, { title: `Raquette numéro ${i}` });
    await deliverInstantAlerts();
    const mails = await alertMails(w.other.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text.match(/\/products\//g)).toHaveLength(10);
    expect(mails[0]!.text).toMatch(/\b2\b/);
    expect(await alertMails(w.owner.email)).toEqual([]);
  });

  it('daily: the matches wait for the digest, in the member’s language', async () => {
    await ctx.database.db.update(users).set({ lang: 'ar' }).where(eq(users.id, w.other.id));
    await saveSearch(w.other.cookie, { title: 'velo' }, 'daily');
    await publish(ctx, w.owner, { title: 'Vélo électrique' });
    await deliverInstantAlerts();
    expect(await alertMails(w.other.email)).toEqual([]);
    await ctx.services.jobs.enqueue(ALERT_JOBS.daily, {});
    await ctx.services.jobs.drain();
    const [mail] = await alertMails(w.other.email);
    expect(mail?.text).toContain('Vélo électrique');
    expect(mail?.subject).toContain('إيكو سوق');
    expect(mail?.links.some((l) => l.includes('/ar/alerts/unsubscribe'))).toBe(true);
  });

  it('reactivating a listing matches it; a listing hidden before the e-mail is left out', async () => {
    await saveSearch(w.other.cookie, { title: 'lampe bambou' });
    await call('PATCH', `/products/status/${w.inactive.id}`, w.owner.cookie);
    await ctx.services.jobs.drain();
    const matches = await ctx.database.db.select().from(alertMatches);
    expect(matches.map((m) => m.productId)).toEqual([w.inactive.id]);
    await call('PATCH', `/products/status/${w.inactive.id}`, w.owner.cookie);
    clock.advance(INSTANT_WINDOW_MS + 1000);
    await ctx.services.jobs.drain();
    expect(await alertMails(w.other.email)).toEqual([]);
  });

  it('the unsubscribe token turns that alert off without logging in; forged, altered or foreign tokens do nothing', async () => {
    const mine = await saveSearch(w.other.cookie, { title: 'velo' });
    const theirs = await saveSearch(w.owner.cookie, { title: 'velo' });
    const rows = await ctx.database.db.select().from(savedSearches);
    const row = rows.find((r) => r.id === mine.id)!;
    const token = unsubscribeToken(row);
    const theirToken = unsubscribeToken(rows.find((r) => r.id === theirs.id)!);
    const forged = [
      undefined,
      '',
      mine.id,
      `${mine.id}.`,
      `${mine.id}.${theirToken.split('.')[1]}`,
      `${theirs.id}.${token.split('.')[1]}`,
      // One character of the signature changed (to another one: an 'A' left as 'A' would be the real token).
      `${mine.id}.${token.split('.')[1]!.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      'not-an-id.abc',
      `${token}x`,
    ];
    const before = await snapshot(ctx);
    for (const bad of forged) {
      await expect(ctx.services.alerts.unsubscribe(bad), String(bad)).rejects.toMatchObject({ code: bad ? 'UNSUBSCRIBE_TOKEN_INVALID' : 'TOKEN_REQUIRED' });
    }
    expect(await snapshot(ctx)).toEqual(before);
    await ctx.services.alerts.unsubscribe(token);
    const after = await ctx.database.db.select().from(savedSearches);
    expect(after.find((r) => r.id === mine.id)?.alert).toBe('off');
    expect(after.find((r) => r.id === theirs.id)?.alert).toBe('instant');
    // Again: still fine (the link in an old e-mail keeps working).
    await ctx.services.alerts.unsubscribe(token);
    // No e-mail for the search that was turned off.
    await publish(ctx, w.owner, { title: 'Vélo neuf' });
    await deliverInstantAlerts();
    expect(await alertMails(w.other.email)).toEqual([]);
    expect(await alertMails(w.owner.email)).toEqual([]);
  });

  it('the match job is queued with the listing, in its transaction', async () => {
    const listing = await publish(ctx, w.owner, { title: 'Vélo de piste' });
    const queued = await ctx.database.db.select().from(jobs).where(eq(jobs.name, ALERT_JOBS.match));
    expect(queued.map((j) => j.payload)).toContainEqual({ productId: listing.id });
  });
});
