// One PostgreSQL schema for both engines (PGlite embedded, PostgreSQL in production).
// Ordered indexes are declared with the exact direction and NULLS clause that
// server/services/products.server... queries use, or the planner would ignore them.
import { sql } from 'drizzle-orm';
import { USER_ROLES, USER_STATUSES } from '../common/accounts.ts';
import { attributeOf, type AttributeValues } from '../common/category-attributes.ts';
import { PRICE_TYPES } from '../common/pricing.ts';
import { ALERT_MODES, type SavedQuery } from '../common/saved-search.ts';
import type { AttributeFilter } from '../common/schemas/attributes.ts';
import { MODERATION_STATES, type ListingCheck } from '../common/moderation.ts';
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS } from '../common/reports.ts';
import {
  customType,
  bigint,
  bigserial,
  check,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const JOB_STATES = ['queued', 'active', 'failed', 'done', 'dead'] as const;

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
// A transaction id as PostgreSQL 13+ writes it (pg_current_xact_id()): 64 bits, never wraps.
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * Everything a search matches, normalized by ecosouk_normalize() (migration 0001):
 * title and description in the three languages, tokenized as-is (simple) and stemmed
 * (french, english).
 */
const SEARCH_DOCUMENT = sql`ecosouk_normalize(
  coalesce(title, '') || ' ' || coalesce(title_ar, '') || ' ' || coalesce(title_fr, '') || ' ' || coalesce(title_en, '') || ' ' ||
  coalesce("desc", '') || ' ' || coalesce(desc_ar, '') || ' ' || coalesce(desc_fr, '') || ' ' || coalesce(desc_en, ''))`;

/**
 * The UTC day a listing was published, as the text index holds it (a few hundred values, where
 * created_at has one per listing): the search's recent windows compare exactly this expression.
 */
export const CREATED_DAY = sql`((created_at at time zone 'UTC')::date)`;

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    // Stored lower-cased; uniqueness is therefore case-insensitive.
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    address: text('address'),
    // International form (+213…); shown in national form.
    phone: text('phone'),
    bio: text('bio'),
    image: text('image'),
    isVerified: boolean('is_verified').notNull().default(false),
    lang: text('lang').notNull().default('ar'),
    role: text('role', { enum: USER_ROLES }).notNull().default('member'),
    // suspended: may sign in and read, not write (until suspended_until); banned: may not sign in.
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true, mode: 'date' }),
    // Why the account is suspended or banned; shown to its owner.
    statusReason: text('status_reason'),
    // A seller may keep the phone only: no "Send a message" on their listings.
    messagesEnabled: boolean('messages_enabled').notNull().default(true),
    // The e-mail about a message left unread for 10 minutes.
    messageEmails: boolean('message_emails').notNull().default(true),
    // The seller's phone is reachable on WhatsApp / Viber: the reveal offers those links.
    whatsapp: boolean('whatsapp').notNull().default(false),
    viber: boolean('viber').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    // Few rows: public listing reads leave out the listings of banned sellers through it.
    index('users_banned_idx').on(t.id).where(sql`status = 'banned'`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the cookie's random token: a leaked table does not give out live sessions.
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password', 'renew_listing'] }).notNull(),
    // renew_listing: the listing the expiry reminder's link renews.
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_token_hash_key').on(t.tokenHash), index('email_tokens_user_id_idx').on(t.userId, t.purpose)],
);

/** In public lists (the stored `listed` column): the partial indexes are on it. */
const ACTIVE_SQL = 'listed';

/**
 * The category details that lead an index of their own, per category (decision 0025): a range
 * on the numbers, a choice among the options. Each index is limited to its category and holds,
 * after them, every column a search filters or sorts on (SEARCH_COVER), the details themselves
 * included: a search of that category is then answered from the index alone, its capped count
 * and its page's ids, without reading table rows. The search writes each detail exactly as
 * `attributeExpression` does, or the planner would not use them.
 */
export const ATTRIBUTE_INDEXES = [
  // Year first, mileage beside it: "2015-2020, under 100 000 km" is one range of the index.
  ['automobile', ['year', 'mileage']],
  ['automobile', ['mileage']],
  ['automobile', ['brand']],
  ['real-estate', ['surface']],
  // Rooms, then sale or rent: "a F2 or F3 to rent" is two ranges of the index, a surface range within them.
  ['real-estate', ['rooms', 'offer', 'surface']],
  ['electronics', ['storage']],
  ['electronics', ['brand', 'storage']],
] as const;

