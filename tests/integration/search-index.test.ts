// The in-memory search index (decision 0045) on the real database: loaded and followed by its feed
// (server/services/search-index-feed.ts, migration 0022's triggers), it must give every search
// the pages and counts the database gives, words or none (decision 0046), before and after listings
// are published, edited (their words too), sold, hidden, expired, deleted, their sellers banned and
// let back, and the table truncated.
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP, searchParamsSchema, type SearchParams } from '../../common/schemas/search.ts';
import { users } from '../../db/schema.ts';
import { createSearchIndexFeed, type SearchIndexFeed } from '../../server/services/search-index-feed.ts';
import type { SearchIndex } from '../../server/services/search-index.ts';
import { createSearchService, type SearchService } from '../../server/services/search.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
let feed: SearchIndexFeed;
/** Searches answered by the index when it can (the services' search, without its result cache). */
let fromIndex: SearchService;
/** The same searches, always from the database. */
let fromDatabase: SearchService;
let sellers: string[];
/** Searches with words the index answered itself (the others went to the database). */
let wordedFromIndex = 0;

const NO_CACHE = { ttlMs: 0, maxEntries: 0 };

async function addSellers() {
  const rows = await ctx.database.db
    .insert(users)
    .values(['a', 'b', 'c'].map((name) => ({ name: `Vendeur ${name}`, email: `index-${name}@example.dz`, passwordHash: 'x', isVerified: true })))
    .returning({ id: users.id });
  sellers = rows.map((r) => r.id);
}

/**
 * `count` listings from `first` on: three categories, four wilayas, communes or none, conditions,
 * price types, exchange, prices with ties, and dates in pairs (the same instant, to the
 * microsecond) so that the order falls back to the id; some inactive, sold, held for review, hidden,
 * past their end.
 */
async function addListings(first: number, count: number) {
  await ctx.database.db.execute(sql`
    insert into products (user_id, title, "desc", original_lang, category, condition, address, commune, price, price_type, exchange, contact,
      status, moderation, sold_at, expires_at, created_at, updated_at)
    select (${sql.param(sellers)}::uuid[])[1 + n % 3], 'Objet ' || n, (${sql.param(DESCRIPTIONS)}::text[])[1 + n % ${DESCRIPTIONS.length}], 'fr',
      (array['automobile', 'electronics', 'furniture-home'])[1 + n % 3],
      (array['new', 'good', 'fair'])[1 + (n / 3) % 3],
      (array['alger', 'oran', 'setif', 'illizi'])[1 + (n / 2) % 4],
      case when (n / 2) % 4 = 0 and n % 5 < 3 then (array['alger.hydra', 'alger.bab-ezzouar', 'alger.bir-el-djir'])[1 + n % 5] end,
      (array[0, 500, 1000, 1000, 2500, 10000, 45000, 1650000])[1 + (n * 7) % 8],
      case when (n * 7) % 8 = 0 then 'free' when n % 2 = 0 then 'negotiable' else 'fixed' end,
      n % 4 = 0, '+213550000000',
      case when n % 17 = 0 then 'inactive' else 'active' end,
      case when n % 19 = 0 then 'pending' when n % 23 = 0 then 'hidden' else 'approved' end,
      case when n % 29 = 0 then now() end,
      case when n % 13 = 0 then now() - interval '1 day' else now() + interval '30 days' end,
      timestamptz '2026-11-01 10:00:00.123456+00' + (n / 2) * interval '7 minutes 3.000017 seconds', now()
    from generate_series(${first}::int, ${first + count - 1}::int) as n`);
}

/** Words in the three languages; stems, plurals and prefixes of them are searched. */
const DESCRIPTIONS = [
  'Vélo de ville en bon état',
  'دراجة هوائية مستعملة',
  'Téléphone Samsung Galaxy avec chargeur',
  'Used phones, clean, with charger',
  'سيارة للبيع في حالة جيدة',
  "Canapé trois places, tissu gris, à l'état neuf",
  '',
];

/**
 * Words as buyers type them: accents or not, stems, a prefix being typed, Arabic, a title's
 * number, a stop word, a word no listing has (the database then tries close spellings) and one
 * written as a phrase (wi-fi: the database answers).
 */
const WORDS = ['vélo', 'velo', 'télé', 'phone', 'phone charger', 'chargeurs', 'سيارة', 'سيار', 'دراجة هوائية', 'objet 1', 'the', 'état', 'xyzzy', 'wi-fi', "l'état"];

