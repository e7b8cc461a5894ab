// The CO₂ avoided by sold listings (issue #16): for the whole site (GET /api/v1/meta/impact,
// the home page) and for one seller (the shop). Each listing's estimate is common/impact.ts's
// `impactOf`, applied here to the sold listings grouped by category and the details it reads,
// so a corrected figure applies to past sales at once (docs/impact.md, "Totals").
import { and, count, eq, getTableColumns, isNotNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { IMPACT_ATTRIBUTE_KEYS, IMPACT_METHOD, impactOf } from '../../common/impact.ts';
import type { AppDb } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { sellerNotBanned } from '../repositories/visibility.ts';

export interface ImpactTotal {
  co2eKgAvoided: number;
  soldListings: number;
  method: string;
}

/** How long the site's total is served before it is computed again. */
export const SITE_TOTAL_TTL_MS = 5 * 60_000;

// The details column arrives with the `listings` branch; until it is in the schema no listing
// names its product, and every group is its category alone.
const attributesColumn = (getTableColumns(products) as Record<string, AnyColumn | undefined>).attributes;

/**
 * Sold, and still standing: a listing removed by a moderator (or of a banned seller) is no
 * sale we vouch for.
 */
const soldSale: SQL = and(isNotNull(products.soldAt), eq(products.moderation, 'approved'), sellerNotBanned)!;

export function createImpactService({ db, now = Date.now }: { db: AppDb; now?: () => number }) {
  // The keys are written into the statement, not bound: a bound key would be a different
  // parameter in the select list and in GROUP BY, which PostgreSQL cannot match. They are our
  // own constants (IMPACT_ATTRIBUTE_KEYS), plain words.
  const details = IMPACT_ATTRIBUTE_KEYS.map((key) => (attributesColumn ? sql<string | null>`${attributesColumn} ->> ${sql.raw(`'${key}'`)}` : null));

  async function total(where: SQL): Promise<ImpactTotal> {
    const grouped = details.filter((d): d is SQL<string | null> => d !== null);
    const rows = await db
      .select({
        category: products.category,
        ...Object.fromEntries(grouped.map((d, i) => [`d${i}`, d])),
        n: count(),
      })
      .from(products)
      .where(and(soldSale, where))
      .groupBy(products.category, ...grouped);
    let kg = 0;
    let sold = 0;
    for (const row of rows as ({ category: string; n: number } & Record<string, unknown>)[]) {
      const attributes: Record<string, string> = {};
      IMPACT_ATTRIBUTE_KEYS.forEach((key, i) => {
        const value = row[`d${i}`];
        if (typeof value === 'string') attributes[key] = value;
      });
      const n = Number(row.n);
      sold += n;
      kg += (impactOf({ category: row.category, attributes })?.co2eKg ?? 0) * n;
    }
    return { co2eKgAvoided: kg, soldListings: sold, method: IMPACT_METHOD };
  }

  let cached: { value: ImpactTotal; at: number } | null = null;
  let refreshing: Promise<ImpactTotal> | null = null;
  function refresh() {
    refreshing ??= total(sql`true`)
      .then((value) => {
        cached = { value, at: now() };
        return value;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  return {
    /**
     * The whole site's total. Computed at most once per SITE_TOTAL_TTL_MS; past that the last
     * value is served while a new one is computed, so only the first reader ever waits.
     */
    async siteTotal(): Promise<ImpactTotal> {
      if (!cached) return refresh();
      if (now() - cached.at >= SITE_TOTAL_TTL_MS) void refresh().catch(() => {});
      return cached.value;
    },

    /** One seller's sold listings (an indexed read of that seller's listings), never cached. */
    async sellerTotal(userId: string): Promise<ImpactTotal> {
      return total(eq(products.userId, userId));
    },

    /** Forgets the cached site total (tests; a deployment simply waits for the next refresh). */
    invalidate() {
      cached = null;
    },
  };
}

export type ImpactService = ReturnType<typeof createImpactService>;
