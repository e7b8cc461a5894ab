// Conversations through the real API: who may write to whom about what, unread counts,
// blocks, limits (stricter for new accounts), banned and deleted members, the e-mail about a
// message left unread for 10 minutes, and refusals that change nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conversations, messages, products, users } from '../../db/schema.ts';
import { UNREAD_EMAIL_DELAY_MS } from '../../common/constants.ts';
import { API, clearOutbox, sentMails, verifiedUser, signedInUser, type SignedIn } from '../helpers/api-client.ts';
import { manualClock } from '../helpers/clock.ts';
import { RATE_LIMITS } from '../../server/services/rate-limit.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';
import { distinctPhone, publish, snapshot, type Person } from '../helpers/world.ts';

const clock = manualClock();
let ctx: TestContext;
const GENEROUS = Object.fromEntries(Object.keys(RATE_LIMITS).map((k) => [k, { max: 10_000, windowMs: 60_000 }]));

beforeAll(async () => {
  ctx = await createTestContext('messaging', {
    remotePhotos: true,
    now: clock.now,
    rateLimits: { ...GENEROUS, conversationStartNew: { max: 2, windowMs: 3_600_000 }, conversationStart: { max: 3, windowMs: 3_600_000 }, messageSendNew: { max: 6, windowMs: 3_600_000 } },
  });
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
  await clearOutbox(ctx);
});

let n = 0;
async function member(role: string, lang: 'ar' | 'fr' | 'en' = 'fr'): Promise<Person & { signed: SignedIn }> {
  const signed = await verifiedUser(ctx, { name: `${role} ${++n}`, lang });
  return { role, id: signed.user.id, email: signed.email, password: signed.password, cookie: signed.cookie, phone: distinctPhone(), contact: distinctPhone(), signed };
}

