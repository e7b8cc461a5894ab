// A real database for integration tests: in-memory PGlite, or a fresh database
// on the PostgreSQL server of TEST_DATABASE_URL (one per test worker). Several checkouts
// sharing one server give each run its own TEST_DATABASE_PREFIX, or they would drop
// each other's databases.
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client.ts';

export const TEST_ENGINE = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/** What begins the name of each of this run's test databases (`<prefix>_<suffix>_<worker>`). */
export function testDatabasePrefix(): string {
  return (process.env.TEST_DATABASE_PREFIX || 'ecosouk_test').replace(/[^a-z0-9_]/gi, '_').toLowerCase();
}

export async function freshPostgresUrl(suffix: string): Promise<string> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${testDatabasePrefix()}_${suffix}_${process.env.VITEST_POOL_ID ?? '0'}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  // PostgreSQL cuts identifiers at 63 bytes: two long names could become one.
  if (name.length > 63) throw new Error(`test database name too long (${name.length} > 63): ${name}`);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function openTestDatabase(suffix: string): Promise<Database> {
  const database =
    TEST_ENGINE === 'postgres' ? await openDatabase({ url: await freshPostgresUrl(suffix) }) : await openDatabase({});
  await database.migrate();
  return database;
}

/** Empties every table between tests (much cheaper than a new database). */
export async function resetDatabase(database: Database) {
  await database.db.execute(
    sql`TRUNCATE users, sessions, email_tokens, products, images, contact_messages, events, jobs, reports, audit_log RESTART IDENTITY CASCADE`,
  );
}
