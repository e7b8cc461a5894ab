// The listing search: filters, sorts, Arabic-aware multilingual text matching and
// capped counts. Every ORDER BY repeats its index's direction and NULLS clause;
// date_asc walks the newest-first indexes backwards.
import { and, eq, getTableColumns, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { PRODUCTS_PAGE_SIZE } from '../../common/constants.ts';
import type { ApiProduct } from '../../common/product.ts';
import { COUNT_CAP, searchParamsSchema, type SearchParams, type Sort } from '../../common/schemas/search.ts';
import type { AttributeFilter } from '../../common/schemas/attributes.ts';
import { withSettings, type AppDb } from '../../db/client.ts';
import { mustReadPrimary } from '../../db/read-routing.ts';
import { attributeExpression, CREATED_DAY, isIndexedAttribute, products, searchDepartures, searchLexemeCounts, searchLexemePlaces, searchLexemes, searchTerms, users } from '../../db/schema.ts';
import { instant, listedNow } from '../repositories/visibility.ts';
import { newestFirst, oldestFirst } from '../../db/order.ts';
import { AppError } from '#errors';
import { photosColumn, withPhotos, type PhotoRow } from './listings.ts';
import { RateLimitedError, type Limits } from './rate-limit.ts';
import { indexAnswers, type SearchIndex } from './search-index.ts';
import { allOf, parseTsquery, type TextQuery } from './text-query.ts';

const ORDER: Record<Sort, SQL[]> = {
  date_desc: newestFirst(products),
  date_asc: oldestFirst(products),
  price_asc: [sql`${products.price} asc`, sql`${products.id} asc`],
  price_desc: [sql`${products.price} desc`, sql`${products.id} desc`],
};

// What ecosouk_normalize() deletes: Arabic harakat, shadda, superscript alef, tatweel.
const ERASED = /[\u064B-\u0652\u0670\u0640]/g;

/** At most this many words are matched; a longer text is cut. */
export const MAX_WORDS = 8;
/** A word is cut to this many characters: no real word is longer, and trigrams grow with length. */
export const MAX_WORD_LENGTH = 32;
/** The typo fallback looks for close spellings of this many words at most (the longest ones). */
export const MAX_FUZZY_WORDS = 3;
/** Shorter words have too few trigrams to be told apart: the fallback skips them. */
export const MIN_FUZZY_WORD_LENGTH = 3;

/**
 * Words worth matching: some letter or digit left after normalization, each once (case
 * and harakat ignored), cut to MAX_WORD_LENGTH, MAX_WORDS at most. Repeating a word adds
 * nothing to the match and would multiply the cost of the typo fallback.
 */
export function searchWords(text: string): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const raw of text.split(/[\s\p{P}\p{S}]+/u)) {
    const word = [...raw].slice(0, MAX_WORD_LENGTH).join('');
    const key = word.replace(ERASED, '').toLocaleLowerCase('und').normalize('NFKC');
    if (!/[\p{L}\p{N}]/u.test(key) || seen.has(key)) continue;
    seen.add(key);
    words.push(word);
    if (words.length === MAX_WORDS) break;
  }
  return words;
}

/**
 * The words the typo fallback looks for: the MAX_FUZZY_WORDS longest of at least
 * MIN_FUZZY_WORD_LENGTH characters (long words carry the meaning; each word is one more
 * trigram check on every candidate row).
 */
export function fuzzyWords(words: string[]): string[] {
  return words
    .filter((w) => [...w.replace(ERASED, '')].length >= MIN_FUZZY_WORD_LENGTH)
    .map((word, index) => ({ word, index }))
    .sort((a, b) => [...b.word].length - [...a.word].length || a.index - b.index)
    .slice(0, MAX_FUZZY_WORDS)
    .sort((a, b) => a.index - b.index)
    .map((w) => w.word);
}

/**
 * The lexemes the last word of a search starts, when they are few: the prefix written as
 * those whole lexemes (`'tel' | 'telephone'`) rather than `'tel':*` matches the same listings,
 * and GIN looks each one up instead of collecting every entry of the partial match into a
 * bitmap first (decision 0029).
 */
export interface PrefixExpansion {
  /** The last word, as searchWords gave it. */
  word: string;
  /** Every lexeme of search_lexemes that starts with the normalized word. */
  lexemes: string[];
}

/** A prefix that starts more lexemes than this keeps the partial match (`:*`): as many lookups would cost more. */
export const MAX_PREFIX_LEXEMES = 64;

/**
 * The expansion of the last of `words` (null: keep `:*`). Exactly the same matches: the
 * vocabulary holds every lexeme any listing's vector ever held (migration 0019, a superset),
 * `starts_with` compares bytes as a tsquery prefix does, and the expansion is used only when
 * the word is one token of the simple parser, itself, as `to_tsquery('simple', …:*)` would read
 * it. The range's upper bound, U+10FFFF, is no letter or digit, so no lexeme holds it. With
 * `explain`, the statement's execution time is returned too (benchmark).
 */
export async function prefixExpansion(db: AppDb, words: string[], explain = false): Promise<{ expansion: PrefixExpansion | null; ms: number }> {
  const word = words.at(-1);
  if (word === undefined) return { expansion: null, ms: 0 };
  const query = sql`select p.single, array(
      select ${searchLexemes.lexeme} from ${searchLexemes}
      where ${searchLexemes.lexeme} ~>=~ p.prefix and ${searchLexemes.lexeme} ~<~ (p.prefix || chr(1114111)) and starts_with(${searchLexemes.lexeme}, p.prefix)
      order by ${searchLexemes.lexeme} using ~<~ limit ${MAX_PREFIX_LEXEMES + 1}) as lexemes
    from (select prefix, tsvector_to_array(to_tsvector('simple', prefix)) = array[prefix] as single from (select ecosouk_normalize(${word}) as prefix) as w) as p`;
  let ms = 0;
  if (explain) ms = executionMs(await db.execute(sql`explain (analyze, format json) ${query}`));
  const row = ((await db.execute(query)) as unknown as { rows: { single: boolean; lexemes: string[] }[] }).rows[0];
  if (!row?.single || row.lexemes.length === 0 || row.lexemes.length > MAX_PREFIX_LEXEMES) return { expansion: null, ms };
  return { expansion: { word, lexemes: row.lexemes }, ms };
}

