// Conversations, messages, unread counts, blocks and the event stream (docs/api.md,
// "Conversations and messages"): thin adapters over the messaging service.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONVERSATIONS_PAGE_SIZE } from '../../common/constants.ts';
import { messagesQuerySchema, sendMessageSchema, startConversationSchema } from '../../common/schemas/messaging.ts';
import { errorBody, okBody, paginationSchema } from '../http/envelope.ts';
import { actorOf, requireSignedIn } from '../services/access.ts';
import type { Services } from '../services/index.ts';
import type { StreamEvent } from '../services/realtime.ts';
import { idParams, messageData, publicUserSchema } from './schemas.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody };
const pick = <K extends keyof typeof errors>(...codes: K[]) => Object.fromEntries(codes.map((c) => [c, errors[c]])) as Pick<typeof errors, K>;

export const messageSchema = z
  .object({ id: z.string(), conversationId: z.string(), senderId: z.string(), body: z.string(), createdAt: z.string(), readAt: z.string().nullable() })
  .meta({ id: 'Message' });

export const conversationSchema = z
  .object({
    id: z.string(),
    product: z.object({
      id: z.string().nullable(),
      title: z.string(),
      title_ar: z.string().nullable(),
      title_fr: z.string().nullable(),
      title_en: z.string().nullable(),
      img: z.string().nullable(),
      price: z.number().nullable(),
      state: z.enum(['available', 'unavailable', 'deleted']),
    }),
    otherUser: z.union([publicUserSchema, z.object({ deleted: z.literal(true) })]),
    lastMessage: messageSchema.nullable(),
    unreadCount: z.number().int(),
    updatedAt: z.string(),
    role: z.enum(['buyer', 'seller']),
    linksEnabled: z.boolean(),
    blocked: z.boolean(),
    blockedByMe: z.boolean(),
  })
  .meta({ id: 'Conversation' });

/** A comment line every this often keeps proxies and the server's idle timeout from closing a quiet stream. */
export const DEFAULT_HEARTBEAT_MS = 15_000;

export interface MessagingRouteOptions {
  heartbeatMs?: number;
}

/** One event in the text/event-stream format; `data` is one line of JSON. */
function frame(event: StreamEvent, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

function parseEventId(value: unknown): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text.trim())) return null;
  return Number(text.trim());
}

