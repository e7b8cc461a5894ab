// The listing lifecycle (docs/product.md, "Listing lifecycle"): a listing expires
// LISTING_TTL_DAYS after publication or renewal; the hourly sweep marks those past their end
// and queues a reminder EXPIRY_REMINDER_DAYS before it, with a one-click renew link; the
// seller renews or marks as sold from the dashboard. Every time comes from `now`, which the
// tests move forward.
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { formatDate } from '../../common/format.ts';
import { isId } from '../../common/ids.ts';
import { isLang, type Lang } from '../../common/languages.ts';
import { EXPIRY_REMINDER_DAYS } from '../../common/moderation.ts';
import type { ApiProduct } from '../../common/product.ts';
import type { AppDb } from '../../db/client.ts';
import { emailTokens, products, users, type Product, type User } from '../../db/schema.ts';
import { AppError } from '#errors';
import { requireOwner, requireSignedIn } from './access.ts';
import { assertMayWrite } from './account-status.ts';
import type { JobQueue } from './jobs/queue.ts';
import { withPhotos } from './listings.ts';
import type { Mailer } from './mail/mailer.ts';
import { expiryReminderEmail } from './mail/templates.ts';
import { hashToken, newToken } from './tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The renew link of a reminder works this long (past the expiry: an expired listing can be renewed). */
export const RENEW_TOKEN_TTL_MS = 30 * DAY_MS;

/** The reminder e-mail's job; the sweep runs hourly among the housekeeping jobs (housekeeping.ts). */
export const LIFECYCLE_JOBS = {
  reminder: 'mail.listing-expiry-reminder',
} as const;

export interface LifecycleDeps {
  db: AppDb;
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
  listingTtlDays: number;
  now?: () => Date;
  /** Called when listings leave or come back to public lists. */
  changed?: () => void;
}

const notFound = () => new AppError('NOT_FOUND', 'Product not found');

