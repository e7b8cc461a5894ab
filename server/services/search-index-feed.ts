// Fills the in-memory search index (search-index.ts) from the database and keeps it following the
// changes every instance writes (decision 0045).
//
// Migration 0022's triggers append a row to search_index_changes for every change the index holds,
// stamped with the writing transaction's id. Each read of the changes also takes the oldest
// transaction still running (the xmin of its snapshot): every transaction older than that has
// committed or rolled back, so its rows were read then or before. The next read starts at that
// xmin, not at the last row seen, so a transaction that took its id early and committed late is
// not skipped; the few rows read twice are applied twice, which changes nothing, since a change is
// applied by reading the listing as it is now.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AppDb } from '../../db/client.ts';
import { SearchIndex, type IndexedListing } from './search-index.ts';

export interface SearchIndexFeedOptions {
  db: AppDb;
  log: Logger;
  /** How often the changes are read (also at once after a listing change here, catchUp()). */
  pollMs?: number;
  /** Listings read per statement while loading. */
  batch?: number;
}

/** Changes are kept this long, well past STALE_AFTER_MS, after which an instance that read none loads everything again. */
const CHANGES_KEPT_MS = 24 * 60 * 60 * 1000;
const STALE_AFTER_MS = 60 * 60 * 1000;
/** How often an instance deletes the changes past CHANGES_KEPT_MS. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/**
 * Past this many listings out of date order (edited, or committed after newer ones), each search
 * with words checks them all: the index is loaded again, in order.
 */
const outOfOrderMax = (size: number) => Math.max(5000, size / 50);
/** Past this long without a successful read of the changes, searches go back to the database. */
const TRUSTED_FOR_MS = 30_000;

// The fields search-index.ts holds, every number exact in a double (microseconds since 1970 are
// about 2^51 now; refs are a sequence). The lexemes come as one text, split here at U+001F: no
// lexeme holds it (the text search parser ends a word at a control character), and the driver's
// parser of a text[] took most of a load's time (17 million elements at a million listings).
const LEXEME_SEPARATOR = '\u001f';
const FIELDS = sql`ref::float8 as ref, id::text as id,
  (extract(epoch from created_at) * 1000000)::float8 as created_us,
  (extract(epoch from expires_at) * 1000000)::float8 as expires_us,
  price, category, address, commune, condition, price_type, exchange, user_id::text as user_id,
  array_to_string(tsvector_to_array(search_vector), chr(31)) as lexemes`;

interface Row {
  ref: number;
  id: string;
  created_us: number;
  expires_us: number;
  price: number;
  category: string;
  address: string;
  commune: string | null;
  condition: string;
  price_type: string;
  exchange: boolean;
  user_id: string;
  lexemes: string | null;
}

const listing = (row: Row): IndexedListing => ({
  ref: Number(row.ref),
  id: row.id,
  createdUs: Number(row.created_us),
  expiresUs: Number(row.expires_us),
  price: Number(row.price),
  category: row.category,
  address: row.address,
  commune: row.commune,
  condition: row.condition,
  priceType: row.price_type,
  exchange: row.exchange,
  userId: row.user_id,
  lexemes: row.lexemes ? row.lexemes.split(LEXEME_SEPARATOR) : [],
});

