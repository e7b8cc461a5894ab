// Reports (any signed-in member) and the moderation console's API (moderators and admins):
// thin adapters over server/services/moderation.ts. The console answers 404 to everyone else,
// before even reading the request, so its existence is not confirmed (docs/security.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_ROLES, USER_STATUSES } from '../../common/accounts.ts';
import { ADMIN_PAGE_SIZE, AUDIT_ACTIONS, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS } from '../../common/reports.ts';
import { moderateProductSchema, moderateUserSchema, reportSchema, resolveReportSchema, statsQuerySchema } from '../../common/schemas/report.ts';
import { toSelfUser } from '../../common/user-views.ts';
import { AppError } from '#errors';
import { errorBody, listBody, okBody } from '../http/envelope.ts';
import { actorOf } from '../services/access.ts';
import type { Services } from '../services/index.ts';
import { isStaff } from '../services/moderation.ts';
import { idParams, productSchema, selfUserSchema } from './schemas.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };
const pick = <K extends keyof typeof errors>(...codes: K[]) => Object.fromEntries(codes.map((c) => [c, errors[c]])) as Pick<typeof errors, K>;

const pageQuery = z.coerce.number().int().min(1).max(100_000).default(1);

export const reportBodySchema = z
  .object({
    id: z.string(),
    targetType: z.enum(REPORT_TARGETS),
    targetId: z.string(),
    reason: z.enum(REPORT_REASONS),
    comment: z.string().nullable(),
    status: z.enum(REPORT_STATUSES),
    createdAt: z.string(),
  })
  .meta({ id: 'Report' });

const moderatedProductSchema = productSchema.extend({ moderation: z.string(), moderationReason: z.string().nullable() }).meta({ id: 'ModeratedProduct' });

const accountHistorySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  status: z.enum(USER_STATUSES),
  createdAt: z.string(),
  listings: z.number(),
  previousActions: z.array(z.object({ action: z.string(), reason: z.string().nullable(), at: z.string() })),
});

const reportGroupSchema = z
  .object({
    target: z.object({
      type: z.enum(REPORT_TARGETS),
      id: z.string(),
      exists: z.boolean(),
      product: moderatedProductSchema.nullable(),
      /** The seller of a listing, or the reported account. */
      user: accountHistorySchema.nullable(),
      /** A reported conversation: its listing, both members and its last messages, oldest first. */
      conversation: z
        .object({
          productId: z.string().nullable(),
          productTitle: z.string(),
          buyer: accountHistorySchema.nullable(),
          seller: accountHistorySchema.nullable(),
          messages: z.array(z.object({ id: z.string(), senderId: z.string(), body: z.string(), createdAt: z.string() })),
        })
        .nullable(),
    }),
    reports: z.array(z.object({ id: z.string(), reason: z.enum(REPORT_REASONS), comment: z.string().nullable(), status: z.enum(REPORT_STATUSES), reporterId: z.string(), createdAt: z.string() })),
    count: z.number(),
    firstAt: z.string(),
  })
  .meta({ id: 'ReportGroup' });

const reviewItemSchema = moderatedProductSchema.extend({ checks: z.array(z.object({ check: z.string(), detail: z.string().optional(), group: z.string().optional() })), seller: accountHistorySchema.nullable() }).meta({ id: 'ReviewItem' });

const auditEntrySchema = z
  .object({
    id: z.number(),
    actor: z.object({ id: z.string(), name: z.string().nullable(), role: z.enum(USER_ROLES).nullable() }).nullable(),
    action: z.enum(AUDIT_ACTIONS).or(z.string()),
    targetType: z.string(),
    targetId: z.string(),
    reason: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
    at: z.string(),
  })
  .meta({ id: 'AuditEntry' });

const statsSchema = z
  .object({
    days: z.array(z.string()),
    users: z.array(z.number()),
    listings: z.array(z.number()),
    reports: z.array(z.number()),
    reveals: z.array(z.number()),
    jobsWaiting: z.array(z.number()),
    jobsDead: z.array(z.number()),
    listingsByState: z.array(z.object({ moderation: z.string(), status: z.string(), count: z.number() })),
    openReports: z.number(),
    jobs: z.object({ waiting: z.number(), failed: z.number(), dead: z.number() }),
  })
  .meta({ id: 'AdminStats' });

const pagination = (page: number, total: number) => ({ currentPage: page, totalPages: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)), totalItems: total, pageSize: ADMIN_PAGE_SIZE });

