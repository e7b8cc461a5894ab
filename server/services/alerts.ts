// Search alerts (issue #15; docs/decisions/0023-alert-matching.md). A published listing is
// matched once against the saved searches with an alert, through the match columns and their
// index (a handful of index probes, whatever the number of saved searches); each match is a
// row of alert_matches. Instant alerts are e-mailed by a job at the end of the current
// five-minute window (so a burst of listings makes one e-mail, sent within ten minutes); daily
// ones by the daily digest. Every e-mail carries a one-click unsubscribe link signed with the
// saved search's own key, which needs no log-in.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { ALERT_EMAIL_LISTINGS } from '../../common/constants.ts';
import { isId } from '../../common/ids.ts';
import { localizedTitle } from '../../common/product.ts';
import type { SavedQuery } from '../../common/saved-search.ts';
import { categoryName, wilayaName } from '../../common/reference-data.ts';
import { formatPrice } from '../../common/format.ts';
import { isLang, type Lang } from '../../common/languages.ts';
import type { AppDb } from '../../db/client.ts';
import { alertMatches, products, savedSearches, users, type SavedSearch } from '../../db/schema.ts';
import { AppError } from '#errors';
import type { JobQueue } from './jobs/queue.ts';
import { photosOf } from './listings.ts';
import type { Mailer } from './mail/mailer.ts';
import { alertEmail, savedSearchLabel } from './mail/templates.ts';
import { isMatchedParam, paramsOf } from './saved-searches.ts';
import { searchFilters } from './search.ts';

export const ALERT_JOBS = {
  /** One published listing against every saved search with an alert. */
  match: 'alerts.match-listing',
  /** The e-mail of one saved search's pending matches. */
  send: 'alerts.send',
  /** Once a day: a send job for each daily search with pending matches. */
  daily: 'alerts.daily-digest',
} as const;

/** Instant alerts wait for the end of a window this long (ALERT_WINDOW_SECONDS), then go out together. */
export const INSTANT_WINDOW_MS = 5 * 60_000;
export const DAY_MS = 24 * 60 * 60_000;

const VISIBLE = searchFilters(paramsOf({}));

/**
 * Whether the listing passes one category-detail filter of a saved search (an element of
 * `match_attributes`, an AttributeFilter): one of the options chosen, or within the range.
 * As in the search (`attributeFilter` of search.ts), a listing without that detail does not.
 */
function attributeFilterHolds(filter: SQL): SQL {
  const value = sql`${products.attributes} -> (${filter} ->> 'key')`;
  const number = sql`(${products.attributes} ->> (${filter} ->> 'key'))::numeric`;
  return sql`coalesce(case ${filter} ->> 'type'
    when 'enum' then (${filter} -> 'values') @> jsonb_build_array(${value})
    else (${filter} ->> 'min' is null or ${number} >= (${filter} ->> 'min')::numeric)
     and (${filter} ->> 'max' is null or ${number} <= (${filter} ->> 'max')::numeric)
    end, false)`;
}

function signature(search: Pick<SavedSearch, 'id' | 'unsubscribeKey'>): string {
  return createHmac('sha256', search.unsubscribeKey).update(`unsubscribe:${search.id}`).digest('base64url');
}

/** `<saved search id>.<HMAC of it under the search's key>`: valid as long as the search exists. */
export function unsubscribeToken(search: Pick<SavedSearch, 'id' | 'unsubscribeKey'>): string {
  return `${search.id}.${signature(search)}`;
}

export interface AlertServiceDeps {
  db: AppDb;
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
  now?: () => Date;
  /** ALERT_WINDOW_SECONDS (default INSTANT_WINDOW_MS). */
  windowMs?: number;
}

