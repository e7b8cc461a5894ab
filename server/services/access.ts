// Who is calling, and the checks both doors make on it: signed in, verified, owner.
// The API turns the errors into 401/403 bodies; the pages into a redirect to log-in
// (app/lib/session.server.ts) or a form error.
import { AppError } from '#errors';
import type { User } from '../../db/schema.ts';

export interface Session {
  /** The cookie's token (only its hash is stored). */
  token: string;
  user: User;
}

/** One request's caller, built once per request by server/http/caller.ts for either door. */
export interface Caller {
  /** The client's address as per-address limits count it: IPv4 as is, IPv6 by its /64 (client-address.ts). */
  ip: string;
  userAgent: string | undefined;
  session: Session | null;
}

export function requireSignedIn(actor: User | null | undefined): User {
  if (!actor) throw new AppError('UNAUTHENTICATED', 'You must be logged in');
  return actor;
}

export function requireVerified(user: User): User {
  if (!user.isVerified) throw new AppError('EMAIL_NOT_VERIFIED', 'Verify your e-mail address to publish listings');
  return user;
}

/** What belongs to the user `ownerId` (their profile, listings, uploads) is theirs alone to change. */
export function requireOwner(actor: Pick<User, 'id'>, ownerId: string, message: string): void {
  if (actor.id !== ownerId) throw new AppError('FORBIDDEN', message);
}

/** The signed-in user behind a caller, if any. */
export function actorOf(caller: Caller): User | null {
  return caller.session?.user ?? null;
}