/** A row of search_index_changes: its transaction, and the listing's ref or the seller (neither: a truncation). */
type Change = [xid: string, ref: number | null, user: string | null];

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface SearchIndexFeed {
  /** The index when it is loaded and has read the changes lately; null: search the database. */
  current(): SearchIndex | null;
  /** Resolves once the changes committed before the call are in the index. */
  catchUp(): Promise<void>;
  /** Loads, then follows the changes until close(). */
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createSearchIndexFeed({ db, log, pollMs = 500, batch = 20_000 }: SearchIndexFeedOptions): SearchIndexFeed {
  let index: SearchIndex | null = null;
  /** The xmin of the last read's snapshot: the changes of every transaction from there on are read next. */
  let horizon = '0';
  /** The truncations loaded after (their transactions' ids). */
  const truncations = new Set<string>();
  let readAt = 0;
  let prunedAt = Date.now();
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  // One read at a time; a catchUp() during a read waits for the read after it.
  let running: Promise<void> | null = null;
  let again: Promise<void> | null = null;

  const snapshotXmin = async (on: Pick<AppDb, 'execute'>) => rowsOf<{ xmin: string }>(await on.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`))[0]!.xmin;

  async function load(): Promise<void> {
    const started = Date.now();
    const next = new SearchIndex();
    // One snapshot for the whole load (a cursor in a repeatable-read transaction): every change it
    // does not see was made by a transaction from its xmin on, and is read after it.
    const from = await db.transaction(
      async (tx) => {
        const xmin = await snapshotXmin(tx);
        const [listed] = rowsOf<{ n: number; lexemes: number }>(
          await tx.execute(sql`select count(*)::int as n, coalesce(sum(length(search_vector)), 0)::float8 as lexemes from products where listed`),
        );
        // Room for the listings and a sixteenth more: growing copies every array.
        const n = Number(listed?.n ?? 0);
        next.reserve(n + (n >> 4) + 1024, Number(listed?.lexemes ?? 0));
        // Oldest first: the index walks a word's listings in slot order as date order (search-index.ts `late`).
        await tx.execute(sql`declare search_index_load no scroll cursor for select ${FIELDS} from products where listed order by created_at, id`);
        for (;;) {
          const rows = rowsOf<Row>(await tx.execute(sql`fetch ${sql.raw(String(batch))} from search_index_load`));
          for (const row of rows) next.put(listing(row), true);
          if (rows.length < batch) break;
        }
        for (const { id } of rowsOf<{ id: string }>(await tx.execute(sql`select id::text as id from users where status = 'banned'`))) next.setBanned(id, true);
        return xmin;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    next.loaded();
    horizon = from;
    index = next;
    await readChanges(next);
    log.info({ listings: next.size, ms: Date.now() - started }, 'search index loaded');
  }

  async function readChanges(target: SearchIndex): Promise<void> {
    const [answer] = rowsOf<{ xmin: string; changes: Change[] | string }>(
      await db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
        coalesce((select json_agg(json_build_array(xid::text, ref, user_id)) from search_index_changes where xid >= ${horizon}::xid8), '[]'::json) as changes`),
    );
    const changes = typeof answer!.changes === 'string' ? (JSON.parse(answer!.changes) as Change[]) : answer!.changes;
    // The listings were truncated (tests): everything again, once for each truncation (its row is
    // read again while an older transaction runs).
    const resets = changes.filter(([xid, ref, user]) => ref === null && user === null && !truncations.has(xid));
    if (resets.length > 0) {
      for (const [xid] of resets) truncations.add(xid);
      await load();
      return;
    }
    const refs = [...new Set(changes.filter(([, ref]) => ref !== null).map(([, ref]) => Number(ref)))];
    const users = [...new Set(changes.filter(([, , user]) => user !== null).map(([, , user]) => user!))];
    if (refs.length > 0) {
      const listed = rowsOf<Row>(await db.execute(sql`select ${FIELDS} from products where listed and ref = any(${`{${refs.join(',')}}`}::bigint[])`));
      const still = new Set(listed.map((row) => Number(row.ref)));
      for (const ref of refs) if (!still.has(ref)) target.remove(ref);
      for (const row of listed) target.put(listing(row));
    }
    if (users.length > 0) {
      const statuses = rowsOf<{ id: string; status: string }>(await db.execute(sql`select id::text as id, status from users where id = any(${`{${users.join(',')}}`}::uuid[])`));
      const found = new Map(statuses.map((row) => [row.id, row.status]));
      for (const user of users) target.setBanned(user, found.get(user) === 'banned');
    }
    horizon = answer!.xmin;
    readAt = Date.now();
  }

  async function poll(): Promise<void> {
    try {
      if (!index || Date.now() - readAt > STALE_AFTER_MS || index.outOfOrder > outOfOrderMax(index.size)) await load();
      else await readChanges(index);
      if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await db.execute(sql`delete from search_index_changes where at < now() - make_interval(secs => ${CHANGES_KEPT_MS / 1000})`);
      }
    } catch (error) {
      // Searches fall back to the database once the index is TRUSTED_FOR_MS behind; the next
      // read tries again.
      log.warn({ err: error }, 'search index: reading the changes failed');
    }
  }

  function read(): Promise<void> {
    if (!running) {
      running = poll().finally(() => {
        running = null;
      });
      return running;
    }
    // A read is under way and may have taken its snapshot before the caller's change: one more after it.
    again ??= running.then(() => {
      again = null;
      return read();
    });
    return again;
  }

  return {
    current: () => (index && !closed && Date.now() - readAt <= TRUSTED_FOR_MS ? index : null),
    catchUp: () => (closed ? Promise.resolve() : read()),
    async start() {
      await read();
      if (closed) return;
      timer = setInterval(() => void read(), pollMs);
      timer.unref();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
      await again;
    },
  };
}
