import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase, TEST_ENGINE } from '../helpers/test-database.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase('migrations');
});
afterAll(async () => {
  await database.close();
});

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe(`migrations on ${TEST_ENGINE}`, () => {
  it('creates every table of the schema', async () => {
    const rows = rowsOf(
      await database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`),
    );
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['users', 'sessions', 'email_tokens', 'products', 'images', 'contact_messages', 'events']),
    );
  });

  it('can run again without changing anything', async () => {
    await database.migrate();
    const rows = rowsOf(await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
    expect(rows[0]?.n).toBeGreaterThanOrEqual(1);
  });

  it('declares the newest-first index as DESC NULLS LAST, as the queries order', async () => {
    const rows = rowsOf(
      await database.db.execute(sql`select indexdef from pg_indexes where indexname = 'products_active_created_idx'`),
    );
    expect(String(rows[0]?.indexdef)).toMatch(/created_at DESC NULLS LAST/);
  });

  it('lets the newest-listings query walk that index', async () => {
    // With an empty table the planner prefers a scan; forbid it to prove the index matches the ORDER BY.
    await database.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = rowsOf(
        await database.db.execute(
          sql`explain select * from products where listed order by created_at desc nulls last, id desc nulls last limit 10`,
        ),
      )
        .map((r) => Object.values(r)[0])
        .join('\n');
      expect(plan).toContain('products_active_created_idx');
      expect(plan).not.toMatch(/Sort/);
    } finally {
      await database.db.execute(sql`set enable_seqscan = on`);
    }
  });

  it('enforces one account per e-mail address', async () => {
    await database.db.execute(sql`insert into users (name, email, password_hash) values ('A', 'a@example.dz', 'x')`);
    await expect(
      database.db.execute(sql`insert into users (name, email, password_hash) values ('B', 'a@example.dz', 'y')`),
    ).rejects.toThrow();
  });
});
