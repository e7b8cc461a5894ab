// The services both doors (REST routes and page loaders) call in-process.
import { pino, type Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../../db/client.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createListingService } from './listings.ts';
import { createProductService } from './products.ts';
import { createUploadService } from './uploads.ts';
import { createSearchService } from './search.ts';
import { createLimits, createMemoryRateLimiter, type RateLimiter, type RateLimitName, type RateLimitRule } from './rate-limit.ts';
import { createSessionService } from './sessions.ts';
import { createUserService } from './users.ts';

export interface ServiceDeps {
  config: Config;
  database: Database;
  storage: FileStorage;
  log?: Logger;
  mailer?: Mailer;
  rateLimiter?: RateLimiter;
  rateLimits?: Partial<Record<RateLimitName, RateLimitRule>>;
}

export function createServices({ config, database, storage, ...deps }: ServiceDeps) {
  const log = deps.log ?? pino({ level: config.logLevel });
  const mailer = deps.mailer ?? createMailer(config, log);
  const sessions = createSessionService(database.db);
  const uploads = createUploadService(database.db, storage);
  const products = createProductService(database.db);
  const search = createSearchService(database.db, products);
  const listingsChanged = () => search.invalidate();
  return {
    config,
    database,
    storage,
    log,
    mailer,
    limits: createLimits(deps.rateLimiter ?? createMemoryRateLimiter(), deps.rateLimits),
    sessions,
    users: createUserService({
      db: database.db,
      sessions,
      mailer,
      storage,
      publicUrl: config.publicUrl,
      contactEmail: config.contactEmail,
      log,
      listingsChanged,
    }),
    products,
    search,
    uploads,
    listings: createListingService(database.db, storage, uploads, listingsChanged),
  };
}

export type Services = ReturnType<typeof createServices>;
