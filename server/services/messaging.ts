// Conversations between a buyer and a seller about one listing: the rules (who may write to
// whom), unread counts, blocks, the e-mail about a message left unread, and the events the
// open streams receive (server/services/realtime.ts). Both doors call it: the API
// (server/api/messaging.ts) and the messages pages.
import { and, asc, count, desc, eq, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { UNREAD_EMAIL_DELAY_MS, CONVERSATIONS_PAGE_SIZE } from '../../common/constants.ts';
import { isId } from '../../common/ids.ts';
import type { Lang } from '../../common/languages.ts';
import { isLang } from '../../common/languages.ts';
import type { ConversationListing, ConversationView, MessageView } from '../../common/messaging.ts';
import { toPublicUser } from '../../common/user-views.ts';
import { messageBodySchema } from '../../common/schemas/messaging.ts';
import { VALIDATION_MESSAGES } from '../../common/schemas/messages.ts';
import { withTransaction, type AppDb } from '../../db/client.ts';
import { blocks, conversations, images, messages, products, users, type Conversation, type Message, type Product, type User } from '../../db/schema.ts';
import { AppError } from '#errors';
import { isListedNow } from '../repositories/visibility.ts';
import { requireSignedIn, requireVerified, type Caller } from './access.ts';
import { assertMayWrite } from './account-status.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Mailer } from './mail/mailer.ts';
import { unreadMessagesEmail } from './mail/templates.ts';
import type { Limits } from './rate-limit.ts';
import type { Realtime, StreamEvent } from './realtime.ts';

export const MESSAGE_MAIL_JOB = 'mail.message-unread';
/** Accounts younger than this get the stricter limits (new accounts are where spam comes from). */
export const NEW_ACCOUNT_MS = 7 * 24 * 60 * 60_000;
/** Messages read again around a resumed stream's last event, for rows committed out of `seq` order. */
const CATCH_UP_OVERLAP = sql`interval '2 seconds'`;
const CATCH_UP_MAX = 500;

export interface MessagingDeps {
  db: AppDb;
  limits: Limits;
  jobs: JobQueue;
  mailer: Mailer;
  realtime: Realtime;
  publicUrl: string;
  now?: () => number;
}

const bannedUser = (id: unknown) => sql`exists (select 1 from users b where b.id = ${id} and b.status = 'banned')`;

/** The message's text as stored (trimmed), for either door: the pages do not go through the API's schema. */
function validBody(body: unknown, path: string): string {
  const parsed = messageBodySchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const code = parsed.error.issues[0]?.message ?? 'invalidValue';
  const message = VALIDATION_MESSAGES[code as keyof typeof VALIDATION_MESSAGES]?.en ?? 'Invalid value';
  throw new AppError('VALIDATION_ERROR', 'Invalid request', [{ path, code, message }]);
}

function toMessageView(m: Pick<Message, 'id' | 'conversationId' | 'senderId' | 'body' | 'createdAt' | 'readAt'>): MessageView {
  return {
    id: m.id,
    conversationId: m.conversationId,
    senderId: m.senderId,
    body: m.body,
    createdAt: m.createdAt.toISOString(),
    readAt: m.readAt?.toISOString() ?? null,
  };
}

/**
 * Available: a buyer may start a conversation about it. The rule of the public lists
 * (server/repositories/visibility.ts): active, approved, not expired, not sold, seller not banned.
 */
export function listingIsAvailable(product: Product, seller: Pick<User, 'status'>, at = new Date()): boolean {
  return isListedNow(product, seller, at);
}

export function createMessagingService({ db, limits, jobs, mailer, realtime, publicUrl, now = Date.now }: MessagingDeps) {
  const otherSide = (c: Pick<Conversation, 'buyerId' | 'sellerId'>, userId: string) => (c.buyerId === userId ? c.sellerId : c.buyerId);

  /** The blocks between `a` and `b`, either way: one rule for the read below and lookUp's statement. */
  const blocksBetween = (a: string | SQL, b: string | SQL) => or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)));

  async function blockBetween(a: string, b: string, within: AppDb = db): Promise<{ byA: boolean; byB: boolean }> {
    const rows = await within.select({ blockerId: blocks.blockerId }).from(blocks).where(blocksBetween(a, b));
    return { byA: rows.some((r) => r.blockerId === a), byB: rows.some((r) => r.blockerId === b) };
  }

  /**
   * The conversation if `userId` takes part in it and may see it; otherwise NOT_FOUND (never
   * "forbidden": it does not exist for them). With `blocks`, also whether a block stands between
   * the two sides, asked in the same statement: every message sent goes through here, and each
   * round trip adds to the time until the other side sees it (test:load measures it).
   */
  async function lookUp(userId: string, id: string, { blocks: withBlocks = false } = {}): Promise<{ row: Conversation; blocked: boolean }> {
    if (!isId(id)) throw new AppError('NOT_FOUND', 'Conversation not found');
    const otherId = sql`case when ${conversations.buyerId} = ${userId} then ${conversations.sellerId} else ${conversations.buyerId} end`;
    const blocked = withBlocks
      ? sql<boolean>`exists (select 1 from ${blocks} where ${blocksBetween(userId, otherId)})`
      : sql<boolean>`false`;
    const [found] = await db
      .select({ row: conversations, otherStatus: users.status, blocked })
      .from(conversations)
      .leftJoin(users, sql`${users.id} = ${otherId}`)
      .where(and(eq(conversations.id, id), or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId))))
      .limit(1);
    if (!found) throw new AppError('NOT_FOUND', 'Conversation not found');
    // A banned member's conversations disappear from the other side's inbox.
    if (found.otherStatus === 'banned') throw new AppError('NOT_FOUND', 'Conversation not found');
    return { row: found.row, blocked: found.blocked };
  }

  const participantOf = async (userId: string, id: string): Promise<Conversation> => (await lookUp(userId, id)).row;

  async function checkLimits(user: User, kind: 'conversation' | 'message') {
    const young = now() - user.createdAt.getTime() < NEW_ACCOUNT_MS;
    if (kind === 'conversation') await limits.check(young ? 'conversationStartNew' : 'conversationStart', user.id);
    await limits.check(young ? 'messageSendNew' : 'messageSend', user.id);
  }

  async function unreadTotal(userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(
        and(
          or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)),
          ne(messages.senderId, userId),
          isNull(messages.readAt),
          sql`not ${bannedUser(messages.senderId)}`,
        ),
      );
    return row?.n ?? 0;
  }

  async function publishMessage(conversation: Conversation, message: Message) {
    const recipient = otherSide(conversation, message.senderId);
    const event: StreamEvent = { event: 'message', id: String(message.seq), data: { conversationId: conversation.id, message: toMessageView(message) } };
    // The recipient's new total is counted while the message goes out (it is committed: the
    // count includes it); the total is published after the message, so streams get them in that order.
    const [, total] = await Promise.all([realtime.publish(recipient ? [message.senderId, recipient] : [message.senderId], event), recipient ? unreadTotal(recipient) : 0]);
    if (recipient) await realtime.publish([recipient], { event: 'unread', data: { total } });
  }

  /**
   * Inserts the message, moves the conversation up the inboxes and queues the unread e-mail, in
   * one statement: all or nothing without a transaction, and one round trip instead of four or
   * five inside BEGIN and COMMIT (every message sent waits for it; test:load measures it).
   */
  async function insertMessage(within: AppDb, conversation: Conversation, senderId: string, body: string): Promise<Message> {
    const at = new Date(now());
    const recipient = otherSide(conversation, senderId);
    // One e-mail per burst: the burst is named by its oldest unread message, so every message
    // sent while that one stays unread finds the job already queued under the same key. The
    // statement's reads do not see the row it inserts, hence the union with `inserted`.
    const mail = recipient
      ? sql`,
        oldest as (
          select id, created_at from (
            select id, seq, created_at from ${messages} where conversation_id = ${conversation.id} and sender_id = ${senderId} and read_at is null
            union all
            select id, seq, created_at from inserted
          ) as unread
          order by seq
          limit 1
        ),
        queued as (${jobs.enqueueFrom(MESSAGE_MAIL_JOB, sql`oldest`, {
          payload: sql`jsonb_build_object('messageId', oldest.id, 'recipientId', ${recipient}::uuid)`,
          key: sql`'message-unread:' || oldest.id`,
          runAt: sql`oldest.created_at + ${UNREAD_EMAIL_DELAY_MS}::float8 * interval '1 millisecond'`,
        })})`
      : sql``;
    const result = await within.execute(sql`
      with inserted as (
        insert into ${messages} (conversation_id, sender_id, body, created_at)
        values (${conversation.id}, ${senderId}, ${body}, ${at})
        returning id, seq, created_at
      ),
      moved as (
        update ${conversations} set last_message_at = ${at} where id = ${conversation.id}
      )${mail}
      select id, seq from inserted`);
    const [row] = (result as unknown as { rows: { id: string; seq: string | number | bigint }[] }).rows;
    return { id: row!.id, seq: Number(row!.seq), conversationId: conversation.id, senderId, body, createdAt: at, readAt: null };
  }

  async function photoOf(productIds: string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    if (productIds.length === 0) return found;
    const rows = await db
      .select({ productId: images.productId, variants: images.variants })
      .from(images)
      .where(inArray(images.productId, productIds))
      .orderBy(asc(images.productId), asc(images.position));
    for (const row of rows) {
      if (!row.productId || found.has(row.productId)) continue;
      const widths = Object.keys(row.variants).map(Number).sort((a, b) => a - b);
      const url = row.variants['320'] ?? row.variants[String(widths[0])];
      if (url) found.set(row.productId, url);
    }
    return found;
  }

  /** Conversation rows in the shape of docs/api.md, as `userId` sees them (a few queries for the whole page). */
  async function views(userId: string, rows: Conversation[]): Promise<ConversationView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const productIds = rows.map((r) => r.productId).filter((id): id is string => !!id);
    const otherIds = [...new Set(rows.map((r) => otherSide(r, userId)).filter((id): id is string => !!id))];
    const [latest, unread, writers, listingRows, people, photos, blockRows] = await Promise.all([
      db
        .selectDistinctOn([messages.conversationId])
        .from(messages)
        .where(inArray(messages.conversationId, ids))
        .orderBy(messages.conversationId, desc(messages.seq)),
      db
        .select({ conversationId: messages.conversationId, n: count() })
        .from(messages)
        .where(and(inArray(messages.conversationId, ids), ne(messages.senderId, userId), isNull(messages.readAt)))
        .groupBy(messages.conversationId),
      db.selectDistinct({ conversationId: messages.conversationId, senderId: messages.senderId }).from(messages).where(inArray(messages.conversationId, ids)),
      productIds.length ? db.select({ product: products, sellerStatus: users.status }).from(products).innerJoin(users, eq(users.id, products.userId)).where(inArray(products.id, productIds)) : [],
      otherIds.length ? db.select().from(users).where(inArray(users.id, otherIds)) : [],
      photoOf(productIds),
      otherIds.length
        ? db.select().from(blocks).where(or(and(eq(blocks.blockerId, userId), inArray(blocks.blockedId, otherIds)), and(inArray(blocks.blockerId, otherIds), eq(blocks.blockedId, userId))))
        : [],
    ]);
    const latestBy = new Map(latest.map((m) => [m.conversationId, m]));
    const unreadBy = new Map(unread.map((u) => [u.conversationId, u.n]));
    const listingBy = new Map(listingRows.map((l) => [l.product.id, l]));
    const personBy = new Map(people.map((p) => [p.id, p]));
    return rows.map((row) => {
      const otherId = otherSide(row, userId);
      const person = otherId ? personBy.get(otherId) : undefined;
      const listing = row.productId ? listingBy.get(row.productId) : undefined;
      const product: ConversationListing = listing
        ? {
            id: listing.product.id,
            title: listing.product.title,
            title_ar: listing.product.titleAr,
            title_fr: listing.product.titleFr,
            title_en: listing.product.titleEn,
            img: photos.get(listing.product.id) ?? null,
            price: listing.product.price,
            state: listingIsAvailable(listing.product, { status: listing.sellerStatus }, new Date(now())) ? 'available' : 'unavailable',
          }
        : { id: null, title: row.productTitle, title_ar: null, title_fr: null, title_en: null, img: null, price: null, state: 'deleted' };
      const last = latestBy.get(row.id);
      const sides = new Set(writers.filter((w) => w.conversationId === row.id).map((w) => w.senderId));
      const blockedByMe = blockRows.some((b) => b.blockerId === userId && b.blockedId === otherId);
      const blockedByThem = blockRows.some((b) => b.blockerId === otherId && b.blockedId === userId);
      return {
        id: row.id,
        product,
        otherUser: person ? toPublicUser(person) : { deleted: true as const },
        lastMessage: last ? toMessageView(last) : null,
        unreadCount: unreadBy.get(row.id) ?? 0,
        updatedAt: row.lastMessageAt.toISOString(),
        role: row.buyerId === userId ? 'buyer' : 'seller',
        linksEnabled: !!otherId && sides.has(userId) && sides.has(otherId),
        blocked: blockedByMe || blockedByThem || !person,
        blockedByMe,
      };
    });
  }

  // Runs 10 minutes after the oldest message of a burst; sends nothing if it was read meanwhile.
  jobs.register<{ messageId: string; recipientId: string }>(MESSAGE_MAIL_JOB, async (job) => {
    const [found] = await db
      .select({ message: messages, conversation: conversations })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(messages.id, job.payload.messageId))
      .limit(1);
    if (!found || found.message.readAt) return;
    const [recipient] = await db.select().from(users).where(eq(users.id, job.payload.recipientId)).limit(1);
    const [sender] = await db.select().from(users).where(eq(users.id, found.message.senderId)).limit(1);
    if (!recipient || !sender || !recipient.messageEmails || recipient.status === 'banned' || sender.status === 'banned') return;
    if (otherSide(found.conversation, sender.id) !== recipient.id) return;
    const [unread] = await db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.conversationId, found.conversation.id), eq(messages.senderId, sender.id), isNull(messages.readAt)));
    const lang: Lang = isLang(recipient.lang) ? recipient.lang : 'ar';
    const [listing] = found.conversation.productId ? await db.select().from(products).where(eq(products.id, found.conversation.productId)).limit(1) : [];
    const title = (listing && ({ ar: listing.titleAr, fr: listing.titleFr, en: listing.titleEn }[lang] || listing.title)) || found.conversation.productTitle;
    const link = `${publicUrl}/${lang}/messages/${found.conversation.id}`;
    await mailer.send(
      { to: recipient.email, ...unreadMessagesEmail(lang, { recipientName: recipient.name, senderName: sender.name, listingTitle: title, count: unread?.n ?? 1, link }) },
      { id: job.id, queuedAt: job.createdAt },
    );
  });

  return {
    unreadTotal,
    views,

    /**
     * Starts the conversation about a listing, or adds the message to the one that exists.
     * Order of refusals: account (signed in, not suspended, verified), message, listing, block, limits.
     */
    async start(caller: Caller, productId: string, body: string): Promise<{ conversation: ConversationView; created: boolean; message: MessageView }> {
      const user = requireSignedIn(caller.session?.user);
      assertMayWrite(user);
      requireVerified(user);
      body = validBody(body, 'body.message');
      if (!isId(productId)) throw new AppError('NOT_AVAILABLE', 'This listing is not available');
      const [found] = await db.select({ product: products, seller: users }).from(products).innerJoin(users, eq(users.id, products.userId)).where(eq(products.id, productId)).limit(1);
      if (!found || (!listingIsAvailable(found.product, found.seller, new Date(now())) && found.seller.id !== user.id)) throw new AppError('NOT_AVAILABLE', 'This listing is not available');
      if (found.seller.id === user.id) throw new AppError('OWN_LISTING', 'You cannot send a message about your own listing');
      if (!found.seller.messagesEnabled) throw new AppError('MESSAGES_DISABLED', 'This seller does not take messages');
      const block = await blockBetween(user.id, found.seller.id);
      if (block.byA || block.byB) throw new AppError('BLOCKED', 'You cannot write to this member');
      const [existing] = await db.select().from(conversations).where(and(eq(conversations.productId, productId), eq(conversations.buyerId, user.id))).limit(1);
      await checkLimits(user, existing ? 'message' : 'conversation');
      const { conversation, message, created } = await withTransaction(db, async (tx) => {
        const t = tx as unknown as AppDb;
        const [inserted] = await t
          .insert(conversations)
          .values({ productId, buyerId: user.id, sellerId: found.seller.id, productTitle: found.product.title, lastMessageAt: new Date(now()) })
          .onConflictDoNothing({ target: [conversations.productId, conversations.buyerId] })
          .returning();
        const row = inserted ?? (await t.select().from(conversations).where(and(eq(conversations.productId, productId), eq(conversations.buyerId, user.id))).limit(1))[0]!;
        return { conversation: row, message: await insertMessage(t, row, user.id, body), created: !!inserted };
      });
      jobs.notify();
      await publishMessage(conversation, message);
      const [view] = await views(user.id, [{ ...conversation, lastMessageAt: message.createdAt }]);
      return { conversation: view!, created, message: toMessageView(message) };
    },

    /** Order of refusals: account, message, conversation (NOT_FOUND), the other side gone, block, limit. */
    async send(caller: Caller, conversationId: string, body: string): Promise<MessageView> {
      const user = requireSignedIn(caller.session?.user);
      assertMayWrite(user);
      body = validBody(body, 'body.body');
      const { row: conversation, blocked } = await lookUp(user.id, conversationId, { blocks: true });
      if (!otherSide(conversation, user.id)) throw new AppError('NOT_AVAILABLE', 'This member has left EcoSouk');
      // A blocked attempt spends the allowance too (retrying against a block is what a spammer
      // does); the block is the answer that explains most, so it wins over a limit reached.
      const limit = await checkLimits(user, 'message').then(
        () => undefined,
        (error: unknown) => ({ error }),
      );
      if (blocked) throw new AppError('BLOCKED', 'You cannot write to this member');
      if (limit) throw limit.error;
      // One statement, atomic on its own: no transaction (BEGIN and COMMIT were two more round trips).
      const message = await insertMessage(db, conversation, user.id, body);
      jobs.notify();
      await publishMessage(conversation, message);
      return toMessageView(message);
    },

    /** The reader's inbox, most recent first. */
    async list(actor: User | null, page: number): Promise<{ rows: ConversationView[]; total: number }> {
      const user = requireSignedIn(actor);
      const mine = and(
        or(eq(conversations.buyerId, user.id), eq(conversations.sellerId, user.id)),
        sql`not ${bannedUser(sql`case when ${conversations.buyerId} = ${user.id} then ${conversations.sellerId} else ${conversations.buyerId} end`)}`,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(conversations)
          .where(mine)
          .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
          .limit(CONVERSATIONS_PAGE_SIZE)
          .offset((page - 1) * CONVERSATIONS_PAGE_SIZE),
        db.select({ n: count() }).from(conversations).where(mine),
      ]);
      return { rows: await views(user.id, rows), total: total?.n ?? 0 };
    },

    /** One conversation, as the inbox shows it; NOT_FOUND unless the reader takes part. */
    async one(actor: User | null, conversationId: string): Promise<ConversationView> {
      const user = requireSignedIn(actor);
      const row = await participantOf(user.id, conversationId);
      return (await views(user.id, [row]))[0]!;
    },

    /** Up to `limit` messages before the message `before` (or the newest), oldest first. */
    async messagesOf(actor: User | null, conversationId: string, { before, limit }: { before?: string; limit: number }): Promise<MessageView[]> {
      const user = requireSignedIn(actor);
      await participantOf(user.id, conversationId);
      let beforeSeq: number | undefined;
      if (before !== undefined) {
        const [anchor] = isId(before)
          ? await db.select({ seq: messages.seq }).from(messages).where(and(eq(messages.id, before), eq(messages.conversationId, conversationId))).limit(1)
          : [];
        if (!anchor) throw new AppError('VALIDATION_ERROR', 'Invalid request', [{ path: 'querystring.before', code: 'invalidValue', message: 'Not a message of this conversation' }]);
        beforeSeq = anchor.seq;
      }
      const rows = await db
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), beforeSeq === undefined ? undefined : lt(messages.seq, beforeSeq)))
        .orderBy(desc(messages.seq))
        .limit(limit);
      return rows.reverse().map(toMessageView);
    },

    /** Marks the other side's messages read; the reader's other tabs get the new total. */
    async markRead(actor: User | null, conversationId: string): Promise<{ total: number }> {
      const user = requireSignedIn(actor);
      await participantOf(user.id, conversationId);
      const marked = await db
        .update(messages)
        .set({ readAt: new Date(now()) })
        .where(and(eq(messages.conversationId, conversationId), ne(messages.senderId, user.id), isNull(messages.readAt)))
        .returning({ id: messages.id });
      const total = await unreadTotal(user.id);
      if (marked.length > 0) await realtime.publish([user.id], { event: 'unread', data: { total } });
      return { total };
    },

    async block(actor: User | null, targetId: string): Promise<void> {
      const user = requireSignedIn(actor);
      if (!isId(targetId)) throw new AppError('NOT_FOUND', 'User not found');
      if (targetId === user.id) throw new AppError('VALIDATION_ERROR', 'You cannot block yourself', [{ path: 'params.id', code: 'invalidValue', message: 'You cannot block yourself' }]);
      const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, targetId)).limit(1);
      if (!target) throw new AppError('NOT_FOUND', 'User not found');
      await db.insert(blocks).values({ blockerId: user.id, blockedId: targetId }).onConflictDoNothing();
    },

    async unblock(actor: User | null, targetId: string): Promise<void> {
      const user = requireSignedIn(actor);
      if (!isId(targetId)) throw new AppError('NOT_FOUND', 'User not found');
      const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, targetId)).limit(1);
      if (!target) throw new AppError('NOT_FOUND', 'User not found');
      await db.delete(blocks).where(and(eq(blocks.blockerId, user.id), eq(blocks.blockedId, targetId)));
    },

    /** The newest event id of the site: where a page's stream starts if it has seen everything up to now. */
    async cursor(): Promise<number> {
      const [row] = await db.select({ seq: sql<number | null>`max(${messages.seq})` }).from(messages);
      return Number(row?.seq ?? 0);
    },

    /**
     * The `message` events of `userId` after event `afterSeq`, for a stream that resumes; with
     * the messages committed just around it (a row can commit after a higher `seq`), which the
     * reader already has are told apart by their ids.
     */
    async eventsAfter(userId: string, afterSeq: number): Promise<{ seq: number; conversationId: string; message: MessageView }[]> {
      const rows = await db
        .select({ message: messages })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(
          and(
            or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)),
            sql`not ${bannedUser(messages.senderId)}`,
            sql`(${messages.seq} > ${afterSeq} or ${messages.createdAt} >= (select m0.created_at - ${CATCH_UP_OVERLAP} from messages m0 where m0.seq = ${afterSeq}))`,
          ),
        )
        .orderBy(asc(messages.seq))
        .limit(CATCH_UP_MAX);
      return rows.map(({ message }) => ({ seq: message.seq, conversationId: message.conversationId, message: toMessageView(message) }));
    },

    /** Whether `userId` may open a conversation about this listing (the product page's button). */
    async canMessageAbout(userId: string | null, sellerId: string): Promise<boolean> {
      const [seller] = await db.select({ messagesEnabled: users.messagesEnabled }).from(users).where(eq(users.id, sellerId)).limit(1);
      if (!seller?.messagesEnabled) return false;
      if (!userId || userId === sellerId) return userId !== sellerId;
      const block = await blockBetween(userId, sellerId);
      return !block.byA && !block.byB;
    },
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
