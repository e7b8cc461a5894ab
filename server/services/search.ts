// The listing search: filters, sorts, Arabic-aware multilingual text matching and
// capped counts. Every ORDER BY repeats its index's direction and NULLS clause;
// date_asc walks the newest-first indexes backwards.
import { and, eq, getTableColumns, gte, lte, sql, type SQL } from 'drizzle-orm';
import { PRODUCTS_PAGE_SIZE } from '../../common/constants.ts';
import type { ApiProduct } from '../../common/product.ts';
import { COUNT_CAP, type SearchParams, type Sort } from '../../common/schemas/search.ts';
import { withTransaction, type AppDb } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { sellerNotBanned } from './account-status.ts';
import { newestFirst, oldestFirst } from '../../db/order.ts';
import { withPhotos } from './listings.ts';

const ORDER: Record<Sort, SQL[]> = {
  date_desc: newestFirst(products),
  date_asc: oldestFirst(products),
  price_asc: [sql`${products.price} asc`, sql`${products.id} asc`],
  price_desc: [sql`${products.price} desc`, sql`${products.id} desc`],
};

// What ecosouk_normalize() deletes: Arabic harakat, shadda, superscript alef, tatweel.
const ERASED = /[\u064B-\u0652\u0670\u0640]/g;

/** Words worth matching: some letter or digit left after normalization; eight at most. */
export function searchWords(text: string): string[] {
  return text
    .split(/[\s\p{P}\p{S}]+/u)
    .filter((w) => /[\p{L}\p{N}]/u.test(w.replace(ERASED, '')))
    .slice(0, 8);
}

/**
 * One tsquery: every word must match, each as typed (normalized), or by its French or
 * English stem; the last word also as a prefix, since people search as they type.
 */
function textQuery(words: string[]): SQL {
  const parts = words.map((word, i) => {
    const normalized = sql`ecosouk_normalize(${word})`;
    const exact = i === words.length - 1 ? sql`quote_literal(${normalized}) || ':*'` : sql`quote_literal(${normalized})`;
    return sql`(to_tsquery('simple', ${exact}) || plainto_tsquery('french', ${normalized}) || plainto_tsquery('english', ${normalized}))`;
  });
  return sql.join(parts, sql` && `);
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

/** The filters of the search (fuzzy: the typo-tolerant variant of the text match). */
export function searchFilters(params: SearchParams, fuzzy = false): SQL[] {
  const filters: SQL[] = [eq(products.status, 'active'), sellerNotBanned];
  if (params.category) filters.push(eq(products.category, params.category));
  if (params.address) filters.push(eq(products.address, params.address));
  if (params.condition) filters.push(eq(products.condition, params.condition));
  if (params.minPrice !== undefined) filters.push(gte(products.price, Math.ceil(params.minPrice)));
  if (params.maxPrice !== undefined) filters.push(lte(products.price, Math.floor(params.maxPrice)));
  const words = params.title ? searchWords(params.title) : [];
  if (words.length > 0 && !fuzzy) filters.push(sql`${products.searchVector} @@ (${textQuery(words)})`);
  // Close spellings of every word (trigrams).
  if (words.length > 0 && fuzzy) filters.push(...words.map((word) => sql`ecosouk_normalize(${word}) <% ${products.searchText}`));
  return filters;
}

/** The two statements of one search: a page of rows, and the capped count. */
export function searchStatements(db: AppDb, filters: SQL[], params: SearchParams) {
  const where = and(...filters);
  return {
    rows: db
      .select(listColumns)
      .from(products)
      .where(where)
      .orderBy(...ORDER[params.sortBy])
      .limit(PRODUCTS_PAGE_SIZE)
      .offset((params.currentPage - 1) * PRODUCTS_PAGE_SIZE),
    count: sql`select count(*)::int as n from (select 1 from ${products} where ${where} limit ${COUNT_CAP + 1}) as capped`,
  };
}

type Row = Awaited<ReturnType<typeof searchStatements>['rows']>[number];

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
 * A text count reads the GIN index: left alone, the planner prefers a sequential scan
 * that must unpack every row's search vector (~100 ms at a million listings, against ~5).
 * With `explain`, each statement runs under EXPLAIN ANALYZE and its time is added up (benchmark).
 */
export async function executeSearch(db: AppDb, filters: SQL[], params: SearchParams, text: boolean, explain = false) {
  const statements = searchStatements(db, filters, params);
  let ms = 0;
  const inTransaction = (settings: SQL[], query: SQL) =>
    withTransaction(db, async (tx) => {
      for (const setting of settings) await tx.execute(setting);
      if (!explain) return tx.execute(query);
      ms += executionMs(await tx.execute(sql`explain (analyze, format json) ${query}`));
      return tx.execute(query);
    });
  const n = countOf(await inTransaction(text ? [sql`set local enable_seqscan = off`] : [], statements.count));
  const offset = (params.currentPage - 1) * PRODUCTS_PAGE_SIZE;
  let rows: Row[] = [];
  if (n > offset) {
    const residual = text || params.minPrice !== undefined || params.maxPrice !== undefined;
    const fetchAndSort = residual && n <= COUNT_CAP;
    const result = await inTransaction(fetchAndSort ? [sql`set local enable_indexscan = off`] : [], statements.rows.getSQL());
    rows = (result as unknown as { rows: Record<string, unknown>[] }).rows.map((raw) => rowOf(raw));
  }
  return { rows, n, ms };
}

// Raw rows (snake_case columns) back into the shape drizzle's select gives.
const columnEntries = Object.entries(listColumns).map(([key, column]) => [key, column.name, column] as const);
function rowOf(raw: Record<string, unknown>): Row {
  const row: Record<string, unknown> = {};
  for (const [key, name, column] of columnEntries) row[key] = column.mapFromDriverValue(raw[name]);
  return row as Row;
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
export const SEARCH_CACHE: SearchCacheOptions = { ttlMs: 10_000, maxEntries: 1000 };

export function createSearchService(db: AppDb, cacheOptions: SearchCacheOptions = SEARCH_CACHE) {
  const cache = new Map<string, { at: number; result: SearchResult }>();
  async function run(filters: SQL[], params: SearchParams, text = false): Promise<Omit<SearchResult, 'fuzzy'>> {
    const { rows, n } = await executeSearch(db, filters, params, text);
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

  async function searchUncached(params: SearchParams): Promise<SearchResult> {
    const hasWords = params.title !== undefined && searchWords(params.title).length > 0;
    const exact = await run(searchFilters(params), params, hasWords);
    if (!hasWords || exact.pagination.totalItems > 0) return { ...exact, fuzzy: false };
    // Nothing matched the words as typed: try close spellings before showing an empty page.
    const fuzzy = await run(searchFilters(params, true), params);
    return { ...fuzzy, fuzzy: fuzzy.pagination.totalItems > 0 };
  }

  return {
    async search(params: SearchParams): Promise<SearchResult> {
      if (cacheOptions.ttlMs <= 0) return searchUncached(params);
      const key = JSON.stringify(params);
      const now = Date.now();
      const hit = cache.get(key);
      if (hit && now - hit.at < cacheOptions.ttlMs) return hit.result;
      const result = await searchUncached(params);
      if (cache.size >= cacheOptions.maxEntries) cache.delete(cache.keys().next().value as string);
      cache.set(key, { at: now, result });
      return result;
    },
    /** Called on every listing change. */
    invalidate() {
      cache.clear();
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
