// Global setup of the PostgreSQL test project (vitest.config.ts): when the run ends, its
// teardown drops the databases that `freshPostgresUrl` made for it, about sixty, which would
// otherwise stay on the server until the next run replaced them.
import pg from 'pg';
import { testDatabasePrefix } from './test-database.ts';

export default function setup() {
  return async function teardown() {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) return;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where starts_with(datname, $1 || '_')`,
        [testDatabasePrefix()],
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
}
