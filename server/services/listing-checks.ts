// The automatic checks at publish and edit (docs/product.md, "Automatic checks"): prohibited
// words (common/prohibited-items.ts, normalized as search normalizes), a phone number, e-mail
// or web address in the text, the same title or the same photo from the same seller within 30
// days, and new accounts' daily limit. A listing that trips one is saved as `pending` with the
// checks it tripped; only its seller (who sees why) and the moderators see it. The review
// queue reads pending listings and resolves them through reviewQueue / resolveReview.
import { and, asc, count, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { LISTING_CHECKS, type ListingCheck, type ListingCheckKind } from '../../common/moderation.ts';
import type { ApiProduct } from '../../common/product.ts';
import { PROHIBITED_GROUPS } from '../../common/prohibited-items.ts';
import type { AppDb } from '../../db/client.ts';
import { images, products, users, type Product } from '../../db/schema.ts';
import { AppError } from '#errors';
import { isId } from '../../common/ids.ts';
import { hammingDistance } from './image-pipeline.ts';
import { withPhotos } from './listings.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The same title or photo from the same seller within this many days is a duplicate. */
export const DUPLICATE_WINDOW_DAYS = 30;
/** Accounts younger than this are held to NEW_ACCOUNT_DAILY_LISTINGS a day. */
export const NEW_ACCOUNT_DAYS = 7;
/** Two photo hashes at most this many bits apart are the same photo (re-encoded, resized). */
export const SAME_PHOTO_MAX_BITS = 4;
export const REVIEW_PAGE_SIZE = 20;

// Algerian numbers as people write them: 0 + 9 digits (mobiles 05/06/07, fixed 0xx), +213 or
// 00213 + 9 digits, with spaces, dots or dashes between groups. Run on normalized text (Arabic
// and Persian digits are Latin by then).
const PHONE = /(?:\+|\b00)?(?:213[\s.-]*)?\b0?[5-7](?:[\s.-]*\d){8}\b|\b0[2-4](?:[\s.-]*\d){7}\b/;
const URL = /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]{2,}\.(?:com|dz|net|org|fr|info|me|io|co|shop|store|online|site|biz|ly)\b/;
const EMAIL = /\b[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}\b/;

// Arabic proclitics (and, with, the …) glued to a word: "والمسدس" is "مسدس".
const ARABIC_PREFIX = /^(?:وال|بال|كال|فال|لل|ال|و|ب|ف)(?=\p{L}{3,})/u;

export interface CheckInput {
  userId: string;
  /** The listing itself (its own title and photos are not duplicates of themselves). */
  productId: string;
  category: string;
  texts: (string | null | undefined)[];
  /** Publishing (the daily limit of new accounts counts publications, not edits). */
  creating: boolean;
}

export interface ListingChecksDeps {
  db: AppDb;
  newAccountDailyListings: number;
  /** The checks that run (LISTING_CHECKS); all of them by default. */
  enabled?: readonly ListingCheckKind[];
  now?: () => Date;
}

