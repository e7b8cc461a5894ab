// `npm run dev`: the same Fastify app, with pages served by Vite (hot reload).
// The database and services are kept on globalThis so a reload of this module
// does not open the embedded database a second time.
import type { ViteDevServer } from 'vite';
import { openDatabase } from '../db/client.ts';
import { seedDemoCatalogue } from './seed/seed.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createServices, type Services } from './services/index.ts';
import { createStorage } from './storage/index.ts';

const cache = globalThis as typeof globalThis & { ecosoukServices?: Promise<Services> };

async function startServices(): Promise<Services> {
  const config = loadConfig({ ...process.env, NODE_ENV: 'development' });
  const database = await openDatabase({ url: config.databaseUrl, dir: config.dbDir });
  await database.migrate();
  const services = createServices({ config, database, storage: await createStorage(config) });
  if (config.seedDemo && database.kind === 'pglite') {
    const seeded = await seedDemoCatalogue(services, { onlyIfEmpty: true });
    if (seeded) console.log(`Demo catalogue created: sign in as ${seeded.email} / ${seeded.password}`);
  }
  return services;
}

export async function createServer(vite: ViteDevServer) {
  cache.ecosoukServices ??= startServices();
  return buildApp({ services: await cache.ecosoukServices, pages: { mode: 'dev', vite }, logger: { level: 'warn' }, checkResponses: true });
}
