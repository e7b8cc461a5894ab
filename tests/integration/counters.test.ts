// Views and phone reveals count once per visitor and listing a day, on the API and for the
// seller's dashboard; contact-card events are limited per address; raw events older than
// RAW_EVENT_DAYS fold into daily counts. Through the real app over a real database.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventDays, events, products, users } from '../../db/schema.ts';
import { RAW_EVENT_DAYS } from '../../server/services/counters.ts';
import { RATE_LIMITS } from '../../server/services/rate-limit.ts';
import { API, login, signup } from '../helpers/api-client.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;
let ctx: TestContext;
let sellerId: string;

beforeAll(async () => {
  const generous = Object.fromEntries(Object.keys(RATE_LIMITS).map((k) => [k, { max: 10_000, windowMs: 60_000 }]));
  ctx = await createTestContext('counters', { rateLimits: { ...generous, events: { max: 3, windowMs: 60_000 } } });
});
afterAll(async () => {
  await ctx?.close();
});

beforeEach(async () => {
  await ctx.reset();
  const [seller] = await ctx.database.db.insert(users).values({ name: 'Seller', email: 'seller@example.dz', passwordHash: 'x', isVerified: true }).returning();
  sellerId = seller!.id;
});

async function listing(title = 'Vélo de course') {
  const [row] = await ctx.database.db
    .insert(products)
    .values({ userId: sellerId, title, desc: title, originalLang: 'fr', category: 'sport-fitness', condition: 'good', address: 'oran', price: 25_000, contact: '+213550000000' })
    .returning();
  return row!;
}

const counts = async (id: string) => {
  const [row] = await ctx.database.db.select({ views: products.views, reveals: products.phoneReveals }).from(products).where(eq(products.id, id));
  return row!;
};
const view = (id: string, ip: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `${API}/products/${id}`, remoteAddress: ip, headers: { 'user-agent': 'Firefox/140', ...headers } });
const reveal = (id: string, ip: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `${API}/products/${id}/contact`, remoteAddress: ip, headers });

describe('views', () => {
  it('count once per visitor and listing, however many times the page is asked for', async () => {
    const p = await listing();
    for (let i = 0; i < 50; i++) expect((await view(p.id, '198.51.100.1')).statusCode).toBe(200);
    expect((await counts(p.id)).views).toBe(1);
    // Another address, or another browser at the same address: another visitor.
    await view(p.id, '198.51.100.2');
    await view(p.id, '198.51.100.1', { 'user-agent': 'Chrome/150' });
    expect((await counts(p.id)).views).toBe(3);
    // Each listing counts on its own.
    const q = await listing('Table en bois');
    await view(q.id, '198.51.100.1');
    expect((await counts(q.id)).views).toBe(1);
    const viewEvents = await ctx.database.db.select().from(events).where(eq(events.productId, p.id));
    expect(viewEvents).toHaveLength(3);
  });

  it('count a signed-in visitor once whatever their address, and again after a day', async () => {
    const p = await listing();
    const { email, password } = await signup(ctx);
    const cookie = await login(ctx, email, password);
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) await view(p.id, ip, { cookie });
    expect((await counts(p.id)).views).toBe(1);
    // A day later the same visitor counts again.
    await ctx.database.db.execute(sql`update counted_visits set counted_at = counted_at - interval '25 hours'`);
    await view(p.id, '203.0.113.4', { cookie });
    expect((await counts(p.id)).views).toBe(2);
  });

  it("purges marks older than a day, and the seller's dashboard shows the counted figures", async () => {
    const p = await listing();
    await view(p.id, '198.51.100.7');
    await view(p.id, '198.51.100.7');
    await reveal(p.id, '198.51.100.7');
    await reveal(p.id, '198.51.100.7');
    expect(await ctx.services.counters.purgeMarks()).toBe(0);
    expect(await ctx.services.counters.purgeMarks(new Date(Date.now() + DAY + 60_000))).toBe(2);
    const activity = await ctx.services.listings.sellerActivity(sellerId);
    expect(activity.totals).toMatchObject({ views: 1, reveals: 1 });
    expect(activity.recent.map((r) => r.type).sort()).toEqual(['phone_reveal', 'view']);
  });
});

describe('phone reveals', () => {
  it('answer the phone every time but count once per visitor and listing a day', async () => {
    const p = await listing();
    for (let i = 0; i < 5; i++) {
      const res = await reveal(p.id, '198.51.100.20');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.contact).toBe('0550 00 00 00');
    }
    await reveal(p.id, '198.51.100.21');
    expect((await counts(p.id)).reveals).toBe(2);
  });
});

