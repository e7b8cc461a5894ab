// Statements kept prepared on a pooled PostgreSQL connection (db/client.ts executePrepared,
// decision 0038): bounded per connection, and a statement evicted is prepared again when it
// comes back. PGlite runs the same calls as ordinary statements.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executePrepared, PREPARED_PER_CONNECTION, preparesStatements, withTransaction, type Database } from '../../db/client.ts';
import { openTestDatabase, TEST_ENGINE } from '../helpers/test-database.ts';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase('prepared');
});
afterAll(async () => {
  await database?.close();
});

const valueOf = (result: unknown) => Number((result as { rows: { v: number }[] }).rows[0]?.v);
// Distinct texts: the number is written into the SQL, the parameter is sent.
const statement = (i: number, x: number) => sql`select ${sql.raw(String(i))} + ${x}::int as v`;

describe('prepared statements', () => {
  it('give the same answers as ordinary statements, on either engine', async () => {
    const answers = await withTransaction(database.db, async (tx) => {
      const got: number[] = [];
      for (const x of [1, 2, 3]) got.push(valueOf(await executePrepared(tx, statement(7, x), 'a')));
      return got;
    });
    expect(answers).toEqual([8, 9, 10]);
  });

  it.runIf(TEST_ENGINE === 'postgres')('are kept per connection, at most PREPARED_PER_CONNECTION, the least recently used going first', async () => {
    const kept = await withTransaction(database.db, async (tx) => {
      expect(preparesStatements(tx)).toBe(true);
      const names = async () => ((await tx.execute(sql`select count(*)::int as v from pg_prepared_statements where name like 's\\_%'`)) as unknown as { rows: { v: number }[] }).rows[0]!.v;
      for (let i = 0; i < PREPARED_PER_CONNECTION + 10; i++) expect(valueOf(await executePrepared(tx, statement(i, 1), 'b'))).toBe(i + 1);
      const afterMany = await names();
      // The first ones were evicted; used again, they are prepared again and answer as before.
      for (let i = 0; i < 3; i++) expect(valueOf(await executePrepared(tx, statement(i, 5), 'b'))).toBe(i + 5);
      // The same text under another key is another statement.
      expect(valueOf(await executePrepared(tx, statement(0, 2), 'c'))).toBe(2);
      return { afterMany, afterAgain: await names() };
    });
    expect(kept.afterMany).toBeLessThanOrEqual(PREPARED_PER_CONNECTION);
    expect(kept.afterAgain).toBeLessThanOrEqual(PREPARED_PER_CONNECTION);
  });
});
