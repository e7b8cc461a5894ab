// Listings, the seller's side and the buyer's: publish, edit, (de)activate, delete,
// read with a view counted, reveal the phone, and the seller's statistics; and the Product
// shape of docs/api.md they are served in (search.ts serves its results through it too).
import { and, asc, count, desc as descending, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { communeBelongsTo, communeByKey } from '../../common/communes.ts';
import type { Lang } from '../../common/languages.ts';
import { VALIDATION_MESSAGES, type ValidationKey } from '../../common/schemas/messages.ts';
import { toNational } from '../../common/phone.ts';
import { impactOf } from '../../common/impact.ts';
import type { AttributeValues } from '../../common/category-attributes.ts';
import { formatReference, type ApiImage, type ApiProduct } from '../../common/product.ts';
import { listingDetailIssues, orderedPhotos, type ProductInput, type ProductPatch } from '../../common/schemas/product.ts';
import { isId } from '../../common/ids.ts';
import { PUBLIC_USER_FIELDS, toPublicUser, type PublicUser } from '../../common/user-views.ts';
import { withTransaction, type AppDb } from '../../db/client.ts';
import { newestFirst } from '../../db/order.ts';
import { events, favourites, images, products, users, type Image, type Product, type User } from '../../db/schema.ts';
import { AppError } from '#errors';
import { attachPhotos, insertListing } from '../repositories/listings.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { CounterService, Visitor } from './counters.ts';
import { requireOwner, requireSignedIn, requireVerified, type Caller } from './access.ts';
import { detectLanguage } from './language-detect.ts';
import { assertMayWrite } from './account-status.ts';
import { isPubliclyVisible, listedNow, publiclyVisible } from '../repositories/visibility.ts';
import type { Limits } from './rate-limit.ts';
import type { UploadService } from './uploads.ts';
import type { ListingChecks } from './listing-checks.ts';

const notFound = () => new AppError('NOT_FOUND', 'Product not found');

/** A listing's commune must lie in its wilaya (docs/api.md: 400 on `body.commune`). */
function checkCommune(commune: string | null, address: string) {
  if (commune !== null && !communeBelongsTo(commune, address)) {
    throw new AppError('VALIDATION_ERROR', 'Invalid request', [
      { path: 'body.commune', code: 'communeWilaya', message: VALIDATION_MESSAGES.communeWilaya.en },
    ]);
  }
}

/**
 * The details and price of an edited listing, checked against what it will be: a new category
 * keeps no details of the old one unless given again; a give-away without a price given costs 0,
 * and back from free a price must be given (docs/api.md).
 */
function editedDetails(current: Product, patch: ProductPatch) {
  const category = patch.category ?? current.category;
  const priceType = patch.priceType ?? current.priceType;
  const price = patch.price ?? (priceType === 'free' ? 0 : current.price);
  const raw = patch.attributes ?? (category === current.category ? current.attributes : {});
  const { issues, attributes } = listingDetailIssues(category, priceType, price, raw);
  if (issues.length > 0) {
    throw new AppError(
      'VALIDATION_ERROR',
      'Invalid request',
      issues.map((issue) => {
        const key = issue.message as ValidationKey;
        return { path: `body.${issue.path.join('.')}`, code: key, message: VALIDATION_MESSAGES[key]?.en ?? 'Invalid value' };
      }),
    );
  }
  return { attributes, priceType, price, ...(patch.exchange !== undefined ? { exchange: patch.exchange } : {}) };
}

/** The category's details of a row; none before the column exists (the `listings` branch adds it). */
function attributesOf(row: Product): AttributeValues | null {
  return 'attributes' in row ? (row.attributes as AttributeValues | null) : null;
}

export interface ProductViewOptions {
  /** The owner reads it: the phone number. */
  withContact?: boolean;
  /** The owner or a moderator reads it: the moderation state, its reason and the checks tripped. */
  withModeration?: boolean;
  /** The instant `expired` is judged at (default now). */
  at?: Date;
}

export function toApiProduct(row: Product, photos: ApiImage[], options: ProductViewOptions = {}): ApiProduct {
  const urls = photos.map((p) => p.url);
  return {
    id: row.id,
    userId: row.userId,
    category: row.category,
    condition: row.condition,
    title: row.title,
    title_ar: row.titleAr,
    title_fr: row.titleFr,
    title_en: row.titleEn,
    desc: row.desc,
    desc_ar: row.descAr,
    desc_fr: row.descFr,
    desc_en: row.descEn,
    img: urls[0] ?? null,
    images: urls,
    photos,
    price: row.price,
    address: row.address,
    commune: row.commune,
    communeName: row.commune ? (communeByKey(row.commune)?.name ?? null) : null,
    attributes: row.attributes,
    priceType: row.priceType,
    exchange: row.exchange,
    status: row.status,
    isActive: row.status === 'active',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    reference: formatReference(row.ref),
    views: row.views,
    impact: impactOf({ category: row.category, attributes: attributesOf(row) }),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expired || row.expiresAt <= (options.at ?? new Date()),
    soldAt: row.soldAt?.toISOString() ?? null,
    ...(options.withContact ? { contact: row.contact } : {}),
    ...(options.withModeration
      ? { moderation: row.moderation, moderationReason: row.moderationReason, moderationChecks: row.moderationChecks }
      : {}),
  };
}

export function toApiImage(image: Pick<Image, 'variants' | 'width' | 'height'>): ApiImage {
  const widths = Object.keys(image.variants).map(Number).sort((a, b) => a - b);
  const largest = widths[widths.length - 1];
  return {
    url: largest === undefined ? '' : (image.variants[String(largest)] ?? ''),
    width: image.width,
    height: image.height,
    variants: image.variants,
  };
}

/** Photos of several listings in one query, each listing's in their order. */
export async function photosOf(db: AppDb, productIds: string[]): Promise<Map<string, ApiImage[]>> {
  const byProduct = new Map<string, ApiImage[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({ productId: images.productId, variants: images.variants, width: images.width, height: images.height })
    .from(images)
    .where(inArray(images.productId, productIds))
    .orderBy(asc(images.productId), asc(images.position));
  for (const row of rows) {
    if (!row.productId) continue;
    const list = byProduct.get(row.productId) ?? [];
    list.push(toApiImage(row));
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

// A listing read on its own: every column but the search's (large, and of no use to a reader).
const { searchText: _searchText, searchVector: _searchVector, ...readColumns } = getTableColumns(products);

// The seller beside a listing read on its own: their public profile and whether they are banned.
// Not the whole row: a public read has no use for the e-mail, phone or password hash, so it does
// not load them. (Measured for speed too, issue #18: no difference within the noise.)
const sellerColumns = {
  ...(Object.fromEntries(PUBLIC_USER_FIELDS.map((field) => [field, users[field]])) as { [F in (typeof PUBLIC_USER_FIELDS)[number]]: (typeof users)[F] }),
  status: users.status,
};

/** A photo as photosColumn and photosOf read it. */
export type PhotoRow = Pick<Image, 'variants' | 'width' | 'height'>;

/**
 * A listing's photos in order, as a column of a query of listings (photosOf's rows). The
 * listing's id is written with its table's name: drizzle writes a one-table query's columns
 * bare, and a bare "id" in this subquery would be the photo's own.
 */
export const photosColumn = sql<PhotoRow[] | null>`(
  select json_agg(json_build_object('variants', ${images.variants}, 'width', ${images.width}, 'height', ${images.height}) order by ${images.position})
  from ${images} where ${images.productId} = ${products}.${sql.identifier(products.id.name)})`;

/**
 * Listings in the Product shape, with their photos: those a row carries (its query had
 * photosColumn as `photos`), the others' in one query for all of them.
 */
export async function withPhotos(db: AppDb, rows: (Product & { photos?: PhotoRow[] | null })[], options: ProductViewOptions = {}): Promise<ApiProduct[]> {
  const photos = await photosOf(
    db,
    rows.filter((r) => r.photos === undefined).map((r) => r.id),
  );
  return rows.map(({ photos: carried, ...row }) => toApiProduct(row, carried === undefined ? (photos.get(row.id) ?? []) : (carried ?? []).map(toApiImage), options));
}

/** Main text into the field of its detected language; translations fill the others. */
function languageFields(title: string, desc: string, given: Partial<Record<`${'title' | 'desc'}_${Lang}`, string | null | undefined>>) {
  const lang = detectLanguage(`${title}\n${desc}`);
  const pickTitle = (l: Lang) => (l === lang ? title : (given[`title_${l}`] ?? null));
  const pickDesc = (l: Lang) => (l === lang ? desc : (given[`desc_${l}`] ?? null));
  return {
    originalLang: lang,
    titleAr: pickTitle('ar'),
    titleFr: pickTitle('fr'),
    titleEn: pickTitle('en'),
    descAr: pickDesc('ar'),
    descFr: pickDesc('fr'),
    descEn: pickDesc('en'),
  };
}

export interface ListingServiceDeps {
  db: AppDb;
  /** Public reads (a listing's page, a shop): the replica when there is one (db/read-routing.ts). */
  reads?: AppDb;
  storage: FileStorage;
  uploads: UploadService;
  limits: Limits;
  counters: CounterService;
  /** Called after every change that search results could show. */
  changed?: () => void;
  /** A listing became public (in the transaction that made it so): the search alerts match it. */
  published?: (productId: string, tx: AppDb) => Promise<void>;
  /** Days a listing stays up after publication or renewal (LISTING_TTL_DAYS). */
  listingTtlDays?: number;
  /** The clock of expiry and sales (tests move it forward). */
  now?: () => Date;
  /** The clock of the visibility rules in SQL when it is not the database's (CLOCK_OFFSET_DAYS, tests only). */
  clock?: () => Date;
  /** The automatic checks at publish and edit; without them every listing is approved at once. */
  checks?: ListingChecks;
}

/** Moderators and admins see a listing's moderation state, like its owner. */
const moderates = (user: User | null) => user?.role === 'moderator' || user?.role === 'admin';

/** Who is looking, for counting: the signed-in user, else the address and browser. */
function visitorOf(caller: Caller): Visitor {
  return { userId: caller.session?.user.id ?? null, ip: caller.ip, userAgent: caller.userAgent };
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function createListingService({ db, reads = db, storage, uploads, limits, counters, changed = () => {}, published = async () => {}, listingTtlDays = 60, now = () => new Date(), clock, checks }: ListingServiceDeps) {
  /**
   * Runs the automatic checks on the saved listing, in its transaction: when any trips, an
   * approved or pending listing is held for review with the list. When none
   * trips, its state stays as it was: an edit does not release a listing a moderator has not
   * looked at yet.
   */
  async function holdIfTripped(tx: AppDb, row: Product, creating: boolean): Promise<Product> {
    if (!checks) return row;
    const tripped = await checks.run(
      tx,
      { userId: row.userId, productId: row.id, category: row.category, texts: [row.title, row.desc, row.titleAr, row.titleFr, row.titleEn, row.descAr, row.descFr, row.descEn], creating },
      row.title,
    );
    // Hidden and removed listings stay as a moderator left them: a hidden one goes back to the
    // queue only when its seller asks (moderation.askForReview), never by being edited.
    if (tripped.length === 0 || (row.moderation !== 'approved' && row.moderation !== 'pending')) return row;
    const [held] = await tx.update(products).set({ moderation: 'pending', moderationChecks: tripped }).where(eq(products.id, row.id)).returning();
    return held ?? row;
  }

  // A listing's page and GET /products/{id}, the most frequent read: one round trip for the
  // listing (without its search columns, which only the search reads), its seller and its
  // photos, and a statement prepared once: its SQL is built here, not on every read, and
  // PostgreSQL parses it once per connection.
  const readListing = reads
    .select({ product: readColumns, seller: sellerColumns, photos: photosColumn })
    .from(products)
    .innerJoin(users, eq(users.id, products.userId))
    .where(eq(products.id, sql.placeholder('id')))
    .limit(1)
    .prepare('listing_read');

  /** The end of a listing published or renewed now. */
  const newExpiry = () => new Date(now().getTime() + listingTtlDays * DAY_MS);

  /** A listing's stored image rows (for removal), in order. */
  async function imageRowsOf(productId: string, within: AppDb = db) {
    return within.select().from(images).where(eq(images.productId, productId)).orderBy(images.position);
  }

  /** For its owner: contact and moderation state included. */
  async function serialize(row: Product, withContact: boolean): Promise<ApiProduct> {
    const [product] = await withPhotos(db, [row], { withContact, withModeration: withContact });
    if (!product) throw new Error('serialize returned nothing');
    return product;
  }

  async function findOwned(actor: User | null, id: string): Promise<Product> {
    const user = requireSignedIn(actor);
    if (!isId(id)) throw notFound();
    const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
    if (!row) throw notFound();
    requireOwner(user, row.userId, 'You are not allowed to change this listing');
    return row;
  }

  /**
   * Image rows for the given URLs, in order: the caller's own uploads (attached to nothing or
   * to this listing already). Photo URLs of other sites have been fetched into uploads before
   * (fetchExternal). Runs in the caller's transaction; an upload is locked until it commits,
   * so two listings saved at once cannot both take it.
   */
  async function resolvePhotos(tx: AppDb, userId: string, urls: string[], productId: string | null): Promise<Image[]> {
    const rows: Image[] = [];
    for (const [index, url] of urls.entries()) {
      const fileKey = storage.keyOf(url);
      const imageKey = fileKey?.split('/').slice(0, 2).join('/');
      const [row] = imageKey ? await tx.select().from(images).where(eq(images.key, imageKey)).limit(1).for('update') : [];
      if (!row || row.userId !== userId || (row.productId !== null && row.productId !== productId)) {
        throw new AppError('VALIDATION_ERROR', 'Invalid request', [
          { path: index === 0 ? 'body.img' : `body.images.${index}`, code: 'imageInvalid', message: 'This photo is not one of your uploads' },
        ]);
      }
      rows.push(row);
    }
    return rows;
  }

  /**
   * Photo URLs of other sites, fetched and stored like uploads (services/photo-fetch.ts) before
   * the listing's transaction: no transaction waits on another site. Returns the URLs with each
   * of those replaced by its stored photo's, and the photos stored, which the caller removes if
   * the save fails; when a fetch fails, those of this call are removed here.
   */
  async function fetchExternal(userId: string, urls: string[]): Promise<{ urls: string[]; fetched: Image[] }> {
    const fetched: Image[] = [];
    const resolved: string[] = [];
    try {
      for (const [index, url] of urls.entries()) {
        if (storage.keyOf(url) === null && /^https?:\/\//i.test(url)) {
          const stored = await uploads.storeFromUrl(userId, url, index === 0 ? 'body.img' : `body.images.${index}`);
          fetched.push(stored);
          resolved.push(toApiImage(stored).url);
        } else resolved.push(url);
      }
    } catch (error) {
      await uploads.removeImages(fetched);
      throw error;
    }
    return { urls: resolved, fetched };
  }

  /** Runs `save`; when it fails, the photos fetched for it go again. */
  async function keepingFetchedOnlyIfSaved<T>(fetched: Image[], save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      await uploads.removeImages(fetched);
      throw error;
    }
  }

  /** A seller's listings, newest first: the publicly visible ones (recently sold included), or all of them for the seller themself. */
  async function listingsOf(viewer: User | null, userId: string, limit: number, from: AppDb = db) {
    if (!isId(userId)) throw new AppError('NOT_FOUND', 'User not found');
    const [seller] = await from.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!seller) throw new AppError('NOT_FOUND', 'User not found');
    const own = viewer?.id === userId;
    const rows = await from
      .select()
      .from(products)
      .where(own ? eq(products.userId, userId) : and(eq(products.userId, userId), publiclyVisible(clock?.())))
      .orderBy(...newestFirst(products))
      .limit(limit);
    return { seller, rows, own };
  }

  return {
    async create(actor: User | null, input: ProductInput): Promise<ApiProduct> {
      const user = requireVerified(requireSignedIn(actor));
      assertMayWrite(user);
      const commune = input.commune ?? null;
      checkCommune(commune, input.address);
      const { urls, fetched } = await fetchExternal(user.id, orderedPhotos(input.img, input.images));
      // The listing and the attachment of its photos: all or nothing.
      const row = await keepingFetchedOnlyIfSaved(fetched, () => withTransaction(db, async (tx) => {
        const photos = await resolvePhotos(tx, user.id, urls, null);
        const inserted = await insertListing(tx, {
          userId: user.id,
          category: input.category,
          condition: input.condition,
          title: input.title,
          desc: input.desc,
          ...languageFields(input.title, input.desc, input),
          price: input.price,
          contact: input.contact!,
          address: input.address,
          commune,
          attributes: input.attributes,
          priceType: input.priceType,
          exchange: input.exchange,
          expiresAt: newExpiry(),
        }, photos);
        const held = await holdIfTripped(tx, inserted, true);
        // Matched only if it is public now (a listing held for review is matched on approval).
        await published(held.id, tx as unknown as AppDb);
        return held;
      }));
      changed();
      return serialize(row, true);
    },

    async update(actor: User | null, id: string, patch: ProductPatch): Promise<ApiProduct> {
      const current = await findOwned(actor, id);
      assertMayWrite(actor!);
      const title = patch.title ?? current.title;
      const desc = patch.desc ?? current.desc;
      // The previous original language's fields held the old main text, not a translation:
      // when the text is rewritten in another language they must not keep it.
      const kept = (l: Lang, value: string | null) => (l === current.originalLang ? null : value);
      const translations = {
        title_ar: patch.title_ar !== undefined ? patch.title_ar : kept('ar', current.titleAr),
        title_fr: patch.title_fr !== undefined ? patch.title_fr : kept('fr', current.titleFr),
        title_en: patch.title_en !== undefined ? patch.title_en : kept('en', current.titleEn),
        desc_ar: patch.desc_ar !== undefined ? patch.desc_ar : kept('ar', current.descAr),
        desc_fr: patch.desc_fr !== undefined ? patch.desc_fr : kept('fr', current.descFr),
        desc_en: patch.desc_en !== undefined ? patch.desc_en : kept('en', current.descEn),
      };
      const address = patch.address ?? current.address;
      // Moving a listing to another wilaya without naming a commune drops the old one.
      const commune = patch.commune !== undefined ? patch.commune : address === current.address ? current.commune : null;
      checkCommune(commune, address);
      const details = editedDetails(current, patch);
      const photosChange = patch.img !== undefined || patch.images !== undefined;
      const cover = patch.img ?? patch.images?.[0];
      if (photosChange && !cover) {
        throw new AppError('VALIDATION_ERROR', 'Invalid request', [{ path: 'body.img', code: 'imageRequired', message: 'Add at least one photo' }]);
      }
      // A new cover alone keeps the other photos behind it; `images` replaces the whole set.
      // Photos of other sites among them are fetched first, outside the transaction.
      const { urls, fetched } =
        photosChange && cover
          ? await fetchExternal(current.userId, orderedPhotos(cover, patch.images ?? (await imageRowsOf(id)).map((image) => toApiImage(image).url)))
          : { urls: [], fetched: [] };
      // Photos and fields change together or not at all; the files of dropped photos are
      // deleted only once the change is committed (a rollback must not lose them).
      const { row, dropped } = await keepingFetchedOnlyIfSaved(fetched, () => withTransaction(db, async (tx) => {
        let removed: Image[] = [];
        if (photosChange && cover) {
          const existing = await imageRowsOf(id, tx);
          const wanted = await resolvePhotos(tx, current.userId, urls, id);
          const keep = new Set(wanted.map((w) => w.id));
          removed = existing.filter((e) => !keep.has(e.id));
          await uploads.deleteRows(tx, removed);
          await attachPhotos(tx, id, wanted);
        }
        const [updated] = await tx
          .update(products)
          .set({
            ...(patch.category ? { category: patch.category } : {}),
            ...(patch.condition ? { condition: patch.condition } : {}),
            ...details,
            ...(patch.contact ? { contact: patch.contact } : {}),
            ...(patch.address ? { address: patch.address } : {}),
            commune,
            title,
            desc,
            ...languageFields(title, desc, translations),
            updatedAt: new Date(),
          })
          .where(eq(products.id, id))
          .returning();
        if (!updated) throw notFound();
        return { row: await holdIfTripped(tx, updated, false), dropped: removed };
      }));
      await uploads.deleteFiles(dropped);
      changed();
      return serialize(row, true);
    },

    async remove(actor: User | null, id: string): Promise<void> {
      await findOwned(actor, id);
      const photos = await withTransaction(db, async (tx) => {
        const attached = await imageRowsOf(id, tx);
        await tx.delete(products).where(eq(products.id, id));
        await uploads.deleteRows(tx, attached);
        return attached;
      });
      changed();
      await uploads.deleteFiles(photos);
    },

    async toggleStatus(actor: User | null, id: string): Promise<ApiProduct> {
      const current = await findOwned(actor, id);
      assertMayWrite(actor!);
      const row = await withTransaction(db, async (tx) => {
        const [updated] = await tx
          .update(products)
          .set({ status: current.status === 'active' ? 'inactive' : 'active', updatedAt: new Date() })
          .where(eq(products.id, id))
          .returning();
        if (!updated) throw notFound();
        if (updated.status === 'active') await published(updated.id, tx as unknown as AppDb);
        return updated;
      });
      changed();
      return serialize(row, true);
    },

    /** The actor's own listing, contact included, for editing: 404 if missing, 403 if someone else's. */
    async ownListing(actor: User | null, id: string): Promise<ApiProduct> {
      return serialize(await findOwned(actor, id), true);
    },

    /**
     * A listing as `viewer` may see it: inactive ones only for their owner. With `countView`,
     * counts a view for others, once per visitor a day.
     */
    async read(viewer: User | null, id: string, options: { countView: false } | { countView: true; caller: Caller }): Promise<ApiProduct & { seller: PublicUser }> {
      if (!isId(id)) throw notFound();
      const [found] = await readListing.execute({ id });
      if (!found) throw notFound();
      const row: Product = { ...found.product, searchText: null, searchVector: null };
      const own = viewer?.id === row.userId;
      // Moderators may open any listing (the review queue links to it); nobody else sees one out of public view.
      if (!own && !moderates(viewer) && !isPubliclyVisible(row, found.seller, now())) throw notFound();
      if (options.countView && !own) await counters.countOnce('view', id, visitorOf(options.caller));
      const product = toApiProduct(row, (found.photos ?? []).map(toApiImage), { withContact: own, withModeration: own || moderates(viewer) });
      // The reader's heart, and for the owner how many people saved it.
      const saved = viewer
        ? await reads.select({ userId: favourites.userId }).from(favourites).where(own ? eq(favourites.productId, id) : and(eq(favourites.productId, id), eq(favourites.userId, viewer.id)))
        : [];
      const favouriteFields = viewer ? { isFavourite: saved.some((f) => f.userId === viewer.id), ...(own ? { favourites: saved.length } : {}) } : {};
      return { ...product, ...favouriteFields, seller: toPublicUser(found.seller) };
    },

    /**
     * The phone of an active listing, in national form, and whether the seller takes WhatsApp
     * and Viber on it; counts a reveal, once per visitor a day. Limited per address.
     */
    async revealContact(caller: Caller, id: string): Promise<{ contact: string; whatsapp: boolean; viber: boolean }> {
      await limits.check('phoneReveal', caller.ip);
      if (!isId(id)) throw notFound();
      const [row] = await db
        .select({ contact: products.contact, whatsapp: users.whatsapp, viber: users.viber })
        .from(products)
        .innerJoin(users, eq(users.id, products.userId))
        .where(and(eq(products.id, id), listedNow(clock?.())))
        .limit(1);
      if (!row) throw notFound();
      // The mark, the counter and the activity line in one statement: all or nothing.
      await counters.countOnce('phone_reveal', id, visitorOf(caller));
      return { contact: toNational(row.contact), whatsapp: row.whatsapp, viber: row.viber };
    },

    /** The analytics event of the contact card's toggle (limited per address); the category comes from the listing. */
    async recordPhoneToggle(caller: Caller, productId: string, shown: boolean): Promise<void> {
      await limits.check('events', caller.ip);
      if (!isId(productId)) throw notFound();
      const [row] = await db.select({ category: products.category }).from(products).where(eq(products.id, productId)).limit(1);
      if (!row) throw notFound();
      await db.insert(events).values({ type: 'phone_toggle', productId, category: row.category, shown });
    },

    /** A seller's listings: active ones, or all of them for the seller themself. */
    async byUser(viewer: User | null, userId: string, limit: number): Promise<{ seller: User; products: ApiProduct[] }> {
      const { seller, rows, own } = await listingsOf(viewer, userId, limit, reads);
      return { seller, products: await withPhotos(reads, rows, { withContact: own, withModeration: own }) };
    },

    /** The seller's own listings with their counters (views, phone reveals), for the dashboard. */
    async withStats(owner: User, limit: number): Promise<(ApiProduct & { views: number; reveals: number; favourites: number })[]> {
      // The views this instance holds for its next batch count already (counters.ts).
      await counters.flushViews();
      const { rows } = await listingsOf(owner, owner.id, limit);
      const ids = rows.map((r) => r.id);
      const [photos, saved] = await Promise.all([
        photosOf(db, ids),
        ids.length === 0
          ? []
          : db.select({ productId: favourites.productId, n: sql<number>`count(*)::int` }).from(favourites).where(inArray(favourites.productId, ids)).groupBy(favourites.productId),
      ]);
      const savedBy = new Map(saved.map((r) => [r.productId, r.n]));
      return rows.map((row) => ({
        ...toApiProduct(row, photos.get(row.id) ?? [], { withContact: true, withModeration: true }),
        views: row.views,
        reveals: row.phoneReveals,
        favourites: savedBy.get(row.id) ?? 0,
      }));
    },

    /** The dashboard's extra block: totals and the latest activity on the seller's listings. */
    async sellerActivity(userId: string, limit = 10) {
      await counters.flushViews();
      const [totals] = await db
        .select({
          listings: count(),
          active: sql<number>`count(*) filter (where ${products.status} = 'active')::int`,
          sold: sql<number>`count(*) filter (where ${products.soldAt} is not null)::int`,
          views: sql<number>`coalesce(sum(${products.views}), 0)::int`,
          reveals: sql<number>`coalesce(sum(${products.phoneReveals}), 0)::int`,
        })
        .from(products)
        .where(eq(products.userId, userId));
      const recent = await db
        .select({
          type: events.type,
          shown: events.shown,
          createdAt: events.createdAt,
          productId: products.id,
          title: products.title,
          titleAr: products.titleAr,
          titleFr: products.titleFr,
          titleEn: products.titleEn,
        })
        .from(events)
        .innerJoin(products, eq(products.id, events.productId))
        .where(and(eq(products.userId, userId), inArray(events.type, ['view', 'phone_reveal'])))
        .orderBy(descending(events.createdAt), descending(events.id))
        .limit(limit);
      return {
        totals: { listings: totals?.listings ?? 0, active: totals?.active ?? 0, sold: totals?.sold ?? 0, views: totals?.views ?? 0, reveals: totals?.reveals ?? 0 },
        recent: recent.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      };
    },
  };
}

export type ListingService = ReturnType<typeof createListingService>;
