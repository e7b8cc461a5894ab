// Database-backed sessions: the cookie holds a random token, the table its hash.
import { and, eq, gt, lt } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { sessions, users, type User } from '../../db/schema.ts';
import { hashToken, newToken } from './tokens.ts';

export const SESSION_COOKIE = 'session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function createSessionService(db: AppDb) {
  return {
    /** A new session (a new id at every log-in); returns the cookie value. */
    async create(userId: string, userAgent?: string): Promise<{ token: string; expiresAt: Date }> {
      const token = newToken();
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
      await db.insert(sessions).values({ id: hashToken(token), userId, userAgent: userAgent?.slice(0, 300), expiresAt });
      return { token, expiresAt };
    },

    async userOf(token: string | undefined): Promise<User | null> {
      if (!token || token.length > 100) return null;
      const [row] = await db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expiresAt, new Date())))
        .limit(1);
      return row?.user ?? null;
    },

    async destroy(token: string | undefined) {
      if (!token || token.length > 100) return;
      await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
    },

    /** `within`: the caller's transaction, when this is one step of a larger change. */
    async destroyAllOf(userId: string, within: AppDb = db) {
      await within.delete(sessions).where(eq(sessions.userId, userId));
    },

    async purgeExpired() {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
