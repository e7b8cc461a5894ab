// The last word of a search, a prefix still being typed, is looked up as the whole lexemes it
// starts (search_lexemes, decision 0029) rather than as a partial match: the same listings must
// match either way, for every kind of lexeme the search vector holds (simple words of any length,
// French and English stems that are no prefix of their word, Arabic after normalization). A
// text search with few matches is paged from its count: every sort must give the pages that
// sorting every match gives.
import { and, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchParamsSchema } from '../../common/schemas/search.ts';
import { products, users } from '../../db/schema.ts';
import { anyLexeme, MAX_PREFIX_LEXEMES, prefixExpansion, searchFilters, searchWords } from '../../server/services/search.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;

const TITLES = [
  'Happy dog for adoption', // English stem "happi": no prefix of "happy"
  'Chien heureux', // French stem "heureux"
  'TV Samsung 4K', // a two-letter word
  'Télévision écran plat',
  'Téléphone portable',
  'هاتف نقال مستعمل',
  'أريكة جلد',
  'Vélo de course',
  'Velours rouge',
];

beforeAll(async () => {
  ctx = await createTestContext('search_prefix');
  const [seller] = await ctx.database.db.insert(users).values({ name: 'Vendeur', email: 'prefix@example.dz', passwordHash: 'x', isVerified: true }).returning();
  // Every title, at distinct prices and instants (ties by price broken by id), plus a crowd of
  // words with one prefix, more than an expansion takes.
  await ctx.database.db.execute(sql`
    insert into products (user_id, title, "desc", original_lang, category, condition, address, price, contact, created_at, updated_at)
    select ${seller!.id}, title, 'Annonce ' || n, 'fr', 'furniture-home', 'good', 'alger', 1000 + (n % 3) * 100, '+213550000000', now() - n * interval '1 hour', now()
    from unnest(${sql.param(TITLES)}::text[]) with ordinality as t(title, n)`);
  await ctx.database.db.execute(sql`
    insert into products (user_id, title, "desc", original_lang, category, condition, address, price, contact, created_at, updated_at)
    select ${seller!.id}, 'Zorglub' || n, 'Zorglub', 'fr', 'furniture-home', 'good', 'oran', 500 + n, '+213550000000', now() - n * interval '1 minute', now()
    from generate_series(1, ${MAX_PREFIX_LEXEMES + 5}) as n`);
  await ctx.database.db.execute(sql`analyze products`);
});
afterAll(async () => {
  await ctx?.close();
});

