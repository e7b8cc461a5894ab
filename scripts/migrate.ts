// `npm run db:migrate`: applies the committed migrations to the configured database.
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../db/client.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dir: config.dbDir });
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