/** Whether a detail of `category` leads or follows another in one of ATTRIBUTE_INDEXES. */
export function isIndexedAttribute(category: string | undefined, key: string): boolean {
  return ATTRIBUTE_INDEXES.some(([c, keys]) => c === category && (keys as readonly string[]).includes(key));
}

/**
 * A detail as the indexes and the search read it: a number as an integer, an option key as text.
 * Keys come from the category's list (common/category-attributes.ts), never from a request.
 */
export function attributeExpression(key: string, type: 'int' | 'enum' | 'text'): string {
  const safe = key.replace(/[^a-z0-9-]/g, '');
  return type === 'int' ? `((attributes->>'${safe}')::int)` : `(attributes->>'${safe}')`;
}

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    condition: text('condition').notNull(),
    title: text('title').notNull(),
    titleAr: text('title_ar'),
    titleFr: text('title_fr'),
    titleEn: text('title_en'),
    desc: text('desc').notNull(),
    descAr: text('desc_ar'),
    descFr: text('desc_fr'),
    descEn: text('desc_en'),
    // Language detected for `title`/`desc`: which of the _xx fields holds the original.
    originalLang: text('original_lang').notNull(),
    price: integer('price').notNull(),
    contact: text('contact').notNull(),
    address: text('address').notNull(),
    // A commune key of common/communes.ts inside `address`, or null (docs/product.md).
    commune: text('commune'),
    // The category's details (common/category-attributes.ts), validated per category on write:
    // option keys, whole numbers and texts under their attribute's key.
    attributes: jsonb('attributes').$type<AttributeValues>().notNull().default({}),
    priceType: text('price_type', { enum: PRICE_TYPES }).notNull().default('fixed'),
    exchange: boolean('exchange').notNull().default(false),
    status: text('status', { enum: ['active', 'inactive'] }).notNull().default('active'),
    // approved, or held back: pending (automatic checks, review queue), hidden, removed (moderators).
    moderation: text('moderation', { enum: MODERATION_STATES }).notNull().default('approved'),
    // Why a moderator hid or removed it, shown to its seller.
    moderationReason: text('moderation_reason'),
    // The automatic checks it tripped at its last publish or edit (empty when none).
    moderationChecks: jsonb('moderation_checks').$type<ListingCheck[]>().notNull().default([]),
    // The services set it from LISTING_TTL_DAYS; the default only serves rows written around them.
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now() + interval '60 days'`),
    // Set by the expiry sweep once expires_at has passed; cleared by a renewal.
    expired: boolean('expired').notNull().default(false),
    soldAt: timestamp('sold_at', { withTimezone: true, mode: 'date' }),
    // In public lists, except for the time-dependent parts (expires_at, the seller's status):
    // the partial indexes below are on it. server/repositories/visibility.ts adds the rest.
    listed: boolean('listed').generatedAlwaysAs(sql`status = 'active' AND moderation = 'approved' AND sold_at IS NULL AND NOT expired`),
    views: integer('views').notNull().default(0),
    // The listing's short reference, shown on its page and quoted on the phone: a sequence, so
    // it is short, unique and never changes (docs/decisions/0019-listing-reference-and-co2-estimate.md).
    ref: bigserial('ref', { mode: 'number' }).notNull(),
    phoneReveals: integer('phone_reveals').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchText: text('search_text').generatedAlwaysAs(SEARCH_DOCUMENT),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, ${SEARCH_DOCUMENT}) || to_tsvector('french'::regconfig, ${SEARCH_DOCUMENT}) || to_tsvector('english'::regconfig, ${SEARCH_DOCUMENT})`,
    ),
  },
  (t) => {
    const active = sql.raw(ACTIVE_SQL);
    // Last in the b-tree indexes of the search: the rest of the visibility rules (the listing's
    // end, its seller) and the filters no index leads (condition, price type, exchange), so that a
    // capped count reads the index alone, not 1,001 table rows (decisions 0024, 0025; an index-only
    // scan, on pages the visibility map marks all-visible).
    const countColumns = [t.expiresAt, t.userId, t.condition, t.priceType, t.exchange] as const;
    // Every column a search filters or sorts on (services/search.ts searchFilters, ORDER), after the
    // keys of an index that must answer any search of its rows alone: an index-only scan needs every
    // column the query reads in the index (the details' expressions are computed from `attributes`).
    const searchCover = [t.createdAt, t.id, t.price, t.address, t.commune, ...countColumns, t.attributes] as const;
    return [
      // Words, day, category and wilaya in one GIN index (btree_gin): "these words in this wilaya,
      // published in the last days" is one index scan that reads no listing outside all of them
      // (services/search.ts RECENT_WINDOWS_DAYS, decision 0024). Word-only searches use it too.
      index('products_search_day_idx').using('gin', t.searchVector, CREATED_DAY, t.category, t.address).where(active),
      index('products_active_category_address_created_idx').on(t.category, t.address, t.createdAt.desc(), t.id.desc(), ...countColumns, t.price).where(active),
      index('products_active_category_price_idx').on(t.category, t.price, t.id, ...countColumns).where(active),
      // Few matches of a narrow price range in one category and wilaya: fetched through this, then sorted.
      index('products_active_category_address_price_idx').on(t.category, t.address, t.price, ...countColumns).where(active),
      index('products_active_address_price_idx').on(t.address, t.price, t.id, ...countColumns).where(active),
      // Newest first, the default listing order (home page, API default sort). The newest-first
      // indexes end with the price too: a price range's matches are then picked, sorted by date,
      // from the index alone (services/search.ts rowsOfFewByIds).
      index('products_active_created_idx').on(t.createdAt.desc(), t.id.desc(), ...countColumns, t.price).where(active),
      index('products_active_category_created_idx').on(t.category, t.createdAt.desc(), t.id.desc(), ...countColumns, t.price).where(active),
      index('products_active_address_created_idx').on(t.address, t.createdAt.desc(), t.id.desc(), ...countColumns, t.price).where(active),
      index('products_active_price_idx').on(t.price, t.id, ...countColumns).where(active),
      // The shop page and the dashboard: one seller's listings, newest first.
      index('products_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
      uniqueIndex('products_ref_key').on(t.ref),
      // One commune's listings, newest first (a commune filter, with or without its wilaya or a
      // category, both held after the count columns).
      index('products_listed_commune_created_idx').on(t.commune, t.createdAt.desc(), t.id.desc(), ...countColumns, t.price, t.category, t.address).where(active),
      // Category details (decision 0025): a choice in a category without an index of its own
      // (`attributes @> '{"species":"sheep"}'`) through one GIN index; the most searched details
      // of vehicles, real estate and electronics lead b-tree indexes of their category that also
      // hold every column the search reads, so their counts and pages are index-only scans.
      index('products_listed_attributes_idx').using('gin', sql`${t.attributes} jsonb_path_ops`).where(active),
      ...ATTRIBUTE_INDEXES.map(([category, keys]) => {
        const [first, ...rest] = keys.map((key) => sql.raw(attributeExpression(key, attributeOf(category, key)!.type)));
        return index(`products_listed_${category.replace(/-/g, '_')}_${keys.join('_')}_idx`)
          .using('btree', first!, ...rest, ...searchCover)
          .where(sql.raw(`${ACTIVE_SQL} AND category = '${category}'`));
      }),
      // A give-away costs nothing; a priced listing is checked by the schemas (PRICE_MIN).
      check('products_free_price_check', sql`${t.priceType} <> 'free' OR ${t.price} = 0`),
      // The expiry sweep and the reminders: listings whose end is near or past.
      index('products_listed_expires_idx').on(t.expiresAt).where(active),
      // The review queue.
      index('products_pending_idx').on(t.createdAt).where(sql`moderation = 'pending'`),
    ];
  },
);