/** A tsquery of alternatives, written for tsquery's input (quoted, `'` doubled, `\\` escaped): no parser or dictionary touches the lexemes. */
export function anyLexeme(lexemes: string[]): string {
  return lexemes.map((lexeme) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' | ');
}

/**
 * One tsquery: every word must match, each as typed (normalized), or by its French or
 * English stem; the last word also as a prefix, since people search as they type: written
 * as the lexemes it starts when `expansion` gives them (prefixExpansion), the same matches.
 */
export function textQuery(words: string[], expansion?: PrefixExpansion | null): SQL {
  return sql.join(
    words.map((word, i) => wordQuery(word, i === words.length - 1, expansion)),
    sql` && `,
  );
}

/** One word's part of textQuery: itself (a prefix when `last`), or its French or English stem. */
export function wordQuery(word: string, last: boolean, expansion?: PrefixExpansion | null): SQL {
  const normalized = sql`ecosouk_normalize(${word})`;
  const exact =
    last && expansion?.word === word
      ? sql`${anyLexeme(expansion.lexemes)}::tsquery`
      : sql`to_tsquery('simple', ${last ? sql`quote_literal(${normalized}) || ':*'` : sql`quote_literal(${normalized})`})`;
  return sql`(${exact} || plainto_tsquery('french', ${normalized}) || plainto_tsquery('english', ${normalized}))`;
}

/** What the counts of search_lexeme_counts are read for: a search's word, category and price range. */
export interface CountBound {
  /** The word's lexemes: each alone makes a listing match the word. */
  lexemes: string[];
  category?: string;
  /** The price bands the range holds whole (ecosouk_price_band); undefined: every band. */
  bands?: number[];
  /** A wilaya (search_lexeme_places), never with a category or a price range. */
  address?: string;
}

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

/**
 * The price bands (migration 0021 ecosouk_price_band: the number of digits and the leading digit,
 * 0 for 0 and below) whose every price is within min..max, as the search reads the bounds (the
 * minimum rounded up, the maximum down).
 */
export function priceBandsWithin(min: number | undefined, max: number | undefined): number[] {
  const lo = min === undefined ? -Infinity : Math.ceil(min);
  const hi = max === undefined ? Infinity : Math.floor(max);
  const bands: { band: number; from: number; to: number }[] = [{ band: 0, from: INT_MIN, to: 0 }];
  for (let digits = 1; digits <= 10; digits++) {
    for (let lead = 1; lead <= 9; lead++) {
      const from = lead * 10 ** (digits - 1);
      if (from > INT_MAX) break;
      bands.push({ band: digits * 10 + lead, from, to: Math.min((lead + 1) * 10 ** (digits - 1) - 1, INT_MAX) });
    }
  }
  return bands.filter((b) => lo <= b.from && b.to <= hi).map((b) => b.band);
}

/**
 * What bounds the matches of a search from the counts (countLowerBound), or null: only a search
 * of one word, expanded into lexemes (prefixExpansion), with a category, a price range or both,
 * or with a wilaya alone, and no other filter.
 */
export function countBound(params: SearchParams, expansion?: PrefixExpansion | null): CountBound | null {
  const words = params.title ? searchWords(params.title) : [];
  if (words.length !== 1 || !expansion || expansion.word !== words[0]) return null;
  // Without the category, the wilaya and the price range: the visibility rules and the word, nothing else.
  const rest = searchFilters({ ...params, category: undefined, address: undefined, minPrice: undefined, maxPrice: undefined }, false, undefined, expansion);
  if (rest.length !== 2) return null;
  const priced = params.minPrice !== undefined || params.maxPrice !== undefined;
  if (params.address !== undefined) return params.category === undefined && !priced ? { lexemes: expansion.lexemes, address: params.address } : null;
  return { lexemes: expansion.lexemes, category: params.category, bands: priced ? priceBandsWithin(params.minPrice, params.maxPrice) : undefined };
}

/** Past this many departures, listings past their end or listings of banned sellers, no bound is given (counting them costs). */
export const BOUND_SLACK_MAX = 100_000;

/**
 * A lower bound of the listings listed now that match the word in the category and price range, or
 * in the wilaya (decision 0035): the most listings any one of its lexemes had there at the last count
 * (search_lexeme_counts, in the bands the range holds whole; search_lexeme_places), minus every listing that may have
 * left since (search_departures: unlisted, deleted, or changed while listed), minus the listed
 * listings past their end (not swept yet) and every listing of a banned seller. Null when one of
 * those is past BOUND_SLACK_MAX. One statement, one snapshot: the counts it reads and the departures
 * it subtracts are consistent (migration 0021).
 */
export function countLowerBound(bound: CountBound, at?: Date): SQL {
  const capped = (query: SQL) => sql`(select count(*)::int from (${query} limit ${fixed(BOUND_SLACK_MAX + 1)}) as s)`;
  let most: SQL;
  if (bound.address !== undefined) {
    most = sql`(select coalesce(max(${searchLexemePlaces.listings}), 0) from ${searchLexemePlaces} where ${searchLexemePlaces.lexeme} = any(${sql.param(bound.lexemes)}::text[]) and ${searchLexemePlaces.address} = ${bound.address})`;
  } else {
    const cells: SQL[] = [sql`${searchLexemeCounts.lexeme} = any(${sql.param(bound.lexemes)}::text[])`];
    if (bound.category !== undefined) cells.push(sql`${searchLexemeCounts.category} = ${bound.category}`);
    if (bound.bands !== undefined) cells.push(sql`${searchLexemeCounts.band} = any(${sql.param(bound.bands)}::int[])`);
    most = sql`(select coalesce(max(n), 0) from (select sum(${searchLexemeCounts.listings}) as n from ${searchLexemeCounts} where ${and(...cells)} group by ${searchLexemeCounts.lexeme}) as per)`;
  }
  return sql`select case when d > ${BOUND_SLACK_MAX} or e > ${BOUND_SLACK_MAX} or b > ${BOUND_SLACK_MAX} then null else (m - d - e - b)::int end as bound from (select
      ${most} as m,
      ${capped(sql`select 1 from ${searchDepartures}`)} as d,
      ${capped(sql`select 1 from ${products} where ${products.listed} and ${products.expiresAt} <= ${instant(at)}`)} as e,
      ${capped(sql`select 1 from ${products} where ${products.userId} in (select ${users.id} from ${users} where ${users.status} = 'banned')`)} as b) as parts`;
}

