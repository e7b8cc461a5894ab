// Favourites (issue #15): a member saves listings; the Product shape tells a signed-in reader
// whether they saved it, and the owner how many people did.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { FAVOURITES_PAGE_SIZE } from '../../common/constants.ts';
import { isId } from '../../common/ids.ts';
import type { ApiProduct, Availability } from '../../common/product.ts';
import type { AppDb } from '../../db/client.ts';
import { favourites, products, users, type Product, type User } from '../../db/schema.ts';
import { AppError } from '#errors';
import { requireSignedIn } from './access.ts';
import { withPhotos } from './listings.ts';
import { isListedNow, isPubliclyVisible } from '../repositories/visibility.ts';

/** Why a saved listing cannot be bought any more, or `available` (the rules of repositories/visibility.ts). */
export function availabilityOf(row: Product, sellerStatus: User['status'], at = new Date()): Availability {
  if (isListedNow(row, { status: sellerStatus }, at)) return 'available';
  if (row.soldAt !== null) return 'sold';
  if (row.expired || row.expiresAt <= at) return 'expired';
  return 'unavailable';
}

export function createFavouriteService(db: AppDb) {
  return {
    /** Saves a listing; saving it again changes nothing. Only a listing the member could see. */
    async add(actor: User | null, productId: string): Promise<void> {
      const user = requireSignedIn(actor);
      if (!isId(productId)) throw new AppError('NOT_FOUND', 'Product not found');
      const [row] = await db.select({ product: products, sellerStatus: users.status }).from(products).innerJoin(users, eq(users.id, products.userId)).where(eq(products.id, productId)).limit(1);
      // A listing the member can see: publicly visible (a recently sold one too), or their own.
      if (!row || (row.product.userId !== user.id && !isPubliclyVisible(row.product, { status: row.sellerStatus }))) throw new AppError('NOT_FOUND', 'Product not found');
      await db.insert(favourites).values({ userId: user.id, productId }).onConflictDoNothing();
    },

    /** Forgets a listing; forgetting one that was not saved (or does not exist) changes nothing. */
    async remove(actor: User | null, productId: string): Promise<void> {
      const user = requireSignedIn(actor);
      if (!isId(productId)) return;
      await db.delete(favourites).where(and(eq(favourites.userId, user.id), eq(favourites.productId, productId)));
    },

    /** The member's saved listings, newest saved first, each with its availability. */
    async list(actor: User | null, page: number) {
      const user = requireSignedIn(actor);
      const [rows, [total]] = await Promise.all([
        db
          .select({ product: products, sellerStatus: users.status })
          .from(favourites)
          .innerJoin(products, eq(products.id, favourites.productId))
          .innerJoin(users, eq(users.id, products.userId))
          .where(eq(favourites.userId, user.id))
          .orderBy(desc(favourites.createdAt), desc(favourites.productId))
          .limit(FAVOURITES_PAGE_SIZE)
          .offset((page - 1) * FAVOURITES_PAGE_SIZE),
        db.select({ n: count() }).from(favourites).where(eq(favourites.userId, user.id)),
      ]);
      const shaped = await withPhotos(db, rows.map((r) => r.product));
      const items = shaped.map((p, i) => ({ ...p, isFavourite: true, availability: availabilityOf(rows[i]!.product, rows[i]!.sellerStatus) }));
      const totalItems = total?.n ?? 0;
      return {
        products: items,
        pagination: { currentPage: page, totalPages: Math.max(1, Math.ceil(totalItems / FAVOURITES_PAGE_SIZE)), totalItems, pageSize: FAVOURITES_PAGE_SIZE },
      };
    },

    /** Sets `isFavourite` on listings for a signed-in reader (one query); leaves them alone for a visitor. */
    async mark<T extends Pick<ApiProduct, 'id'>>(reader: User | null, list: T[]): Promise<(T & { isFavourite?: boolean })[]> {
      if (!reader || list.length === 0) return list;
      const rows = await db
        .select({ productId: favourites.productId })
        .from(favourites)
        .where(and(eq(favourites.userId, reader.id), inArray(favourites.productId, list.map((p) => p.id))));
      const saved = new Set(rows.map((r) => r.productId));
      return list.map((p) => ({ ...p, isFavourite: saved.has(p.id) }));
    },

    /** How many people saved each of these listings (the owner's dashboard and product page). */
    async countsOf(productIds: string[]): Promise<Map<string, number>> {
      if (productIds.length === 0) return new Map();
      const rows = await db
        .select({ productId: favourites.productId, n: sql<number>`count(*)::int` })
        .from(favourites)
        .where(inArray(favourites.productId, productIds))
        .groupBy(favourites.productId);
      return new Map(rows.map((r) => [r.productId, r.n]));
    },
  };
}

export type FavouriteService = ReturnType<typeof createFavouriteService>;
