// The event stream (GET /api/v1/conversations/stream) over real HTTP: events with ids, the
// unread total, resuming with Last-Event-ID from the database without a duplicate, heartbeats,
// no compression, ended at shutdown; and across two instances: in-process each instance sees
// only its own events (a resume still catches up), with Redis a message sent through A reaches
// a stream held by B.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.ts';
import { messagingRoutes } from '../../server/api/messaging.ts';
import { loadConfig } from '../../server/config.ts';
import { registerAuth } from '../../server/plugins/auth.ts';
import { createServices, type Services } from '../../server/services/index.ts';
import { RATE_LIMITS } from '../../server/services/rate-limit.ts';
import { createLocalDiskStorage } from '../../server/storage/local-disk.ts';
import { API, verifiedUser, type SignedIn } from '../helpers/api-client.ts';
import { messageIds, openStream } from '../helpers/sse.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';
import { distinctPhone, publish } from '../helpers/world.ts';

const REDIS_URL = process.env.REDIS_URL || process.env.TEST_REDIS_URL;
if (!REDIS_URL) console.warn('messaging-stream.test.ts: the Redis part is SKIPPED. Set TEST_REDIS_URL=redis://127.0.0.1:6379 to run it.');

const GENEROUS = Object.fromEntries(Object.keys(RATE_LIMITS).map((k) => [k, { max: 10_000, windowMs: 60_000 }]));

interface Instance {
  app: App;
  services: Services;
  base: string;
  close(): Promise<void>;
}

let ctx: TestContext;
const open: Instance[] = [];
const namespaces: string[] = [];

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Another server over the test database, as a second process would be. */
async function instance(redisUrl?: string, namespace?: string): Promise<Instance> {
  const config = loadConfig({ DATA_DIR: ctx.dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) });
  const services = createServices({ config, database: ctx.database, storage: createLocalDiskStorage(config.uploadsDir), rateLimits: GENEROUS, ...(namespace ? { redisNamespace: namespace } : {}) });
  const app = await buildApp({ services, logger: false, checkResponses: true });
  const base = await listen(app);
  const created = {
    app,
    services,
    base,
    async close() {
      services.realtime.endStreams();
      await app.close();
      await services.close();
    },
  };
  open.push(created);
  return created;
}

let ctxBase = '';
beforeAll(async () => {
  ctx = await createTestContext('messaging_stream', { remotePhotos: true });
  ctxBase = await listen(ctx.app);
});
afterAll(async () => {
  for (const i of open) await i.close();
  if (REDIS_URL && namespaces.length) {
    const probe = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    for (const ns of namespaces) {
      const keys = await probe.keys(`${ns}*`);
      if (keys.length) await probe.del(...keys);
    }
    probe.disconnect();
  }
  ctx.services.realtime.endStreams();
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
});

let n = 0;
async function scene() {
  const seller = await verifiedUser(ctx, { name: `Vendeur ${++n}`, lang: 'ar' });
  const buyer = await verifiedUser(ctx, { name: `Acheteur ${n}`, lang: 'fr' });
  const listing = await publish(ctx, { role: 'seller', id: seller.user.id, email: seller.email, password: seller.password, cookie: seller.cookie, phone: distinctPhone(), contact: distinctPhone() });
  return { seller, buyer, listing };
}

