// Reports, and what moderators and admins do: the report queue, actions on listings and
// accounts, the review queue, the audit log and the overview's numbers. Every action writes
// its audit entry, and queues the e-mail that tells the member, in the transaction of the change.
import { and, asc, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Lang } from '../../common/languages.ts';
import { isLang } from '../../common/languages.ts';
import { isId } from '../../common/ids.ts';
import { ADMIN_PAGE_SIZE, isStaffAccount, REPORTED_CONVERSATION_MESSAGES, type AuditAction, type ReportAction, type ReportStatus, type ReportTarget } from '../../common/reports.ts';
import type { ModerateUserInput, ReportInput } from '../../common/schemas/report.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { withTransaction, type AppDb, type Transaction } from '../../db/client.ts';
import { auditLog, conversations, eventDays, events, jobs as jobRows, messages, products, reports, users, type Product, type Report, type User } from '../../db/schema.ts';
import { AppError } from '#errors';
import { insertAudit } from '../repositories/audit.ts';
import { isPubliclyVisible } from '../repositories/visibility.ts';
import { actorOf, requireSignedIn, type Caller } from './access.ts';
import { assertMayWrite } from './account-status.ts';
import type { JobQueue } from './jobs/queue.ts';
import { withPhotos } from './listings.ts';
import type { Mailer } from './mail/mailer.ts';
import { moderationEmail, type ModerationNotice } from './mail/templates.ts';
import type { Limits } from './rate-limit.ts';
import type { UserService } from './users.ts';

export const MODERATION_MAIL_JOB = 'mail.moderation';

interface NoticePayload {
  userId: string;
  notice: ModerationNotice;
  reason: string;
  productId?: string;
  until?: string | null;
}

export interface ModerationServiceDeps {
  db: AppDb;
  jobs: JobQueue;
  limits: Limits;
  mailer: Mailer;
  users: UserService;
  publicUrl: string;
  /** Called when listings leave or come back to public view. */
  listingsChanged?: () => void;
  /** A listing became public (approved), in the transaction that approved it: search alerts match it. */
  published?: (productId: string, tx: AppDb) => Promise<void>;
}

/** Moderators and admins in good standing; anyone else is told the console does not exist (404). */
export function isStaff(user: User | null | undefined): boolean {
  return isStaffAccount(user);
}

export function requireStaff(user: User | null | undefined): User {
  if (!isStaff(user)) throw new AppError('NOT_FOUND', 'Not found');
  return user!;
}

const PRODUCT_ACTION: Record<'approved' | 'hidden' | 'removed', AuditAction> = { approved: 'product.approve', hidden: 'product.hide', removed: 'product.remove' };

