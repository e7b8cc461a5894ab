// Saved searches (issue #15): a member keeps up to SAVED_SEARCHES_MAX searches, each with the
// count of listings published since they last opened it and an alert mode (alerts.ts).
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { SAVED_SEARCH_NEW_CAP, SAVED_SEARCHES_MAX } from '../../common/constants.ts';
import { isId } from '../../common/ids.ts';
import { savedQueryOf, type ApiSavedSearch, type CreateSavedSearch, type SavedQuery, type UpdateSavedSearch } from '../../common/saved-search.ts';
import { searchParamsSchema, type SearchParams } from '../../common/schemas/search.ts';
import { withTransaction, type AppDb } from '../../db/client.ts';
import { products, savedSearches, users, type SavedSearch, type User } from '../../db/schema.ts';
import { AppError } from '#errors';
import { requireSignedIn } from './access.ts';
import { searchFilters, searchWords, textQuery } from './search.ts';

/** The search parameters of a stored query (it was valid when saved, and the schema only grows). */
export function paramsOf(query: SavedQuery): SearchParams {
  return searchParamsSchema.parse(query);
}

/**
 * The columns a new listing is matched against (docs/decisions/0023-alert-matching.md): each
 * filter of the query that a listing either passes or not, '' or null for "any". The words
 * become the same tsquery the search builds, computed once here rather than per listing.
 */
function matchColumns(params: SearchParams) {
  const words = params.title ? searchWords(params.title) : [];
  return {
    matchCategory: params.category ?? '',
    matchAddress: params.address ?? '',
    matchCondition: params.condition ?? '',
    matchSeller: params.seller ?? null,
    matchCommune: params.commune ?? '',
    matchPriceType: params.priceType ?? '',
    matchExchange: params.exchange === true,
    matchAttributes: params.attributes.length > 0 ? params.attributes : null,
    matchMinPrice: params.minPrice === undefined ? null : Math.ceil(params.minPrice),
    matchMaxPrice: params.maxPrice === undefined ? null : Math.floor(params.maxPrice),
    matchText: words.length > 0 ? (sql`(${textQuery(words)})` as unknown as string) : null,
  };
}

/**
 * The search parameters the match columns stand for; the category-detail filters (`attr.…`,
 * read by the schema's loose part) are `match_attributes`. A filter added to the search later
 * and not listed here makes the matcher check such a search with the search's own filters
 * (alerts.ts), and tests/integration/buyers.test.ts fails until it is listed.
 */
export const MATCHED_PARAMS = ['title', 'category', 'address', 'condition', 'seller', 'commune', 'priceType', 'exchange', 'minPrice', 'maxPrice', 'sortBy', 'currentPage'] as const;

/** Whether a saved query's parameter is decided by the match columns. */
export function isMatchedParam(key: string): boolean {
  return (MATCHED_PARAMS as readonly string[]).includes(key) || key.startsWith('attr.');
}

const notFound = () => new AppError('NOT_FOUND', 'Saved search not found');

export function createSavedSearchService(db: AppDb, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());

  /** Listings of the search published after `since`, counted up to the cap (+1 tells "more"). */
  async function newCountOf(row: SavedSearch): Promise<number> {
    const filters: SQL[] = [...searchFilters(paramsOf(row.query as SavedQuery)), gt(products.createdAt, row.lastSeenAt)];
    const result = await db.execute(sql`select count(*)::int as n from (select 1 from ${products} where ${and(...filters)} limit ${SAVED_SEARCH_NEW_CAP + 1}) as capped`);
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  }

  async function toApi(row: SavedSearch, withCount: boolean): Promise<ApiSavedSearch> {
    return {
      id: row.id,
      name: row.name,
      query: row.query as SavedQuery,
      alert: row.alert,
      newCount: withCount ? await newCountOf(row) : 0,
      createdAt: row.createdAt.toISOString(),
      lastNotifiedAt: row.lastNotifiedAt?.toISOString() ?? null,
    };
  }

  async function owned(actor: User | null, id: string): Promise<SavedSearch> {
    const user = requireSignedIn(actor);
    if (!isId(id)) throw notFound();
    const [row] = await db.select().from(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, user.id))).limit(1);
    if (!row) throw notFound();
    return row;
  }

  return {
    async create(actor: User | null, input: CreateSavedSearch): Promise<ApiSavedSearch> {
      const user = requireSignedIn(actor);
      const params = input.query;
      const row = await withTransaction(db, async (tx) => {
        // The member's row locked: two saves at once cannot both pass the limit.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        const [held] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, user.id));
        if ((held?.n ?? 0) >= SAVED_SEARCHES_MAX) throw new AppError('LIMIT_REACHED', `You can keep at most ${SAVED_SEARCHES_MAX} saved searches`);
        const [created] = await tx
          .insert(savedSearches)
          .values({
            userId: user.id,
            name: input.name ? input.name : null,
            query: savedQueryOf(params),
            alert: input.alert,
            ...matchColumns(params),
            unsubscribeKey: randomBytes(32).toString('base64url'),
            lastSeenAt: now(),
            createdAt: now(),
          })
          .returning();
        return created!;
      });
      return toApi(row, false);
    },

    /** The member's saved searches, newest first, each with its new-results count. */
    async list(actor: User | null): Promise<ApiSavedSearch[]> {
      const user = requireSignedIn(actor);
      const rows = await db.select().from(savedSearches).where(eq(savedSearches.userId, user.id)).orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
      return Promise.all(rows.map((row) => toApi(row, true)));
    },

    async update(actor: User | null, id: string, patch: UpdateSavedSearch): Promise<ApiSavedSearch> {
      const row = await owned(actor, id);
      const [updated] = await db
        .update(savedSearches)
        .set({
          ...(patch.alert !== undefined ? { alert: patch.alert } : {}),
          ...(patch.name !== undefined ? { name: patch.name ? patch.name : null } : {}),
        })
        .where(eq(savedSearches.id, row.id))
        .returning();
      return toApi(updated!, true);
    },

    async remove(actor: User | null, id: string): Promise<void> {
      const row = await owned(actor, id);
      await db.delete(savedSearches).where(eq(savedSearches.id, row.id));
    },

    /** The member opens the search's results: what was new is now seen. Returns its query. */
    async open(actor: User | null, id: string): Promise<SavedQuery> {
      const row = await owned(actor, id);
      await db.update(savedSearches).set({ lastSeenAt: now() }).where(eq(savedSearches.id, row.id));
      return row.query as SavedQuery;
    },
  };
}

export type SavedSearchService = ReturnType<typeof createSavedSearchService>;
