// Builds the real Fastify app (API, no pages) over a real test database and a
// temporary data folder.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { createServices, type Services } from '../../server/services/index.ts';
import { createLocalDiskStorage } from '../../server/storage/local-disk.ts';
import type { Database } from '../../db/client.ts';
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

export async function createTestContext(name: string, env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ecosouk-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000', ...env });
  const database = await openTestDatabase(name);
  const services = createServices({ config, database, storage: createLocalDiskStorage(config.uploadsDir) });
  const app = await buildApp({ services, logger: false });
  await app.ready();
  return {
    app,
    services,
    database,
    config,
    dataDir,
    reset: () => resetDatabase(database),
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
