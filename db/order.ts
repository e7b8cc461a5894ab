// "Newest first", written once. The indexes of db/schema.ts are declared `.desc()`, which
// drizzle writes as DESC NULLS LAST; a query must repeat exactly that for PostgreSQL to walk
// the index (tests/integration/migrations.test.ts checks the plans).
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

interface Dated {
  createdAt: AnyPgColumn;
  id: AnyPgColumn;
}

/** Newest first, ties broken by id: the order of every `(created_at DESC, id DESC)` index. */
export function newestFirst(table: Dated): SQL[] {
  return [sql`${table.createdAt} desc nulls last`, sql`${table.id} desc nulls last`];
}

/** The same index walked backwards. */
export function oldestFirst(table: Dated): SQL[] {
  return [sql`${table.createdAt} asc nulls first`, sql`${table.id} asc nulls first`];
}
