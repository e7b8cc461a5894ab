// A text search with a price range must give exactly the pages and counts of filtering every match
// of its words by price: with few matches (paged from the count), and with more matches than the
// count stops at, newest first, where the newest listings in the price range are probed first
// (services/search.ts DENSE_PROBE_ROWS among DENSE_PROBE_SCAN, decision 0033), then the recent
// windows, then every match. Prices sit on both sides of every digit and leading-digit edge, at 0
// (give-aways), below zero (only writable straight into the table) and at the largest values; bounds
// are on those edges, between them and fractional (the search rounds them inwards).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../common/schemas/search.ts';
import { users } from '../../db/schema.ts';
import { DENSE_PROBE_SCAN } from '../../server/services/search.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;

// Prices on both sides of every kind of band edge: a decade (9 | 10, 99 | 100…), a leading digit
// (1999 | 2000, 4999 | 5000), zero, below zero, the search's largest bound and the column's largest value.
const EDGES = [
  -2147483648, -5, -1, 0, 1, 2, 9, 10, 11, 19, 20, 99, 100, 101, 999, 1000, 1001, 1999, 2000, 4999, 5000, 5001, 9999, 10000, 29999, 30000, 30001, 49999,
  50000, 99999, 100000, 999999, 1000000, 1500000, 999999999, 1000000000, 1000000001, 2147483647,
];
// Bounds as a buyer types them: on the edges, between them, fractional (rounded inwards by the search).
const BOUNDS = [undefined, 0, 0.5, 1, 9, 10, 19.5, 99, 100, 1000, 1999, 2000, 4999.9, 5000, 9999, 10000, 30000, 49999, 50000, 100000, 1000000, 1000000000];

/** The kilims' (and the other listings') prices, one in twenty each. */
const PRICES = [0, 1, 9, 10, 99, 100, 999, 1000, 1999, 2000, 4999, 5000, 9999, 10000, 30000, 49999, 50000, 100000, 1000000, 1000000000];
const KILIMS = 6 * COUNT_CAP;

interface Row {
  id: string;
  price: number;
  createdAt: number;
  category: string;
}
/** Every active 'tapis' listing (the few-matches word) and every 'kilim' one (more than COUNT_CAP). */
let tapis: Row[];
let kilim: Row[];

beforeAll(async () => {
  ctx = await createTestContext('search_text_price');
  const [seller] = await ctx.database.db.insert(users).values({ name: 'Tisserand', email: 'prices@example.dz', passwordHash: 'x', isVerified: true }).returning();
  // 'Tapis': each edge price twice (ties on price broken by id), in two categories, fixed, negotiable
  // and free (a give-away costs 0), plus inactive ones that must not show. Prices below zero cannot
  // be written through the app: they are written here directly, since the column allows them.
  await ctx.database.db.execute(sql`
    insert into products (user_id, title, "desc", original_lang, category, condition, address, price, price_type, contact, status, created_at, updated_at)
    select ${seller!.id}, 'Tapis berbère ' || n, 'Tapis', 'fr', case when n % 2 = 0 then 'furniture-home' else 'fashion' end, 'good', 'alger', price,
      case when price = 0 then 'free' when n % 3 = 0 then 'negotiable' else 'fixed' end,
      '+213550000000', case when n % 11 = 0 then 'inactive' else 'active' end, now() - n * interval '37 minutes', now()
    from unnest(${sql.param([...EDGES, ...EDGES])}::int[]) with ordinality as e(price, n)`);
  // 'Kilim': six times more matches than the count stops at, one an hour, prices across every
  // digit and leading digit (so that ranges of a fifth or more of them are past the count).
  await ctx.database.db.execute(sql`
    insert into products (user_id, title, "desc", original_lang, category, condition, address, price, price_type, contact, created_at, updated_at)
    select ${seller!.id}, 'Kilim ' || n, 'Kilim tissé main', 'fr', 'furniture-home', 'good', 'oran', (${sql.param(PRICES)}::int[])[1 + (n * 7) % 20],
      case when (n * 7) % 20 = 0 then 'free' else 'fixed' end, '+213550000000', now() - n * interval '1 hour', now()
    from generate_series(1, ${KILIMS}) as n`);
  // Six times as many listings of the category without the word among the newest, at the same
  // prices: the newest DENSE_PROBE_SCAN (1,500) listings hold ~215 kilims, and a range keeping
  // 6 prices in 20 has ~450 listings among them, of which the newest 300 hold ~43 kilims: a page
  // of them, which must be the newest ones (pages past them come from the recent windows).
  await ctx.database.db.execute(sql`
    insert into products (user_id, title, "desc", original_lang, category, condition, address, price, price_type, contact, created_at, updated_at)
    select ${seller!.id}, 'Banc ' || n, 'Banc en bois', 'fr', 'furniture-home', 'good', 'oran', (${sql.param(PRICES)}::int[])[1 + (n * 3) % 20],
      case when (n * 3) % 20 = 0 then 'free' else 'fixed' end, '+213550000000', now() - n * interval '10 minutes' - interval '1 minute', now()
    from generate_series(1, ${DENSE_PROBE_SCAN + 500}) as n`);
  await ctx.database.db.execute(sql`analyze products`);
  const rows = async (word: string) =>
    (
      (await ctx.database.db.execute(
        sql`select id, price, extract(epoch from created_at) * 1000 as created, category from products where title like ${word + '%'} and status = 'active'`,
      )) as unknown as { rows: { id: string; price: number; created: string; category: string }[] }
    ).rows.map((r) => ({ id: r.id, price: Number(r.price), createdAt: Number(r.created), category: r.category }));
  tapis = await rows('Tapis');
  kilim = await rows('Kilim');
});
afterAll(async () => {
  await ctx?.close();
});