/** Counts each lexeme's listed listings again and forgets the departures that count includes (migration 0021). A write: the primary. */
export async function countSearchLexemes(db: AppDb): Promise<void> {
  await db.execute(sql`select ecosouk_count_search_lexemes()`);
}

/** How many close spellings of a word the typo fallback tries. */
export const FUZZY_ALTERNATIVES = 5;

/**
 * The close spellings of `word` among the listings' words (search_terms, trigram similarity
 * >= pg_trgm.similarity_threshold, 0.3), the closest first, as one tsquery of alternatives;
 * NULL when there is none, which matches nothing. Its cost depends on the vocabulary, not on
 * the number of listings or on how common the word's trigrams are in them.
 */
function closeSpellings(word: string): SQL {
  const normalized = sql`ecosouk_normalize(${word})`;
  return sql`to_tsquery('simple', (select string_agg(quote_literal(close.term), ' | ') from (select ${searchTerms.term} from ${searchTerms} where ${searchTerms.term} % ${normalized} order by similarity(${searchTerms.term}, ${normalized}) desc, ${searchTerms.term} limit ${FUZZY_ALTERNATIVES}) as close))`;
}

// Search results never carry the (large) search columns.
const { searchText: _searchText, searchVector: _searchVector, ...listColumns } = getTableColumns(products);

export interface SearchResult {
  products: ApiProduct[];
  pagination: {
    currentPage: number;
    totalPages: number;
    totalItems: number;
    pageSize: number;
    /** True when there are more than `totalItems` matches (counting stops at COUNT_CAP). */
    totalIsCapped: boolean;
  };
  /** True when no listing matched the words and typo-tolerant matching was used instead. */
  fuzzy: boolean;
}

/**
 * Choices by containment (`@>`), which the GIN index answers, one per value chosen; ranges on
 * the number. A detail that has a b-tree index of its category (db/schema.ts ATTRIBUTE_INDEXES)
 * is written as that index reads it, a choice as `attributes->>'key' in (…)`: the same rows
 * (option keys are strings), found by the index. Keys and values were checked against the
 * category's details already.
 */
function attributeFilter(filter: AttributeFilter, category: string | undefined): SQL {
  if (filter.type === 'enum') {
    if (isIndexedAttribute(category, filter.key)) {
      return sql`${sql.raw(attributeExpression(filter.key, 'enum'))} in (${sql.join(filter.values.map((value) => sql`${value}`), sql`, `)})`;
    }
    const each = filter.values.map((value) => sql`${products.attributes} @> ${JSON.stringify({ [filter.key]: value })}::jsonb`);
    return each.length === 1 ? each[0]! : sql`(${sql.join(each, sql` or `)})`;
  }
  const number = sql.raw(attributeExpression(filter.key, 'int'));
  const bounds: SQL[] = [];
  if (filter.min !== undefined) bounds.push(sql`${number} >= ${filter.min}`);
  if (filter.max !== undefined) bounds.push(sql`${number} <= ${filter.max}`);
  return sql.join(bounds, sql` and `);
}

/** The filters of a search that a newest-first index (db/schema.ts products_active_*_created_idx) covers. */
function orderedIndexFilters(params: SearchParams): SQL[] {
  const filters: SQL[] = [sql`${products.listed}`];
  if (params.category) filters.push(eq(products.category, params.category));
  if (params.address) filters.push(eq(products.address, params.address));
  if (params.commune) filters.push(eq(products.commune, params.commune));
  if (params.seller) filters.push(eq(products.userId, params.seller));
  return filters;
}

/** The price range's conditions, in whole prices (the minimum rounded up, the maximum down); none without bounds. */
function priceFilters(params: SearchParams): SQL[] {
  const filters: SQL[] = [];
  if (params.minPrice !== undefined) filters.push(gte(products.price, Math.ceil(params.minPrice)));
  if (params.maxPrice !== undefined) filters.push(lte(products.price, Math.floor(params.maxPrice)));
  return filters;
}

/**
 * The filters of the search (fuzzy: the typo-tolerant variant of the text match; at: the services'
 * clock; expansion: the last word's lexemes, prefixExpansion).
 */
export function searchFilters(params: SearchParams, fuzzy = false, at?: Date, expansion?: PrefixExpansion | null): SQL[] {
  const filters: SQL[] = [listedNow(at)];
  if (params.category) filters.push(eq(products.category, params.category));
  if (params.address) filters.push(eq(products.address, params.address));
  if (params.condition) filters.push(eq(products.condition, params.condition));
  if (params.seller) filters.push(eq(products.userId, params.seller));
  if (params.commune) filters.push(eq(products.commune, params.commune));
  if (params.priceType) filters.push(eq(products.priceType, params.priceType));
  if (params.exchange) filters.push(eq(products.exchange, true));
  filters.push(...params.attributes.map((filter) => attributeFilter(filter, params.category)));
  filters.push(...priceFilters(params));
  const words = params.title ? searchWords(params.title) : [];
  if (words.length > 0 && !fuzzy) filters.push(sql`${products.searchVector} @@ (${textQuery(words, expansion)})`);
  // Close spellings of the main words, each matched like a word typed (the text index).
  if (words.length > 0 && fuzzy) filters.push(...fuzzyWords(words).map((word) => sql`${products.searchVector} @@ ${closeSpellings(word)}`));
  return filters;
}

/**
 * The statements of one search: a page of rows, the same page read by its ids first, and the
 * capped count. `rowsByIds` picks the page's ids with every filter and the order, then reads those
 * rows only: when an index holds every column the filters and the order need (a category-details
 * index, db/schema.ts ATTRIBUTE_INDEXES), picking the ids is an index-only scan, and only the
 * page's rows are read from the table, not every match (decision 0025).
 */