const call = (method: string, url: string, cookie?: string, payload?: unknown) =>
  ctx.app.inject({ method: method as 'GET', url: `${API}${url}`, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

async function scene() {
  const seller = await member('seller', 'ar');
  const buyer = await member('buyer', 'fr');
  const listing = await publish(ctx, seller, { title: 'Vélo de ville en bambou' });
  return { seller, buyer, listing };
}

async function start(buyer: Person, productId: string, message = 'Bonjour, le vélo est-il toujours disponible ?') {
  return call('POST', '/conversations', buyer.cookie, { productId, message });
}

describe('conversations', () => {
  it('one conversation per listing and buyer: 201 the first time, 200 after with the message added', async () => {
    const { seller, buyer, listing } = await scene();
    const first = await start(buyer, listing.id);
    expect(first.statusCode, first.body).toBe(201);
    const conversation = first.json().data;
    expect(conversation).toMatchObject({ product: { id: listing.id, state: 'available' }, otherUser: { id: seller.id }, role: 'buyer', unreadCount: 0, linksEnabled: false });
    expect(conversation.product.img).toMatch(/\/uploads\//);
    expect(conversation.otherUser).not.toHaveProperty('email');

    const again = await start(buyer, listing.id, 'Je peux passer demain.');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(conversation.id);
    expect(await ctx.database.db.select().from(conversations)).toHaveLength(1);

    const list = await call('GET', `/conversations/${conversation.id}/messages`, seller.cookie);
    expect(list.json().data.map((m: { body: string }) => m.body)).toEqual(['Bonjour, le vélo est-il toujours disponible ?', 'Je peux passer demain.']);

    // The seller's inbox: the buyer, the last message, two unread.
    const inbox = (await call('GET', '/conversations', seller.cookie)).json();
    expect(inbox.pagination).toMatchObject({ totalItems: 1, currentPage: 1 });
    expect(inbox.data[0]).toMatchObject({ id: conversation.id, role: 'seller', otherUser: { id: buyer.id }, unreadCount: 2, lastMessage: { body: 'Je peux passer demain.' } });
    expect((await call('GET', '/users/me/unread', seller.cookie)).json().data).toEqual({ total: 2 });
    expect((await call('GET', '/users/me/unread', buyer.cookie)).json().data).toEqual({ total: 0 });

    // The seller answers: both have written, links become clickable; reading clears the count.
    const answer = await call('POST', `/conversations/${conversation.id}/messages`, seller.cookie, { body: '  Oui, toujours.  ' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().data).toMatchObject({ body: 'Oui, toujours.', senderId: seller.id, readAt: null });
    const read = await call('POST', `/conversations/${conversation.id}/read`, seller.cookie);
    expect(read.json().data).toEqual({ total: 0 });
    const seen = (await call('GET', '/conversations', buyer.cookie)).json().data[0];
    expect(seen).toMatchObject({ unreadCount: 1, linksEnabled: true, lastMessage: { body: 'Oui, toujours.' } });
    const rows = await ctx.database.db.select().from(messages).where(eq(messages.senderId, buyer.id));
    expect(rows.every((r) => r.readAt !== null)).toBe(true);
  });

  it('pages older messages with `before`, oldest first, at most 50', async () => {
    const { seller, buyer, listing } = await scene();
    const id = (await start(buyer, listing.id, 'message 1')).json().data.id;
    for (let i = 2; i <= 5; i++) expect((await call('POST', `/conversations/${id}/messages`, i % 2 ? buyer.cookie : seller.cookie, { body: `message ${i}` })).statusCode).toBe(201);
    const newest = (await call('GET', `/conversations/${id}/messages?limit=2`, buyer.cookie)).json().data;
    expect(newest.map((m: { body: string }) => m.body)).toEqual(['message 4', 'message 5']);
    const older = (await call('GET', `/conversations/${id}/messages?limit=2&before=${newest[0].id}`, buyer.cookie)).json().data;
    expect(older.map((m: { body: string }) => m.body)).toEqual(['message 2', 'message 3']);
    expect((await call('GET', `/conversations/${id}/messages?limit=51`, buyer.cookie)).statusCode).toBe(400);
    expect((await call('GET', `/conversations/${id}/messages?before=nope`, buyer.cookie)).statusCode).toBe(400);
  });
});

describe('refusals change nothing', () => {
  it('own listing, unavailable listing, empty or oversized message, unverified, messages off, not yours', async () => {
    const { seller, buyer, listing } = await scene();
    const stranger = await member('stranger');
    const conversation = (await start(buyer, listing.id)).json().data;
    const inactive = await publish(ctx, seller, { title: 'Lampe en bambou' });
    await call('PATCH', `/products/status/${inactive.id}`, seller.cookie);
    const sold = await publish(ctx, seller, { title: 'Chaise en rotin' });
    await ctx.database.db.update(products).set({ soldAt: new Date(clock.now()) }).where(eq(products.id, sold.id));
    const unverified = await signedInUser(ctx);
    const before = await snapshot(ctx);

    const cases: [string, Promise<{ statusCode: number; json(): { code: string } }>, number, string][] = [
      ['own listing', start(seller, listing.id), 400, 'OWN_LISTING'],
      ['inactive listing', start(buyer, inactive.id), 404, 'NOT_AVAILABLE'],
      ['sold listing', start(buyer, sold.id), 404, 'NOT_AVAILABLE'],
      ['unknown listing', start(buyer, '00000000-0000-4000-8000-000000000000'), 404, 'NOT_AVAILABLE'],
      ['empty', start(buyer, listing.id, '   '), 400, 'VALIDATION_ERROR'],
      ['oversized', start(buyer, listing.id, 'x'.repeat(2001)), 400, 'VALIDATION_ERROR'],
      ['empty reply', call('POST', `/conversations/${conversation.id}/messages`, seller.cookie, { body: '' }), 400, 'VALIDATION_ERROR'],
      ['unverified', start({ ...buyer, cookie: unverified.cookie }, listing.id), 403, 'EMAIL_NOT_VERIFIED'],
      ['visitor', call('POST', '/conversations', undefined, { productId: listing.id, message: 'Bonjour' }), 401, 'UNAUTHENTICATED'],
      ['not yours: read', call('GET', `/conversations/${conversation.id}/messages`, stranger.cookie), 404, 'NOT_FOUND'],
      ['not yours: write', call('POST', `/conversations/${conversation.id}/messages`, stranger.cookie, { body: 'Coucou' }), 404, 'NOT_FOUND'],
      ['not yours: mark read', call('POST', `/conversations/${conversation.id}/read`, stranger.cookie), 404, 'NOT_FOUND'],
      ['no such conversation', call('GET', '/conversations/not-an-id/messages', stranger.cookie), 404, 'NOT_FOUND'],
    ];
    for (const [what, pending, status, code] of cases) {
      const res = await pending;
      expect(res.statusCode, what).toBe(status);
      expect(res.json().code, what).toBe(code);
    }
    expect(await snapshot(ctx)).toEqual(before);

    await ctx.database.db.update(users).set({ messagesEnabled: false }).where(eq(users.id, seller.id));
    const off = await start(stranger, listing.id);
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe('MESSAGES_DISABLED');
    // The product page's button reads it from the seller's public profile.
    expect((await call('GET', `/products/${listing.id}`)).json().data.seller.messagesEnabled).toBe(false);
  });

  it('a suspended account reads but does not write', async () => {
    const { seller, buyer, listing } = await scene();
    const id = (await start(buyer, listing.id)).json().data.id;
    await ctx.services.users.setStatus(buyer.id, { status: 'suspended', days: 3, reason: 'Spam' });
    for (const res of [await start(buyer, listing.id), await call('POST', `/conversations/${id}/messages`, buyer.cookie, { body: 'Encore moi' })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ACCOUNT_SUSPENDED');
    }
    expect((await call('GET', `/conversations/${id}/messages`, buyer.cookie)).statusCode).toBe(200);
    expect((await call('POST', `/conversations/${id}/messages`, seller.cookie, { body: 'Bien reçu' })).statusCode).toBe(201);
  });
});

describe('blocking', () => {
  it('no new messages either way, until lifted; blocking is idempotent', async () => {
    const { seller, buyer, listing } = await scene();
    const id = (await start(buyer, listing.id)).json().data.id;
    expect((await call('POST', `/users/${buyer.id}/block`, seller.cookie)).statusCode).toBe(200);
    expect((await call('POST', `/users/${buyer.id}/block`, seller.cookie)).statusCode).toBe(200);
    for (const res of [
      await call('POST', `/conversations/${id}/messages`, buyer.cookie, { body: 'Allô ?' }),
      await call('POST', `/conversations/${id}/messages`, seller.cookie, { body: 'Non.' }),
      await start(buyer, listing.id),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('BLOCKED');
    }
    const seen = (await call('GET', '/conversations', seller.cookie)).json().data[0];
    expect(seen).toMatchObject({ blocked: true, blockedByMe: true });
    expect((await call('GET', '/conversations', buyer.cookie)).json().data[0]).toMatchObject({ blocked: true, blockedByMe: false });

    expect((await call('DELETE', `/users/${buyer.id}/block`, seller.cookie)).statusCode).toBe(200);
    expect((await call('POST', `/conversations/${id}/messages`, buyer.cookie, { body: 'Allô ?' })).statusCode).toBe(201);
    expect((await call('POST', '/users/00000000-0000-4000-8000-000000000000/block', seller.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/users/${seller.id}/block`, seller.cookie)).statusCode).toBe(400);
    expect((await call('POST', `/users/${seller.id}/block`)).statusCode).toBe(401);
  });
});

describe('reporting a conversation', () => {
  it('feeds the moderation queue when one of its members reports it; to anyone else it does not exist', async () => {
    const { seller, buyer, listing } = await scene();
    const stranger = await member('stranger');
    const id = (await start(buyer, listing.id)).json().data.id;
    const report = await call('POST', '/reports', seller.cookie, { targetType: 'conversation', targetId: id, reason: 'scam', comment: 'Demande un paiement à l’avance.' });
    expect(report.statusCode, report.body).toBe(201);
    expect(report.json().data).toMatchObject({ targetType: 'conversation', targetId: id, status: 'open' });
    const outside = await call('POST', '/reports', stranger.cookie, { targetType: 'conversation', targetId: id, reason: 'scam' });
    expect(outside.statusCode).toBe(404);
  });

  it('the moderators see what was written: the listing, both members and the last 30 messages, oldest first, and no address or phone', async () => {
    const { seller, buyer, listing } = await scene();
    const moderator = await member('moderator');
    await ctx.services.users.setRole(moderator.email, 'moderator');
    // Accounts older than a week, so that 33 messages stay under the limits of new accounts.
    for (const p of [buyer, seller]) await ctx.database.db.update(users).set({ createdAt: new Date(clock.now() - 8 * 24 * 3_600_000) }).where(eq(users.id, p.id));
    const id = (await start(buyer, listing.id, 'message 1')).json().data.id;
    for (let i = 2; i <= 33; i++) {
      const sent = await call('POST', `/conversations/${id}/messages`, i % 2 ? buyer.cookie : seller.cookie, { body: `message ${i}` });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    expect((await call('POST', '/reports', buyer.cookie, { targetType: 'conversation', targetId: id, reason: 'offensive' })).statusCode).toBe(201);

    const queue = await call('GET', '/admin/reports', moderator.cookie);
    expect(queue.statusCode, queue.body).toBe(200);
    const group = queue.json().data.find((g: { target: { id: string } }) => g.target.id === id);
    expect(group.target).toMatchObject({
      type: 'conversation',
      exists: true,
      product: null,
      user: null,
      conversation: { productId: listing.id, productTitle: 'Vélo de ville en bambou', buyer: { id: buyer.id }, seller: { id: seller.id } },
    });
    const shown = group.target.conversation.messages as { body: string; senderId: string }[];
    expect(shown.map((m) => m.body)).toEqual(Array.from({ length: 30 }, (_, i) => `message ${i + 4}`));
    expect(shown.at(-1)).toMatchObject({ senderId: buyer.id });
    expect(shown.at(-2)).toMatchObject({ senderId: seller.id });
    // Nothing that reaches a member outside the site.
    for (const secret of [buyer.email, seller.email, buyer.phone, seller.phone, buyer.contact, seller.contact]) expect(queue.body).not.toContain(secret);

    // Members and strangers do not see the queue at all.
    expect((await call('GET', '/admin/reports', seller.cookie)).statusCode).toBe(404);
  });
});

describe('rate limits', () => {
  it('new conversations are limited per account, more strictly for accounts younger than 7 days', async () => {
    const seller = await member('seller');
    const listings = await Promise.all([1, 2, 3, 4, 5].map((i) => publish(ctx, seller, { title: `Chaise numéro ${i}` })));
    const young = await member('young');
    expect((await start(young, listings[0]!.id)).statusCode).toBe(201);
    expect((await start(young, listings[1]!.id)).statusCode).toBe(201);
    const refused = await start(young, listings[2]!.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();

    const old = await member('old');
    await ctx.database.db.update(users).set({ createdAt: new Date(clock.now() - 8 * 24 * 3_600_000) }).where(eq(users.id, old.id));
    for (const l of listings.slice(0, 3)) expect((await start(old, l.id)).statusCode).toBe(201);
    expect((await start(old, listings[3]!.id)).statusCode).toBe(429);
  });

  it('messages too', async () => {
    const { buyer, listing } = await scene();
    const id = (await start(buyer, listing.id)).json().data.id;
    for (let i = 0; i < 5; i++) expect((await call('POST', `/conversations/${id}/messages`, buyer.cookie, { body: `relance ${i}` })).statusCode).toBe(201);
    expect((await call('POST', `/conversations/${id}/messages`, buyer.cookie, { body: 'encore' })).statusCode).toBe(429);
  });

  it('a block wins over the limit, and a blocked attempt counts towards it', async () => {
    const { seller, buyer, listing } = await scene();
    const id = (await start(buyer, listing.id)).json().data.id;
    await call('POST', `/users/${buyer.id}/block`, seller.cookie);
    // The start and 5 blocked attempts use the 6 messages of the hour; the 7th is over the limit, and still BLOCKED.
    for (let i = 0; i < 6; i++) {
      const res = await call('POST', `/conversations/${id}/messages`, buyer.cookie, { body: `relance ${i}` });
      expect(res.json().code, `attempt ${i}`).toBe('BLOCKED');
    }
    await call('DELETE', `/users/${buyer.id}/block`, seller.cookie);
    const refused = await call('POST', `/conversations/${id}/messages`, buyer.cookie, { body: 'encore' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    // Over the limit, a conversation of others still does not exist for them; the limit is the buyer's alone.
    const theirs = (await start(await member('other buyer'), listing.id)).json().data.id;
    const stranger = await call('POST', `/conversations/${theirs}/messages`, buyer.cookie, { body: 'Coucou' });
    expect(stranger.json().code).toBe('NOT_FOUND');
    expect((await call('POST', `/conversations/${id}/messages`, seller.cookie, { body: 'Bonjour' })).statusCode).toBe(201);
  });
});

describe('banned and deleted members', () => {
  it("a banned member's conversations and messages leave the other side's inbox and counts", async () => {
    const { seller, buyer, listing } = await scene();
    const id = (await start(buyer, listing.id)).json().data.id;
    expect((await call('GET', '/users/me/unread', seller.cookie)).json().data.total).toBe(1);
    await ctx.services.users.setStatus(buyer.id, { status: 'banned', reason: 'Arnaque' });
    expect((await call('GET', '/conversations', seller.cookie)).json().data).toEqual([]);
    expect((await call('GET', '/users/me/unread', seller.cookie)).json().data.total).toBe(0);
    expect((await call('GET', `/conversations/${id}/messages`, seller.cookie)).statusCode).toBe(404);
    const refused = await call('POST', `/conversations/${id}/messages`, seller.cookie, { body: 'Allô ?' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('NOT_FOUND');
  });

  it('a deleted account takes its messages; the other side sees a deleted member and cannot write', async () => {
    const { seller, buyer, listing } = await scene();
    const id = (await start(buyer, listing.id)).json().data.id;
    await call('POST', `/conversations/${id}/messages`, seller.cookie, { body: 'Oui, disponible.' });
    expect((await call('DELETE', `/users/${buyer.id}`, buyer.cookie)).statusCode).toBe(200);
    const [view] = (await call('GET', '/conversations', seller.cookie)).json().data;
    expect(view).toMatchObject({ id, otherUser: { deleted: true }, blocked: true });
    const left = (await call('GET', `/conversations/${id}/messages`, seller.cookie)).json().data;
    expect(left.map((m: { body: string }) => m.body)).toEqual(['Oui, disponible.']);
    const refused = await call('POST', `/conversations/${id}/messages`, seller.cookie, { body: 'Allô ?' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('NOT_AVAILABLE');
  });
});

describe('the e-mail about an unread message', () => {
  const mailsFor = async (email: string) => (await sentMails(ctx)).filter((m) => m.to === email && m.links.some((l) => l.includes('/messages/')));

  it('one e-mail per conversation and burst, 10 minutes after, in the recipient language, with the link', async () => {
    const { seller, buyer, listing } = await scene();
    const id = (await start(buyer, listing.id)).json().data.id;
    clock.advance(60_000);
    await call('POST', `/conversations/${id}/messages`, buyer.cookie, { body: 'Vous êtes là ?' });
    await call('POST', `/conversations/${id}/messages`, buyer.cookie, { body: 'Je suis intéressé.' });
    expect(await mailsFor(seller.email)).toHaveLength(0);
    clock.advance(UNREAD_EMAIL_DELAY_MS);
    const mails = await mailsFor(seller.email);
    expect(mails).toHaveLength(1);
    // Arabic, the seller's language; the link leads to the conversation; nothing private of the buyer.
    expect(mails[0]!.subject).toContain('رسالة جديدة');
    expect(mails[0]!.links).toContain(`http://localhost:3000/ar/messages/${id}`);
    expect(mails[0]!.text).not.toContain(buyer.email);
    expect(mails[0]!.text).not.toContain('Je suis intéressé');

    // Read, then a new message: a new burst, a second e-mail.
    await call('POST', `/conversations/${id}/read`, seller.cookie);
    await call('POST', `/conversations/${id}/messages`, buyer.cookie, { body: 'Dernière question.' });
    clock.advance(UNREAD_EMAIL_DELAY_MS + 1000);
    expect(await mailsFor(seller.email)).toHaveLength(2);
    expect(await mailsFor(buyer.email)).toHaveLength(0);
  });

  it('nothing when read within 10 minutes, nor for a member who opted out', async () => {
    const { seller, buyer, listing } = await scene();
    const id = (await start(buyer, listing.id)).json().data.id;
    clock.advance(5 * 60_000);
    await call('POST', `/conversations/${id}/read`, seller.cookie);
    clock.advance(UNREAD_EMAIL_DELAY_MS);
    expect(await mailsFor(seller.email)).toHaveLength(0);

    const optOut = await call('PUT', `/users/${buyer.id}`, buyer.cookie, { messageEmails: false });
    expect(optOut.json().data).toMatchObject({ messageEmails: false, messagesEnabled: true });
    await call('POST', `/conversations/${id}/messages`, seller.cookie, { body: 'Oui, disponible.' });
    clock.advance(UNREAD_EMAIL_DELAY_MS + 1000);
    expect(await mailsFor(buyer.email)).toHaveLength(0);
  });
});