export function messagingRoutes(services: Services, options: MessagingRouteOptions = {}): FastifyPluginAsyncZod {
  const { messaging, realtime, config } = services;
  // Below the socket's idle timeout (connectionTimeout = REQUEST_TIMEOUT_MS), whatever it is set to.
  const heartbeatMs = options.heartbeatMs ?? Math.min(DEFAULT_HEARTBEAT_MS, Math.floor(config.requestTimeoutMs / 3));
  return async (app) => {
    app.post(
      '/conversations',
      {
        schema: {
          tags: ['messaging'],
          summary: 'Write to the seller of a listing: starts the conversation (201) or adds to the existing one (200)',
          body: startConversationSchema,
          response: { 200: okBody(conversationSchema), 201: okBody(conversationSchema), ...pick(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const { conversation, created } = await messaging.start(request.caller, request.body.productId, request.body.message);
        return reply.status(created ? 201 : 200).send({ success: true, data: conversation });
      },
    );

    app.get(
      '/conversations',
      {
        schema: {
          tags: ['messaging'],
          summary: 'Your conversations, most recent first, 20 a page',
          querystring: z.object({ currentPage: z.coerce.number().int().min(1).max(100_000).default(1) }),
          response: { 200: z.object({ success: z.literal(true), data: z.array(conversationSchema), pagination: paginationSchema }), ...pick(400, 401) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const page = request.query.currentPage;
        const { rows, total } = await messaging.list(actorOf(request.caller), page);
        return {
          success: true as const,
          data: rows,
          pagination: { currentPage: page, totalPages: Math.max(1, Math.ceil(total / CONVERSATIONS_PAGE_SIZE)), totalItems: total, pageSize: CONVERSATIONS_PAGE_SIZE },
        };
      },
    );

    app.get(
      '/conversations/stream',
      {
        schema: {
          tags: ['messaging'],
          summary:
            'Server-sent events: `message` {conversationId, message} and `unread` {total}. Resume with the Last-Event-ID header (or ?lastEventId=): what was missed is read from the database.',
          querystring: z.object({ lastEventId: z.string().max(20).optional() }),
          response: { 401: errorBody },
        },
      },
      async (request, reply) => {
        const user = requireSignedIn(actorOf(request.caller));
        const resumeFrom = parseEventId(request.headers['last-event-id']) ?? parseEventId(request.query.lastEventId);
        // Hijacked: the stream is written by hand, past the compression, caching and body hooks
        // (a compressor would hold events back until its buffer fills).
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'private, no-store',
          connection: 'keep-alive',
          // nginx and similar proxies pass events on at once instead of buffering them.
          'x-accel-buffering': 'no',
          'x-content-type-options': 'nosniff',
          'x-request-id': String(request.id),
        });
        // Sent at once: the browser knows the stream is open, and waits 3 s between reconnects.
        raw.write('retry: 3000\n\n');

        let lastSeq = resumeFrom ?? 0;
        const seen = new Set<string>();
        let closed = false;
        let ready = false;
        const pending: StreamEvent[] = [];

        const send = (event: StreamEvent) => {
          if (closed) return;
          if (event.event === 'message') {
            const id = (event.data as { message: { id: string } }).message.id;
            if (seen.has(id)) return;
            seen.add(id);
            // Never backwards: a row committed late keeps the last id, so a resume misses nothing before it.
            lastSeq = Math.max(lastSeq, Number(event.id ?? 0));
            raw.write(frame(event, String(lastSeq)));
            return;
          }
          raw.write(frame(event));
        };

        const catchUp = async () => {
          for (const e of await messaging.eventsAfter(user.id, lastSeq)) {
            send({ event: 'message', id: String(e.seq), data: { conversationId: e.conversationId, message: e.message } });
          }
          send({ event: 'unread', data: { total: await messaging.unreadTotal(user.id) } });
        };

        // Listening first, then reading the database: an event that arrives meanwhile waits in
        // `pending` and is sent after the catch-up (once, thanks to `seen`).
        const unsubscribe = realtime.subscribe(user.id, (event) => (ready ? send(event) : pending.push(event)));
        const stopGap = realtime.onGap(() => {
          catchUp().catch((err: unknown) => request.log.warn({ err }, 'stream catch-up failed'));
        });
        const heartbeat = setInterval(() => {
          if (!closed) raw.write(': ping\n\n');
        }, heartbeatMs);
        heartbeat.unref();

        const end = () => {
          if (closed) return;
          closed = true;
          clearInterval(heartbeat);
          unsubscribe();
          stopGap();
          untrack();
          raw.end();
        };
        const untrack = realtime.track(end);
        request.raw.on('close', end);
        raw.on('error', end);

        try {
          if (resumeFrom !== null) await catchUp();
          else send({ event: 'unread', data: { total: await messaging.unreadTotal(user.id) } });
          ready = true;
          for (const event of pending.splice(0)) send(event);
        } catch (err) {
          request.log.error({ err }, 'stream start failed');
          end();
        }
      },
    );

    app.get(
      '/conversations/:id/messages',
      {
        schema: {
          tags: ['messaging'],
          summary: 'Messages of a conversation, oldest first: the newest `limit` (≤ 50), or those before the message `before`',
          params: idParams,
          querystring: messagesQuerySchema,
          response: { 200: okBody(z.array(messageSchema)), ...pick(400, 401, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const list = await messaging.messagesOf(actorOf(request.caller), request.params.id, request.query);
        return { success: true as const, data: list };
      },
    );

    app.post(
      '/conversations/:id/messages',
      {
        schema: {
          tags: ['messaging'],
          summary: 'Send a message (1–2000 characters)',
          params: idParams,
          body: sendMessageSchema,
          response: { 201: okBody(messageSchema), ...pick(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const message = await messaging.send(request.caller, request.params.id, request.body.body);
        return reply.status(201).send({ success: true, data: message });
      },
    );

    app.post(
      '/conversations/:id/read',
      {
        schema: {
          tags: ['messaging'],
          summary: "Mark the other side's messages read; answers your new unread total",
          params: idParams,
          response: { 200: okBody(z.object({ total: z.number().int() })), ...pick(401, 404) },
        },
      },
      async (request) => ({ success: true as const, data: await messaging.markRead(actorOf(request.caller), request.params.id) }),
    );

    app.get(
      '/users/me/unread',
      { schema: { tags: ['messaging'], summary: 'Your unread messages, all conversations together', response: { 200: okBody(z.object({ total: z.number().int() })), ...pick(401) } } },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const user = requireSignedIn(actorOf(request.caller));
        return { success: true as const, data: { total: await messaging.unreadTotal(user.id) } };
      },
    );

    app.post(
      '/users/:id/block',
      { schema: { tags: ['messaging'], summary: 'Block a member: no new messages either way (idempotent)', params: idParams, response: { 200: okBody(messageData), ...pick(400, 401, 404) } } },
      async (request) => {
        await messaging.block(actorOf(request.caller), request.params.id);
        return { success: true as const, data: { message: 'Member blocked' } };
      },
    );

    app.delete(
      '/users/:id/block',
      { schema: { tags: ['messaging'], summary: 'Lift a block (idempotent)', params: idParams, response: { 200: okBody(messageData), ...pick(401, 404) } } },
      async (request) => {
        await messaging.unblock(actorOf(request.caller), request.params.id);
        return { success: true as const, data: { message: 'Member unblocked' } };
      },
    );
  };
}