/** The ids a search's page gives, through the service (HTTP API). */
async function search(query: Record<string, string>): Promise<{ ids: string[]; total: number }> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/products?${new URLSearchParams(query)}` });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { data: { id: string }[]; pagination: { totalItems: number } };
  return { ids: body.data.map((p) => p.id), total: body.pagination.totalItems };
}

type Sort = 'date_desc' | 'date_asc' | 'price_asc' | 'price_desc';
const cmp = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);
/** The search's orders (services/search.ts ORDER): ties broken by id (uuids compare as their hex). */
const ORDERS: Record<Sort, (a: Match, b: Match) => number> = {
  date_desc: (a, b) => cmp(b.createdAt.getTime(), a.createdAt.getTime()) || cmp(b.id, a.id),
  date_asc: (a, b) => cmp(a.createdAt.getTime(), b.createdAt.getTime()) || cmp(a.id, b.id),
  price_asc: (a, b) => cmp(a.price, b.price) || cmp(a.id, b.id),
  price_desc: (a, b) => cmp(b.price, a.price) || cmp(b.id, a.id),
};
interface Match {
  id: string;
  createdAt: Date;
  price: number;
}

/** Every match of `filters`, sorted. */
async function matches(filters: SQL[], sortBy: Sort = 'date_desc'): Promise<string[]> {
  const rows = await ctx.database.db.select({ id: products.id, createdAt: products.createdAt, price: products.price }).from(products).where(and(...filters));
  return rows.sort(ORDERS[sortBy]).map((r) => r.id);
}

/** Every match of the partial-match query (`:*`, no expansion), in the search's order. */
const partialMatches = (title: string, sortBy: Sort = 'date_desc') => matches(searchFilters(searchParamsSchema.parse({ title }), false, undefined, null), sortBy);

describe('the last word expanded into the lexemes it starts', () => {
  it('matches what the partial match matches, for every kind of lexeme', async () => {
    for (const title of ['happi', 'happ', 'heureu', 't', 'tv', 'tel', 'tele', 'telev', 'هات', 'هاتف', 'اريك', 'أريكة', 'vel', 'velo', 'vélo', 'velou', 'chien heu', 'portable tel', 'x', 'zorg']) {
      const words = searchWords(title);
      const { expansion } = await prefixExpansion(ctx.database.db, words);
      const expected = await partialMatches(title);
      expect(await matches(searchFilters(searchParamsSchema.parse({ title }), false, undefined, expansion)), title).toEqual(expected);
      // And through the service, which expands (its first page).
      expect((await search({ title })).ids, title).toEqual(expected.slice(0, 10));
    }
  });

  it('expands a prefix into the lexemes of every language, stems included', async () => {
    const lexemes = async (title: string) => (await prefixExpansion(ctx.database.db, searchWords(title))).expansion?.lexemes;
    expect(await lexemes('happi')).toEqual(['happi']);
    expect(await lexemes('t')).toEqual(expect.arrayContaining(['tv', 'telephone', 'television']));
    expect(await lexemes('Vélo')).toEqual(expect.arrayContaining(['velo', 'velours']));
    expect(await lexemes('هات')).toEqual(['هاتف']);
    // Nothing starts it: the partial match stays (it finds nothing either).
    expect(await lexemes('qwxz')).toBeUndefined();
    // More lexemes than an expansion takes: the partial match stays.
    expect(await lexemes('zorg')).toBeUndefined();
    expect((await search({ title: 'zorg' })).total).toBe(MAX_PREFIX_LEXEMES + 5);
  });

  it('keeps the vocabulary as listings are written: a new word, an edited text', async () => {
    const [seller] = await ctx.database.db.select({ id: users.id }).from(users).limit(1);
    const [row] = (
      (await ctx.database.db.execute(sql`
        insert into products (user_id, title, "desc", original_lang, category, condition, address, price, contact)
        values (${seller!.id}, 'Kayak gonflable', 'Kayak', 'fr', 'sport-fitness', 'good', 'alger', 9000, '+213550000000') returning id`)) as unknown as { rows: { id: string }[] }
    ).rows;
    expect((await search({ title: 'kaya' })).ids).toEqual([row!.id]);
    await ctx.database.db.execute(sql`update products set title = 'Pirogue gonflable' where id = ${row!.id}`);
    expect((await search({ title: 'pirog' })).ids).toEqual([row!.id]);
  });

  it('writes lexemes for tsquery input exactly, quotes and backslashes included', async () => {
    for (const lexeme of ["it's", 'a\\b', "''", 'a b', 'plain']) {
      const rows = (await ctx.database.db.execute(
        sql`select numnode(${anyLexeme([lexeme])}::tsquery) as nodes, array_to_tsvector(array[${lexeme}::text]) @@ ${anyLexeme([lexeme])}::tsquery as matches`,
      )) as unknown as { rows: { nodes: number; matches: boolean }[] };
      expect(rows.rows[0], lexeme).toEqual({ nodes: 1, matches: true });
    }
    const rows = (await ctx.database.db.execute(sql`select numnode(${anyLexeme(['a', "b'c", 'd\\'])}::tsquery) as nodes`)) as unknown as { rows: { nodes: number }[] };
    expect(rows.rows[0]!.nodes).toBe(5);
  });
});

describe('a text search with few matches, paged from its count', () => {
  it('gives the pages of sorting every match, in every order', async () => {
    for (const sortBy of ['date_desc', 'date_asc', 'price_asc', 'price_desc'] as const) {
      const expected = await partialMatches('zorglub', sortBy);
      expect(expected).toHaveLength(MAX_PREFIX_LEXEMES + 5);
      for (const currentPage of [1, 2, Math.ceil(expected.length / 10), Math.ceil(expected.length / 10) + 1]) {
        const { ids, total } = await search({ title: 'zorglub', sortBy, currentPage: String(currentPage) });
        expect(total).toBe(expected.length);
        expect(ids, `${sortBy} page ${currentPage}`).toEqual(expected.slice((currentPage - 1) * 10, currentPage * 10));
      }
    }
    // Ties on price, broken by id.
    const tied = await partialMatches('annonce', 'price_asc');
    expect((await search({ title: 'annonce', sortBy: 'price_asc' })).ids).toEqual(tied.slice(0, 10));
  });
});