/** Sends through `through` (an app), as the buyer's or seller's browser would. */
async function send(through: App, who: SignedIn, conversationId: string, body: string) {
  const res = await through.inject({ method: 'POST', url: `${API}/conversations/${conversationId}/messages`, headers: { cookie: who.cookie }, payload: { body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string };
}

async function startConversation(through: App, buyer: SignedIn, productId: string) {
  const res = await through.inject({ method: 'POST', url: `${API}/conversations`, headers: { cookie: buyer.cookie }, payload: { productId, message: 'Bonjour, toujours disponible ?' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

describe('the stream on one instance', () => {
  it('refuses a visitor with the JSON 401', async () => {
    const res = await fetch(`${ctxBase}${API}/conversations/stream`);
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('UNAUTHENTICATED');
  });

  it('sends the unread total at once, then each message with an id, uncompressed', async () => {
    const { seller, buyer, listing } = await scene();
    const conversationId = await startConversation(ctx.app, buyer, listing.id);
    const stream = await openStream(`${ctxBase}${API}/conversations/stream`, { cookie: seller.cookie, headers: { 'accept-encoding': 'gzip, br' } });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.headers.get('content-encoding')).toBeNull();
      expect(stream.headers.get('cache-control')).toContain('no-store');
      expect(JSON.parse((await stream.next((e) => e.event === 'unread')).data)).toEqual({ total: 1 });

      const sent = await send(ctx.app, buyer, conversationId, 'Je passe ce soir ?');
      const event = await stream.next((e) => e.event === 'message', 1_000);
      expect(JSON.parse(event.data)).toMatchObject({ conversationId, message: { id: sent.id, body: 'Je passe ce soir ?' } });
      expect(event.id).toMatch(/^\d+$/);
      await stream.next((e) => e.event === 'unread' && JSON.parse(e.data).total === 2);
      // Reading in another tab updates this one's total.
      await ctx.app.inject({ method: 'POST', url: `${API}/conversations/${conversationId}/read`, headers: { cookie: seller.cookie } });
      await stream.next((e) => e.event === 'unread' && JSON.parse(e.data).total === 0);
    } finally {
      stream.close();
    }
  });

  it('a stream resumed with Last-Event-ID gets what it missed from the database, once, and nothing of others', async () => {
    const { seller, buyer, listing } = await scene();
    const conversationId = await startConversation(ctx.app, buyer, listing.id);
    const first = await openStream(`${ctxBase}${API}/conversations/stream`, { cookie: seller.cookie });
    const a = await send(ctx.app, buyer, conversationId, 'un');
    await first.next((e) => e.event === 'message');
    const lastId = first.lastEventId();
    first.close();

    // Meanwhile: two messages for the seller, and another conversation the seller has no part in.
    const b = await send(ctx.app, buyer, conversationId, 'deux');
    const c = await send(ctx.app, buyer, conversationId, 'trois');
    const other = await scene();
    await startConversation(ctx.app, other.buyer, other.listing.id);

    const resumed = await openStream(`${ctxBase}${API}/conversations/stream`, { cookie: seller.cookie, lastEventId: lastId });
    try {
      await resumed.next((e) => e.event === 'unread');
      const ids = messageIds(resumed);
      expect(ids).toContain(b.id);
      expect(ids).toContain(c.id);
      expect(ids.filter((id) => id === b.id)).toHaveLength(1);
      // Only the seller's conversation; earlier ones (`a`…) may come again within the 2 s overlap kept for
      // late commits, never twice.
      const conversationsSeen = resumed.events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data).conversationId);
      expect(new Set(conversationsSeen)).toEqual(new Set([conversationId]));
      expect(ids.filter((id) => id === a.id).length).toBeLessThanOrEqual(1);
      expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(c.id));
      // Event ids never go backwards, so the next resume starts after `trois`.
      const numbers = resumed.events.filter((e) => e.id).map((e) => Number(e.id));
      expect(numbers).toEqual([...numbers].sort((x, y) => x - y));
      const d = await send(ctx.app, seller, conversationId, 'quatre');
      await resumed.next((e) => e.event === 'message' && e.data.includes(d.id));
    } finally {
      resumed.close();
    }
  });

  it('the query parameter lastEventId does what the header does, for a page that starts after its loader', async () => {
    const { seller, buyer, listing } = await scene();
    const conversationId = await startConversation(ctx.app, buyer, listing.id);
    const cursor = await ctx.services.messaging.cursor();
    const missed = await send(ctx.app, buyer, conversationId, 'arrivé avant le stream');
    const stream = await openStream(`${ctxBase}${API}/conversations/stream?lastEventId=${cursor}`, { cookie: seller.cookie });
    try {
      await stream.next((e) => e.event === 'message' && e.data.includes(missed.id));
    } finally {
      stream.close();
    }
  });

  it('heartbeats keep a quiet stream open, and shutdown ends it', async () => {
    const app = await buildApp({ services: ctx.services, logger: false, checkResponses: true });
    await app.register(async (scoped) => {
      registerAuth(scoped, ctx.services);
      await scoped.register(messagingRoutes(ctx.services, { heartbeatMs: 50 }), { prefix: '/fast' });
    });
    const base = await listen(app);
    try {
      const { seller } = await scene();
      const stream = await openStream(`${base}/fast/conversations/stream`, { cookie: seller.cookie });
      await stream.next((e) => e.event === 'unread');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stream.comments).toBeGreaterThanOrEqual(3);
      ctx.services.realtime.endStreams();
      await stream.ended;
    } finally {
      await app.close();
    }
  });
});

