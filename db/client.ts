// Opens the database: PGlite (PostgreSQL compiled to WASM) in a folder when no
// DATABASE_URL is given, a node-postgres pool otherwise. Both speak the same SQL
// and run the same migrations; callers only see `Database`.
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import { lockDataDir } from './pglite-lock.ts';
import { createRoutingPool, isUnreachable, type ReplicaStats } from './read-routing.ts';

export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: AppDb;
  /**
   * For reads that may be a little behind (searches, public pages): the replica when
   * DATABASE_READ_URL is set and the current request may use it (db/read-routing.ts),
   * otherwise the same as `db`.
   */
  reads: AppDb;
  /**
   * Like `reads`, for the statements of a search only (withSettings): on PostgreSQL its own
   * pools, whose connections keep the planner settings a search sets. Nothing else may run on
   * them, or it would run under those settings.
   */
  searches: AppDb;
  /** Where the reads went, when there is a replica. */
  replicaStats?: ReplicaStats;
  kind: 'pglite' | 'postgres';
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL; when absent the embedded engine is used. */
  url?: string;
  /** Folder of the embedded database; absent means in memory. */
  dir?: string;
  /** DATABASE_READ_URL: a streaming replica of `url` (PostgreSQL only). */
  readUrl?: string;
  /** Told when a read went to the primary because the replica did not answer. */
  onReplicaFallback?: (error: unknown) => void;
}

// The search's typo fallback (`<%`) keeps words at least this similar; pg_trgm's
// default (0.6) misses two swapped letters in a short word ("samsnug": 0.5).
const FUZZY_THRESHOLD = 0.5;
const FUZZY_SETTING = `pg_trgm.word_similarity_threshold=${FUZZY_THRESHOLD}`;

const PING_TIMEOUT_MS = 3000;
const CLOSE_TIMEOUT_MS = 5000;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options.dir);
}

async function openPostgres(url: string, { readUrl, onReplicaFallback }: OpenOptions = {}): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const primaryOptions = { connectionString: url, max: 10, connectionTimeoutMillis: 5000, options: `-c ${FUZZY_SETTING}` };
  const replicaOptions = { connectionString: readUrl, max: 10, connectionTimeoutMillis: 2000, options: `-c ${FUZZY_SETTING}` };
  const pool = quiet(new pg.Pool(primaryOptions));
  const db = drizzle(pool, { schema });
  const replica = readUrl ? createRoutingPool(pg.Pool, replicaOptions, pool, onReplicaFallback) : undefined;
  // The searches' own connections (withSettings): the same databases, the same rules.
  const searchPool = quiet(new pg.Pool(primaryOptions));
  const searchReplica = readUrl ? createRoutingPool(pg.Pool, replicaOptions, searchPool, onReplicaFallback, replica?.stats) : undefined;
  for (const sessions of [searchPool, searchReplica]) sessions?.on('connect', (client) => sessionConnections.add(client));
  return {
    db: db as unknown as AppDb,
    reads: (replica ? drizzle(replica, { schema }) : db) as unknown as AppDb,
    searches: drizzle(searchReplica ?? searchPool, { schema }) as unknown as AppDb,
    ...(replica ? { replicaStats: replica.stats } : {}),
    kind: 'postgres',
    // Bounded: a database that stops answering without closing its connections must turn
    // health into a 503 within seconds, not a request that hangs for ever.
    ping: async () => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
      });
      try {
        await Promise.race([db.execute(sql`select 1`), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    migrate: () => migrate(db, { migrationsFolder }),
    // Bounded: after a database outage a client can stay checked out (seen in the outage
    // drill of `npm run test:faults`), and pool.end() waits for every client to come back.
    // Every request has been answered by the time this runs; exiting closes the sockets.
    close: async () => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), CLOSE_TIMEOUT_MS);
      });
      const ended = await Promise.race([Promise.all([pool.end(), replica?.end(), searchPool.end(), searchReplica?.end()]).then(() => 'ended' as const), late]);
      clearTimeout(timer);
      if (ended === 'late') {
        console.warn(`database pool not closed after ${CLOSE_TIMEOUT_MS} ms: ${pool.totalCount} clients, ${pool.idleCount} idle, ${pool.waitingCount} waiting`);
      }
    },
  };
}

