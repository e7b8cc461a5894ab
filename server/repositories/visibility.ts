// Who sees a listing, in one place (docs/product.md, "Listing lifecycle"). Two rules:
// - listedNow: in public lists (search, home, sitemaps, a seller's listings in search): listed
//   (active, approved, not sold, not swept as expired; a stored column the partial indexes are
//   on), not past its end even before the sweep has run, and its seller not banned;
// - publiclyVisible: its own page and its seller's shop: listed now, or sold less than
//   SOLD_VISIBLE_DAYS ago while otherwise active, approved and not expired (shown as sold).
// Owners see their own listings whatever their state; the services decide that, not these rules.
import { and, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { SOLD_VISIBLE_DAYS } from '../../common/moderation.ts';
import { products, type Product, type User } from '../../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The time the rules compare with: the database's clock, the given instant (tests, the sweep), or
 * a prepared statement's placeholder for one (null: the database's clock).
 */
export const instant = (at?: Date | Placeholder): SQL => {
  if (at instanceof Date) return sql`${at.toISOString()}::timestamptz`;
  if (at) return sql`coalesce(${at}::timestamptz, now())`;
  return sql`now()`;
};

/** The seller is not banned (a small anti-join on users_banned_idx). */
export const sellerNotBanned = sql`not exists (select 1 from users banned where banned.id = ${products.userId} and banned.status = 'banned')`;

/** In public lists now: search, home, sitemaps. */
export function listedNow(at?: Date | Placeholder): SQL {
  return and(sql`${products.listed}`, sql`${products.expiresAt} > ${instant(at)}`, sellerNotBanned)!;
}

/** On its own page and in its seller's shop: listed now, or recently sold. */
export function publiclyVisible(at?: Date): SQL {
  const now = instant(at);
  return and(
    sql`${products.status} = 'active'`,
    sql`${products.moderation} = 'approved'`,
    sql`not ${products.expired}`,
    sql`${products.expiresAt} > ${now}`,
    sql`(${products.soldAt} is null or ${products.soldAt} > ${now} - make_interval(days => ${SOLD_VISIBLE_DAYS}))`,
    sellerNotBanned,
  )!;
}

type Row = Pick<Product, 'status' | 'moderation' | 'expired' | 'expiresAt' | 'soldAt'>;

/** The same rule as publiclyVisible, for a row already read with its seller. */
export function isPubliclyVisible(row: Row, seller: Pick<User, 'status'>, at = new Date()): boolean {
  return (
    row.status === 'active' &&
    row.moderation === 'approved' &&
    !row.expired &&
    row.expiresAt > at &&
    (row.soldAt === null || row.soldAt.getTime() > at.getTime() - SOLD_VISIBLE_DAYS * DAY_MS) &&
    seller.status !== 'banned'
  );
}

/** The same rule as listedNow, for a row already read with its seller. */
export function isListedNow(row: Row, seller: Pick<User, 'status'>, at = new Date()): boolean {
  return row.status === 'active' && row.moderation === 'approved' && !row.expired && row.expiresAt > at && row.soldAt === null && seller.status !== 'banned';
}