export function reportRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/reports',
      {
        schema: {
          tags: ['moderation'],
          summary: 'Report a listing or an account (one open report per member and target)',
          body: reportSchema,
          response: { 201: okBody(reportBodySchema), ...pick(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request, reply) => {
        const row = await services.moderation.report(request.caller, request.body);
        return reply.status(201).send({
          success: true,
          data: { id: row.id, targetType: row.targetType, targetId: row.targetId, reason: row.reason, comment: row.comment, status: row.status, createdAt: row.createdAt.toISOString() },
        });
      },
    );
  };
}

export function adminRoutes(services: Services): FastifyPluginAsyncZod {
  const { moderation } = services;
  return async (app) => {
    // Before the body or query is read: a visitor or member learns nothing, not even a 400.
    app.addHook('preValidation', async (request) => {
      if (!isStaff(actorOf(request.caller))) throw new AppError('NOT_FOUND', 'Not found');
    });

    app.get(
      '/admin/reports',
      {
        schema: {
          tags: ['moderation'],
          summary: 'Reports grouped by target, the most reported then the oldest first (moderators)',
          querystring: z.object({ status: z.enum(REPORT_STATUSES).optional(), targetType: z.enum(REPORT_TARGETS).optional(), currentPage: pageQuery }),
          response: { 200: listBody(reportGroupSchema), ...pick(400, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { items, total, page } = await moderation.reportQueue(actorOf(request.caller), { ...request.query, page: request.query.currentPage });
        return { success: true as const, data: items, pagination: pagination(page, total) };
      },
    );

    app.post(
      '/admin/reports/:id/resolve',
      {
        schema: {
          tags: ['moderation'],
          summary: 'Act on every open report of a target: dismiss, hide or remove the listing, with a reason',
          params: idParams,
          body: resolveReportSchema,
          response: { 200: okBody(z.object({ targetType: z.enum(REPORT_TARGETS), targetId: z.string(), action: z.string() })), ...pick(400, 404) },
        },
      },
      async (request) => ({ success: true as const, data: await moderation.resolveReport(actorOf(request.caller), request.params.id, request.body) }),
    );

    app.patch(
      '/admin/products/:id',
      {
        schema: {
          tags: ['moderation'],
          summary: 'Approve, hide or remove a listing, with a reason (the seller is e-mailed when it is hidden or removed)',
          params: idParams,
          body: moderateProductSchema,
          response: { 200: okBody(productSchema), ...pick(400, 404) },
        },
      },
      async (request) => ({ success: true as const, data: await moderation.moderateProduct(actorOf(request.caller), request.params.id, request.body) }),
    );

    app.patch(
      '/admin/users/:id',
      {
        schema: {
          tags: ['moderation'],
          summary: 'Warn, suspend (days), ban or restore an account, with a reason; admins also set the role',
          params: idParams,
          body: moderateUserSchema,
          response: { 200: okBody(selfUserSchema), ...pick(400, 403, 404) },
        },
      },
      async (request) => ({ success: true as const, data: toSelfUser(await moderation.moderateUser(actorOf(request.caller), request.params.id, request.body)) }),
    );

    app.get(
      '/admin/review',
      {
        schema: {
          tags: ['moderation'],
          summary: 'Listings held back by the automatic checks, with the checks they tripped',
          querystring: z.object({ currentPage: pageQuery }),
          response: { 200: listBody(reviewItemSchema), ...pick(400, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { items, total, page } = await moderation.reviewQueue(actorOf(request.caller), request.query.currentPage);
        return { success: true as const, data: items, pagination: pagination(page, total) };
      },
    );

    app.get(
      '/admin/audit',
      {
        schema: {
          tags: ['moderation'],
          summary: 'The audit log of moderators’ and admins’ actions, newest first',
          querystring: z.object({ actorId: z.string().max(100).optional(), targetId: z.string().max(100).optional(), currentPage: pageQuery }),
          response: { 200: listBody(auditEntrySchema), ...pick(400, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { items, total, page } = await moderation.audit(actorOf(request.caller), { ...request.query, page: request.query.currentPage });
        return { success: true as const, data: items, pagination: pagination(page, total) };
      },
    );

    app.get(
      '/admin/stats',
      {
        schema: {
          tags: ['moderation'],
          summary: 'A series a day (UTC) of new users, listings, reports and phone reveals; listings by state; jobs waiting and failed',
          querystring: statsQuerySchema,
          response: { 200: okBody(statsSchema), ...pick(400, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { success: true as const, data: await moderation.stats(actorOf(request.caller), request.query.days) };
      },
    );
  };
}
