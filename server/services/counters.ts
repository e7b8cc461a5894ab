// The counters sellers see (views, phone reveals) and the events behind their activity list.
// A view or a reveal counts once per visitor and listing a day, whatever the number of
// requests: the mark is a row in counted_visits, so every instance agrees. Raw events older
// than RAW_EVENT_DAYS are folded into one row a day (event_days) by the housekeeping.
import { createHash } from 'node:crypto';
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

export function createCounterService(db: AppDb) {
  return {
    /**
     * Counts a view or reveal of `productId` by `visitor` unless they were counted in the last
     * day: the mark, the counter and the event in one statement. Returns whether it counted.
     */
    async countOnce(kind: 'view' | 'phone_reveal', productId: string, visitor: Visitor): Promise<boolean> {
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