export function searchStatements(db: AppDb, filters: SQL[], params: SearchParams) {
  const where = and(...filters);
  // The statements that read a page's rows by their ids read their photos too (at most ten
  // rows): one statement fewer than a query for the photos after, and each statement costs the
  // server a round trip (issue #18).
  const pageColumns = { ...listColumns, photos: photosColumn.as('photos') };
  const offset = (params.currentPage - 1) * PRODUCTS_PAGE_SIZE;
  const pageStart = pageOffset(params);
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...ORDER[params.sortBy])
    .limit(fixed(PRODUCTS_PAGE_SIZE))
    .offset(pageStart);
  return {
    rows: db.select(listColumns).from(products).where(where).orderBy(...ORDER[params.sortBy]).limit(fixed(PRODUCTS_PAGE_SIZE)).offset(pageStart),
    rowsByIds: db
      .select(pageColumns)
      .from(products)
      .where(inArray(products.id, pageIds))
      .orderBy(...ORDER[params.sortBy]),
    // The same for a few matches (at most COUNT_CAP): every match's id and sort columns by the
    // cheapest scan for all of them (`offset 0` keeps the order out of its plan, so the planner
    // does not walk an ordered index checking rows one by one), sorted, then the page's rows.
    // Named like the table, so that the order applies to it unchanged.
    rowsOfFewByIds: db
      .select(pageColumns)
      .from(products)
      .where(
        inArray(
          products.id,
          sql`(select ${products.id} from (select ${products.id}, ${products.createdAt}, ${products.price} from ${products} where ${where} offset 0) as ${products} order by ${sql.join(ORDER[params.sortBy], sql`, `)} limit ${fixed(PRODUCTS_PAGE_SIZE)} offset ${pageStart})`,
        ),
      )
      .orderBy(...ORDER[params.sortBy]),
    count: sql`select count(*)::int as n from (select 1 from ${products} where ${where} limit ${fixed(COUNT_CAP + 1)}) as capped`,
    // The capped count that also gives the page's ids when the matches are few (at most
    // COUNT_CAP: then every match is in it, and sorting them gives exactly the page): a text
    // search's matches are read once, not once to count and again for the page (decision 0029).
    // With more matches, `ids` is a page of some of them only and must not be used. Named like
    // the table, so that the order applies to it unchanged.
    countWithPage: sql`select count(*)::int as n, ((array_agg(${products.id} order by ${sql.join(ORDER[params.sortBy], sql`, `)}))[${offset + 1}:${offset + PRODUCTS_PAGE_SIZE}])::text[] as ids from (select ${products.id}, ${products.createdAt}, ${products.price} from ${products} where ${where} limit ${fixed(COUNT_CAP + 1)}) as ${products}`,
    /** The rows of `ids`, in the search's order. */
    rowsOf: (ids: string[]) => db.select(pageColumns).from(products).where(inArray(products.id, ids)).orderBy(...ORDER[params.sortBy]),
  };
}

/** A page's row; with its photos when its statement read them. */
type Row = Awaited<ReturnType<typeof searchStatements>['rows']>[number] & { photos?: PhotoRow[] | null };

/**
 * A number written into the SQL text rather than sent as a parameter. A plan made for any value
 * of a parameter (a generic plan, prepared statements) cannot see a LIMIT's value and assumes a
 * tenth of the rows will be read: "the newest 10 listings" planned that way took 1.3 s instead of
 * 4 ms at a million listings (decision 0038). Only for the search's constants and page 1's offset,
 * so the number of distinct statements stays small. Typed as a number for drizzle's limit().
 */
function fixed(n: number): number {
  return sql.raw(String(Math.trunc(n))) as unknown as number;
}

/** The page's offset: a parameter past page 1, whose statements keep custom plans (planReuse). */
function pageOffset(params: SearchParams): number {
  const offset = (params.currentPage - 1) * PRODUCTS_PAGE_SIZE;
  return offset === 0 ? fixed(0) : offset;
}

const countOf = (result: unknown) => Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0);

function executionMs(result: unknown): number {
  const row = (result as { rows: Record<string, unknown>[] }).rows[0];
  const raw = row ? Object.values(row)[0] : undefined;
  const plan = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return Number((plan as { 'Execution Time': number }[])[0]?.['Execution Time'] ?? 0);
}

/**
 * Runs one search. The count goes first, because it tells which plan the page needs:
 * - no match, or a page past the end: no second query at all;
 * - at most COUNT_CAP matches of a filter no ordered index covers (a price range, words):
 *   they are few, so fetch them through the most selective index and sort them (index
 *   scans off), rather than walk a newest-first index checking rows one by one; the
 *   planner, estimating price independently of category, would choose the walk;
 * - more: matches are dense, walking the ordered index finds a page at once.
 * Without words, both pick the page's ids first and then read its rows (decision 0025): an
 * index that covers the filters answers them without reading the table.
 * A text count reads the GIN index: left alone, the planner prefers a sequential scan
 * that must unpack every row's search vector (~100 ms at a million listings, against ~5).
 * Index walks stay allowed: for a word most listings hold, a walk finds 1,001 matches
 * sooner than the GIN index collects all of them (measured, decision 0024).
 * With `explain`, each statement runs under EXPLAIN ANALYZE and its time is added up (benchmark).
 */