describe('POST /events', () => {
  it('answers 429 RATE_LIMITED past the per-address limit, recording nothing more', async () => {
    const p = await listing();
    const toggle = (ip: string) =>
      ctx.app.inject({ method: 'POST', url: `${API}/events`, remoteAddress: ip, payload: { type: 'phone_toggle', productId: p.id, shown: true } });
    for (let i = 0; i < 3; i++) expect((await toggle('198.51.100.30')).statusCode).toBe(202);
    const over = await toggle('198.51.100.30');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await toggle('198.51.100.31')).statusCode).toBe(202);
    expect(await ctx.database.db.select().from(events).where(eq(events.productId, p.id))).toHaveLength(4);
  });
});

describe('daily roll-up', () => {
  it('folds raw events older than the retention into daily counts, keeping the recent ones and the totals', async () => {
    const p = await listing();
    const q = await listing('Table en bois');
    const now = new Date('2026-06-30T12:00:00Z');
    const old = (days: number, hour = 10) => new Date(Date.UTC(2026, 5, 30 - days, hour));
    const at = (type: 'view' | 'phone_reveal' | 'phone_toggle', productId: string, createdAt: Date, shown: boolean | null = null) => ({ type, productId, category: 'sport-fitness', createdAt, shown });
    await ctx.database.db.insert(events).values([
      at('view', p.id, old(RAW_EVENT_DAYS + 5, 8)),
      at('view', p.id, old(RAW_EVENT_DAYS + 5, 20)),
      at('view', p.id, old(RAW_EVENT_DAYS + 6)),
      at('phone_reveal', p.id, old(RAW_EVENT_DAYS + 5), true),
      at('phone_toggle', p.id, old(RAW_EVENT_DAYS + 5), false),
      at('phone_toggle', p.id, old(RAW_EVENT_DAYS + 5), true),
      at('view', q.id, old(RAW_EVENT_DAYS + 5)),
      at('view', p.id, old(RAW_EVENT_DAYS - 1)),
    ]);
    expect(await ctx.services.counters.foldOldEvents(now)).toBe(7);
    const left = await ctx.database.db.select().from(events);
    expect(left).toHaveLength(1);
    const days = await ctx.database.db.select().from(eventDays);
    const key = (d: (typeof days)[number]) => `${d.productId === p.id ? 'p' : 'q'} ${d.day} ${d.type} ${d.shown} ${d.count}`;
    const d5 = old(RAW_EVENT_DAYS + 5).toISOString().slice(0, 10);
    const d6 = old(RAW_EVENT_DAYS + 6).toISOString().slice(0, 10);
    expect(days.map(key).sort()).toEqual(
      [`p ${d5} view false 2`, `p ${d6} view false 1`, `p ${d5} phone_reveal true 1`, `p ${d5} phone_toggle false 1`, `p ${d5} phone_toggle true 1`, `q ${d5} view false 1`].sort(),
    );
    // A second run folds into the same rows.
    await ctx.database.db.insert(events).values([at('view', p.id, old(RAW_EVENT_DAYS + 5, 9))]);
    expect(await ctx.services.counters.foldOldEvents(now)).toBe(1);
    const again = await ctx.database.db.select().from(eventDays).where(eq(eventDays.productId, p.id));
    expect(again.find((d) => d.day === d5 && d.type === 'view')!.count).toBe(3);
    expect(await ctx.services.counters.foldOldEvents(now)).toBe(0);
  });
});