export function createAlertService({ db, jobs, mailer, publicUrl, now = () => new Date(), windowMs = INSTANT_WINDOW_MS }: AlertServiceDeps) {
  /**
   * Records which alerting saved searches `productId` matches, and returns them. The listing
   * must be publicly visible. Searches whose every filter has a match column are decided in
   * SQL; one with a filter the columns do not cover is confirmed with the search's own filters.
   */
  async function matchListing(productId: string): Promise<{ id: string; alert: SavedSearch['alert'] }[]> {
    const at = now();
    // The listing's category and wilaya are read first and given to the matching statement as
    // constants: then each of its four (category or any, wilaya or any) pairs is a probe of
    // saved_searches_match_idx. Compared with the listing's own columns in a join, the planner
    // read every saved search instead (a sequential scan of all 100,000 in npm run bench).
    const [listing] = await db
      .select({ category: products.category, address: products.address })
      .from(products)
      .where(and(eq(products.id, productId), ...VISIBLE))
      .limit(1);
    if (!listing) return [];
    // One statement records the matches and answers what the alert job needs of each search.
    const result = await db.execute(sql`
      with matched as (
        insert into ${alertMatches} (saved_search_id, product_id, matched_at)
        select s.id, ${products.id}, ${at}
        from ${products}
        join ${savedSearches} s
          on s.match_category in (${listing.category}, '')
         and s.match_address in (${listing.address}, '')
        where ${products.id} = ${productId}
          and ${sql.join(VISIBLE, sql` and `)}
          and s.alert <> 'off'
          and s.user_id <> ${products.userId}
          and s.match_category in (${products.category}, '')
          and s.match_address in (${products.address}, '')
          and s.match_condition in (${products.condition}, '')
          and (s.match_seller is null or s.match_seller = ${products.userId})
          and s.match_commune in (coalesce(${products.commune}, ''), '')
          and s.match_price_type in (${products.priceType}, '')
          and (not s.match_exchange or ${products.exchange})
          and (s.match_attributes is null or not exists (
            select 1 from jsonb_array_elements(s.match_attributes) as f(filter)
            where not ${attributeFilterHolds(sql`f.filter`)}))
          and (s.match_min_price is null or ${products.price} >= s.match_min_price)
          and (s.match_max_price is null or ${products.price} <= s.match_max_price)
          and (s.match_text is null or ${products.searchVector} @@ s.match_text)
        on conflict do nothing
        returning saved_search_id
      )
      select s.id, s.alert, s.query from matched join ${savedSearches} s on s.id = matched.saved_search_id`);
    const rows = (result as unknown as { rows: { id: string; alert: SavedSearch['alert']; query: SavedQuery }[] }).rows;
    const confirmed: { id: string; alert: SavedSearch['alert'] }[] = [];
    for (const row of rows) {
      const extra = Object.keys(row.query).some((key) => !isMatchedParam(key));
      if (extra) {
        const [hit] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), ...searchFilters(paramsOf(row.query)))).limit(1);
        if (!hit) {
          await db.delete(alertMatches).where(and(eq(alertMatches.savedSearchId, row.id), eq(alertMatches.productId, productId)));
          continue;
        }
      }
      confirmed.push({ id: row.id, alert: row.alert });
    }
    return confirmed;
  }

  async function verify(token: string | null | undefined): Promise<{ id: string; name: string | null; query: SavedQuery; alert: SavedSearch['alert'] }> {
    if (!token) throw new AppError('TOKEN_REQUIRED', 'Unsubscribe token is required');
    const [id = '', given = ''] = token.split('.');
    const invalid = () => new AppError('UNSUBSCRIBE_TOKEN_INVALID', 'Invalid unsubscribe link');
    if (!isId(id)) throw invalid();
    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, id)).limit(1);
    if (!row) throw invalid();
    const expected = Buffer.from(signature(row));
    const actual = Buffer.from(given);
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw invalid();
    return { id: row.id, name: row.name, query: row.query as SavedQuery, alert: row.alert };
  }

  jobs.register<{ productId: string }>(ALERT_JOBS.match, async (job) => {
    const matched = await matchListing(job.payload.productId);
    for (const search of matched) {
      if (search.alert !== 'instant') continue;
      // One e-mail per search and window: a burst of listings joins the e-mail already planned.
      const windowEnd = Math.floor(now().getTime() / windowMs) * windowMs + windowMs;
      await jobs.enqueue(ALERT_JOBS.send, { savedSearchId: search.id }, { key: `alert:${search.id}:${new Date(windowEnd).toISOString()}`, runAt: new Date(windowEnd) });
    }
  });

  jobs.register<{ savedSearchId: string }>(ALERT_JOBS.send, async (job) => {
    const [row] = await db
      .select({ search: savedSearches, email: users.email, lang: users.lang, userName: users.name, status: users.status })
      .from(savedSearches)
      .innerJoin(users, eq(users.id, savedSearches.userId))
      .where(eq(savedSearches.id, job.payload.savedSearchId))
      .limit(1);
    if (!row || row.search.alert === 'off' || row.status === 'banned') return;
    const at = now();
    const pending = and(eq(alertMatches.savedSearchId, row.search.id), isNull(alertMatches.notifiedAt), lte(alertMatches.matchedAt, at));
    // Listings that went away since they matched are left out (and marked with the rest).
    const [listed, [total]] = await Promise.all([
      db
        .select({ product: products })
        .from(alertMatches)
        .innerJoin(products, eq(products.id, alertMatches.productId))
        .where(and(pending, ...VISIBLE))
        .orderBy(desc(alertMatches.matchedAt), desc(products.id))
        .limit(ALERT_EMAIL_LISTINGS),
      db.select({ n: count() }).from(alertMatches).innerJoin(products, eq(products.id, alertMatches.productId)).where(and(pending, ...VISIBLE)),
    ]);
    if (listed.length > 0) {
      const lang: Lang = isLang(row.lang) ? row.lang : 'ar';
      const shown = listed.map((r) => r.product);
      const photos = await photosOf(db, shown.map((p) => p.id));
      const absolute = (url: string) => (/^https?:/i.test(url) ? url : `${publicUrl}${url}`);
      const token = unsubscribeToken(row.search);
      const unsubscribe = `${publicUrl}/${lang}/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
      const mail = alertEmail(lang, {
        name: row.userName,
        search: row.search.name ?? savedSearchLabel(row.search.query as SavedQuery, lang, { category: (k) => categoryName(k, lang), wilaya: (k) => wilayaName(k, lang) }),
        listings: shown.map((p) => {
          const photo = photos.get(p.id)?.[0];
          return {
            title: localizedTitle({ title: p.title, title_ar: p.titleAr, title_fr: p.titleFr, title_en: p.titleEn }, lang),
            price: formatPrice(p.price, lang),
            place: wilayaName(p.address, lang),
            category: categoryName(p.category, lang),
            photo: photo ? absolute(photo.variants['320'] ?? photo.url) : null,
            link: `${publicUrl}/${lang}/products/${p.id}`,
          };
        }),
        more: Math.max(0, (total?.n ?? 0) - shown.length),
        allLink: `${publicUrl}/${lang}/saved-searches/${row.search.id}/open`,
        unsubscribeLink: unsubscribe,
      });
      await mailer.send(
        {
          to: row.email,
          ...mail,
          // RFC 2369 and RFC 8058: mail clients show their own unsubscribe button and POST to it.
          headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        },
        { id: job.id, queuedAt: job.createdAt },
      );
    }
    await db.update(alertMatches).set({ notifiedAt: at }).where(pending);
    if (listed.length > 0) await db.update(savedSearches).set({ lastNotifiedAt: at }).where(eq(savedSearches.id, row.search.id));
  });

  jobs.register(ALERT_JOBS.daily, async (job) => {
    const due = await db
      .selectDistinct({ id: alertMatches.savedSearchId })
      .from(alertMatches)
      .innerJoin(savedSearches, eq(savedSearches.id, alertMatches.savedSearchId))
      .where(and(isNull(alertMatches.notifiedAt), eq(savedSearches.alert, 'daily')));
    const day = new Date(Math.floor(job.createdAt.getTime() / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
    for (const search of due) await jobs.enqueue(ALERT_JOBS.send, { savedSearchId: search.id }, { key: `alert-daily:${search.id}:${day}` });
  });
  jobs.every(ALERT_JOBS.daily, DAY_MS);

  return {
    matchListing,

    /** Queues the matching of a listing that has just become public (publish, approval, reactivation). */
    async listingPublished(productId: string, within?: AppDb): Promise<void> {
      // No idempotency key: each publication (a reactivation too) is matched; alert_matches
      // keeps one row per search and listing, so a listing is never e-mailed twice for a search.
      await jobs.enqueue(ALERT_JOBS.match, { productId }, within ? { db: within } : {});
    },

    /** The saved search a token of an unsubscribe link stands for (nothing changed). */
    verify,

    /** The one-click unsubscribe: turns the search's alert off. No log-in; the token is the proof. */
    async unsubscribe(token: string | undefined): Promise<{ name: string | null; query: SavedQuery }> {
      const row = await verify(token);
      await db.update(savedSearches).set({ alert: 'off' }).where(and(eq(savedSearches.id, row.id), ne(savedSearches.alert, 'off')));
      return row;
    },
  };
}

export type AlertService = ReturnType<typeof createAlertService>;