export function createLifecycleService({ db, jobs, mailer, publicUrl, listingTtlDays, now = () => new Date(), changed = () => {} }: LifecycleDeps) {
  async function owned(actor: User | null, id: string): Promise<{ user: User; row: Product }> {
    const user = requireSignedIn(actor);
    if (!isId(id)) throw notFound();
    const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
    if (!row) throw notFound();
    requireOwner(user, row.userId, 'You are not allowed to change this listing');
    assertMayWrite(user, now());
    return { user, row };
  }

  async function asOwnerSees(row: Product): Promise<ApiProduct> {
    const [product] = await withPhotos(db, [row], { withContact: true, withModeration: true, at: now() });
    return product!;
  }

  /** A new end, LISTING_TTL_DAYS from now; the listing is no longer expired. */
  async function extend(id: string): Promise<Product> {
    const [row] = await db
      .update(products)
      .set({ expiresAt: new Date(now().getTime() + listingTtlDays * DAY_MS), expired: false, updatedAt: now() })
      .where(eq(products.id, id))
      .returning();
    if (!row) throw notFound();
    changed();
    return row;
  }

  // The handler issues the token when it runs: the jobs table never holds a usable secret. It
  // checks that the listing still ends when the reminder was meant for (a renewal since makes
  // it moot) and is still up.
  jobs.register<{ productId: string; expiresAt: string }>(LIFECYCLE_JOBS.reminder, async (job) => {
    const [found] = await db.select({ product: products, seller: users }).from(products).innerJoin(users, eq(users.id, products.userId)).where(eq(products.id, job.payload.productId)).limit(1);
    if (!found || found.seller.status === 'banned') return;
    const { product, seller } = found;
    if (!product.listed || product.expiresAt.toISOString() !== job.payload.expiresAt || product.expiresAt <= now()) return;
    const token = newToken();
    await db.insert(emailTokens).values({
      userId: seller.id,
      productId: product.id,
      purpose: 'renew_listing',
      tokenHash: hashToken(token),
      expiresAt: new Date(now().getTime() + RENEW_TOKEN_TTL_MS),
    });
    const lang: Lang = isLang(seller.lang) ? seller.lang : 'ar';
    const title = product[`title${lang === 'ar' ? 'Ar' : lang === 'fr' ? 'Fr' : 'En'}`] || product.title;
    const link = `${publicUrl}/${lang}/renew?token=${encodeURIComponent(token)}`;
    const content = expiryReminderEmail(lang, { name: seller.name, title, date: formatDate(product.expiresAt, lang), link });
    await mailer.send({ to: seller.email, ...content }, { id: job.id, queuedAt: job.createdAt });
  });

  /**
   * Marks the listings past their end as expired (they leave every public view, the owner keeps
   * them), and queues the reminder of those ending within EXPIRY_REMINDER_DAYS. The reminder's
   * key names the listing and its end: once per end, however often the sweep runs; a renewal
   * gives a new end and so a new reminder.
   */
  async function sweep(): Promise<{ expired: number; reminders: number }> {
    const at = now();
    const gone = await db
      .update(products)
      .set({ expired: true })
      .where(and(sql`${products.listed}`, lte(products.expiresAt, at)))
      .returning({ id: products.id });
    if (gone.length > 0) changed();
    const soon = await db
      .select({ id: products.id, expiresAt: products.expiresAt })
      .from(products)
      .where(and(sql`${products.listed}`, gt(products.expiresAt, at), lte(products.expiresAt, new Date(at.getTime() + EXPIRY_REMINDER_DAYS * DAY_MS))));
    for (const row of soon) {
      const expiresAt = row.expiresAt.toISOString();
      await jobs.enqueue(LIFECYCLE_JOBS.reminder, { productId: row.id, expiresAt }, { key: `expiry-reminder:${row.id}:${expiresAt}` });
    }
    return { expired: gone.length, reminders: soon.length };
  }

  return {
    sweep,

    /** The owner gives the listing another LISTING_TTL_DAYS from now, expired or not. */
    async renew(actor: User | null, id: string): Promise<ApiProduct> {
      const { row } = await owned(actor, id);
      if (row.moderation === 'removed') throw new AppError('NOT_AVAILABLE', 'A removed listing cannot be renewed');
      return asOwnerSees(await extend(id));
    },

    /**
     * The reminder's link: renews without a log-in. The token stays good until it expires, so a
     * mail scanner opening the link first renews (what the seller wanted) and the seller's own
     * click renews again from that moment: harmless (docs/decisions/0014-renew-link.md).
     */
    async renewWithToken(token: string | undefined): Promise<{ productId: string; expiresAt: string }> {
      if (!token) throw new AppError('TOKEN_REQUIRED', 'The renew link has no token');
      const [found] = await db
        .select({ token: emailTokens, product: products })
        .from(emailTokens)
        .innerJoin(products, eq(products.id, emailTokens.productId))
        .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, 'renew_listing'), gt(emailTokens.expiresAt, now()), isNull(emailTokens.usedAt)))
        .limit(1);
      if (!found || found.product.userId !== found.token.userId || found.product.moderation === 'removed') {
        throw new AppError('NOT_AVAILABLE', 'This renew link is invalid or has expired');
      }
      const row = await extend(found.product.id);
      return { productId: row.id, expiresAt: row.expiresAt.toISOString() };
    },

    /** Sold: out of search at once, on its page and in its shop with a ribbon for 7 days. Unsold: back. */
    async markSold(actor: User | null, id: string, sold: boolean): Promise<ApiProduct> {
      const { row } = await owned(actor, id);
      // Marking twice keeps the first date: the 7 days run from the sale.
      const soldAt = sold ? (row.soldAt ?? now()) : null;
      const [updated] = await db.update(products).set({ soldAt, updatedAt: now() }).where(eq(products.id, id)).returning();
      if (!updated) throw notFound();
      changed();
      return asOwnerSees(updated);
    },
  };
}

export type LifecycleService = ReturnType<typeof createLifecycleService>;