export function createListingChecks({ db, newAccountDailyListings, enabled = LISTING_CHECKS, now = () => new Date() }: ListingChecksDeps) {
  const on = (kind: ListingCheckKind) => enabled.includes(kind);
  let keywords: Promise<{ group: string; categories: readonly string[] | 'all'; word: string; normalized: string }[]> | undefined;

  /** The text as search indexes it: the database's own ecosouk_normalize(), so both agree. */
  async function normalize(within: AppDb, texts: string[]): Promise<string[]> {
    if (texts.length === 0) return [];
    const values = sql.join(texts.map((t, i) => sql`(${i}::int, ecosouk_normalize(${t}::text))`), sql`, `);
    const result = await within.execute(sql`select x.n from (values ${values}) as x(i, n) order by x.i`);
    return (result as unknown as { rows: { n: string }[] }).rows.map((r) => r.n);
  }

  function loadKeywords(within: AppDb) {
    keywords ??= (async () => {
      const entries = PROHIBITED_GROUPS.flatMap((g) => [...g.words.ar, ...g.words.fr, ...g.words.en].map((word) => ({ group: g.key, categories: g.categories, word })));
      const normalized = await normalize(within, entries.map((e) => e.word));
      return entries.map((e, i) => ({ ...e, normalized: ` ${words(normalized[i] ?? '').join(' ')} ` }));
    })().catch((error) => {
      keywords = undefined;
      throw error;
    });
    return keywords;
  }

  function words(text: string): string[] {
    return text
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .map((w) => w.replace(ARABIC_PREFIX, ''));
  }

  async function prohibited(within: AppDb, text: string, category: string): Promise<ListingCheck[]> {
    const haystack = ` ${words(text).join(' ')} `;
    const found = new Map<string, ListingCheck>();
    for (const k of await loadKeywords(within)) {
      if (k.categories !== 'all' && !k.categories.includes(category as never)) continue;
      if (!found.has(k.group) && haystack.includes(k.normalized)) found.set(k.group, { check: 'prohibited', group: k.group, detail: k.word });
    }
    return [...found.values()];
  }

  function contactInText(text: string): ListingCheck[] {
    const match = PHONE.exec(text) ?? EMAIL.exec(text) ?? URL.exec(text);
    return match ? [{ check: 'contact-in-text', detail: match[0].trim().slice(0, 80) }] : [];
  }

  async function duplicateTitle(within: AppDb, input: CheckInput, title: string): Promise<ListingCheck[]> {
    const since = new Date(now().getTime() - DUPLICATE_WINDOW_DAYS * DAY_MS);
    const [other] = await within
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.userId, input.userId), ne(products.id, input.productId), gte(products.createdAt, since), sql`btrim(regexp_replace(ecosouk_normalize(${products.title}), '[[:space:]]+', ' ', 'g')) = btrim(regexp_replace(ecosouk_normalize(${title}::text), '[[:space:]]+', ' ', 'g'))`))
      .limit(1);
    return other ? [{ check: 'duplicate-title', detail: other.id }] : [];
  }

  async function duplicatePhoto(within: AppDb, input: CheckInput): Promise<ListingCheck[]> {
    const since = new Date(now().getTime() - DUPLICATE_WINDOW_DAYS * DAY_MS);
    const mine = await within.select({ phash: images.phash }).from(images).where(and(eq(images.productId, input.productId), isNotNull(images.phash)));
    if (mine.length === 0) return [];
    const others = await within
      .select({ productId: images.productId, phash: images.phash })
      .from(images)
      .innerJoin(products, eq(products.id, images.productId))
      .where(and(eq(images.userId, input.userId), ne(products.id, input.productId), isNotNull(images.phash), gte(products.createdAt, since)));
    for (const own of mine) {
      const same = others.find((o) => hammingDistance(own.phash!, o.phash!) <= SAME_PHOTO_MAX_BITS);
      if (same) return [{ check: 'duplicate-photo', detail: same.productId ?? undefined }];
    }
    return [];
  }

  async function newAccountLimit(within: AppDb, input: CheckInput): Promise<ListingCheck[]> {
    if (!input.creating) return [];
    const [user] = await within.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, input.userId)).limit(1);
    if (!user || user.createdAt.getTime() <= now().getTime() - NEW_ACCOUNT_DAYS * DAY_MS) return [];
    const [row] = await within
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.userId, input.userId), ne(products.id, input.productId), gte(products.createdAt, new Date(now().getTime() - DAY_MS))));
    const before = row?.n ?? 0;
    return before >= newAccountDailyListings ? [{ check: 'new-account-limit', detail: String(before + 1) }] : [];
  }

  return {
    /** Every check the listing trips (empty: none). Runs in the caller's transaction, after the photos are attached. */
    async run(within: AppDb, input: CheckInput, title: string): Promise<ListingCheck[]> {
      if (enabled.length === 0) return [];
      const [text = ''] = await normalize(within, [input.texts.filter(Boolean).join('\n')]);
      return [
        ...(on('prohibited') ? await prohibited(within, text, input.category) : []),
        ...(on('contact-in-text') ? contactInText(text) : []),
        ...(on('duplicate-title') ? await duplicateTitle(within, input, title) : []),
        ...(on('duplicate-photo') ? await duplicatePhoto(within, input) : []),
        ...(on('new-account-limit') ? await newAccountLimit(within, input) : []),
      ];
    },

    /**
     * The review queue: pending listings, oldest first, each with the checks it tripped
     * (`moderationChecks`) and its seller's id. For GET /api/v1/admin/review (the admin console).
     */
    async reviewQueue(page = 1): Promise<{ products: ApiProduct[]; total: number }> {
      const where = eq(products.moderation, 'pending');
      const rows = await db
        .select()
        .from(products)
        .where(where)
        .orderBy(asc(products.createdAt), asc(products.id))
        .limit(REVIEW_PAGE_SIZE)
        .offset((Math.max(1, page) - 1) * REVIEW_PAGE_SIZE);
      const [total] = await db.select({ n: count() }).from(products).where(where);
      return { products: await withPhotos(db, rows, { withModeration: true }), total: total?.n ?? 0 };
    },

    /**
     * A moderator's verdict on a pending listing: `approve` puts it in public view (the checks
     * are kept for the record), `reject` removes it with the reason, which its seller sees.
     * 404 NOT_FOUND for a missing listing, NOT_AVAILABLE for one no longer pending. The caller
     * (the admin service) checks the role and writes the audit log.
     */
    async resolveReview(productId: string, decision: 'approve' | 'reject', reason: string | null = null): Promise<Product> {
      if (!isId(productId)) throw new AppError('NOT_FOUND', 'Product not found');
      const [row] = await db
        .update(products)
        .set(decision === 'approve' ? { moderation: 'approved', moderationReason: null, updatedAt: now() } : { moderation: 'removed', moderationReason: reason, updatedAt: now() })
        .where(and(eq(products.id, productId), eq(products.moderation, 'pending')))
        .returning();
      if (row) return row;
      const [exists] = await db.select({ id: products.id }).from(products).where(inArray(products.id, [productId])).limit(1);
      throw exists ? new AppError('NOT_AVAILABLE', 'This listing is not waiting for review') : new AppError('NOT_FOUND', 'Product not found');
    },
  };
}

export type ListingChecks = ReturnType<typeof createListingChecks>;
