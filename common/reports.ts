// Reports and moderators' actions: one list of each for the database, the services, the API and the pages.

/** What a member may report. `conversation` is accepted only where the conversations table exists. */
export const REPORT_TARGETS = ['product', 'user', 'conversation'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = ['scam', 'prohibited', 'wrong-category', 'duplicate', 'offensive', 'already-sold', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_COMMENT_MAX = 1000;

/** open: waiting for a moderator; resolved: acted on (hide, remove); dismissed: kept as it was. */
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What a moderator does with the reports on one target. */
export const REPORT_ACTIONS = ['dismiss', 'hide', 'remove'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** Why a moderator acted: required, shown to the member concerned and kept in the audit log. */
export const MODERATION_REASON_MIN = 3;
export const MODERATION_REASON_MAX = 500;
/** The longest suspension a moderator gives in one action. */
export const SUSPENSION_DAYS_MAX = 365;

/** Every action the audit log records. */
export const AUDIT_ACTIONS = [
  'report.dismiss',
  'product.approve',
  'product.hide',
  'product.remove',
  'user.warn',
  'user.suspend',
  'user.ban',
  'user.restore',
  'user.role',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const ADMIN_PAGE_SIZE = 20;

/** How many of a reported conversation's last messages the report queue shows. */
export const REPORTED_CONVERSATION_MESSAGES = 30;
export const STATS_DAYS_MAX = 90;
export const STATS_DAYS_DEFAULT = 30;

/**
 * Moderators and admins whose account is in good standing: who sees the console. Everyone
 * else (visitors, members, a staff account suspended or banned) is told it does not exist.
 */
export function isStaffAccount(user: { role: string; status: string; suspendedUntil: Date | string | null } | null | undefined, now = new Date()): boolean {
  if (!user || (user.role !== 'moderator' && user.role !== 'admin')) return false;
  if (user.status === 'banned') return false;
  if (user.status === 'suspended') return user.suspendedUntil !== null && new Date(user.suspendedUntil) <= now;
  return true;
}
