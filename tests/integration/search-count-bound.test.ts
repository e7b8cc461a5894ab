// A word's capped count may come from the hourly lexeme counts (search_lexeme_counts and
// search_lexeme_places, decision 0035)
// instead of its matches: the count at the last recount, less every listing that may have left
// since. These tests put the matches exactly at the cap after every way a listing can leave: a
// single departure the counts missed would report "more than 1,000" for exactly 1,000 matches.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP, searchParamsSchema } from '../../common/schemas/search.ts';
import { users } from '../../db/schema.ts';
import { countBound, countLowerBound, countSearchLexemes, prefixExpansion, priceBandsWithin, searchWords } from '../../server/services/search.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
let seller: string;
let banned: string;

/** Lamps in furniture at 1,000-1,999 DA (one price band): more than the cap, by LAMPS - COUNT_CAP. */
const LAMPS = COUNT_CAP + 50;

async function addLamps(userId: string, count: number, from: number) {
  await ctx.database.db.execute(sql`
    insert into products (user_id, title, "desc", original_lang, category, condition, address, price, contact, created_at, updated_at)
    select ${userId}, 'Lampe de chevet ' || n, 'Lampe en cuivre', 'fr', 'furniture-home', 'good', 'alger', 1000 + (n * 37) % 1000,
      '+213550000000', now() - n * interval '17 minutes', now()
    from generate_series(${from}::int, ${from + count - 1}::int) as n`);
}

beforeAll(async () => {
  ctx = await createTestContext('search_count_bound');
  const made = await ctx.database.db
    .insert(users)
    .values([
      { name: 'Dinandier', email: 'lamps@example.dz', passwordHash: 'x', isVerified: true },
      { name: 'Faussaire', email: 'fake-lamps@example.dz', passwordHash: 'x', isVerified: true },
    ])
    .returning();
  seller = made[0]!.id;
  banned = made[1]!.id;
  await addLamps(seller, LAMPS - 5, 1);
  await addLamps(banned, 5, LAMPS);
  await ctx.database.db.execute(sql`analyze products`);
  await countSearchLexemes(ctx.database.db);
});
afterAll(async () => {
  await ctx?.close();
});

const QUERIES: Record<string, string>[] = [
  { title: 'lampe' },
  { title: 'lampe', category: 'furniture-home' },
  { title: 'lampe', category: 'furniture-home', minPrice: '999.5', maxPrice: '1999' },
  { title: 'lampe', address: 'alger' },
];

/** The listings listed now that each query must give, newest first, read straight from the table. */
async function expected(query: Record<string, string>): Promise<string[]> {
  const rows = (await ctx.database.db.execute(sql`
    select p.id from products p join users u on u.id = p.user_id
    where p.listed and p.expires_at > now() and u.status <> 'banned' and p.title like 'Lampe%'
      and (${query.category ?? null}::text is null or p.category = ${query.category ?? null})
      and (${query.address ?? null}::text is null or p.address = ${query.address ?? null})
      and (${query.minPrice ?? null}::numeric is null or p.price >= ceil(${query.minPrice ?? null}::numeric))
      and (${query.maxPrice ?? null}::numeric is null or p.price <= floor(${query.maxPrice ?? null}::numeric))
    order by p.created_at desc, p.id desc`)) as unknown as { rows: { id: string }[] };
  return rows.rows.map((r) => r.id);
}