describe('two instances', () => {
  it('in process only: B does not hear what A published, but a resume on B catches up from the database', async () => {
    const b = await instance();
    const { seller, buyer, listing } = await scene();
    const conversationId = await startConversation(ctx.app, buyer, listing.id);
    const stream = await openStream(`${b.base}${API}/conversations/stream`, { cookie: seller.cookie });
    try {
      await stream.next((e) => e.event === 'unread');
      const lastId = String(await ctx.services.messaging.cursor());
      const sent = await send(ctx.app, buyer, conversationId, 'via A');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(messageIds(stream)).not.toContain(sent.id);
      const resumed = await openStream(`${b.base}${API}/conversations/stream`, { cookie: seller.cookie, lastEventId: String(Number(lastId) - 0) });
      await resumed.next((e) => e.event === 'message' && e.data.includes(sent.id));
      resumed.close();
    } finally {
      stream.close();
    }
  });

  it.skipIf(!REDIS_URL)('with Redis: a message sent through A reaches the stream on B within a second, once', async () => {
    const namespace = `ecosouk:test:${randomBytes(6).toString('hex')}:`;
    namespaces.push(namespace);
    const a = await instance(REDIS_URL, namespace);
    const b = await instance(REDIS_URL, namespace);
    for (const i of [a, b]) {
      const deadline = Date.now() + 5_000;
      while (!i.services.redis?.isReady()) {
        if (Date.now() > deadline) throw new Error('redis not ready');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    expect(b.services.realtime.carrier).toBe('redis');
    const { seller, buyer, listing } = await scene();
    const conversationId = await startConversation(a.app, buyer, listing.id);
    const onB = await openStream(`${b.base}${API}/conversations/stream`, { cookie: seller.cookie });
    const buyerOnA = await openStream(`${a.base}${API}/conversations/stream`, { cookie: buyer.cookie });
    try {
      await onB.next((e) => e.event === 'unread');
      await buyerOnA.next((e) => e.event === 'unread');
      // Subscribed once the stream answered; give the SUBSCRIBE of B's connection its round trip.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = performance.now();
      const sent = await send(a.app, buyer, conversationId, 'envoyé sur A');
      const event = await onB.next((e) => e.event === 'message' && e.data.includes(sent.id), 1_000);
      expect(event.at - started).toBeLessThan(1_000);
      // The answer goes the other way: sent on B, heard on A by the buyer.
      const answer = await send(b.app, seller, conversationId, 'répondu sur B');
      await buyerOnA.next((e) => e.event === 'message' && e.data.includes(answer.id), 1_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(messageIds(onB).filter((id) => id === sent.id)).toHaveLength(1);
      expect(messageIds(buyerOnA).filter((id) => id === answer.id)).toHaveLength(1);
    } finally {
      onB.close();
      buyerOnA.close();
    }
  });
});
