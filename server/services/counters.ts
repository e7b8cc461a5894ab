// The counters sellers see (views, phone reveals) and the events behind their activity list.
// A view or a reveal counts once per visitor and listing a day, whatever the number of
// requests: the mark is a row in counted_visits, so every instance agrees. Raw events older
// than RAW_EVENT_DAYS are folded into one row a day (event_days) by the housekeeping.
// Views are written in batches, one statement a second for all of them (decision 0026): a
// write per read made a listing's page cost a commit, and readers of a popular listing queue
// on its row. Reveals, rarer and rate-limited, are still written as they happen.
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { lt, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { countedVisits, eventDays, events, products } from '../../db/schema.ts';

const HOUR = 60 * 60 * 1000;
/** A visitor counts again for the same listing after this long. */
export const COUNT_ONCE_PER_MS = 24 * HOUR;
/** Raw events kept (the seller's recent activity); older ones live on as daily counts. */
export const RAW_EVENT_DAYS = 30;
/** Events folded per statement, so that one housekeeping run never holds a long lock. */
const FOLD_BATCH = 10_000;

/** Who is looking: the signed-in user, or else the address and browser. */
export interface Visitor {
  userId?: string | null;
  ip: string;
  userAgent?: string | null;
}

/**
 * The key a visitor is counted under. Anonymous visitors are a hash of address and browser:
 * nothing that names them is stored, and the marks are deleted after a day.
 */
export function visitorKey(visitor: Visitor): string {
  if (visitor.userId) return `u:${visitor.userId}`;
  return `a:${createHash('sha256').update(`${visitor.ip}\n${visitor.userAgent ?? ''}`).digest('base64url').slice(0, 32)}`;
}

/** How often pending views are written (decision 0026). */
export const VIEW_BATCH_MS = 1000;
/** Pending views written at once past this many, without waiting for the timer: bounds memory and the statement. */
export const VIEW_BATCH_MAX = 2000;

export interface CounterOptions {
  /** Views wait this long to be written with others; 0 writes each as it comes (tests that read counts right after a view). */
  viewBatchMs?: number;
  log?: Pick<Logger, 'error'>;
}

export function createCounterService(db: AppDb, { viewBatchMs = VIEW_BATCH_MS, log }: CounterOptions = {}) {
  // Views not written yet, once each per listing and visitor key (the batch's insert may touch
  // a mark once only; a second view of the same visitor would not count anyway).
  let pending = new Map<string, { productId: string; visitor: string }>();
  let timer: NodeJS.Timeout | undefined;
  // One batch written at a time: the next waits for it (and takes what came in meanwhile).
  let writing: Promise<void> = Promise.resolve();

  /**
   * The marks, the counters and the events of a batch of views in one statement, as for a
   * single one: a visitor counted in the last day adds nothing. Listings deleted since their
   * view are skipped (their marks would break the foreign key).
   */
  async function writeViews(batch: { productId: string; visitor: string }[]) {
    const productIds = batch.map((v) => v.productId);
    const visitors = batch.map((v) => v.visitor);
    await db.execute(sql`
      with batch as (
        select b.product_id, b.visitor from unnest(${sql.param(productIds)}::uuid[], ${sql.param(visitors)}::text[]) as b(product_id, visitor)
        where exists (select 1 from ${products} where ${products.id} = b.product_id)
      ), fresh as (
        insert into ${countedVisits} (kind, product_id, visitor, counted_at)
        select 'view', product_id, visitor, now() from batch
        on conflict (kind, product_id, visitor) do update set counted_at = excluded.counted_at
          where ${countedVisits.countedAt} <= excluded.counted_at - make_interval(secs => ${COUNT_ONCE_PER_MS / 1000})
        returning product_id
      ), per_listing as (
        select product_id, count(*)::int as n from fresh group by product_id
      ), counted as (
        update ${products} set views = views + per_listing.n from per_listing where ${products.id} = per_listing.product_id
        returning ${products.id} as id, ${products.category} as category, per_listing.n as n
      )
      insert into ${events} (type, product_id, category, shown) select 'view', id, category, null from counted, generate_series(1, counted.n)`);
  }

  /** Writes the views pending now, after any batch being written. A failed batch is logged and dropped: views are not worth a retry loop. */
  function flushViews(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    writing = writing.then(async () => {
      if (pending.size === 0) return;
      const batch = [...pending.values()];
      pending = new Map();
      try {
        await writeViews(batch);
      } catch (error) {
        log?.error({ err: error, views: batch.length }, 'views: a batch could not be written');
      }
    });
    return writing;
  }

  return {
    /**
     * Counts a view or reveal of `productId` by `visitor` unless they were counted in the last
     * day: the mark, the counter and the event in one statement. A view is only queued (written
     * within `viewBatchMs`, with others) unless batching is off. Returns whether it counted, or
     * for a queued view whether it was queued (the batch may still find the visitor counted).
     */
    async countOnce(kind: 'view' | 'phone_reveal', productId: string, visitor: Visitor): Promise<boolean> {
      if (kind === 'view' && viewBatchMs > 0) {
        const key = visitorKey(visitor);
        pending.set(`${productId} ${key}`, { productId, visitor: key });
        if (pending.size >= VIEW_BATCH_MAX) void flushViews();
        // Unref'd: pending views never keep a process alive; shutdown writes them (close()).
        else if (!timer) timer = setTimeout(() => void flushViews(), viewBatchMs).unref();
        return true;
      }
      const column = kind === 'view' ? sql.raw('views') : sql.raw('phone_reveals');
      const shown = kind === 'phone_reveal' ? sql`true` : sql`null`;
      const result = await db.execute(sql`
        with fresh as (
          insert into ${countedVisits} (kind, product_id, visitor, counted_at)
          values (${kind}, ${productId}, ${visitorKey(visitor)}, now())
          on conflict (kind, product_id, visitor) do update set counted_at = excluded.counted_at
            where ${countedVisits.countedAt} <= excluded.counted_at - make_interval(secs => ${COUNT_ONCE_PER_MS / 1000})
          returning product_id
        ), counted as (
          update ${products} set ${column} = ${column} + 1 where id in (select product_id from fresh) returning id, category
        )
        insert into ${events} (type, product_id, category, shown) select ${kind}, id, category, ${shown} from counted
        returning 1 as counted`);
      return (result as unknown as { rows: unknown[] }).rows.length > 0;
    },

    /** Writes the views still waiting (the seller's figures read them; shutdown). */
    flushViews,

    /** Stops the timer and writes what is pending. */
    async close() {
      await flushViews();
    },

    /** Marks older than a day go (they no longer stop a count). Returns how many. */
    async purgeMarks(now = new Date()): Promise<number> {
      const gone = await db
        .delete(countedVisits)
        .where(lt(countedVisits.countedAt, new Date(now.getTime() - COUNT_ONCE_PER_MS)))
        .returning({ kind: countedVisits.kind });
      return gone.length;
    },

    /**
     * Folds raw events older than RAW_EVENT_DAYS into event_days (one row a UTC day per listing,
     * type and shown flag), in batches. Returns how many raw events were folded.
     */
    async foldOldEvents(now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - RAW_EVENT_DAYS * 24 * HOUR);
      let folded = 0;
      for (;;) {
        const result = await db.execute(sql`
          with moved as (
            delete from ${events} where id in (
              select id from ${events} where ${events.createdAt} < ${cutoff} order by id limit ${FOLD_BATCH}
            ) returning type, product_id, category, shown, created_at
          ), daily as (
            insert into ${eventDays} (day, product_id, type, shown, category, count)
            select (created_at at time zone 'UTC')::date, product_id, type, coalesce(shown, false), min(category), count(*)::int
            from moved group by 1, 2, 3, 4
            on conflict (day, product_id, type, shown) do update set count = ${eventDays.count} + excluded.count
            returning count
          )
          select (select count(*)::int from moved) as n`);
        const n = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
        folded += n;
        if (n < FOLD_BATCH) return folded;
      }
    },
  };
}

export type CounterService = ReturnType<typeof createCounterService>;
