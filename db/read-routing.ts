// Reads on a streaming replica (DATABASE_READ_URL), for the requests that may see data a little
// behind: a GET whose caller wrote nothing in the last READ_YOUR_WRITES_SECONDS
// (docs/decisions/0017-read-your-writes.md). Everything else, and every read made outside such
// a request (jobs, scripts, writes), goes to the primary.
//
// The replica is a pg.Pool whose query() and connect() fall back to the primary when the
// replica cannot be reached (stopped, restarting, too many connections) or cancels a query
// for a recovery conflict; it is then left alone for a few seconds before being tried again.
// Reads are safe to repeat, so the caller never sees the replica's failure.
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

const replicaAllowed = new AsyncLocalStorage<boolean>();

/** Runs `fn` (and everything it starts) with permission to read from the replica. */
export function mayReadFromReplica<T>(fn: () => T): T {
  return replicaAllowed.run(true, fn);
}

/** Runs `fn` with reads on the primary, inside a request that was allowed the replica. */
export function readFromPrimary<T>(fn: () => T): T {
  return replicaAllowed.run(false, fn);
}

/** True inside a request that was told to read the primary (its caller wrote a moment ago). */
export function mustReadPrimary(): boolean {
  return replicaAllowed.getStore() === false;
}

const RETRY_AFTER_MS = 5000;

// Connection-level failures, and the replica's own refusals: admin shutdown, cannot connect now
// (starting or promoting), too many connections, a query cancelled for a conflict with recovery.
const FALLBACK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '53300', '40001', '08000', '08001', '08003', '08006']);

/** Also through drizzle's wrapper (DrizzleQueryError, whose `cause` is the driver's error). */
export function isUnreachable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const code = (error as { code?: string }).code;
  if (code && FALLBACK_CODES.has(code)) return true;
  const message = error instanceof Error ? error.message : '';
  if (/Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Client has encountered a connection error/i.test(message)) return true;
  return isUnreachable((error as { cause?: unknown }).cause, depth + 1);
}

export interface ReplicaStats {
  /** Queries and transactions sent to the replica, and those sent to the primary (not allowed, or it was down). */
  replica: number;
  primary: number;
  fallbacks: number;
}

/**
 * A pool for reads: the replica's own pg.Pool subclass (drizzle checks `instanceof Pool` to run
 * transactions on one checked-out client), routing each call.
 */
export function createRoutingPool(
  PoolClass: typeof pg.Pool,
  replicaOptions: pg.PoolConfig,
  primary: pg.Pool,
  onFallback: (error: unknown) => void = () => {},
  /** Counted together with another routing pool's (the searches' own pool, db/client.ts). */
  stats: ReplicaStats = { replica: 0, primary: 0, fallbacks: 0 },
) {
  let downUntil = 0;
  const replicaFits = () => replicaAllowed.getStore() === true && Date.now() >= downUntil;
  const fellBack = (error: unknown) => {
    downUntil = Date.now() + RETRY_AFTER_MS;
    stats.fallbacks++;
    onFallback(error);
  };

  class RoutingPool extends PoolClass {
    readonly stats = stats;
    /** The replica failed in the middle of a read: the next reads go to the primary for a while. */
    markDown(error: unknown) {
      fellBack(error);
    }
    // Loose signatures on purpose: pg's overloads (callback forms, QueryConfig, submittables) are
    // passed through to the primary; the replica path is the promise form drizzle uses. It checks a
    // client out itself rather than calling pg's Pool.query, which would come back through connect().
    override query(...args: unknown[]): never {
      const callback = typeof args.at(-1) === 'function';
      const onPrimary = () => (primary.query as (...a: unknown[]) => unknown).apply(primary, args);
      if (callback || !replicaFits()) {
        stats.primary++;
        return onPrimary() as never;
      }
      stats.replica++;
      const onReplica = async () => {
        const client = await (PoolClass.prototype.connect as () => Promise<pg.PoolClient>).call(this);
        let failure: Error | undefined;
        try {
          return await (client.query as (...a: unknown[]) => Promise<unknown>).apply(client, args);
        } catch (error) {
          if (isUnreachable(error)) failure = error instanceof Error ? error : new Error(String(error));
          throw error;
        } finally {
          client.release(failure);
        }
      };
      return onReplica().catch((error: unknown) => {
        if (!isUnreachable(error)) throw error;
        fellBack(error);
        stats.primary++;
        return onPrimary();
      }) as never;
    }

    // A transaction's client (withTransaction in db/client.ts): the replica's, or the primary's.
    override connect(...args: unknown[]): never {
      if (args.length > 0 || !replicaFits()) {
        stats.primary++;
        return (primary.connect as (...a: unknown[]) => unknown).apply(primary, args) as never;
      }
      stats.replica++;
      return (PoolClass.prototype.connect as () => Promise<pg.PoolClient>).call(this).catch((error: unknown) => {
        if (!isUnreachable(error)) throw error;
        fellBack(error);
        stats.primary++;
        return primary.connect();
      }) as never;
    }
  }
  const pool = new RoutingPool(replicaOptions);
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}