export function createModerationService({ db, jobs, limits, mailer, users: userService, publicUrl, listingsChanged = () => {}, published = async () => {} }: ModerationServiceDeps) {
  jobs.register<NoticePayload>(MODERATION_MAIL_JOB, async (job) => {
    const { userId, notice, reason, productId, until } = job.payload;
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) return;
    const lang: Lang = isLang(user.lang) ? user.lang : 'ar';
    let title: string | undefined;
    if (productId) {
      const [row] = await db.select({ title: products.title }).from(products).where(eq(products.id, productId)).limit(1);
      title = row?.title;
    }
    const link = notice === 'user-banned' ? undefined : `${publicUrl}/${lang}/dashboard`;
    await mailer.send(
      { to: user.email, ...moderationEmail(lang, { name: user.name, notice, reason, title, until: until ? new Date(until) : null, link }) },
      { id: job.id, queuedAt: job.createdAt },
    );
  });

  async function notify(tx: Transaction, auditId: number, payload: NoticePayload) {
    await jobs.enqueue(MODERATION_MAIL_JOB, payload as unknown as Record<string, unknown>, { key: `moderation:${auditId}`, db: tx as unknown as AppDb });
  }

  async function productRow(id: string, within: AppDb | Transaction = db): Promise<Product | null> {
    if (!isId(id)) return null;
    const [row] = await within.select().from(products).where(eq(products.id, id)).limit(1);
    return row ?? null;
  }

  async function userRow(id: string, within: AppDb | Transaction = db): Promise<User | null> {
    if (!isId(id)) return null;
    const [row] = await within.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  /**
   * Sets a listing's moderation state with its audit entry, the seller's e-mail (hidden,
   * removed) and the resolution of the open reports on it, in the caller's transaction.
   */
  async function applyProductModeration(tx: Transaction, actor: User, product: Product, moderation: 'approved' | 'hidden' | 'removed', reason: string, now: Date) {
    // Approving settles what the checks found; hiding or removing keeps it for the record.
    await tx
      .update(products)
      .set({ moderation, moderationReason: moderation === 'approved' ? null : reason, ...(moderation === 'approved' ? { moderationChecks: [] } : {}), updatedAt: now })
      .where(eq(products.id, product.id));
    const auditId = await insertAudit(tx, {
      actorId: actor.id,
      action: PRODUCT_ACTION[moderation],
      targetType: 'product',
      targetId: product.id,
      reason,
      details: { sellerId: product.userId, from: product.moderation },
    });
    if (moderation === 'approved' && product.moderation !== 'approved') await published(product.id, tx as unknown as AppDb);
    if (moderation !== 'approved') {
      await tx
        .update(reports)
        .set({ status: 'resolved', resolution: moderation === 'hidden' ? 'hide' : 'remove', resolvedBy: actor.id, resolvedAt: now })
        .where(and(eq(reports.targetType, 'product'), eq(reports.targetId, product.id), eq(reports.status, 'open')));
      await notify(tx, auditId, { userId: product.userId, notice: moderation === 'hidden' ? 'listing-hidden' : 'listing-removed', reason, productId: product.id });
    }
  }

  /** Accounts and their listings, for the report queue: age, listings, what moderators did before. */
  /** The last REPORTED_CONVERSATION_MESSAGES messages of each conversation, oldest first. */
  async function conversationExcerpts(conversationIds: string[]) {
    const excerpts = new Map<string, { id: string; senderId: string; body: string; createdAt: string }[]>();
    if (conversationIds.length === 0) return excerpts;
    const rows = await db
      .select({ id: messages.id, seq: messages.seq, conversationId: messages.conversationId, senderId: messages.senderId, body: messages.body, createdAt: messages.createdAt, rank: sql<number>`row_number() over (partition by ${messages.conversationId} order by ${messages.seq} desc)`.as('rank') })
      .from(messages)
      .where(inArray(messages.conversationId, conversationIds))
      .as('ranked');
    const last = await db.select().from(rows).where(sql`${rows.rank} <= ${REPORTED_CONVERSATION_MESSAGES}`).orderBy(asc(rows.seq));
    for (const m of last) {
      excerpts.set(m.conversationId, [...(excerpts.get(m.conversationId) ?? []), { id: m.id, senderId: m.senderId, body: m.body, createdAt: new Date(m.createdAt).toISOString() }]);
    }
    return excerpts;
  }

  async function sellerHistory(userIds: string[]) {
    const history = new Map<string, { id: string; name: string; role: User['role']; status: User['status']; createdAt: string; listings: number; previousActions: { action: string; reason: string | null; at: string }[] }>();
    if (userIds.length === 0) return history;
    const [people, listingCounts, actions] = await Promise.all([
      db.select().from(users).where(inArray(users.id, userIds)),
      db.select({ userId: products.userId, n: count() }).from(products).where(inArray(products.userId, userIds)).groupBy(products.userId),
      // Actions on the account itself, and on any of its listings (the seller id is kept in details).
      db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.targetId} in ${userIds} or (${auditLog.details} ->> 'sellerId') in ${userIds}`)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(200),
    ]);
    for (const person of people) {
      history.set(person.id, {
        id: person.id,
        name: person.name,
        role: person.role,
        status: person.status,
        createdAt: person.createdAt.toISOString(),
        listings: listingCounts.find((c) => c.userId === person.id)?.n ?? 0,
        previousActions: actions
          .filter((a) => a.targetId === person.id || a.details?.sellerId === person.id)
          .slice(0, 10)
          .map((a) => ({ action: a.action, reason: a.reason, at: a.createdAt.toISOString() })),
      });
    }
    return history;
  }

  return {
    /** A member reports a listing, an account or a conversation. */
    async report(caller: Caller, input: ReportInput, now = new Date()): Promise<Report> {
      const actor = requireSignedIn(actorOf(caller));
      assertMayWrite(actor, now);
      await limits.check('report', actor.id);
      if (input.targetType === 'product') {
        const product = await productRow(input.targetId);
        if (product && product.userId === actor.id) throw new AppError('VALIDATION_ERROR', 'You cannot report your own listing');
        // Only what the reporter can see: a listing hidden from them is not confirmed to exist.
        const seller = product ? await userRow(product.userId) : null;
        if (!product || !seller || !isPubliclyVisible(product, seller, now)) throw new AppError('NOT_FOUND', 'Product not found');
      } else if (input.targetType === 'conversation') {
        // Only a member of the conversation may report it; to anyone else it does not exist.
        const [conversation] = isId(input.targetId)
          ? await db
              .select({ id: conversations.id })
              .from(conversations)
              .where(and(eq(conversations.id, input.targetId), sql`(${conversations.buyerId} = ${actor.id} or ${conversations.sellerId} = ${actor.id})`))
              .limit(1)
          : [];
        if (!conversation) throw new AppError('NOT_FOUND', 'Conversation not found');
      } else {
        const target = await userRow(input.targetId);
        if (!target || target.status === 'banned') throw new AppError('NOT_FOUND', 'User not found');
        if (target.id === actor.id) throw new AppError('VALIDATION_ERROR', 'You cannot report yourself');
      }
      const [row] = await db
        .insert(reports)
        .values({ reporterId: actor.id, targetType: input.targetType, targetId: input.targetId, reason: input.reason, comment: input.comment ?? null, createdAt: now })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError('ALREADY_REPORTED', 'You have already reported this; a moderator will look at it');
      return row;
    },

    /** Open (or past) reports grouped by target: the most reported first, then the oldest. */
    async reportQueue(caller: User | null, query: { status?: ReportStatus; targetType?: ReportTarget; page?: number } = {}) {
      requireStaff(caller);
      const status = query.status ?? 'open';
      const page = query.page ?? 1;
      const where = and(eq(reports.status, status), query.targetType ? eq(reports.targetType, query.targetType) : undefined);
      const n = count();
      const first = sql<Date>`min(${reports.createdAt})`;
      const [groups, [total]] = await Promise.all([
        db
          .select({ targetType: reports.targetType, targetId: reports.targetId, count: n, firstAt: first })
          .from(reports)
          .where(where)
          .groupBy(reports.targetType, reports.targetId)
          .orderBy(desc(n), asc(first), asc(reports.targetId))
          .limit(ADMIN_PAGE_SIZE)
          .offset((page - 1) * ADMIN_PAGE_SIZE),
        db.select({ n: sql<number>`count(distinct (${reports.targetType}, ${reports.targetId}))::int` }).from(reports).where(where),
      ]);
      const ids = groups.map((g) => g.targetId);
      const [rows, productRows, userRows, conversationRows] = await Promise.all([
        ids.length ? db.select().from(reports).where(and(where, inArray(reports.targetId, ids))).orderBy(asc(reports.createdAt)) : [],
        ids.length ? db.select().from(products).where(inArray(products.id, ids)) : [],
        ids.length ? db.select().from(users).where(inArray(users.id, ids)) : [],
        ids.length ? db.select().from(conversations).where(inArray(conversations.id, ids)) : [],
      ]);
      const apiProducts = await withPhotos(db, productRows, { withModeration: true });
      const excerpts = await conversationExcerpts(conversationRows.map((c) => c.id));
      const people = [
        ...productRows.map((p) => p.userId),
        ...userRows.map((u) => u.id),
        ...conversationRows.flatMap((c) => [c.buyerId, c.sellerId]).filter((id): id is string => !!id),
      ];
      const history = await sellerHistory([...new Set(people)]);
      // A reported conversation is judged on what was written: its last messages, oldest first,
      // and both members with their history. A member's e-mail address or phone never appears.
      const conversationOf = (c: (typeof conversationRows)[number] | undefined) =>
        c
          ? {
              productId: c.productId,
              productTitle: c.productTitle,
              buyer: c.buyerId ? (history.get(c.buyerId) ?? null) : null,
              seller: c.sellerId ? (history.get(c.sellerId) ?? null) : null,
              messages: excerpts.get(c.id) ?? [],
            }
          : null;
      const items = groups.map((g) => {
        const product = g.targetType === 'product' ? apiProducts.find((p) => p.id === g.targetId) : undefined;
        const row = productRows.find((p) => p.id === g.targetId);
        const sellerId = g.targetType === 'product' ? row?.userId : g.targetType === 'user' ? g.targetId : undefined;
        return {
          target: {
            type: g.targetType,
            id: g.targetId,
            exists:
              g.targetType === 'product' ? !!product : g.targetType === 'user' ? userRows.some((u) => u.id === g.targetId) : conversationRows.some((c) => c.id === g.targetId),
            product: product ? { ...product, moderation: row!.moderation, moderationReason: row!.moderationReason } : null,
            user: sellerId ? (history.get(sellerId) ?? null) : null,
            conversation: conversationOf(g.targetType === 'conversation' ? conversationRows.find((c) => c.id === g.targetId) : undefined),
          },
          reports: rows
            .filter((r) => r.targetId === g.targetId && r.targetType === g.targetType)
            .map((r) => ({ id: r.id, reason: r.reason, comment: r.comment, status: r.status, reporterId: r.reporterId, createdAt: r.createdAt.toISOString() })),
          count: g.count,
          firstAt: new Date(g.firstAt).toISOString(),
        };
      });
      return { items, total: total?.n ?? 0, page };
    },

    /** Acts on every open report of a report's target: keep (dismiss), hide or remove the listing. */
    async resolveReport(caller: User | null, reportId: string, input: { action: ReportAction; reason: string }, now = new Date()) {
      const actor = requireStaff(caller);
      const [report] = isId(reportId) ? await db.select().from(reports).where(eq(reports.id, reportId)).limit(1) : [];
      if (!report) throw new AppError('NOT_FOUND', 'Report not found');
      if (report.status !== 'open') throw new AppError('VALIDATION_ERROR', 'This report is already closed');
      if (input.action !== 'dismiss' && report.targetType !== 'product') {
        throw new AppError('VALIDATION_ERROR', 'Hide and remove apply to listings; act on an account through PATCH /admin/users/{id}');
      }
      await withTransaction(db, async (tx) => {
        if (input.action === 'dismiss') {
          const closed = await tx
            .update(reports)
            .set({ status: 'dismissed', resolution: 'dismiss', resolvedBy: actor.id, resolvedAt: now })
            .where(and(eq(reports.targetType, report.targetType), eq(reports.targetId, report.targetId), eq(reports.status, 'open')))
            .returning({ id: reports.id });
          await insertAudit(tx, {
            actorId: actor.id,
            action: 'report.dismiss',
            targetType: report.targetType,
            targetId: report.targetId,
            reason: input.reason,
            details: { reports: closed.length },
          });
          return;
        }
        const product = await productRow(report.targetId, tx);
        if (!product) throw new AppError('NOT_FOUND', 'Product not found');
        await applyProductModeration(tx, actor, product, input.action === 'hide' ? 'hidden' : 'removed', input.reason, now);
      });
      if (input.action !== 'dismiss') listingsChanged();
      jobs.notify();
      return { targetType: report.targetType, targetId: report.targetId, action: input.action };
    },

    /** Approve (also a pending listing of the review queue), hide or remove a listing. */
    async moderateProduct(caller: User | null, id: string, input: { moderation: 'approved' | 'hidden' | 'removed'; reason: string }, now = new Date()) {
      const actor = requireStaff(caller);
      const product = await productRow(id);
      if (!product) throw new AppError('NOT_FOUND', 'Product not found');
      await withTransaction(db, async (tx) => applyProductModeration(tx, actor, product, input.moderation, input.reason, now));
      listingsChanged();
      jobs.notify();
      const [after] = await withPhotos(db, [(await productRow(id))!], { withModeration: true });
      return after!;
    },

    /**
     * Warn, suspend (N days, or until lifted), ban or restore an account; admins also set roles.
     * A moderator acts on members only; nobody acts on their own account here.
     */
    async moderateUser(caller: User | null, id: string, input: ModerateUserInput, now = new Date()): Promise<User> {
      const actor = requireStaff(caller);
      const target = await userRow(id);
      if (!target) throw new AppError('NOT_FOUND', 'User not found');
      if (target.id === actor.id) throw new AppError('FORBIDDEN', 'You cannot act on your own account');
      if (actor.role !== 'admin' && target.role !== 'member') throw new AppError('FORBIDDEN', 'Only an admin acts on a moderator or an admin');
      if (input.role !== undefined && actor.role !== 'admin') throw new AppError('FORBIDDEN', 'Only an admin changes roles');
      const reason = input.reason;
      const writeRole = async (tx: Transaction) => {
        if (input.role === undefined || input.role === target.role) return;
        await tx.update(users).set({ role: input.role, updatedAt: now }).where(eq(users.id, id));
        await insertAudit(tx, { actorId: actor.id, action: 'user.role', targetType: 'user', targetId: id, reason, details: { from: target.role, to: input.role } });
      };
      if (input.status !== undefined) {
        const status = input.status;
        const until = status === 'suspended' && input.days ? new Date(now.getTime() + input.days * 24 * 60 * 60 * 1000) : null;
        const action: AuditAction = status === 'active' ? 'user.restore' : status === 'suspended' ? 'user.suspend' : 'user.ban';
        await userService.setStatus(id, { status, reason, days: input.days }, now, async (tx) => {
          const auditId = await insertAudit(tx, {
            actorId: actor.id,
            action,
            targetType: 'user',
            targetId: id,
            reason,
            details: { from: target.status, to: status, ...(input.days ? { days: input.days } : {}) },
          });
          if (status !== 'active') await notify(tx, auditId, { userId: id, notice: status === 'banned' ? 'user-banned' : 'user-suspended', reason, until: until?.toISOString() ?? null });
          await writeRole(tx);
        });
      } else {
        await withTransaction(db, async (tx) => {
          if (input.warn) {
            const auditId = await insertAudit(tx, { actorId: actor.id, action: 'user.warn', targetType: 'user', targetId: id, reason });
            await notify(tx, auditId, { userId: id, notice: 'user-warned', reason });
          }
          await writeRole(tx);
        });
      }
      jobs.notify();
      return (await userRow(id))!;
    },

    /** Listings held back by the automatic checks, oldest first, with what they tripped. */
    async reviewQueue(caller: User | null, page = 1) {
      requireStaff(caller);
      const where = eq(products.moderation, 'pending');
      const [rows, [total]] = await Promise.all([
        db.select().from(products).where(where).orderBy(asc(products.updatedAt), asc(products.id)).limit(ADMIN_PAGE_SIZE).offset((page - 1) * ADMIN_PAGE_SIZE),
        db.select({ n: count() }).from(products).where(where),
      ]);
      const api = await withPhotos(db, rows, { withModeration: true });
      const history = await sellerHistory([...new Set(rows.map((r) => r.userId))]);
      const items = api.map((p) => {
        const row = rows.find((r) => r.id === p.id)!;
        return { ...p, moderation: row.moderation, moderationReason: row.moderationReason, checks: checksOf(row), seller: history.get(row.userId) ?? null };
      });
      return { items, total: total?.n ?? 0, page };
    },

    /** The audit log, newest first, filtered by who acted or on what. */
    async audit(caller: User | null, query: { actorId?: string; targetId?: string; page?: number } = {}) {
      requireStaff(caller);
      const page = query.page ?? 1;
      const conditions: SQL[] = [];
      // An id that is not one of ours matches nothing (and is no reason for a 400).
      if (query.actorId !== undefined) conditions.push(isId(query.actorId) ? eq(auditLog.actorId, query.actorId) : sql`false`);
      if (query.targetId !== undefined) conditions.push(isId(query.targetId) ? eq(auditLog.targetId, query.targetId) : sql`false`);
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({ entry: auditLog, actorName: users.name, actorRole: users.role })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(ADMIN_PAGE_SIZE)
          .offset((page - 1) * ADMIN_PAGE_SIZE),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return {
        items: rows.map(({ entry, actorName, actorRole }) => ({
          id: entry.id,
          actor: entry.actorId ? { id: entry.actorId, name: actorName, role: actorRole } : null,
          action: entry.action,
          targetType: entry.targetType,
          targetId: entry.targetId,
          reason: entry.reason,
          details: entry.details,
          at: entry.createdAt.toISOString(),
        })),
        total: total?.n ?? 0,
        page,
      };
    },

    /** The overview: a series a day (UTC) over `days` days, today included, and the counts of now. */
    async stats(caller: User | null, days: number, now = new Date()) {
      requireStaff(caller);
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
      const dayOf = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
      const perDay = async (table: typeof users | typeof products | typeof reports) => {
        const day = dayOf(table.createdAt);
        return db.select({ day, n: count() }).from(table).where(gte(table.createdAt, start)).groupBy(day);
      };
      const revealDay = dayOf(events.createdAt);
      const jobDay = dayOf(jobRows.createdAt);
      const deadDay = dayOf(jobRows.finishedAt);
      const [newUsers, newListings, newReports, revealsRaw, revealsFolded, byState, [openReports], jobCounts, jobsWaiting, jobsDead] = await Promise.all([
        perDay(users),
        perDay(products),
        perDay(reports),
        db
          .select({ day: revealDay, n: count() })
          .from(events)
          .where(and(eq(events.type, 'phone_reveal'), gte(events.createdAt, start)))
          .groupBy(revealDay),
        db
          .select({ day: eventDays.day, n: sql<number>`sum(${eventDays.count})::int` })
          .from(eventDays)
          .where(and(eq(eventDays.type, 'phone_reveal'), gte(eventDays.day, start.toISOString().slice(0, 10))))
          .groupBy(eventDays.day),
        db.select({ moderation: products.moderation, status: products.status, n: count() }).from(products).groupBy(products.moderation, products.status),
        db.select({ n: count() }).from(reports).where(eq(reports.status, 'open')),
        jobs.counts(),
        // The backlog by the day each job was queued (still queued or retrying now): an old day
        // that stays up is work stuck, not a busy day. Dead jobs by the day they gave up.
        db
          .select({ day: jobDay, n: count() })
          .from(jobRows)
          .where(and(inArray(jobRows.state, ['queued', 'failed']), gte(jobRows.createdAt, start)))
          .groupBy(jobDay),
        db
          .select({ day: deadDay, n: count() })
          .from(jobRows)
          .where(and(eq(jobRows.state, 'dead'), gte(jobRows.finishedAt, start)))
          .groupBy(deadDay),
      ]);
      const dates = Array.from({ length: days }, (_, i) => new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10));
      const series = (rows: { day: string; n: number }[][]) => dates.map((day) => rows.reduce((sum, list) => sum + (list.find((r) => r.day === day)?.n ?? 0), 0));
      return {
        days: dates,
        users: series([newUsers]),
        listings: series([newListings]),
        reports: series([newReports]),
        reveals: series([revealsRaw, revealsFolded]),
        jobsWaiting: series([jobsWaiting]),
        jobsDead: series([jobsDead]),
        listingsByState: byState.map((r) => ({ moderation: r.moderation, status: r.status, count: r.n })),
        openReports: openReports?.n ?? 0,
        jobs: { waiting: jobCounts.waiting, failed: jobCounts.failed, dead: jobCounts.dead },
      };
    },

    /** One account as the console shows it: the account and its history. */
    async account(caller: User | null, id: string) {
      requireStaff(caller);
      const user = await userRow(id);
      if (!user) throw new AppError('NOT_FOUND', 'User not found');
      return { user, history: (await sellerHistory([id])).get(id)! };
    },

    /** The account with this e-mail, for the console's lookup; null when there is none. */
    async findAccount(caller: User | null, email: string) {
      requireStaff(caller);
      return userService.byEmail(email.trim());
    },

    /** The seller's listings a moderator or a check holds back, with why: the dashboard's notices. */
    async sellerNotices(caller: User | null) {
      const actor = requireSignedIn(caller);
      const rows = await db
        .select()
        .from(products)
        .where(and(eq(products.userId, actor.id), sql`${products.moderation} <> 'approved'`))
        .orderBy(desc(products.updatedAt), desc(products.id))
        .limit(50);
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        title_ar: row.titleAr,
        title_fr: row.titleFr,
        title_en: row.titleEn,
        moderation: row.moderation,
        moderationReason: row.moderationReason,
        checks: checksOf(row),
      }));
    },

    /** The seller asks for a hidden listing to be looked at again, after editing it. */
    async askForReview(caller: User | null, productId: string, now = new Date()) {
      const actor = requireSignedIn(caller);
      assertMayWrite(actor, now);
      const product = await productRow(productId);
      if (!product || product.userId !== actor.id) throw new AppError('NOT_FOUND', 'Product not found');
      if (product.moderation !== 'hidden') throw new AppError('VALIDATION_ERROR', 'Only a hidden listing can be sent for review');
      await db.update(products).set({ moderation: 'pending', updatedAt: now }).where(eq(products.id, productId));
      listingsChanged();
    },
  };
}

/** What the automatic checks found on a listing (written by the checks at publish and edit). */
function checksOf(row: Product) {
  return row.moderationChecks ?? [];
}

export type ModerationService = ReturnType<typeof createModerationService>;
