// Builds the real Fastify app (API, no pages) over a real test database and a
// temporary data folder.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { createServices, type ServiceDeps, type Services } from '../../server/services/index.ts';
import { RATE_LIMITS } from '../../server/services/rate-limit.ts';
import { createStorage } from '../../server/storage/index.ts';
import type { TestS3 } from './s3-server.ts';
import type { Caller } from '../../server/services/access.ts';
import type { Database } from '../../db/client.ts';
import { startPhotoServer } from './photo-server.ts';
import { openTestDatabase, resetDatabase } from './test-database.ts';

export interface TestContext {
  app: App;
  services: Services;
  database: Database;
  config: Config;
  dataDir: string;
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface TestOptions {
  env?: Record<string, string>;
  /** Rate limits; by default generous so that tests are not throttled, unless a test is about that. */
  rateLimits?: ServiceDeps['rateLimits'];
  /** Photo URLs of listings may point to the local stand-in site (tests/helpers/photo-server.ts). */
  remotePhotos?: boolean;
  /** The rate limits' clock (tests/helpers/clock.ts); the real one by default. */
  now?: ServiceDeps['now'];
  /** Photos in this bucket (tests/helpers/s3-server.ts) instead of the data folder. */
  s3?: TestS3;
  /** A database opened by the test (migrated here), e.g. with a read replica; closed with the context. */
  database?: Database;
  /**
   * How long views wait for their batch (services/counters.ts). 0 by default: tests read a
   * listing's counts right after a view; tests/integration/counters.test.ts tests the batches.
   */
  viewBatchMs?: number;
}

const GENEROUS = { max: 10_000, windowMs: 60_000 };

export async function createTestContext(name: string, { env = {}, rateLimits, remotePhotos = false, now, s3, database: given, viewBatchMs = 0 }: TestOptions = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ecosouk-test-'));
  if (remotePhotos) await startPhotoServer();
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    ...(remotePhotos ? { PHOTO_FETCH_ALLOW_PRIVATE: 'true' } : {}),
    // Tests publish the same stand-in photo and titles many times from young accounts: the
    // automatic checks would hold most of those listings. tests/integration/listing-checks.test.ts
    // turns them on.
    LISTING_CHECKS: 'none',
    ...(s3 ? { STORAGE_URL: s3.storageUrl } : {}),
    ...env,
  });
  const database = given ?? (await openTestDatabase(name));
  if (given) await given.migrate();
  const services = createServices({
    config,
    database,
    storage: await createStorage(config, s3 ? { credentials: s3.credentials, connectTimeoutMs: 500, requestTimeoutMs: 2000 } : {}),
    rateLimits: rateLimits ?? Object.fromEntries(Object.keys(RATE_LIMITS).map((k) => [k, GENEROUS])),
    ...(now ? { now } : {}),
    viewBatchMs,
  });
  const app = await buildApp({ services, logger: false, checkResponses: true });
  await app.ready();
  return {
    app,
    services,
    database,
    config,
    dataDir,
    async reset() {
      await resetDatabase(database);
      services.search.invalidate();
    },
    async close() {
      await app.close();
      await services.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A caller without a session, for tests that call a rate-limited service method directly. */
export function visitorCaller(ip = '192.0.2.10'): Caller {
  return { ip, userAgent: 'vitest', session: null };
}
