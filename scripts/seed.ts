// `npm run db:seed`: puts the demo catalogue into the configured database
// (the embedded one, or PostgreSQL when DATABASE_URL is set), if it has no users yet.
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../db/client.ts';
import { seedDemoCatalogue } from '../server/seed/seed.ts';
import { createServices } from '../server/services/index.ts';
import { createStorage } from '../server/storage/index.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dir: config.dbDir });
try {
  await database.migrate();
  const services = createServices({ config, database, storage: await createStorage(config) });
  const result = await seedDemoCatalogue(services, { onlyIfEmpty: true });
  console.log(
    result
      ? `Demo catalogue created: ${result.listings} listings; sign in as ${result.email} / ${result.password}`
      : 'The database already has users: nothing seeded.',
  );
} finally {
  await database.close();
}