/** Every stored upload, attached to a listing or not yet (cleaned after a day if never attached). */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    // width (as a string) → URL of the WebP variant
    variants: jsonb('variants').$type<Record<string, string>>().notNull(),
    // Perceptual hash (dHash, 64 bits as 16 hex digits) of the photo: the duplicate check.
    phash: text('phash'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('images_key_key').on(t.key),
    index('images_product_idx').on(t.productId, t.position),
    index('images_orphans_idx').on(t.createdAt).where(sql`product_id IS NULL`),
    index('images_user_idx').on(t.userId),
    index('images_user_phash_idx').on(t.userId, t.phash).where(sql`phash IS NOT NULL`),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** Analytics and the seller's recent activity: views, phone reveals, phone toggles. */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type', { enum: ['view', 'phone_reveal', 'phone_toggle'] }).notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // Taken from the product at the time of the event, never from the client.
    category: text('category').notNull(),
    shown: boolean('shown'),
    createdAt: createdAt(),
  },
  (t) => [index('events_product_created_idx').on(t.productId, t.createdAt.desc()), index('events_created_idx').on(t.createdAt)],
);

/**
 * Raw events older than a few weeks, folded into one row a day per listing, type and
 * shown flag by the housekeeping (services/counters.ts): the events table stays bounded.
 */
export const eventDays = pgTable(
  'event_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['view', 'phone_reveal', 'phone_toggle'] }).notNull(),
    shown: boolean('shown').notNull().default(false),
    category: text('category').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId, t.type, t.shown] }), index('event_days_product_idx').on(t.productId)],
);