/**
 * An idle client losing its connection (database restart) must not crash the process. Nor may a
 * checked-out one: the pool listens only to idle clients, so a connection lost during a
 * transaction or a search was an unhandled 'error' that killed the server (found by `npm run
 * test:faults`). Its query rejects on its own, and the pool drops the broken client when it is
 * released. (createRoutingPool does the same for the replica's pools.)
 */
function quiet<P extends import('pg').Pool>(pool: P): P {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

async function openPglite(dir: string | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let unlock = () => {};
  if (dir) {
    await mkdir(dir, { recursive: true });
    unlock = lockDataDir(dir);
  }
  let client;
  try {
    client = await PGlite.create(dir ? { dataDir: dir, extensions: { pg_trgm, unaccent, btree_gin } } : { extensions: { pg_trgm, unaccent, btree_gin } });
  } catch (error) {
    unlock();
    throw error;
  }
  await client.exec(`SET ${FUZZY_SETTING.replace('=', ' = ')}`);
  const db = drizzle(client, { schema });
  let closed = false;
  return {
    db: db as unknown as AppDb,
    reads: db as unknown as AppDb,
    searches: db as unknown as AppDb,
    kind: 'pglite',
    ping: async () => {
      if (closed) throw new Error('database closed');
      await client.query('select 1');
    },
    migrate: () => migrate(db, { migrationsFolder }),
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

export type Transaction = Parameters<Parameters<AppDb['transaction']>[0]>[0];

/**
 * `db.transaction(fn)`, safe on a PostgreSQL pool. Every write of more than one statement goes
 * through here. Inside `fn`, use `tx` only: on PGlite (one connection) a query sent on `db`
 * waits for the transaction to end, which waits for that query.
 *
 * Why not plain drizzle: its pool transaction sends BEGIN
 * before its try/finally, so a connection lost at that moment never goes back to the pool:
 * each database blip leaked a client until the pool was empty (found by the outage drill of
 * `npm run test:faults`, as a shutdown that waited for it). Here the client is checked out
 * and released by us, and released with the error, so a broken connection is discarded.
 */
const drizzleOf = new WeakMap<object, AppDb>();
// The driver's module, imported once: an import() of a loaded module still resolves its
// specifier (package.json lookups included) each time, 1-2 % of a search page (issue #18).
let nodePostgres: Promise<typeof import('drizzle-orm/node-postgres')> | undefined;

export async function withTransaction<T>(db: AppDb, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return onOneConnection(db, (single) => single.transaction(fn), () => db.transaction(fn));
}

/**
 * `work` on one connection checked out of `db`'s pool (`alone` when `db` is no pool: PGlite),
 * released with the error when one was thrown, so that a broken connection is discarded.
 */
async function onOneConnection<T>(db: AppDb, work: (single: AppDb, connection: object) => Promise<T>, alone: () => Promise<T>): Promise<T> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!isPool(client)) return alone();
  const { drizzle } = await (nodePostgres ??= import('drizzle-orm/node-postgres'));
  const attempt = async () => {
    const connection = await client.connect();
    let failure: Error | undefined;
    try {
      // One drizzle per connection, kept while the pool keeps the connection: building one
      // walks the whole schema, which cost more than the queries of a search (profiled, #18).
      let single = drizzleOf.get(connection);
      if (!single) {
        single = drizzle(connection, { schema }) as unknown as AppDb;
        drizzleOf.set(connection, single);
      }
      return await work(single, connection);
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      connection.release(failure);
    }
  };
  try {
    return await attempt();
  } catch (error) {
    // A read on the replica that lost its connection mid-way (the replica stopped): once more,
    // on the primary. Only the read pool has `markDown`, and only reads run on it.
    if (!client.markDown || !isUnreachable(error)) throw error;
    client.markDown(error);
    return attempt();
  }
}

/** Run-time settings (`set_config` names and values) a statement needs in force. */
export type Settings = Readonly<Record<string, string>>;

export interface SettingsSession {
  /**
   * Runs `query` with `settings` in force: those that differ from what the connection has are
   * set first, in one statement. With `preparedKey`, as a prepared statement (executePrepared).
   */
  run(query: SQL, settings: Settings, preparedKey?: string): Promise<unknown>;
}

// Connections of the searches' own pools (Database.searches): only withSettings runs on them.
const sessionConnections = new WeakSet<object>();
// What each of those connections has set, as far as is known.
const settingsOf = new WeakMap<object, Map<string, string>>();

/**
 * Statements that need planner or timeout settings, on one connection. On a connection of the
 * searches' own pools the settings are set for the session and kept: a search then costs its
 * statements and nothing else, where a transaction for SET LOCAL cost a BEGIN, a COMMIT and a
 * set_config each time, round trips that took more of the server's CPU than the statements
 * (issue #18). Anywhere else (PGlite, another pool), in a transaction with SET LOCAL, as before.
 */
export async function withSettings<T>(db: AppDb, fn: (session: SettingsSession) => Promise<T>): Promise<T> {
  const inTransaction = (tx: Transaction) => fn(settingsSession(tx, new Map(), true));
  return onOneConnection(
    db,
    (single, connection) => {
      if (!sessionConnections.has(connection)) return single.transaction(inTransaction);
      let known = settingsOf.get(connection);
      if (!known) settingsOf.set(connection, (known = new Map()));
      return fn(settingsSession(single, known, false));
    },
    () => db.transaction(inTransaction),
  );
}

function settingsSession(runner: Transaction | AppDb, known: Map<string, string>, local: boolean): SettingsSession {
  return {
    async run(query, settings, preparedKey) {
      const changes = Object.entries(settings).filter(([name, value]) => known.get(name) !== value);
      if (changes.length > 0) {
        try {
          await runner.execute(sql`select ${sql.join(changes.map(([name, value]) => sql`set_config(${name}, ${value}, ${local})`), sql`, `)}`);
        } catch (error) {
          // Which of them took is not known: all are sent again next time.
          known.clear();
          throw error;
        }
        for (const [name, value] of changes) known.set(name, value);
      }
      return preparedKey === undefined ? runner.execute(query) : executePrepared(runner, query, preparedKey);
    },
  };
}

interface PoolLike {
  connect(): Promise<import('pg').PoolClient>;
  totalCount: number;
  markDown?: (error: unknown) => void;
}

function isPool(value: unknown): value is PoolLike {
  return typeof value === 'object' && value !== null && 'totalCount' in value && typeof (value as PoolLike).connect === 'function';
}

/**
 * At most this many statements are kept prepared on one pooled connection (the least recently
 * used is deallocated first). node-postgres keeps a connection's statements for as long as the
 * connection lives, and PostgreSQL holds each one's plan in that backend's memory.
 */
export const PREPARED_PER_CONNECTION = 100;

const dialect = new PgDialect();
// Per node-postgres connection, the names prepared on it, least recently used first.
const preparedOn = new WeakMap<object, Map<string, true>>();

interface NodePgClient {
  connection?: { parsedStatements?: Record<string, string> };
}

function nodePgClient(tx: Transaction | AppDb): NodePgClient | undefined {
  const client = (tx._.session as unknown as { client?: NodePgClient }).client;
  return client?.connection?.parsedStatements ? client : undefined;
}

/** True when `tx` runs on one node-postgres connection, where executePrepared keeps statements. */
export function preparesStatements(tx: Transaction | AppDb): boolean {
  return nodePgClient(tx) !== undefined;
}

/**
 * Runs `query` as a named prepared statement of the connection `tx` holds (node-postgres; on
 * PGlite, or on a pool, as an ordinary statement). The name is made of `key` and the SQL text: the
 * same text under other planner settings (`key`) is another statement, so a plan made under
 * one set of switches is never used under another. The parameters are sent on each execution;
 * PostgreSQL parses the text once per connection, and once it uses a generic plan (plan_cache_mode)
 * plans it once too.
 */
export async function executePrepared(tx: Transaction | AppDb, query: SQL, key: string): Promise<unknown> {
  const client = nodePgClient(tx);
  const parsed = client?.connection?.parsedStatements;
  if (!client || !parsed) return tx.execute(query);
  const compiled = dialect.sqlToQuery(query);
  const name = `s_${createHash('sha1').update(key).update('\0').update(compiled.sql).digest('hex').slice(0, 32)}`;
  let names = preparedOn.get(client);
  if (!names) preparedOn.set(client, (names = new Map()));
  if (names.delete(name)) {
    names.set(name, true);
  } else {
    for (const oldest of names.keys()) {
      if (names.size < PREPARED_PER_CONNECTION) break;
      names.delete(oldest);
      // node-postgres forgets it too, or it would skip parsing it when it comes back.
      if (parsed[oldest] !== undefined) {
        await tx.execute(sql.raw(`deallocate ${oldest}`));
        delete parsed[oldest];
      }
    }
    names.set(name, true);
  }
  return tx._.session.prepareQuery(compiled, undefined, name, false).execute();
}
