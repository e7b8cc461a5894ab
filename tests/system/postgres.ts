// Scratch PostgreSQL databases for the system scripts: one per run, dropped after,
// on the server of SYSTEM_POSTGRES_URL (or TEST_DATABASE_URL's server, or the local one).
import pg from 'pg';

function adminUrl(): string {
  const given = process.env.SYSTEM_POSTGRES_URL || process.env.TEST_DATABASE_URL;
  const url = new URL(given || 'postgres://postgres@127.0.0.1:5432/postgres');
  // CREATE DATABASE must run outside the database being created.
  url.pathname = '/postgres';
  return url.toString();
}

export interface ScratchDatabase {
  name: string;
  url: string;
  host: string;
  port: number;
  /** The same database reached through another host and port (a proxy in front of the server). */
  urlVia(host: string, port: number): string;
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const admin = adminUrl();
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`.replace(/[^a-z0-9_]/g, '_');
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // A scratch pool must not take the script down when the server drops an idle client.
  pool.on('error', () => {});
  return {
    name,
    url: url.toString(),
    host: url.hostname,
    port: Number(url.port || 5432),
    urlVia(host, port) {
      const via = new URL(url);
      via.hostname = host;
      via.port = String(port);
      return via.toString();
    },
    async query<T extends pg.QueryResultRow>(text: string, values?: unknown[]) {
      return (await pool.query<T>(text, values)).rows;
    },
    async drop() {
      await pool.end().catch(() => {});
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