/** Searches of every kind the index answers: filters alone and together, words or none, every order, pages up to past the count. */
function searches(): SearchParams[] {
  const list: SearchParams[] = [];
  const sortsOf = ['date_desc', 'date_asc', 'price_asc', 'price_desc'];
  WORDS.forEach((title, i) => {
    const filters = [{}, { category: 'electronics' }, { address: 'alger', minPrice: '1000' }, { condition: 'good', maxPrice: '45000' }][i % 4];
    list.push(searchParamsSchema.parse({ title, ...filters, sortBy: sortsOf[i % 4], currentPage: String([1, 1, 2, 30][i % 4]) }));
    list.push(searchParamsSchema.parse({ title }));
  });
  const categories = [undefined, 'automobile', 'electronics'];
  const places = [{}, { address: 'alger' }, { address: 'alger', commune: 'alger.hydra' }, { address: 'illizi' }];
  const prices = [{}, { minPrice: '1000' }, { maxPrice: '999.5' }, { minPrice: '0.5', maxPrice: '45000' }, { minPrice: '2000000' }];
  const sorts = ['date_desc', 'date_asc', 'price_asc', 'price_desc'];
  let i = 0;
  for (const category of categories) {
    for (const place of places) {
      for (const price of prices) {
        i += 1;
        const extra = [{}, { condition: 'good' }, { priceType: 'negotiable' }, { exchange: 'true' }, { seller: sellers[i % 3] }][i % 5];
        list.push(
          searchParamsSchema.parse({ ...(category ? { category } : {}), ...place, ...price, ...extra, sortBy: sorts[i % 4], currentPage: String([1, 2, 7, 100][i % 4]) }),
        );
      }
    }
  }
  return list;
}

async function expectSameAnswers() {
  expect(feed.current(), 'the index answers').not.toBeNull();
  let found = 0;
  for (const params of searches()) {
    const [memory, database] = [await fromIndex.search(params), await fromDatabase.search(params)];
    const ids = (r: typeof memory) => r.products.map((p) => p.id);
    expect({ params, ids: ids(memory), pagination: memory.pagination, fuzzy: memory.fuzzy }).toEqual({
      params,
      ids: ids(database),
      pagination: database.pagination,
      fuzzy: database.fuzzy,
    });
    found += memory.products.length;
  }
  // The home page's category tiles too.
  fromIndex.invalidate();
  fromDatabase.invalidate();
  expect(await fromIndex.categoryCounts()).toEqual(await fromDatabase.categoryCounts());
  return found;
}

beforeAll(async () => {
  ctx = await createTestContext('search_index');
  await addSellers();
  // Some listings before the index loads, more after: loaded and followed alike.
  await addListings(1, 1500);
  feed = createSearchIndexFeed({ db: ctx.database.db, log: pino({ level: 'silent' }), batch: 400 });
  await feed.start();
  // The index, with its searches that have words counted.
  const counted = (index: SearchIndex | null) =>
    index &&
    new Proxy(index, {
      get: (target, key) =>
        key === 'search'
          ? (...args: Parameters<SearchIndex['search']>) => {
              const answer = target.search(...args);
              if (args[2] && answer.n > 0) wordedFromIndex += 1;
              return answer;
            }
          : Reflect.get(target, key, target),
    });
  fromIndex = createSearchService(ctx.database.reads, { cache: NO_CACHE, index: () => counted(feed.current()) });
  fromDatabase = createSearchService(ctx.database.reads, { cache: NO_CACHE });
});
afterAll(async () => {
  await feed?.close();
  await ctx?.close();
});

