// A word held by more listings than the count stops at (COUNT_CAP), newest first: the search
// looks for the page among the last days' matches first (services/search.ts RECENT_WINDOWS_DAYS)
// and must give exactly the pages that sorting every match would give, whether the recent
// windows hold the page or not.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../common/schemas/search.ts';
import { users } from '../../db/schema.ts';
import { RECENT_WINDOWS_DAYS } from '../../server/services/search.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
/** Every active 'lanterne' listing's id, newest first (ties by id, descending). */
let expected: string[];

beforeAll(async () => {
  ctx = await createTestContext('search_dense_text');
  const [seller] = await ctx.database.db.insert(users).values({ name: 'Grossiste', email: 'lots@example.dz', passwordHash: 'x', isVerified: true }).returning();
  const oldest = RECENT_WINDOWS_DAYS.at(-1)!;
  // 15 matches in the first window (page 1 is there, page 2 is not), 10 more in the second
  // (page 2 is there), a crowd older than every window (page 3 on: only reading every match
  // finds them), pairs at the same instant (ties broken by id), other words in between, and
  // inactive matches that must not show.
  await ctx.database.db.execute(sql`
    insert into products (user_id, title, "desc", original_lang, category, condition, address, price, contact, status, created_at, updated_at)
    select ${seller!.id}, title, 'Lanterne en laiton', 'fr', 'furniture-home', 'good', 'alger', 1000, '+213550000000', status, created_at, now()
    from (
      select 'Lanterne récente ' || n as title, 'active' as status, now() - n * interval '3 hours' as created_at from generate_series(1, 15) as n
      union all select 'Lanterne du mois ' || n, 'active', now() - interval '3 days' - n * interval '12 hours' from generate_series(1, 10) as n
      union all select 'Lanterne ancienne ' || n, 'active', now() - ${oldest + 1} * interval '1 day' - (n / 2) * interval '1 hour' from generate_series(1, ${COUNT_CAP + 200}) as n
      union all select 'Lanterne retirée ' || n, 'inactive', now() - n * interval '1 hour' from generate_series(1, 20) as n
    ) as made`);
  await ctx.database.db.execute(sql`
    insert into products (user_id, title, "desc", original_lang, category, condition, address, price, contact, status, created_at, updated_at)
    select ${seller!.id}, 'Chaise ' || n, 'Chaise', 'fr', 'furniture-home', 'good', 'alger', 1000, '+213550000000', 'active', now() - n * interval '10 minutes', now()
    from generate_series(1, 300) as n`);
  await ctx.database.db.execute(sql`analyze products`);
  const rows = (await ctx.database.db.execute(
    sql`select id from products where title like 'Lanterne%' and status = 'active' order by created_at desc, id desc`,
  )) as unknown as { rows: { id: string }[] };
  expected = rows.rows.map((r) => r.id);
});
afterAll(async () => {
  await ctx?.close();
});

async function page(n: number, words = 'lanterne') {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/products?title=${encodeURIComponent(words)}&currentPage=${n}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: { id: string }[]; pagination: { totalItems: number; totalIsCapped: boolean } };
}

describe('a word more listings hold than the count stops at, newest first', () => {
  it('gives the same pages as sorting every match, across the recent windows and past them', async () => {
    for (const n of [1, 2, 3, 7]) {
      const body = await page(n);
      expect(body.pagination).toMatchObject({ totalItems: COUNT_CAP, totalIsCapped: true });
      expect(body.data.map((p) => p.id)).toEqual(expected.slice((n - 1) * 10, n * 10));
    }
  });

  it('puts a listing dated after today first, though no window of days holds it', async () => {
    const [seller] = await ctx.database.db.select({ id: users.id }).from(users).limit(1);
    const inserted = (await ctx.database.db.execute(sql`
      insert into products (user_id, title, "desc", original_lang, category, condition, address, price, contact, created_at, updated_at)
      values (${seller!.id}, 'Lanterne à venir', 'Lanterne', 'fr', 'furniture-home', 'good', 'alger', 1000, '+213550000000', now() + interval '2 days', now())
      returning id`)) as unknown as { rows: { id: string }[] };
    const id = inserted.rows[0]!.id;
    try {
      // Another spelling of the same word: not the page the result cache kept from the test above.
      const body = await page(1, 'Lanterne');
      expect(body.data.map((p) => p.id)).toEqual([id, ...expected.slice(0, 9)]);
      // Page 2 is past the newest listings checked first: the windows of days would have it
      // without the later listing, one place off.
      expect((await page(2, 'LANTERNE')).data.map((p) => p.id)).toEqual(expected.slice(9, 19));
    } finally {
      await ctx.database.db.execute(sql`delete from products where id = ${id}`);
    }
  });

  it('matches a prefix the same way (the last word as typed so far)', async () => {
    const body = await page(1, 'lantern');
    expect(body.data.map((p) => p.id)).toEqual(expected.slice(0, 10));
  });
});