// In production views wait up to a second to be written together (decision 0026); the other
// tests here write each at once (tests/helpers/test-app.ts). This context keeps them waiting
// until the test writes them, or for a short timer.
describe('views written in batches', () => {
  let batched: TestContext;
  let sellerOfBatch: string;
  beforeAll(async () => {
    const generous = Object.fromEntries(Object.keys(RATE_LIMITS).map((k) => [k, { max: 10_000, windowMs: 60_000 }]));
    batched = await createTestContext('counters-batched', { rateLimits: generous, viewBatchMs: 60_000 });
  });
  afterAll(async () => {
    await batched?.close();
  });
  beforeEach(async () => {
    await batched.reset();
    const [seller] = await batched.database.db.insert(users).values({ name: 'Seller', email: 'seller@example.dz', passwordHash: 'x', isVerified: true }).returning();
    sellerOfBatch = seller!.id;
  });

  const listingOf = async (title = 'Vélo de course') => {
    const [row] = await batched.database.db
      .insert(products)
      .values({ userId: sellerOfBatch, title, desc: title, originalLang: 'fr', category: 'sport-fitness', condition: 'good', address: 'oran', price: 25_000, contact: '+213550000000' })
      .returning();
    return row!;
  };
  const viewsOf = async (id: string) => (await batched.database.db.select({ views: products.views }).from(products).where(eq(products.id, id)))[0]!.views;
  const visit = (id: string, ip: string) => batched.app.inject({ method: 'GET', url: `${API}/products/${id}`, remoteAddress: ip, headers: { 'user-agent': 'Firefox/140' } });

  it('are written together, still once per visitor and listing a day, with one event each', async () => {
    const p = await listingOf();
    const q = await listingOf('Table en bois');
    for (let i = 0; i < 5; i++) expect((await visit(p.id, '198.51.100.1')).statusCode).toBe(200);
    await visit(p.id, '198.51.100.2');
    await visit(q.id, '198.51.100.1');
    // Nothing written yet: the page answered without waiting for its view.
    expect(await viewsOf(p.id)).toBe(0);
    await batched.services.counters.flushViews();
    expect(await viewsOf(p.id)).toBe(2);
    expect(await viewsOf(q.id)).toBe(1);
    expect(await batched.database.db.select().from(events).where(eq(events.productId, p.id))).toHaveLength(2);
    // The next batch finds the marks of the first: the same visitors count no more today.
    await visit(p.id, '198.51.100.1');
    await visit(p.id, '198.51.100.3');
    await batched.services.counters.flushViews();
    expect(await viewsOf(p.id)).toBe(3);
    expect(await batched.database.db.select().from(events).where(eq(events.productId, p.id))).toHaveLength(3);
  });

  it("count in the seller's figures at once, and a listing deleted before its batch costs the others nothing", async () => {
    const p = await listingOf();
    const gone = await listingOf('Table en bois');
    await visit(p.id, '198.51.100.4');
    await visit(gone.id, '198.51.100.4');
    await batched.database.db.delete(products).where(eq(products.id, gone.id));
    // The dashboard writes what this instance holds before it reads.
    const activity = await batched.services.listings.sellerActivity(sellerOfBatch);
    expect(activity.totals.views).toBe(1);
    expect(await viewsOf(p.id)).toBe(1);
  });

  it('are written by the timer on their own, and by close()', async () => {
    const p = await listingOf();
    const quick = await createTestContext('counters-quick', { viewBatchMs: 50 });
    try {
      const [seller] = await quick.database.db.insert(users).values({ name: 'S', email: 's@example.dz', passwordHash: 'x', isVerified: true }).returning();
      const [row] = await quick.database.db
        .insert(products)
        .values({ userId: seller!.id, title: 'Lampe', desc: 'Lampe', originalLang: 'fr', category: 'sport-fitness', condition: 'good', address: 'oran', price: 100, contact: '+213550000000' })
        .returning();
      await quick.app.inject({ method: 'GET', url: `${API}/products/${row!.id}`, remoteAddress: '198.51.100.5' });
      await expect.poll(async () => (await quick.database.db.select({ views: products.views }).from(products).where(eq(products.id, row!.id)))[0]!.views).toBe(1);
    } finally {
      await quick.close();
    }
    // Shutting down writes what is pending.
    await visit(p.id, '198.51.100.6');
    await batched.services.counters.close();
    expect(await viewsOf(p.id)).toBe(1);
  });
});

describe('a counted view on a full table page', () => {
  // Decision 0034: the listings table keeps a fifth of each page free, so that a view's new row
  // version fits beside the old one. PostgreSQL then updates in place (a HOT update) and writes
  // nothing to the table's twenty-odd indexes; on a packed page the version moved to another
  // page and every index got a new entry, for each view.
  const pageOf = async (id: string) => {
    const result = await ctx.database.db.execute(sql`select (ctid::text::point)[0]::int as page from ${products} where ${products.id} = ${id}`);
    return (result as unknown as { rows: { page: number }[] }).rows[0]!.page;
  };

  it('leaves the listing on its page', async () => {
    const rows = [];
    for (let i = 0; i < 60; i++) rows.push(await listing(`Vélo de course numéro ${i}, cadre acier, très bon état`));
    const pages = new Map<number, string[]>();
    for (const row of rows) {
      const page = await pageOf(row.id);
      pages.set(page, [...(pages.get(page) ?? []), row.id]);
    }
    // A page the inserts went past: it holds all the rows it takes.
    const last = Math.max(...pages.keys());
    const [, onFullPage] = [...pages].filter(([page]) => page !== last).sort((a, b) => b[1].length - a[1].length)[0]!;
    expect(onFullPage.length).toBeGreaterThan(5);
    const id = onFullPage[0]!;
    const before = await pageOf(id);
    expect((await view(id, '198.51.100.90')).statusCode).toBe(200);
    expect((await counts(id)).views).toBe(1);
    expect(await pageOf(id)).toBe(before);
  });
});