export async function executeSearch(
  db: AppDb,
  filters: SQL[],
  params: SearchParams,
  text: boolean,
  explain = false,
  timeoutMs = SEARCH_TIMEOUTS.exactMs,
  bound?: { count: CountBound | null; at?: Date },
) {
  const statements = searchStatements(db, filters, params);
  let ms = 0;
  // Every statement of a search on one connection, with its planner switches and the statement
  // timeout in force (withSettings): on PostgreSQL a connection of the searches' own pool, which
  // keeps them, so that only those that change are sent, in one statement; elsewhere SET LOCAL
  // in a transaction. PostgreSQL stops a statement past the timeout (error 57014); PGlite
  // ignores the setting (no timer signals in its WebAssembly build), where the caps on words
  // bound the cost.
  const timeout = String(Math.max(1, Math.round(timeoutMs)));
  const generic = planReuse(params, text);
  return withSettings(db, async (session) => {
    // On PostgreSQL a statement whose plan may be made once for any values (`generic`, decision
    // 0038) is prepared on the connection and kept: parsed once, and planned once when
    // PostgreSQL finds the plan made without the values no costlier than those made with them
    // (plan_cache_mode auto, after five executions). Every other statement is sent unnamed,
    // which PostgreSQL always plans for its values. Choosing by the statement rather than by a
    // setting leaves nothing to switch between two statements. PGlite runs them all unnamed.
    const runStatement = async (plan: Plan, query: SQL, reuse: PlanReuse = 'custom') => {
      const settings = { statement_timeout: timeout, enable_seqscan: plan.seqscan ? 'on' : 'off', enable_indexscan: plan.indexscan ? 'on' : 'off' };
      // The switches are part of the statement's name: a plan kept from one set of switches
      // must not serve another.
      if (!explain) return session.run(query, settings, reuse === 'generic' ? `${plan.seqscan ? 's' : '-'}${plan.indexscan ? 'i' : '-'}g` : undefined);
      ms += executionMs(await session.run(sql`explain (analyze, format json) ${query}`, settings));
      return session.run(query, settings);
    };
    // A word so many listings hold that its counts, less every listing that may have left since,
    // pass the cap: the capped count would say COUNT_CAP + 1, as this does without reading a row.
    let counted: unknown = null;
    if (text && bound?.count && bound.count.lexemes.length > 0 && bound.count.bands?.length !== 0) {
      const rows = (await runStatement(PLANNER_DEFAULTS, countLowerBound(bound.count, bound.at), 'generic')) as unknown as { rows: { bound: number | null }[] };
      const lower = rows.rows[0]?.bound;
      if (lower !== null && lower !== undefined && Number(lower) > COUNT_CAP) counted = { rows: [{ n: COUNT_CAP + 1, ids: null }] };
    }
    counted ??= await runStatement(text ? NO_SEQSCAN : PLANNER_DEFAULTS, text ? statements.countWithPage : statements.count, generic.count ? 'generic' : 'custom');
    const n = countOf(counted);
    const offset = (params.currentPage - 1) * PRODUCTS_PAGE_SIZE;
    let rows: Row[] = [];
    const fetchRows = async (plan: Plan, query: SQL, reuse: PlanReuse = 'custom') =>
      ((await runStatement(plan, query, reuse)) as unknown as { rows: Record<string, unknown>[] }).rows.map((raw) => rowOf(raw));
    if (text && n > offset && n <= COUNT_CAP) {
      // Few matches of words: the count sorted them all and gave the page's ids.
      const ids = (counted as unknown as { rows: { ids: string[] | null }[] }).rows[0]?.ids ?? [];
      if (ids.length > 0) rows = await fetchRows(PLANNER_DEFAULTS, statements.rowsOf(ids).getSQL(), 'generic');
      return { rows, n, ms };
    }
    if (n > offset) {
      const residual = text || params.minPrice !== undefined || params.maxPrice !== undefined || params.attributes.length > 0;
      if (text && n > COUNT_CAP && params.sortBy === 'date_desc') {
        // Many matches, newest first (decision 0024). Walking the newest-first index until a page
        // of matches turns up reads 20,000 listings for a word one in a thousand holds. So:
        // 1. the newest DENSE_PROBE_ROWS listings of the category, wilaya, commune or seller,
        //    checked against every filter: a word many listings hold has its page there (listings
        //    past them come later in the order);
        // 2. the matches of the last few days: the text index holds the day beside the words
        //    (db/schema.ts products_search_day_idx), so only matching rows are read, then sorted;
        //    every listing outside a window was published on an earlier day than all inside;
        // 3. all matches, sorted (below).
        // Each step answers only with a full page, which is then exactly the page.
        // Only filters a newest-first index covers pick those rows: at most DENSE_PROBE_ROWS are
        // read, whatever the other filters leave of them. A price range is one of those filters:
        // the newest-first b-trees hold the price as a key (decision 0025), so the index checks it
        // and only listings in the range are read. The probe then takes the newest DENSE_PROBE_ROWS
        // listings in the range among those at least as new as the DENSE_PROBE_SCAN-th newest
        // (decision 0033): a range that keeps half of the listings gives the words 300 listings
        // to be found in rather than 150 ("occasion" in electronics from 5,000 to 50,000 DA then
        // has its page there; before, the recent windows took 30-60 ms), and a narrow range stops
        // the walk at that listing. These are still the first listings of the order among those
        // in the range (every listing outside is older than all of them, or in the range and
        // after the first DENSE_PROBE_ROWS), so a full page of matches among them is the page.
        const pricedFilters = priceFilters(params);
        const scanFrom =
          pricedFilters.length === 0
            ? []
            : [
                sql`${products.createdAt} >= coalesce((${db
                  .select({ createdAt: products.createdAt })
                  .from(products)
                  .where(and(...orderedIndexFilters(params)))
                  .orderBy(...ORDER.date_desc)
                  .limit(fixed(1))
                  .offset(fixed(DENSE_PROBE_SCAN - 1))
                  .getSQL()}), '-infinity'::timestamptz)`,
              ];
        const newest = db
          .select({ ...listColumns, searchVector: products.searchVector })
          .from(products)
          .where(and(...orderedIndexFilters(params), ...pricedFilters, ...scanFrom))
          .orderBy(...ORDER.date_desc)
          .limit(fixed(DENSE_PROBE_ROWS));
        // Named like the table, so that every filter and the order apply to it unchanged.
        const probe = sql`select * from (${newest.getSQL()}) as ${products} where ${and(...filters)} order by ${sql.join(ORDER.date_desc, sql`, `)} limit ${fixed(PRODUCTS_PAGE_SIZE)} offset ${pageOffset(params)}`;
        const dense = await fetchRows(PLANNER_DEFAULTS, probe);
        if (dense.length === PRODUCTS_PAGE_SIZE) return { rows: dense, n, ms };
        for (const days of RECENT_WINDOWS_DAYS) {
          // A short window as a range of days; a longer one lists its days (`= any`): GIN reads a
          // range as a partial match, collecting every listing of those days before it can
          // intersect them with the words, 40 ms for 90 days at a million listings against 6
          // (decision 0029). The list is not always a key of the index scan (the planner may
          // check the days on the rows instead, which a word estimated rare but common makes
          // slow), hence the range for the first, most used window. A listing dated after today
          // (written straight into the database) would be outside the list though it comes
          // first: then no listed window answers.
          const today = sql`(now() at time zone 'UTC')::date`;
          const recent =
            days <= RANGE_WINDOW_MAX_DAYS
              ? sql`${CREATED_DAY} >= ${today} - ${sql.raw(String(days))}`
              : sql`${CREATED_DAY} = any(array(select ${today} - i from generate_series(0, ${sql.raw(String(days))}) as i)) and not exists (select 1 from ${products} as later where later.listed and later.created_at >= ((${today} + 1)::timestamp at time zone 'UTC'))`;
          const page = await fetchRows(BITMAPS_ONLY, searchStatements(db, [...filters, recent], params).rows.getSQL());
          if (page.length === PRODUCTS_PAGE_SIZE) return { rows: page, n, ms };
        }
      }
      if (!text) {
        // Without words, the page's ids first (decision 0025): from an index alone when one holds
        // every column of the filters and the order (the category details' indexes, the b-trees
        // with their count columns), so that only the page's rows are read from the table.
        // Few matches of a filter no ordered index covers (a price range, details): all of them by
        // the cheapest scan, then sorted.
        const few = residual && n <= COUNT_CAP;
        rows = await fetchRows(few ? NO_SEQSCAN : PLANNER_DEFAULTS, (few ? statements.rowsOfFewByIds : statements.rowsByIds).getSQL(), generic.page ? 'generic' : 'custom');
        return { rows, n, ms };
      }
      // Dense text matches that the recent windows missed: read them all through their indexes
      // and sort. (Few matches of words were paged by the count.)
      const fetchAndSort = n <= COUNT_CAP || params.sortBy === 'date_desc';
      rows = await fetchRows(fetchAndSort ? BITMAPS_ONLY : PLANNER_DEFAULTS, statements.rows.getSQL());
    }
    return { rows, n, ms };
  });
}

