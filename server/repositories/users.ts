// How an account row is written, in one place: sign-up (users service) and the demo seed,
// whose seller is verified and back-dated, both insert through here.
import type { AppDb } from '../../db/client.ts';
import { users, type User } from '../../db/schema.ts';

export type NewUser = typeof users.$inferInsert;

/** The new account, or null when its e-mail address is taken (the caller says how to report it). */
export async function insertUser(db: AppDb, values: NewUser): Promise<User | null> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row ?? null;
}

export async function hasUsers(db: AppDb): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}
