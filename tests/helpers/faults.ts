// A statement that fails, injected into the real database: a trigger that raises on one
// kind of statement against one table. Lets a test break the second (third…) step of a
// multi-statement write without touching the code under test. Test databases only.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export type FaultOp = 'INSERT' | 'UPDATE' | 'DELETE';

const TABLES = new Set(['users', 'sessions', 'email_tokens', 'products', 'images', 'events', 'contact_messages', 'jobs']);
export const FAULT_MESSAGE = 'injected fault';

/**
 * From now on every `op` statement on `table` fails (a statement trigger: it fires even when
 * no row matches). Returns the function that removes the fault.
 */
export async function injectFault(database: Database, table: string, op: FaultOp): Promise<() => Promise<void>> {
  if (!TABLES.has(table)) throw new Error(`unknown table ${table}`);
  const { db } = database;
  const trigger = sql.raw(`ecosouk_test_fault_${op.toLowerCase()}`);
  await db.execute(sql`create or replace function ecosouk_test_fault() returns trigger language plpgsql as $$
    begin raise exception '${sql.raw(FAULT_MESSAGE)}: % on %', tg_op, tg_table_name; end $$`);
  await db.execute(sql`create trigger ${trigger} before ${sql.raw(op)} on ${sql.raw(table)} for each statement execute function ecosouk_test_fault()`);
  return async () => {
    await db.execute(sql`drop trigger if exists ${trigger} on ${sql.raw(table)}`);
  };
}