/**
 * Who was last counted for a listing, and when: a view or a phone reveal counts once per
 * visitor and listing a day. `visitor` is the user id, or a hash of address and browser.
 * Rows older than a day are deleted by the housekeeping.
 */
export const countedVisits = pgTable(
  'counted_visits',
  {
    kind: text('kind', { enum: ['view', 'phone_reveal'] }).notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.productId, t.visitor] }), index('counted_visits_counted_at_idx').on(t.countedAt)],
);

/**
 * Every word of the active listings' search text (normalized, 3 to 32 characters), kept by a
 * trigger (migration 0007): the typo fallback looks for close spellings here, among words,
 * instead of comparing the query with every listing's whole text.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
  },
  (t) => [index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`)],
);

/**
 * Every lexeme any listing's search vector ever held (simple words of every length, French and
 * English stems), kept by a trigger (migration 0019). The search expands the last word, a
 * prefix still being typed, into the lexemes it starts (services/search.ts prefixLexemes): GIN
 * then looks up whole entries, which it can skip through and the planner can estimate, instead
 * of a partial match it must collect entirely (decision 0029). Lexemes of changed or deleted
 * listings stay: a stale one only adds an alternative that matches nothing. Compared bytewise
 * (text_pattern_ops), so that "starts with" is one range of the index whatever the collation.
 */
export const searchLexemes = pgTable('search_lexemes', { lexeme: text('lexeme').notNull() }, (t) => [
  uniqueIndex('search_lexemes_key').using('btree', t.lexeme.op('text_pattern_ops')),
]);

/**
 * How many listed listings held each lexeme at the last count (ecosouk_count_search_lexemes(),
 * migration 0021), per category and price band (ecosouk_price_band: the number of digits and the
 * leading digit). With the departures since (search_departures), a lower bound of a word's matches
 * in a category and a price range, which spares a dense word its capped count (services/search.ts
 * countLowerBound, decision 0035).
 */
export const searchLexemeCounts = pgTable(
  'search_lexeme_counts',
  {
    lexeme: text('lexeme').notNull(),
    category: text('category').notNull(),
    band: integer('band').notNull(),
    listings: integer('listings').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lexeme, t.category, t.band] })],
);

/** The same counts per wilaya (`address`), counted with them, for a word searched in a wilaya. */
export const searchLexemePlaces = pgTable(
  'search_lexeme_places',
  {
    lexeme: text('lexeme').notNull(),
    address: text('address').notNull(),
    listings: integer('listings').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lexeme, t.address] })],
);

/**
 * One row each time a listed listing stopped being listed, was deleted, or had its text, category,
 * wilaya or price changed while listed, since the last count of search_lexeme_counts (a trigger writes
 * them, the count deletes those it saw). Appended, never updated: writers lock no shared row.
 */
export const searchDepartures = pgTable('search_departures', {
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Which listings and sellers changed in a way the in-memory search index holds (decision 0045):
 * appended by triggers (migration 0022) with the writing transaction's id, read by every
 * instance's index (server/services/search-index-feed.ts), pruned after a day. A row with neither
 * says the listings were truncated.
 */
export const searchIndexChanges = pgTable(
  'search_index_changes',
  {
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
    ref: bigint('ref', { mode: 'number' }),
    userId: uuid('user_id'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('search_index_changes_xid_idx').on(t.xid), index('search_index_changes_at_idx').on(t.at)],
);

/**
 * The durable job queue (server/services/jobs/queue.ts). `key` makes an enqueue idempotent;
 * `locked_until` is the lease of the runner working on it, `lock_token` proves which runner.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    key: text('key'),
    state: text('state', { enum: JOB_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lockToken: text('lock_token'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('jobs_key_key').on(t.key),
    // What a runner claims next: waiting jobs by due time, and leases that ran out.
    index('jobs_due_idx').on(t.runAt).where(sql`state in ('queued', 'failed')`),
    index('jobs_leased_idx').on(t.lockedUntil).where(sql`state = 'active'`),
    index('jobs_state_idx').on(t.state),
  ],
);

/** A member's saved listing (issue #15). */
export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    // The member's list, newest saved first.
    index('favourites_user_created_idx').on(t.userId, t.createdAt.desc()),
    // How many people saved a listing (the seller's dashboard).
    index('favourites_product_idx').on(t.productId),
  ],
);

const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });


