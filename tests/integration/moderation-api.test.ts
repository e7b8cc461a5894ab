// Reports and the moderation console through the API, on the real database: a member reports,
// a moderator acts, the seller is e-mailed in their language, every action is in the audit log
// (which refuses to be rewritten), and bad input or a moderator overreaching changes nothing.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, jobs, products, reports, sessions, users } from '../../db/schema.ts';
import { RATE_LIMITS } from '../../server/services/rate-limit.ts';
import { API, clearOutbox, sentMails, verifiedUser, type SignedIn } from '../helpers/api-client.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';
import { distinctPhone, listingBody, type Person, snapshot } from '../helpers/world.ts';

let ctx: TestContext;
const REPORTS_PER_HOUR = 4;
beforeAll(async () => {
  const generous = Object.fromEntries(Object.keys(RATE_LIMITS).map((k) => [k, { max: 10_000, windowMs: 60_000 }]));
  ctx = await createTestContext('moderation_api', { remotePhotos: true, rateLimits: { ...generous, report: { max: REPORTS_PER_HOUR, windowMs: 60 * 60_000 } } });
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
  await clearOutbox(ctx);
});

function asPerson(signed: SignedIn, role: string): Person {
  return { role, id: signed.user.id, email: signed.email, password: signed.password, cookie: signed.cookie, phone: distinctPhone(), contact: distinctPhone() };
}

async function member(role: string, lang: 'ar' | 'fr' | 'en' = 'ar'): Promise<Person> {
  return asPerson(await verifiedUser(ctx, { name: `${role} person`, lang }), role);
}

async function staff(role: 'moderator' | 'admin'): Promise<Person> {
  const p = await member(role);
  await ctx.services.users.setRole(p.email, role);
  return p;
}

