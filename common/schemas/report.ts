// Reports and moderators' actions, validated the same by the API and the page forms.
import { z } from 'zod';
import { USER_ROLES, USER_STATUSES } from '../accounts.ts';
import {
  MODERATION_REASON_MAX,
  MODERATION_REASON_MIN,
  REPORT_ACTIONS,
  REPORT_COMMENT_MAX,
  REPORT_REASONS,
  REPORT_TARGETS,
  STATS_DAYS_DEFAULT,
  STATS_DAYS_MAX,
  SUSPENSION_DAYS_MAX,
} from '../reports.ts';
import { isStorableText } from './text.ts';

export const reportSchema = z.object({
  targetType: z.enum(REPORT_TARGETS, { error: 'reportTargetInvalid' }),
  targetId: z.string({ error: 'required' }).trim().min(1, 'required').max(100, 'invalidValue'),
  reason: z.enum(REPORT_REASONS, { error: 'reportReasonInvalid' }),
  comment: z
    .string()
    .trim()
    .max(REPORT_COMMENT_MAX, 'reportCommentMax')
    .refine(isStorableText, 'invalidValue')
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type ReportInput = Omit<z.infer<typeof reportSchema>, 'comment'> & { comment?: string };

export const moderationReasonSchema = z
  .string({ error: 'moderationReasonRequired' })
  .trim()
  .min(MODERATION_REASON_MIN, 'moderationReasonRequired')
  .max(MODERATION_REASON_MAX, 'moderationReasonMax')
  .refine(isStorableText, 'invalidValue');

export const resolveReportSchema = z.object({
  action: z.enum(REPORT_ACTIONS, { error: 'invalidValue' }),
  reason: moderationReasonSchema,
});

/** What a moderator may set on a listing: `pending` is the automatic checks', never a moderator's. */
export const PRODUCT_MODERATION_SETTABLE = ['approved', 'hidden', 'removed'] as const;
export const moderateProductSchema = z.object({
  moderation: z.enum(PRODUCT_MODERATION_SETTABLE, { error: 'invalidValue' }),
  reason: moderationReasonSchema,
});

/**
 * A moderator's action on an account. `warn` leaves the status as it is and e-mails the
 * member; `days` only with `suspended` (none: until lifted); `role` is for admins only.
 */
export const moderateUserSchema = z
  .object({
    status: z.enum(USER_STATUSES, { error: 'invalidValue' }).optional(),
    warn: z.boolean().optional(),
    reason: moderationReasonSchema,
    days: z.coerce.number({ error: 'invalidValue' }).int('invalidValue').min(1, 'invalidValue').max(SUSPENSION_DAYS_MAX, 'invalidValue').optional(),
    role: z.enum(USER_ROLES, { error: 'invalidValue' }).optional(),
  })
  .refine((v) => v.status !== undefined || v.warn || v.role !== undefined, { message: 'moderationActionRequired', path: ['status'] })
  .refine((v) => v.days === undefined || v.status === 'suspended', { message: 'invalidValue', path: ['days'] });
export type ModerateUserInput = z.infer<typeof moderateUserSchema>;

export const statsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(STATS_DAYS_MAX).default(STATS_DAYS_DEFAULT),
});
