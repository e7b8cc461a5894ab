// The services both doors (REST routes and page loaders) call in-process.
import { pino, type Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../../db/client.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { withDeferredDeletes } from '../storage/deferred-deletes.ts';
import { createJobQueue } from './jobs/queue.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createCounterService } from './counters.ts';
import { createImpactService } from './impact.ts';
import { createLifecycleService } from './lifecycle.ts';
import { createListingChecks } from './listing-checks.ts';
import { createListingService } from './listings.ts';
import { createModerationService } from './moderation.ts';
import { createPhotoFetcher } from './photo-fetch.ts';
import { createUploadService } from './uploads.ts';
import { createSearchService } from './search.ts';
import { createSearchIndexFeed } from './search-index-feed.ts';
import {
  createLimits,
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type Clock,
  type RateLimiter,
  type RateLimitName,
  type RateLimitRule,
} from './rate-limit.ts';
import { createSharedRedis } from './redis.ts';
import { createSessionService } from './sessions.ts';
import { createUserService } from './users.ts';
import { createMessagingService } from './messaging.ts';
import { createRealtime } from './realtime.ts';
import { createAlertService } from './alerts.ts';
import { createFavouriteService } from './favourites.ts';
import { createSavedSearchService } from './saved-searches.ts';

export interface ServiceDeps {
  config: Config;
  database: Database;
  storage: FileStorage;
  log?: Logger;
  mailer?: Mailer;
  rateLimiter?: RateLimiter;
  rateLimits?: Partial<Record<RateLimitName, RateLimitRule>>;
  /** The clock of the rate limits and the job queue (default Date.now); tests move it forward instead of waiting. */
  now?: Clock;
  /** Prefix of every Redis key and channel (default `ecosouk:`); lets several deployments or test runs share a Redis. */
  redisNamespace?: string;
  /** How long views wait to be written in a batch (default counters.ts VIEW_BATCH_MS); 0 writes each at once. */
  viewBatchMs?: number;
}

export function createServices({ config, database, storage: givenStorage, ...deps }: ServiceDeps) {
  const log = deps.log ?? pino({ level: config.logLevel });
  const mailer = deps.mailer ?? createMailer(config, log);
  const sessions = createSessionService(database.db, { secureCookies: config.secureCookies });
  // CLOCK_OFFSET_DAYS (tests only) moves this clock, and with it every rule that reads it: the
  // expiry sweep, the visibility of listings, the jobs (e2e/expiry.spec.ts).
  const offsetMs = config.clockOffsetDays * 24 * 60 * 60 * 1000;
  const now = deps.now ?? (offsetMs > 0 ? () => Date.now() + offsetMs : Date.now);
  /** The services' clock when it differs from the database's, for the visibility rules (else undefined: SQL now()). */
  const clock = offsetMs > 0 ? () => new Date(now()) : undefined;
  // Durable background work; started by main.ts or scripts/worker.ts, drained by tests.
  const jobs = createJobQueue({ db: database.db, log, leaseMs: config.jobsLeaseMs, now: () => new Date(now()) });
  const storage = withDeferredDeletes(givenStorage, jobs, log);
  // Not awaited: the app starts (and serves, on local fallbacks) while Redis is still away.
  const redis = config.redisUrl ? createSharedRedis({ url: config.redisUrl, log, namespace: deps.redisNamespace }) : undefined;
  const rateLimiter = deps.rateLimiter ?? (redis ? createRedisRateLimiter({ redis, log, now }) : createMemoryRateLimiter({ now }));
  const limits = createLimits(rateLimiter, deps.rateLimits);
  const uploads = createUploadService(database.db, storage, limits, createPhotoFetcher({ allowPrivate: config.photoFetchAllowPrivate }));
  // Searches from memory (decisions 0045, 0046), when SEARCH_INDEX=memory: it follows the primary.
  const searchIndex = config.searchIndex === 'memory' ? createSearchIndexFeed({ db: database.db, log }) : undefined;
  // Searches may be a moment behind the primary: they read from the replica when there is one.
  const search = createSearchService(database.reads, { limits, now: clock, searches: database.searches, index: searchIndex && (() => searchIndex.current()) });
  const counters = createCounterService(database.db, { log, ...(deps.viewBatchMs !== undefined ? { viewBatchMs: deps.viewBatchMs } : {}) });
  const listingChecks = createListingChecks({
    db: database.db,
    newAccountDailyListings: config.newAccountDailyListings,
    enabled: config.listingChecks,
    now: () => new Date(now()),
  });
  // The streams' events: through Redis when it is configured, so every instance sees them.
  const realtime = createRealtime({ redis, log });
  const messaging = createMessagingService({ db: database.db, limits, jobs, mailer, realtime, publicUrl: config.publicUrl, now });
  redis?.onListingsChanged(() => {
    search.invalidate();
    void searchIndex?.catchUp();
  });
  const listingsChanged = () => {
    search.invalidate();
    void searchIndex?.catchUp();
    redis?.publishListingsChanged();
  };
  const users = createUserService({
    db: database.db,
    sessions,
    limits,
    mailer,
    jobs,
    storage,
    publicUrl: config.publicUrl,
    contactEmail: config.contactEmail,
    listingsChanged,
  });
  const alerts = createAlertService({ db: database.db, jobs, mailer, publicUrl: config.publicUrl, now: () => new Date(now()), windowMs: config.alertWindowMs });
  return {
    config,
    database,
    /** The clock the visibility rules compare with: undefined means the database's now(). */
    clock,
    storage,
    log,
    mailer,
    jobs,
    redis,
    limits,
    sessions,
    users,
    moderation: createModerationService({ db: database.db, jobs, limits, mailer, users, publicUrl: config.publicUrl, listingsChanged, published: (productId, tx) => alerts.listingPublished(productId, tx) }),
    search,
    /** The in-memory search index's feed (SEARCH_INDEX=memory), started by main.ts. */
    searchIndex,
    impact: createImpactService({ db: database.db, now }),
    uploads,
    counters,
    lifecycle: createLifecycleService({
      db: database.db,
      jobs,
      mailer,
      publicUrl: config.publicUrl,
      listingTtlDays: config.listingTtlDays,
      now: () => new Date(now()),
      changed: listingsChanged,
    }),
    realtime,
    messaging,
    listings: createListingService({
      db: database.db,
      reads: database.reads,
      storage,
      uploads,
      limits,
      counters,
      changed: () => {
        listingsChanged();
        // The alert matching was queued inside the listing's transaction; run it now.
        jobs.notify();
      },
      published: (productId, tx) => alerts.listingPublished(productId, tx),
      listingTtlDays: config.listingTtlDays,
      now: () => new Date(now()),
      clock,
      checks: listingChecks,
    }),
    /** The automatic checks and the review queue (reviewQueue, resolveReview) the admin console calls. */
    listingChecks,
    favourites: createFavouriteService(database.db),
    // Real time: its "new since" compares with listings' created_at, which the database stamps.
    savedSearches: createSavedSearchService(database.db),
    alerts,
    /** Closes what the services opened themselves (Redis); the database belongs to the caller. */
    async close() {
      realtime.endStreams();
      // The views still waiting for their batch are written before the database goes.
      await counters.close();
      await jobs.stop();
      await searchIndex?.close();
      await redis?.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
