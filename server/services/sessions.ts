// Database-backed sessions: the cookie holds a random token, the table its hash.
// The one place that reads a caller's session and writes the session cookie, for both doors.
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { SESSION_COOKIE } from '../../common/constants.ts';
import type { AppDb } from '../../db/client.ts';
import { sessions, users, type User } from '../../db/schema.ts';
import type { Caller } from './access.ts';
import { hashToken, newToken } from './tokens.ts';
import { rateLimitAddress } from './client-address.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function createSessionService(db: AppDb, options: { secureCookies: boolean }) {
  const attributes = `Path=/; HttpOnly; SameSite=Lax${options.secureCookies ? '; Secure' : ''}`;

  async function userOf(token: string | undefined): Promise<User | null> {
    if (!token || token.length > 100) return null;
    const [row] = await db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // A banned account's sessions are deleted with the ban; this keeps one created meanwhile out too.
      .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expiresAt, new Date()), ne(users.status, 'banned')))
      .limit(1);
    return row?.user ?? null;
  }

  return {
    /** A new session (a new id at every log-in); returns the cookie value. */
    async create(userId: string, userAgent?: string): Promise<{ token: string; expiresAt: Date }> {
      const token = newToken();
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
      await db.insert(sessions).values({ id: hashToken(token), userId, userAgent: userAgent?.slice(0, 300), expiresAt });
      return { token, expiresAt };
    },

    userOf,

    /** The caller of one request, with its session looked up (once: both doors call this per request). */
    async callerOf(request: { ip: string; userAgent: string | undefined; token: string | undefined }): Promise<Caller> {
      const user = await userOf(request.token);
      // Per-address limits key the caller by this: IPv4 as is, IPv6 by its /64.
      return { ip: rateLimitAddress(request.ip), userAgent: request.userAgent, session: user && request.token ? { token: request.token, user } : null };
    },

    /** The Set-Cookie value that starts a session in the browser. */
    cookie(session: { token: string; expiresAt: Date }): string {
      return `${SESSION_COOKIE}=${session.token}; ${attributes}; Expires=${session.expiresAt.toUTCString()}`;
    },

    /** The Set-Cookie value that ends it. */
    clearedCookie(): string {
      return `${SESSION_COOKIE}=; ${attributes}; Max-Age=0`;
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