describe('the in-memory search index', () => {
  it('loads the listed listings and answers as the database does', async () => {
    const listed = (await ctx.database.db.execute(sql`select count(*)::int as n from products where listed`)) as unknown as { rows: { n: number }[] };
    expect(feed.current()!.size).toBe(listed.rows[0]!.n);
    // Pages with listings, and counts past the cap, were among them; the index answered most searches with words.
    expect(await expectSameAnswers()).toBeGreaterThan(150);
    expect(wordedFromIndex).toBeGreaterThan(15);
    const all = await fromIndex.search(searchParamsSchema.parse({}));
    expect(all.pagination.totalIsCapped).toBe(true);
    expect(all.pagination.totalItems).toBe(COUNT_CAP);
  });

  it('follows what every writer changes, once it has caught up', async () => {
    await addListings(1501, 300);
    // Edits of what the index holds, and of what it does not (views: no change row).
    await ctx.database.db.execute(sql`update products set price = price + 1 where ref % 7 = 0 and price_type <> 'free'`);
    await ctx.database.db.execute(sql`update products set category = 'electronics', address = 'oran', commune = null where ref % 11 = 0`);
    await ctx.database.db.execute(sql`update products set created_at = created_at - interval '3 days' where ref % 31 = 0`);
    await ctx.database.db.execute(sql`update products set views = views + 1 where ref % 2 = 0`);
    // New words, and words taken away.
    await ctx.database.db.execute(sql`update products set "desc" = 'Vélo électrique, batterie neuve' where ref % 9 = 0`);
    await ctx.database.db.execute(sql`update products set "desc" = '', title_fr = 'Téléphone' where ref % 10 = 0`);
    // Sold, taken down, held, expired, renewed, deleted.
    await ctx.database.db.execute(sql`update products set sold_at = now() where ref % 37 = 0`);
    await ctx.database.db.execute(sql`update products set status = 'inactive' where ref % 41 = 0`);
    await ctx.database.db.execute(sql`update products set moderation = 'hidden' where ref % 43 = 0`);
    await ctx.database.db.execute(sql`update products set expires_at = now() - interval '1 hour' where ref % 47 = 0`);
    await ctx.database.db.execute(sql`update products set expires_at = now() + interval '10 days' where ref % 13 = 0 and ref % 26 <> 0`);
    await ctx.database.db.execute(sql`delete from products where ref % 53 = 0`);
    await feed.catchUp();
    await expectSameAnswers();
    // The newest listing is one just published.
    const newest = (await ctx.database.db.execute(sql`select title from products where listed order by created_at desc, id desc limit 1`)) as unknown as { rows: { title: string }[] };
    expect(Number(newest.rows[0]!.title.split(' ')[1])).toBeGreaterThan(1500);
    expect((await fromIndex.search(searchParamsSchema.parse({}))).products[0]!.title).toBe(newest.rows[0]!.title);
  });

  it('leaves a banned seller out of every search, and brings them back when the ban is lifted', async () => {
    const seller = sellers[1]!;
    const shop = searchParamsSchema.parse({ seller });
    expect((await fromIndex.search(shop)).pagination.totalItems).toBeGreaterThan(0);
    await ctx.database.db.execute(sql`update users set status = 'banned' where id = ${seller}`);
    await feed.catchUp();
    expect((await fromIndex.search(shop)).pagination.totalItems).toBe(0);
    await expectSameAnswers();
    await ctx.database.db.execute(sql`update users set status = 'active' where id = ${seller}`);
    await feed.catchUp();
    expect((await fromIndex.search(shop)).pagination.totalItems).toBeGreaterThan(0);
    await expectSameAnswers();
  });

  it('sees a change committed after a later one (transactions read by their ids, not by the order they end in)', async () => {
    // A transaction takes its id, another writes and commits, the first commits last.
    if (ctx.database.kind !== 'postgres') return;
    const priced = (price: number) => fromIndex.search(searchParamsSchema.parse({ minPrice: String(price), maxPrice: String(price) }));
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`update products set price = 777777 where ref = 2`);
      await ctx.database.db.execute(sql`update products set price = 888888 where ref = 4`);
      await feed.catchUp();
      expect((await priced(888888)).pagination.totalItems).toBe(1);
    });
    await feed.catchUp();
    expect((await priced(777777)).pagination.totalItems).toBe(1);
    await expectSameAnswers();
  });

  it('counts the categories once for the home pages that ask at the same time', async () => {
    fromDatabase.invalidate();
    const [first, second] = await Promise.all([fromDatabase.categoryCounts(), fromDatabase.categoryCounts()]);
    expect(second).toBe(first);
    expect(Object.values(first).reduce((a, b) => a! + b!, 0)).toBeGreaterThan(0);
  });

  it('loads again after the listings are truncated', async () => {
    await ctx.reset();
    await addSellers();
    await feed.catchUp();
    expect(feed.current()!.size).toBe(0);
    await addListings(1, 200);
    await feed.catchUp();
    expect(await expectSameAnswers()).toBeGreaterThan(50);
  });
});
