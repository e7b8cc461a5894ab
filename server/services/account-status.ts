// What an account's status allows: suspended accounts read but do not write, banned ones
// do not sign in, and nobody sees a banned seller's listings.
import type { User } from '../../db/schema.ts';
import { AppError } from '#errors';

/** The suspension in force for `user` at `now` (a lapsed one is over), or null. */
export function suspensionOf(user: Pick<User, 'status' | 'suspendedUntil' | 'statusReason'>, now = new Date()) {
  if (user.status !== 'suspended') return null;
  if (user.suspendedUntil && user.suspendedUntil <= now) return null;
  return { until: user.suspendedUntil, reason: user.statusReason };
}

/** Publishing and editing: refused to a suspended account, saying until when and why. */
export function assertMayWrite(user: Pick<User, 'status' | 'suspendedUntil' | 'statusReason'>, now = new Date()): void {
  const suspension = suspensionOf(user, now);
  if (!suspension) return;
  const until = suspension.until ? ` until ${suspension.until.toISOString()}` : '';
  const reason = suspension.reason ? `: ${suspension.reason}` : '';
  throw new AppError('ACCOUNT_SUSPENDED', `Your account is suspended${until}${reason}`);
}

/** In every public read of listings: the seller is not banned (server/repositories/visibility.ts). */
export { sellerNotBanned } from '../repositories/visibility.ts';