/**
 * A member's saved search (issue #15). `query` is the search as GET /products takes it; the
 * match_* columns repeat its filters in a form a new listing can be matched against through
 * an index (docs/decisions/0023-alert-matching.md): '' for "any", and the words as a tsquery.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Null: the pages name it by its filters, in the reader's language.
    name: text('name'),
    query: jsonb('query').$type<SavedQuery>().notNull(),
    alert: text('alert', { enum: ALERT_MODES }).notNull().default('off'),
    matchCategory: text('match_category').notNull().default(''),
    matchAddress: text('match_address').notNull().default(''),
    matchCondition: text('match_condition').notNull().default(''),
    matchSeller: uuid('match_seller'),
    matchCommune: text('match_commune').notNull().default(''),
    matchPriceType: text('match_price_type').notNull().default(''),
    // True: only listings open to an exchange; false: any.
    matchExchange: boolean('match_exchange').notNull().default(false),
    // The category-detail filters as the search parses them (null: none), tested per candidate.
    matchAttributes: jsonb('match_attributes').$type<AttributeFilter[]>(),
    matchMinPrice: integer('match_min_price'),
    matchMaxPrice: integer('match_max_price'),
    matchText: tsquery('match_text'),
    // Signs the one-click unsubscribe links of this search's e-mails (never sent itself).
    unsubscribeKey: text('unsubscribe_key').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastNotifiedAt: timestamp('last_notified_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_searches_user_created_idx').on(t.userId, t.createdAt.desc()),
    // A new listing looks up the searches of its category (or any) and wilaya (or any).
    index('saved_searches_match_idx').on(t.matchCategory, t.matchAddress).where(sql`alert <> 'off'`),
  ],
);

/** Listings matched by a saved search with an alert, waiting for (or already in) its e-mail. */
export const alertMatches = pgTable(
  'alert_matches',
  {
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    matchedAt: timestamp('matched_at', { withTimezone: true, mode: 'date' }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.productId] }),
    index('alert_matches_pending_idx').on(t.savedSearchId, t.matchedAt).where(sql`notified_at IS NULL`),
    index('alert_matches_product_idx').on(t.productId),
  ],
);

/**
 * What members report (server/services/moderation.ts). The target is a listing, an account or a
 * conversation, so `target_id` has no foreign key: a report on something deleted since is shown
 * as gone. One open report per reporter and target (the partial unique index).
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    comment: text('comment'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    resolution: text('resolution', { enum: REPORT_ACTIONS }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_open_once_key').on(t.reporterId, t.targetType, t.targetId).where(sql`status = 'open'`),
    // The queue: open reports by target.
    index('reports_open_target_idx').on(t.targetType, t.targetId, t.createdAt).where(sql`status = 'open'`),
    index('reports_created_idx').on(t.createdAt),
  ],
);

/**
 * Every moderator's and admin's action, append-only: a trigger (migration) refuses UPDATE and
 * DELETE, so not even a bug of the app can rewrite history. No foreign keys: a deleted account
 * keeps its entries. `actor_id` null is the command line (`npm run user:role`).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc()),
    index('audit_log_target_idx').on(t.targetId, t.createdAt.desc()),
  ],
);

/**
 * One conversation per listing and buyer. Both sides and the listing are kept nullable
 * (`set null`): a deleted account or listing leaves the other side its conversation, shown
 * with "deleted member"; the deleted member's own messages go with the account (cascade).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    sellerId: uuid('seller_id').references(() => users.id, { onDelete: 'set null' }),
    // The listing's title when the conversation began, for when the listing is gone.
    productTitle: text('product_title').notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_product_buyer_key').on(t.productId, t.buyerId),
    // Each side's inbox, most recent first.
    index('conversations_buyer_idx').on(t.buyerId, t.lastMessageAt.desc(), t.id.desc()),
    index('conversations_seller_idx').on(t.sellerId, t.lastMessageAt.desc(), t.id.desc()),
  ],
);

/**
 * `seq` orders every message of the site: it is the stream's event id, so a stream resumed
 * with Last-Event-ID reads what it missed from here (docs/decisions/0016-sse-and-pub-sub.md).
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('messages_seq_key').on(t.seq),
    index('messages_conversation_idx').on(t.conversationId, t.seq.desc()),
    // Unread counts read only the few unread rows.
    index('messages_unread_idx').on(t.conversationId, t.senderId).where(sql`read_at IS NULL`),
    index('messages_sender_idx').on(t.senderId),
  ],
);

/** `blocker` blocked `blocked`: no new messages either way. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

export type User = typeof users.$inferSelect;
export type Conversation = typeof conversations.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type SavedSearch = typeof savedSearches.$inferSelect;
export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type Image = typeof images.$inferSelect;
export type Job = typeof jobs.$inferSelect;
export type Report = typeof reports.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