async function search(query: Record<string, string>) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/products?${new URLSearchParams(query)}` });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { data: { id: string }[]; pagination: { totalItems: number; totalIsCapped: boolean } };
  return { ids: body.data.map((p) => p.id), total: body.pagination.totalItems, capped: body.pagination.totalIsCapped };
}

/** The bound the search reads for a query, as the service computes it. */
async function bound(query: Record<string, string>): Promise<number | null> {
  const params = searchParamsSchema.parse(query);
  const { expansion } = await prefixExpansion(ctx.database.db, searchWords(params.title!));
  const count = countBound(params, expansion);
  expect(count).not.toBeNull();
  const rows = (await ctx.database.db.execute(countLowerBound(count!))) as unknown as { rows: { bound: number | null }[] };
  return rows.rows[0]!.bound;
}

/** Every query gives exactly the capped count and the newest page of what the table holds now. */
async function expectExact() {
  ctx.services.search.invalidate();
  for (const query of QUERIES) {
    const all = await expected(query);
    const found = await search(query);
    expect({ total: found.total, capped: found.capped }, JSON.stringify(query)).toEqual({ total: Math.min(all.length, COUNT_CAP), capped: all.length > COUNT_CAP });
    expect(found.ids, JSON.stringify(query)).toEqual(all.slice(0, 10));
    expect(await bound(query), JSON.stringify(query)).toBeLessThanOrEqual(all.length);
  }
}

describe('a capped count from the lexeme counts', () => {
  it('reads only the bands a price range holds whole', () => {
    expect(priceBandsWithin(999.5, 1999)).toEqual([41]);
    expect(priceBandsWithin(1000, 1998)).toEqual([]);
    expect(priceBandsWithin(undefined, 0)).toEqual([0]);
    expect(priceBandsWithin(0, 0)).toEqual([]);
    expect(priceBandsWithin(5000, 50000)).toEqual([45, 46, 47, 48, 49, 51, 52, 53, 54]);
    expect(priceBandsWithin(1_000_000_000, undefined)).toEqual([101, 102]);
    // Only a search of one word, with a category and a price range at most.
    expect(countBound(searchParamsSchema.parse({ title: 'lampe cuivre' }), { word: 'cuivre', lexemes: ['cuivre'] })).toBeNull();
    expect(countBound(searchParamsSchema.parse({ title: 'lampe', address: 'alger', category: 'electronics' }), { word: 'lampe', lexemes: ['lampe'] })).toBeNull();
    expect(countBound(searchParamsSchema.parse({ title: 'lampe', address: 'alger', minPrice: '10' }), { word: 'lampe', lexemes: ['lampe'] })).toBeNull();
    expect(countBound(searchParamsSchema.parse({ title: 'lampe', address: 'alger', exchange: 'true' }), { word: 'lampe', lexemes: ['lampe'] })).toBeNull();
    expect(countBound(searchParamsSchema.parse({ title: 'lampe', condition: 'good' }), { word: 'lampe', lexemes: ['lampe'] })).toBeNull();
  });

  it('answers "more than the cap" from the counts while they hold, exactly', async () => {
    for (const query of QUERIES) expect(await bound(query)).toBe(LAMPS);
    await expectExact();
  });

  it('gives the exact count once every way of leaving has brought the matches down to the cap', async () => {
    const db = ctx.database.db;
    // Five listings each way: unlisted (inactive, sold, hidden, swept as expired), deleted, their
    // text changed, moved out of the category, priced out of the range, past their end but not
    // swept yet; and the banned seller's five. LAMPS - 50 = exactly COUNT_CAP matches are left in the
    // category and range.
    const pick = async (n: number) => {
      const rows = (await db.execute(sql`select id from products where title like 'Lampe%' and listed and user_id = ${seller} and expires_at > now() and category = 'furniture-home' and price between 1000 and 1999 order by ref limit ${n}`)) as unknown as { rows: { id: string }[] };
      return rows.rows.map((r) => r.id);
    };
    const changes = [
      sql`status = 'inactive'`,
      sql`sold_at = now()`,
      sql`moderation = 'hidden'`,
      sql`expired = true`,
      sql`title = 'Applique ' || ref, "desc" = 'Applique en cuivre'`,
      sql`category = 'electronics'`,
      sql`price = 2500`,
      sql`expires_at = now() - interval '1 minute'`,
    ];
    for (const change of changes) {
      const ids = await pick(5);
      await db.execute(sql`update products set ${change} where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    }
    await db.execute(sql`delete from products where id in (${sql.join((await pick(5)).map((id) => sql`${id}`), sql`, `)})`);
    await db.execute(sql`update users set status = 'banned' where id = ${banned}`);
    expect(await expected(QUERIES[2]!)).toHaveLength(COUNT_CAP);
    await expectExact();
  });

  it('stays exact after a recount, a move to another wilaya, and listings added since', async () => {
    await countSearchLexemes(ctx.database.db);
    await expectExact();
    // 1,010 lamps are listed and visible in Algiers: ten moved to Oran leave exactly the cap there.
    expect(await expected(QUERIES[3]!)).toHaveLength(COUNT_CAP + 10);
    await ctx.database.db.execute(sql`update products set address = 'oran' where id in (select id from products where title like 'Lampe%' and listed and user_id = ${seller} and expires_at > now() and address = 'alger' order by ref limit 10)`);
    expect(await expected(QUERIES[3]!)).toHaveLength(COUNT_CAP);
    await expectExact();
    await addLamps(seller, 3, 10_000);
    await expectExact();
    expect((await search(QUERIES[2]!)).capped).toBe(true);
    expect((await search(QUERIES[3]!)).capped).toBe(true);
  });

  it('forgets the counts when the table is emptied', async () => {
    await ctx.database.db.execute(sql`truncate products cascade`);
    await addLamps(seller, 20, 1);
    expect(await bound(QUERIES[0]!)).toBeLessThanOrEqual(20);
    await expectExact();
  });
});