async function publish(seller: Person, title = 'Vélo de ville en bambou'): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: `${API}/products`, headers: { cookie: seller.cookie }, payload: listingBody(seller, { title }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const call = (method: string, url: string, who: Person | null, payload?: object) =>
  ctx.app.inject({ method: method as 'GET', url: `${API}${url}`, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

async function productRow(id: string) {
  const [row] = await ctx.database.db.select().from(products).where(eq(products.id, id));
  return row!;
}

async function userRow(id: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('POST /reports', () => {
  it('files a report once per member and target; a second one is 409 ALREADY_REPORTED', async () => {
    const seller = await member('seller');
    const reporter = await member('reporter');
    const listing = await publish(seller);
    const first = await call('POST', '/reports', reporter, { targetType: 'product', targetId: listing, reason: 'scam', comment: 'Demande un virement avant de montrer l’objet.' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ targetType: 'product', targetId: listing, reason: 'scam', status: 'open' });
    const again = await call('POST', '/reports', reporter, { targetType: 'product', targetId: listing, reason: 'other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REPORTED');
    // An account can be reported too.
    const onUser = await call('POST', '/reports', reporter, { targetType: 'user', targetId: seller.id, reason: 'offensive' });
    expect(onUser.statusCode, onUser.body).toBe(201);
    expect(await ctx.database.db.select().from(reports)).toHaveLength(2);
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const seller = await member('seller');
    const reporter = await member('reporter');
    const listing = await publish(seller);
    const cases: { body: object; who: Person | null; status: number; code: string; path?: string }[] = [
      { body: { targetType: 'product', targetId: listing, reason: 'ugly' }, who: reporter, status: 400, code: 'VALIDATION_ERROR', path: 'body.reason' },
      { body: { targetType: 'product', targetId: listing, reason: 'scam', comment: 'x'.repeat(1001) }, who: reporter, status: 400, code: 'VALIDATION_ERROR', path: 'body.comment' },
      { body: { targetType: 'planet', targetId: listing, reason: 'scam' }, who: reporter, status: 400, code: 'VALIDATION_ERROR', path: 'body.targetType' },
      { body: { targetType: 'product', targetId: '00000000-0000-4000-8000-000000000000', reason: 'scam' }, who: reporter, status: 404, code: 'NOT_FOUND' },
      { body: { targetType: 'user', targetId: 'not-an-id', reason: 'scam' }, who: reporter, status: 404, code: 'NOT_FOUND' },
      { body: { targetType: 'product', targetId: listing, reason: 'scam' }, who: seller, status: 400, code: 'VALIDATION_ERROR' },
      { body: { targetType: 'product', targetId: listing, reason: 'scam' }, who: null, status: 401, code: 'UNAUTHENTICATED' },
      // Not a conversation the reporter is part of (here not a conversation at all): it does not exist for them.
      { body: { targetType: 'conversation', targetId: listing, reason: 'scam' }, who: reporter, status: 404, code: 'NOT_FOUND' },
    ];
    for (const c of cases) {
      const before = await snapshot(ctx);
      const res = await call('POST', '/reports', c.who, c.body);
      expect(res.statusCode, `${JSON.stringify(c.body).slice(0, 80)}: ${res.body}`).toBe(c.status);
      expect(res.json().code).toBe(c.code);
      if (c.path) expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(c.path);
      expect(await snapshot(ctx)).toEqual(before);
    }
  });

  it('is refused to a suspended member (403 ACCOUNT_SUSPENDED) and rate-limited per member', async () => {
    const seller = await member('seller');
    const reporter = await member('reporter');
    const listings = await Promise.all(Array.from({ length: REPORTS_PER_HOUR + 1 }, (_, i) => publish(seller, `Lampe de bureau numéro ${i + 1}`)));
    await ctx.services.users.setStatus(reporter.id, { status: 'suspended', reason: 'Spam', days: 3 });
    const suspended = await call('POST', '/reports', reporter, { targetType: 'product', targetId: listings[0], reason: 'scam' });
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().code).toBe('ACCOUNT_SUSPENDED');
    await ctx.services.users.setStatus(reporter.id, { status: 'active' });
    const answers = [];
    for (const id of listings) answers.push((await call('POST', '/reports', reporter, { targetType: 'product', targetId: id, reason: 'duplicate' })).statusCode);
    expect(answers).toEqual([...Array(REPORTS_PER_HOUR).fill(201), 429]);
  });
});

describe('the console', () => {
  it('answers 404 to visitors and members, whatever they send', async () => {
    const someone = await member('someone');
    for (const who of [null, someone]) {
      for (const [method, url, body] of [
        ['GET', '/admin/reports'],
        ['GET', '/admin/stats?days=1000'],
        ['PATCH', `/admin/users/${someone.id}`, { status: 'nonsense' }],
      ] as const) {
        const res = await call(method, url, who, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
    }
  });

  it('groups reports by target, most reported first; hiding tells the seller in their language and the audit log keeps it', async () => {
    const seller = await member('seller', 'fr');
    const otherSeller = await member('other');
    const [a, b, c] = [await member('a'), await member('b'), await member('c')];
    const moderator = await staff('moderator');
    const once = await publish(otherSeller, 'Table en palette recyclée');
    const twice = await publish(seller);
    await clearOutbox(ctx);
    await call('POST', '/reports', a, { targetType: 'product', targetId: once, reason: 'duplicate' });
    await call('POST', '/reports', a, { targetType: 'product', targetId: twice, reason: 'scam', comment: 'Prix trop beau' });
    await call('POST', '/reports', b, { targetType: 'product', targetId: twice, reason: 'prohibited' });
    await call('POST', '/reports', c, { targetType: 'user', targetId: seller.id, reason: 'offensive' });

    const queue = await call('GET', '/admin/reports', moderator);
    expect(queue.statusCode, queue.body).toBe(200);
    const groups = queue.json().data;
    expect(groups.map((g: { target: { id: string }; count: number }) => [g.target.id, g.count])).toEqual([
      [twice, 2],
      [once, 1],
      [seller.id, 1],
    ]);
    expect(groups[0].reports.map((r: { reason: string }) => r.reason)).toEqual(['scam', 'prohibited']);
    expect(groups[0].target.product.photos.length).toBeGreaterThan(0);
    expect(groups[0].target.user).toMatchObject({ id: seller.id, listings: 1, previousActions: [] });
    expect(queue.json().pagination.totalItems).toBe(3);
    expect((await call('GET', '/admin/reports?targetType=user', moderator)).json().data).toHaveLength(1);

    const reportId = groups[0].reports[0].id;
    const hidden = await call('POST', `/admin/reports/${reportId}/resolve`, moderator, { action: 'hide', reason: 'Annonce trompeuse : photos d’un autre vélo' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await productRow(twice)).toMatchObject({ moderation: 'hidden', moderationReason: 'Annonce trompeuse : photos d’un autre vélo' });
    const closed = await ctx.database.db.select().from(reports).where(eq(reports.targetId, twice));
    expect(closed.map((r) => [r.status, r.resolution, r.resolvedBy])).toEqual([
      ['resolved', 'hide', moderator.id],
      ['resolved', 'hide', moderator.id],
    ]);
    // Nobody but the seller sees it any more.
    expect((await call('GET', `/products/${twice}`, a)).statusCode).toBe(404);
    expect((await call('GET', `/products/${twice}`, seller)).statusCode).toBe(200);

    const mails = (await sentMails(ctx)).filter((m) => m.to === seller.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Votre annonce a été masquée — EcoSouk');
    expect(mails[0]!.text).toContain('Annonce trompeuse : photos d’un autre vélo');
    expect(mails[0]!.text).toContain('Vélo de ville en bambou');

    const log = (await call('GET', `/admin/audit?targetId=${twice}`, moderator)).json().data;
    expect(log).toMatchObject([{ action: 'product.hide', actor: { id: moderator.id, role: 'moderator' }, targetType: 'product', targetId: twice, reason: 'Annonce trompeuse : photos d’un autre vélo' }]);
    // The seller's history now shows it.
    const after = (await call('GET', '/admin/reports?targetType=user', moderator)).json().data;
    expect(after[0].target.user.previousActions).toMatchObject([{ action: 'product.hide' }]);

    // Dismissing keeps the listing and closes its reports.
    const dismissed = await call('POST', `/admin/reports/${groups[1].reports[0].id}/resolve`, moderator, { action: 'dismiss', reason: 'Pas un doublon' });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(await productRow(once)).toMatchObject({ moderation: 'approved' });
    expect((await call('GET', '/admin/reports', moderator)).json().data.map((g: { target: { id: string } }) => g.target.id)).toEqual([seller.id]);
    // A closed report cannot be acted on again.
    expect((await call('POST', `/admin/reports/${reportId}/resolve`, moderator, { action: 'remove', reason: 'Encore' })).statusCode).toBe(400);
  });

  it('PATCH /admin/products approves, hides and removes; bad input and missing listings change nothing', async () => {
    const seller = await member('seller', 'en');
    const moderator = await staff('moderator');
    const listing = await publish(seller);
    await clearOutbox(ctx);
    for (const [body, status] of [
      [{ moderation: 'hidden' }, 400],
      [{ moderation: 'hidden', reason: 'x' }, 400],
      [{ moderation: 'pending', reason: 'Review it' }, 400],
      [{ moderation: 'gone', reason: 'Review it' }, 400],
    ] as const) {
      const before = await snapshot(ctx);
      expect((await call('PATCH', `/admin/products/${listing}`, moderator, body)).statusCode).toBe(status);
      expect(await snapshot(ctx)).toEqual(before);
    }
    const before = await snapshot(ctx);
    const missing = await call('PATCH', '/admin/products/00000000-0000-4000-8000-000000000000', moderator, { moderation: 'removed', reason: 'Fake listing' });
    expect(missing.statusCode).toBe(404);
    expect(await snapshot(ctx)).toEqual(before);

    const removed = await call('PATCH', `/admin/products/${listing}`, moderator, { moderation: 'removed', reason: 'Counterfeit goods' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await productRow(listing)).toMatchObject({ moderation: 'removed' });
    const mail = (await sentMails(ctx)).find((m) => m.to === seller.email);
    expect(mail?.subject).toBe('Your listing has been removed — EcoSouk');
    const approved = await call('PATCH', `/admin/products/${listing}`, moderator, { moderation: 'approved', reason: 'Checked the invoice' });
    expect(approved.statusCode).toBe(200);
    expect(await productRow(listing)).toMatchObject({ moderation: 'approved', moderationReason: null });
    const actions = await ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, listing));
    expect(actions.map((e) => e.action).sort()).toEqual(['product.approve', 'product.remove']);
  });

  it('PATCH /admin/users: a moderator warns, suspends and restores members, never staff nor roles', async () => {
    const target = await member('target', 'ar');
    const moderator = await staff('moderator');
    const otherModerator = await staff('moderator');
    const admin = await staff('admin');
    const refused: [Person, object, number, string][] = [
      [moderator, { status: 'banned', reason: 'Abus répétés' }, 403, admin.id],
      [moderator, { status: 'suspended', reason: 'Abus répétés', days: 3 }, 403, otherModerator.id],
      [moderator, { warn: true, role: 'moderator', reason: 'Promotion' }, 403, target.id],
      [moderator, { status: 'suspended', reason: 'Spam', days: 0 }, 400, target.id],
      [moderator, { status: 'active', reason: 'Spam', days: 3 }, 400, target.id],
      [moderator, { reason: 'Nothing to do' }, 400, target.id],
      [moderator, { status: 'banned', reason: 'Spam' }, 404, '00000000-0000-4000-8000-000000000000'],
      [moderator, { status: 'banned', reason: 'Spam' }, 403, moderator.id],
    ];
    for (const [who, body, status, id] of refused) {
      const before = await snapshot(ctx);
      const res = await call('PATCH', `/admin/users/${id}`, who, body);
      expect(res.statusCode, `${JSON.stringify(body)} on ${id}: ${res.body}`).toBe(status);
      expect(await snapshot(ctx)).toEqual(before);
    }

    await clearOutbox(ctx);
    expect((await call('PATCH', `/admin/users/${target.id}`, moderator, { warn: true, reason: 'Langage insultant dans une annonce' })).statusCode).toBe(200);
    expect(await userRow(target.id)).toMatchObject({ status: 'active' });
    const suspended = await call('PATCH', `/admin/users/${target.id}`, moderator, { status: 'suspended', days: 7, reason: 'Annonces en double' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const row = await userRow(target.id);
    expect(row.status).toBe('suspended');
    expect(row.suspendedUntil!.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    const mails = (await sentMails(ctx)).filter((m) => m.to === target.email);
    expect(mails.map((m) => m.subject)).toEqual(['تحذير بخصوص حسابك — إيكو سوق', 'تم تعليق حسابك — إيكو سوق']);
    expect(mails[1]!.text).toContain('Annonces en double');
    expect((await call('PATCH', `/admin/users/${target.id}`, moderator, { status: 'active', reason: 'Appel accepté' })).statusCode).toBe(200);
    expect(await userRow(target.id)).toMatchObject({ status: 'active', suspendedUntil: null });

    // An admin bans (sessions gone), acts on a moderator and sets roles.
    const banned = await call('PATCH', `/admin/users/${target.id}`, admin, { status: 'banned', reason: 'Escroquerie avérée' });
    expect(banned.statusCode).toBe(200);
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, target.id))).toHaveLength(0);
    const demoted = await call('PATCH', `/admin/users/${otherModerator.id}`, admin, { role: 'member', reason: 'Plus modérateur' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(await userRow(otherModerator.id)).toMatchObject({ role: 'member' });

    const log = (await call('GET', `/admin/audit?targetId=${target.id}`, admin)).json().data;
    expect(log.map((e: { action: string }) => e.action)).toEqual(['user.ban', 'user.restore', 'user.suspend', 'user.warn']);
    const byAdmin = (await call('GET', `/admin/audit?actorId=${admin.id}`, moderator)).json().data;
    expect(byAdmin.map((e: { action: string }) => e.action)).toEqual(['user.role', 'user.ban']);
    // The roles given by the command line are in the log too, with no actor.
    const cli = (await call('GET', `/admin/audit?targetId=${admin.id}`, admin)).json().data;
    expect(cli).toMatchObject([{ action: 'user.role', actor: null, details: { from: 'member', to: 'admin' } }]);
  });

  it('the audit log refuses UPDATE and DELETE', async () => {
    const target = await member('target');
    const moderator = await staff('moderator');
    await call('PATCH', `/admin/users/${target.id}`, moderator, { warn: true, reason: 'Premier avertissement' });
    const { db } = ctx.database;
    await expect(db.update(auditLog).set({ reason: 'rewritten' })).rejects.toThrow();
    await expect(db.delete(auditLog)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect((await db.select().from(auditLog)).map((e) => e.reason)).toContain('Premier avertissement');
  });

  it('GET /admin/stats: one value a day, at most 90 days', async () => {
    const moderator = await staff('moderator');
    const seller = await member('seller');
    const listing = await publish(seller);
    await call('POST', `/products/${listing}/contact`, moderator);
    await call('POST', '/reports', moderator, { targetType: 'product', targetId: listing, reason: 'scam' });
    // The job series: a job queued 3 days ago still waiting (due far ahead, so no runner takes
    // it), one that ended dead 2 days ago, and one done then, which neither series counts.
    const DAY = 86_400_000;
    const ago = (d: number) => new Date(Date.now() - d * DAY);
    const job = (state: 'queued' | 'dead' | 'done', created: Date, finished: Date | null) => ({
      name: 'test.stats',
      payload: {},
      state,
      maxAttempts: 3,
      runAt: new Date(Date.now() + 365 * DAY),
      createdAt: created,
      updatedAt: created,
      finishedAt: finished,
    });
    await ctx.database.db.insert(jobs).values([job('queued', ago(3), null), job('dead', ago(4), ago(2)), job('done', ago(2), ago(2))]);
    expect((await call('GET', '/admin/stats?days=91', moderator)).statusCode).toBe(400);
    const res = await call('GET', '/admin/stats?days=30', moderator);
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json().data;
    expect(stats.days).toHaveLength(30);
    expect(stats.days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    expect(stats.users.at(-1)).toBe(2);
    expect(stats.listings.at(-1)).toBe(1);
    expect(stats.reports.at(-1)).toBe(1);
    expect(stats.reveals.at(-1)).toBe(1);
    expect(stats.openReports).toBe(1);
    expect(stats.jobs).toMatchObject({ waiting: expect.any(Number), failed: 0, dead: 1 });
    expect(stats.jobsWaiting).toHaveLength(30);
    expect(stats.jobsWaiting.at(-4)).toBe(1);
    expect(stats.jobsWaiting.slice(0, -1).reduce((a: number, b: number) => a + b, 0)).toBe(1);
    expect(stats.jobsDead.at(-3)).toBe(1);
    expect(stats.jobsDead.reduce((a: number, b: number) => a + b, 0)).toBe(1);
    expect(stats.listingsByState).toEqual([{ moderation: 'approved', status: 'active', count: 1 }]);
  });
});