type Sort = 'date_desc' | 'date_asc' | 'price_asc' | 'price_desc';
const cmp = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);
/** The search's orders (services/search.ts ORDER): ties broken by id (uuids compare as their hex). */
const ORDERS: Record<Sort, (a: Row, b: Row) => number> = {
  date_desc: (a, b) => cmp(b.createdAt, a.createdAt) || cmp(b.id, a.id),
  date_asc: (a, b) => cmp(a.createdAt, b.createdAt) || cmp(a.id, b.id),
  price_asc: (a, b) => cmp(a.price, b.price) || cmp(a.id, b.id),
  price_desc: (a, b) => cmp(b.price, a.price) || cmp(b.id, a.id),
};

/** The matches of a price range among `rows`, as the search's bounds read it (min rounded up, max down), sorted. */
function expected(rows: Row[], min: number | undefined, max: number | undefined, sortBy: Sort, category?: string): string[] {
  return rows
    .filter((r) => (min === undefined || r.price >= Math.ceil(min)) && (max === undefined || r.price <= Math.floor(max)) && (!category || r.category === category))
    .sort(ORDERS[sortBy])
    .map((r) => r.id);
}

async function search(query: Record<string, string | number | undefined>): Promise<{ ids: string[]; total: number; capped: boolean }> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/products?${params}` });
  expect(res.statusCode, params.toString()).toBe(200);
  const body = res.json() as { data: { id: string }[]; pagination: { totalItems: number; totalIsCapped: boolean } };
  return { ids: body.data.map((p) => p.id), total: body.pagination.totalItems, capped: body.pagination.totalIsCapped };
}

describe('a text search with a price range', () => {
  it('gives exactly the matches of the range, few matches, every bound and order', async () => {
    for (const min of BOUNDS) {
      for (const max of BOUNDS) {
        if (min !== undefined && max !== undefined && min > max) continue;
        const sortBy: Sort = (['date_desc', 'price_asc', 'price_desc', 'date_asc'] as const)[BOUNDS.indexOf(min) % 4]!;
        const all = expected(tapis, min, max, sortBy);
        const { ids, total } = await search({ title: 'tapis', minPrice: min, maxPrice: max, sortBy });
        expect(total, `${min}..${max}`).toBe(all.length);
        expect(ids, `${min}..${max} ${sortBy}`).toEqual(all.slice(0, 10));
      }
    }
  });

  it('with a category, a price type, on later pages', async () => {
    for (const [min, max] of [[1000, 9999], [2000, undefined], [undefined, 0], [0, 0], [10, 100000]] as const) {
      for (const currentPage of [1, 2, 3]) {
        const all = expected(tapis, min, max, 'date_desc', 'furniture-home');
        const { ids, total } = await search({ title: 'tapis', category: 'furniture-home', minPrice: min, maxPrice: max, currentPage });
        expect(total).toBe(all.length);
        expect(ids, `${min}..${max} page ${currentPage}`).toEqual(all.slice((currentPage - 1) * 10, currentPage * 10));
      }
    }
    // Give-aways with a range that starts at 0.
    const free = tapis.filter((r) => r.price === 0).sort(ORDERS.date_desc).map((r) => r.id);
    expect((await search({ title: 'tapis', priceType: 'free', minPrice: 0, maxPrice: 5 })).ids).toEqual(free);
  });

  it('gives the pages of sorting every match when more listings match than the count stops at', async () => {
    for (const [min, max] of [[undefined, undefined], [undefined, 30000], [5000, 50000], [10000, undefined], [1000, 9999], [0, 1000], [1000, 1999]] as const) {
      for (const sortBy of ['date_desc', 'price_asc'] as const) {
        const all = expected(kilim, min, max, sortBy);
        for (const currentPage of [1, 2, 4, 40]) {
          const { ids, total, capped } = await search({ title: 'kilim', minPrice: min, maxPrice: max, sortBy, currentPage });
          expect(total, `${min}..${max}`).toBe(Math.min(all.length, COUNT_CAP));
          expect(capped).toBe(all.length > COUNT_CAP);
          expect(ids, `${min}..${max} ${sortBy} page ${currentPage}`).toEqual(all.slice((currentPage - 1) * 10, currentPage * 10));
        }
      }
    }
  });
});