/**
 * Whether a prepared statement of the search is planned once for any values (`generic`) or for
 * each execution's values (`custom`, the plan PostgreSQL makes for an ordinary statement).
 */
type PlanReuse = 'generic' | 'custom';

/**
 * Which statements of a search are planned once (decision 0038). Measured at a million listings
 * over rare and common values (every category, every wilaya, communes of 100 and of 4,000
 * listings, narrow and wide price ranges), a generic plan was no slower than a custom one by more
 * than 0.9 ms, and mostly faster by its planning, for:
 * - the capped count of a search without words, category details or seller: equalities on
 *   columns of few values and price ranges, each a key of some b-tree;
 * - the first page of such a search when it has no price range either.
 * Not for a page with a price range: how many listings the range keeps decides between walking
 * the newest-first index and sorting the few matches, which a generic plan cannot see (a wide
 * range in a busy wilaya took 20 ms instead of 2). Not for words (a word's frequency decides
 * between GIN and a walk of a b-tree), details (expression and jsonb filters, misjudged 10-300x),
 * a seller (the bench's sellers all have ~500 listings, so a shop of 50,000 was not measured), nor
 * a page past the first (its offset is a parameter). Those keep custom plans: only parsing is saved.
 */
function planReuse(params: SearchParams, text: boolean): { count: boolean; page: boolean } {
  const count = !text && params.attributes.length === 0 && params.seller === undefined;
  const priced = params.minPrice !== undefined || params.maxPrice !== undefined;
  return { count, page: count && !priced && params.currentPage === 1 };
}

/** The planner's switches a statement of the search runs with. */
interface Plan {
  seqscan: boolean;
  indexscan: boolean;
}
const PLANNER_DEFAULTS: Plan = { seqscan: true, indexscan: true };
const NO_SEQSCAN: Plan = { seqscan: false, indexscan: true };
const BITMAPS_ONLY: Plan = { seqscan: false, indexscan: false };

/**
 * The windows (days back from now) in which dense text matches are looked for, newest first,
 * before all of them are read and sorted. A word held by one listing in a thousand has a
 * page in the last 14 days at a million listings spread over a year; listings live 60 days.
 */
export const RECENT_WINDOWS_DAYS = [2, 14, 90];
/** Windows up to this many days are written as a range of days, longer ones as their list of days. */
export const RANGE_WINDOW_MAX_DAYS = 2;
/** How many of the newest listings are checked first: enough for a page of a word one listing in 30 holds. */
export const DENSE_PROBE_ROWS = 300;
/** With a price range, the probe's listings in the range are looked for among this many of the newest (in the index, not the table). */
export const DENSE_PROBE_SCAN = 1500;

// Raw rows (snake_case columns) back into the shape drizzle's select gives.
const columnEntries = Object.entries(listColumns).map(([key, column]) => [key, column.name, column] as const);
function rowOf(raw: Record<string, unknown>): Row {
  const row: Record<string, unknown> = {};
  for (const [key, name, column] of columnEntries) row[key] = column.mapFromDriverValue(raw[name]);
  if ('photos' in raw) row.photos = raw.photos;
  return row as Row;
}

/**
 * Statement timeouts of a search (PostgreSQL). The exact search reads GIN and b-tree indexes
 * (5-20 ms at a million listings): its timeout is a backstop, answered with a 503. The typo
 * fallback is a best effort: past its timeout the buyer sees the empty result it replaces.
 */
export const SEARCH_TIMEOUTS = { exactMs: 2000, fuzzyMs: 100 };

const QUERY_CANCELED = '57014';
function isTimeout(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === QUERY_CANCELED) return true;
  }
  return false;
}

export interface SearchCacheOptions {
  /** How long a result page is served from memory. 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
}

/**
 * Result pages are kept in memory for a few seconds: buyers repeat the same searches
 * (the home page, popular categories) far more often than listings change, and every
 * listing change empties the cache at once. With several instances and REDIS_URL, the
 * change is announced over Redis pub/sub and every instance empties its cache
 * (services/index.ts); without Redis, or while it is away, another instance's change
 * shows here within `ttlMs`.
 */
export const SEARCH_CACHE: SearchCacheOptions = { ttlMs: 10_000, maxEntries: 300 };

/** How many words' queries the index's searches keep (a few hundred bytes each). */
const WORD_QUERIES_KEPT = 20_000;

/** The home page's category counts are kept at least this long (a count, not a page of results). */
const CATEGORY_COUNTS_MIN_TTL_MS = 10_000;

export interface SearchOptions {
  cache?: SearchCacheOptions;
  timeouts?: typeof SEARCH_TIMEOUTS;
  /** Per-address limits of uncached searches (`search`) and typo fallbacks (`searchFuzzy`). */
  limits?: Limits;
  /** The clock the visibility rules compare with (default the database's; CLOCK_OFFSET_DAYS in tests). */
  now?: () => Date;
  /** Where the statements of executeSearch run (Database.searches), when not on `db`. */
  searches?: AppDb;
  /** The in-memory index when it can answer now (search-index-feed.ts current()). */
  index?: () => SearchIndex | null;
}

/** Who searches: the client address the limits count against. */
export interface Searcher {
  ip: string;
}

export function createSearchService(db: AppDb, options: SearchOptions = {}) {
  const cacheOptions = options.cache ?? SEARCH_CACHE;
  const timeouts = options.timeouts ?? SEARCH_TIMEOUTS;
  const cache = new Map<string, { at: number; result: SearchResult }>();
  let categoryCache: { at: number; counts: Partial<Record<string, number>> } | null = null;
  let countingCategories: Promise<Partial<Record<string, number>>> | null = null;
  async function run(filters: SQL[], params: SearchParams, text: boolean, timeoutMs: number, bound?: { count: CountBound | null; at?: Date }): Promise<Omit<SearchResult, 'fuzzy'>> {
    const { rows, n } = await executeSearch(options.searches ?? db, filters, params, text, false, timeoutMs, bound);
    return shaped(rows, n, params);
  }

  // Prepared once: with the products' many indexes, planning this lookup by key cost 1.5 ms, six
  // times its execution. Not on the searches' own connections, whose planner settings it must not get.
  const pageByRefs = () =>
    db
      .select({ ...listColumns, photos: photosColumn.as('photos') })
      .from(products)
      .where(and(sql`${products.ref} = any(${sql.placeholder('refs')}::bigint[])`, listedNow(sql.placeholder('at'))))
      .prepare('search_index_page');
  let preparedPage: ReturnType<typeof pageByRefs> | undefined;

  // Each word's query as the index matches it (text-query.ts), by word and whether it is the last
  // (a prefix then). PostgreSQL normalizes and stems the word, once: a word's query depends on
  // nothing else, and buyers use the same few thousand words in ever new combinations.
  const wordQueries = new Map<string, TextQuery | null>();
  async function queryOf(words: string[]): Promise<TextQuery | null> {
    const key = (word: string, i: number) => `${i === words.length - 1 ? '*' : '='}${word}`;
    const missing = words.map((word, i) => ({ word, i })).filter(({ word, i }) => !wordQueries.has(key(word, i)));
    if (missing.length > 0) {
      const columns = missing.map(({ word, i }, n) => sql`(${wordQuery(word, i === words.length - 1)})::text as ${sql.raw(`q${n}`)}`);
      const [row] = ((await db.execute(sql`select ${sql.join(columns, sql`, `)}`)) as unknown as { rows: Record<string, string>[] }).rows;
      missing.forEach(({ word, i }, n) => {
        if (wordQueries.size >= WORD_QUERIES_KEPT) wordQueries.delete(wordQueries.keys().next().value as string);
        wordQueries.set(key(word, i), parseTsquery(row![`q${n}`] ?? ''));
      });
    }
    const each = words.map((word, i) => wordQueries.get(key(word, i)) ?? null);
    return each.every((query) => query !== null) ? allOf(each as TextQuery[]) : null;
  }

  /**
   * A search the index answers (decisions 0045, 0046): the page's listings picked in memory, then
   * read by their refs, still listed now (one the index has not yet seen leave is left out). Null:
   * the database answers, when a word's query is more than the index matches, or when no listing
   * holds the words (the database then tries close spellings).
   */
  async function fromIndex(index: SearchIndex, params: SearchParams): Promise<Omit<SearchResult, 'fuzzy'> | null> {
    const words = params.title !== undefined ? searchWords(params.title) : [];
    const text = words.length > 0 ? await queryOf(words) : undefined;
    if (text === null) return null;
    const at = options.now?.();
    const { refs, n } = index.search(params, (at ?? new Date()).getTime() * 1000, text);
    if (n === 0 && text) return null;
    if (refs.length === 0) return shaped([], n, params);
    preparedPage ??= pageByRefs();
    const found = await preparedPage.execute({ refs, at: at?.toISOString() ?? null });
    const byRef = new Map(found.map((row) => [row.ref, row]));
    return shaped(refs.flatMap((ref) => byRef.get(ref) ?? []) as Row[], n, params);
  }

  async function shaped(rows: Row[], n: number, params: SearchParams): Promise<Omit<SearchResult, 'fuzzy'>> {
    const totalIsCapped = n > COUNT_CAP;
    const totalItems = Math.min(n, COUNT_CAP);
    return {
      products: await withPhotos(db, rows.map((r) => ({ ...r, searchText: null, searchVector: null }))),
      pagination: {
        currentPage: params.currentPage,
        totalPages: Math.max(1, Math.ceil(totalItems / PRODUCTS_PAGE_SIZE)),
        totalItems,
        pageSize: PRODUCTS_PAGE_SIZE,
        totalIsCapped,
      },
    };
  }

  // A page without the close spellings it should have had (this address's fallbacks used up,
  // or the fallback timed out) is not cached: other buyers must get the full answer.
  const degraded = new WeakSet<SearchResult>();
  const without = (exact: Omit<SearchResult, 'fuzzy'>) => {
    const result = { ...exact, fuzzy: false };
    degraded.add(result);
    return result;
  };

  async function searchUncached(params: SearchParams, searcher: Searcher | undefined): Promise<SearchResult> {
    if (searcher) await options.limits?.check('search', searcher.ip);
    // Someone who just wrote reads the primary (db/read-routing.ts), not the index, which may not have their write yet.
    const index = indexAnswers(params) && !mustReadPrimary() ? options.index?.() : null;
    const answered = index ? await fromIndex(index, params) : null;
    if (answered) return { ...answered, fuzzy: false };
    const words = params.title !== undefined ? searchWords(params.title) : [];
    let exact: Omit<SearchResult, 'fuzzy'>;
    try {
      const { expansion } = await prefixExpansion(db, words);
      const at = options.now?.();
      exact = await run(searchFilters(params, false, at, expansion), params, words.length > 0, timeouts.exactMs, { count: countBound(params, expansion), at });
    } catch (error) {
      if (isTimeout(error)) throw new AppError('SERVICE_UNAVAILABLE', 'The search took too long, please try again');
      throw error;
    }
    if (words.length === 0 || exact.pagination.totalItems > 0 || fuzzyWords(words).length === 0) return { ...exact, fuzzy: false };
    // Nothing matched the words as typed: try close spellings before showing an empty page,
    // unless this address has used up its fallbacks (the costly part of a search).
    if (searcher && options.limits && !(await options.limits.allows('searchFuzzy', searcher.ip))) return without(exact);
    try {
      const fuzzy = await run(searchFilters(params, true, options.now?.()), params, true, timeouts.fuzzyMs);
      return { ...fuzzy, fuzzy: fuzzy.pagination.totalItems > 0 };
    } catch (error) {
      if (isTimeout(error)) return without(exact);
      throw error;
    }
  }

  // Searches running now, by key. When a popular page drops out of the cache under load, the
  // requests for it that arrive while it is searched again wait for that one search instead of
  // each running it (the bench's 50 connections on 57 pages ran each 3-4 times at once) and
  // each being counted against their address's limit of uncached searches.
  const inFlight = new Map<string, Promise<SearchResult>>();
  // Bumped by every listing change: a search that began before one is not kept, as it may have
  // read the listing as it was.
  let generation = 0;

  // A page past its time is never served again: it is dropped as the next one is put, not kept
  // until maxEntries newer ones push it out (the pages of a burst of searches stayed for as long
  // as the server then served other things, 20-30 MB of them; issue #18, target 5).
  function dropExpired(): void {
    const now = Date.now();
    for (const [key, entry] of cache) {
      if (now - entry.at < cacheOptions.ttlMs) break;
      cache.delete(key);
    }
  }

  function lead(key: string, params: SearchParams, searcher: Searcher | undefined): Promise<SearchResult> {
    const startedIn = generation;
    const at = Date.now();
    const running = searchUncached(params, searcher).then((result) => {
      if (!degraded.has(result) && startedIn === generation) {
        dropExpired();
        // Put last (a Map keeps its keys where they were first set): the oldest stay first.
        cache.delete(key);
        if (cache.size >= cacheOptions.maxEntries) cache.delete(cache.keys().next().value as string);
        cache.set(key, { at, result });
      }
      return result;
    });
    inFlight.set(key, running);
    const done = () => {
      if (inFlight.get(key) === running) inFlight.delete(key);
    };
    running.then(done, done);
    return running;
  }

  return {
    /**
     * One page of results. Pages served from the cache, or joined while another request
     * searches them, cost nothing and count against no limit; an uncached search counts
     * against the searcher's address, when given.
     */
    async search(params: SearchParams, searcher?: Searcher): Promise<SearchResult> {
      // Someone who just wrote reads the primary (db/read-routing.ts), and must not get a page
      // the cache took from the replica before their write reached it.
      if (cacheOptions.ttlMs <= 0 || mustReadPrimary()) return searchUncached(params, searcher);
      const key = JSON.stringify(params);
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < cacheOptions.ttlMs) return hit.result;
      const running = inFlight.get(key);
      if (running) {
        try {
          return await running;
        } catch (error) {
          // The search it joined was refused to its own address; this one is searched for
          // this searcher, under their own limit.
          if (!(error instanceof RateLimitedError)) throw error;
        }
      }
      return inFlight.get(key) ?? lead(key, params, searcher);
    },
    /** How many result pages the cache holds now. */
    cachedPages(): number {
      return cache.size;
    },
    /**
     * How many listings each category has, for the home page's tiles: the search's own
     * visibility rules (searchFilters with no filter), cached like a page of results.
     */
    async categoryCounts(): Promise<Partial<Record<string, number>>> {
      const now = Date.now();
      if (categoryCache && now - categoryCache.at < Math.max(cacheOptions.ttlMs, CATEGORY_COUNTS_MIN_TTL_MS)) return categoryCache.counts;
      // From the index, a pass over its listings (a few milliseconds at a million, against 0.9 s
      // for PostgreSQL's count), unless the caller just wrote (decision 0045).
      const index = mustReadPrimary() ? null : options.index?.();
      if (index) {
        const counts = index.categoryCounts((options.now?.() ?? new Date()).getTime() * 1000);
        categoryCache = { at: now, counts };
        return counts;
      }
      // One count at a time: the home pages that ask while it runs wait for it rather than each
      // starting another (a million listings took 0.9 s to count). Kept only if no listing changed
      // meanwhile, as a search is.
      if (!countingCategories) {
        const startedIn = generation;
        countingCategories = db
          .select({ category: products.category, n: sql<number>`count(*)::int` })
          .from(products)
          .where(and(...searchFilters(searchParamsSchema.parse({}), false, options.now?.())))
          .groupBy(products.category)
          .then((rows) => {
            const counts = Object.fromEntries(rows.map((r) => [r.category, Number(r.n)]));
            if (startedIn === generation) categoryCache = { at: now, counts };
            return counts;
          })
          .finally(() => {
            countingCategories = null;
          });
      }
      return countingCategories;
    },
    /** Called on every listing change. */
    invalidate() {
      generation += 1;
      cache.clear();
      inFlight.clear();
      categoryCache = null;
      countingCategories = null;
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
