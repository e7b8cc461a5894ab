// The Users table of docs/api.md, call by call, through the real app over a real database.
import { randomUUID } from 'node:crypto';
import { access, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages, emailTokens, jobs, sessions, users } from '../../db/schema.ts';
import { HASH_CONCURRENCY, HASH_QUEUE } from '../../server/services/passwords.ts';
import { RATE_LIMITS } from '../../server/services/rate-limit.ts';
import { MAIL_JOBS } from '../../server/services/users.ts';
import { hashToken } from '../../server/services/tokens.ts';
import {
  API,
  PASSWORD,
  clearOutbox,
  login,
  loginRequest,
  mailsTo,
  multipartBody,
  outboxTokens,
  recordResponses,
  type RecordedResponse,
  sentMails,
  sessionCookieOf,
  sessionSetCookieLine,
  signedInUser,
  signup,
  tokenFor,
  uniqueEmail,
  verifiedUser,
  verifyEmailRequest,
} from '../helpers/api-client.ts';
import { readOutbox } from '../helpers/outbox.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

const PUBLIC_URL = 'http://localhost:3000';
const HTTPS_PUBLIC_URL = 'https://ecosouk.example';
const CONTACT_EMAIL = 'team@ecosouk.example';

const SELF_KEYS = ['address', 'bio', 'createdAt', 'email', 'id', 'image', 'isVerified', 'messageEmails', 'messagesEnabled', 'name', 'phone', 'role', 'status', 'statusReason', 'suspendedUntil', 'updatedAt', 'viber', 'whatsapp'];
const PUBLIC_KEYS = ['address', 'bio', 'createdAt', 'id', 'image', 'isVerified', 'messagesEnabled', 'name'];
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** The main context: generous limits, http PUBLIC_URL. */
let ctx: TestContext;
/** https PUBLIC_URL (Secure cookie) and low limits for log-in and password reset. */
let strict: TestContext;
/** Every response body of the main context, checked by the last test. */
let seen: RecordedResponse[];
/** Every token e-mailed in the main context. */
const mailedTokens = new Set<string>();

beforeAll(async () => {
  const generous = Object.fromEntries(Object.keys(RATE_LIMITS).map((k) => [k, { max: 10_000, windowMs: 60_000 }]));
  [ctx, strict] = await Promise.all([
    createTestContext('users_api', { env: { PUBLIC_URL, CONTACT_EMAIL } }),
    createTestContext('users_api_strict', {
      env: { PUBLIC_URL: HTTPS_PUBLIC_URL },
      rateLimits: {
        ...generous,
        login: { max: 2, windowMs: 60_000 },
        loginFailures: { max: 3, windowMs: 60_000 },
        forgotPassword: { max: 2, windowMs: 60_000 },
      },
    }),
  ]);
  seen = recordResponses(ctx);
});

afterAll(async () => {
  await Promise.all([ctx?.close(), strict?.close()]);
});

beforeEach(async () => {
  await ctx.reset();
  await clearOutbox(ctx);
});

afterEach(async () => {
  for (const token of await outboxTokens(ctx)) mailedTokens.add(token);
});

interface CallOptions {
  cookie?: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, { cookie, payload, headers = {} }: CallOptions = {}, on = ctx) {
  return on.app.inject({
    method,
    url: `${API}${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
}

function expectError(res: LightMyRequestResponse, status: number, code: string, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  const body = res.json();
  expect(body).toMatchObject({ success: false, code });
  expect(typeof body.message).toBe('string');
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

function expectFieldError(res: LightMyRequestResponse, field: string, code: string) {
  const body = expectError(res, 400, 'VALIDATION_ERROR');
  expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: field, code, message: expect.any(String) })]));
  for (const error of body.errors) expect(error.message).not.toBe('');
}

function expectSelfUser(data: Record<string, unknown>) {
  expect(Object.keys(data).sort()).toEqual(SELF_KEYS);
  expect(data.createdAt).toMatch(ISO);
  expect(data.updatedAt).toMatch(ISO);
}

function expectPublicUser(data: Record<string, unknown>) {
  expect(Object.keys(data).sort()).toEqual(PUBLIC_KEYS);
  expect(data.createdAt).toMatch(ISO);
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

function uploadPath(on: TestContext, url: string): string {
  expect(url.startsWith('/uploads/')).toBe(true);
  return path.join(on.config.uploadsDir, url.slice('/uploads/'.length));
}

let png: Buffer;
async function testPng(): Promise<Buffer> {
  png ??= await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7' } }).png().toBuffer();
  return png;
}

async function uploadAvatar(id: string, cookie: string | undefined, body = multipartBody([{ name: 'image', filename: 'me.png', contentType: 'image/png', data: png }])) {
  return ctx.app.inject({
    method: 'POST',
    url: `${API}/users/${id}/profile-image`,
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

async function sessionCount(userId: string, on = ctx): Promise<number> {
  return (await on.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

async function expireToken(token: string) {
  await ctx.database.db
    .update(emailTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(emailTokens.tokenHash, hashToken(token)));
}

// ---------------------------------------------------------------------------

describe('POST /users/signup', () => {
  it('creates the account: 201 with User(self), no secret in the body', async () => {
    const res = await call('POST', '/users/signup', {
      payload: { name: '  Amina Benali ', email: 'Amina.Signup@Example.DZ', password: PASSWORD, lang: 'en' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.success).toBe(true);
    expectSelfUser(body.data);
    expect(body.data).toMatchObject({
      name: 'Amina Benali',
      email: 'amina.signup@example.dz',
      address: null,
      phone: null,
      bio: null,
      image: null,
      isVerified: false,
    });
    for (const secret of ['password', 'Hash', 'token', '$argon2', PASSWORD]) expect(res.body).not.toContain(secret);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, body.data.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.lang).toBe('en');
  });

  const base = { name: 'Amina Benali', password: PASSWORD };
  it.each([
    ['a one-letter name', { name: 'A' }, 'body.name', 'nameMin'],
    ['a blank name', { name: '   ' }, 'body.name', 'nameMin'],
    ['a malformed e-mail', { email: 'not-an-email' }, 'body.email', 'emailInvalid'],
    ['no e-mail', { email: undefined }, 'body.email', 'emailRequired'],
    ['a password without a digit', { password: 'Abcdefgh' }, 'body.password', 'passwordNumber'],
    ['a password without an uppercase letter', { password: 'abcdef12' }, 'body.password', 'passwordUppercase'],
    ['a password that is too short', { password: 'Ab1' }, 'body.password', 'passwordMin'],
    ['a password that is too common', { password: 'Password1' }, 'body.password', 'passwordCommon'],
    ['a password over 128 characters', { password: `A1${'a'.repeat(127)}` }, 'body.password', 'passwordMax'],
    ['no password', { password: undefined }, 'body.password', 'passwordRequired'],
  ])('refuses %s with 400 and the field error', async (_label, override, field, code) => {
    const payload = { ...base, email: uniqueEmail('invalid'), ...override };
    const res = await call('POST', '/users/signup', { payload });
    expectFieldError(res, field, code);
    expect(await ctx.database.db.select().from(users)).toHaveLength(0);
  });

  it('refuses an unknown language with 400', async () => {
    const res = await call('POST', '/users/signup', { payload: { ...base, email: uniqueEmail(), lang: 'de' } });
    const body = expectError(res, 400, 'VALIDATION_ERROR');
    expect(body.errors.map((e: { path: string }) => e.path)).toContain('body.lang');
  });

  it('answers 409 USER_EXISTS for the same e-mail in another case', async () => {
    await signup(ctx, { email: 'taken@example.dz' });
    const res = await call('POST', '/users/signup', { payload: { ...base, email: 'TAKEN@Example.dz' } });
    expectError(res, 409, 'USER_EXISTS');
    expect(await ctx.database.db.select().from(users)).toHaveLength(1);
  });

  it('e-mails a French verification link built from PUBLIC_URL when lang is fr', async () => {
    const { email } = await signup(ctx, { lang: 'fr' });
    const mails = await mailsTo(ctx, email, 'verify-email');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Confirmez votre adresse e-mail — EcoSouk');
    expect(mails[0]!.links[0]).toMatch(new RegExp(`^${PUBLIC_URL}/fr/verify-email\\?token=[\\w-]{20,}$`));
    expect(mails[0]!.html).toContain('lang="fr"');
  });

  it('defaults the e-mail to Arabic', async () => {
    const { email } = await signup(ctx);
    const [mail] = await mailsTo(ctx, email, 'verify-email');
    expect(mail!.links[0]).toMatch(new RegExp(`^${PUBLIC_URL}/ar/verify-email\\?token=`));
    expect(mail!.subject).toContain('إيكو سوق');
  });

  it('builds the link from an https PUBLIC_URL', async () => {
    const { email } = await signup(strict, { lang: 'en' });
    const [mail] = await mailsTo(strict, email, 'verify-email');
    expect(mail!.subject).toBe('Confirm your email address — EcoSouk');
    expect(mail!.links[0]).toMatch(new RegExp(`^${HTTPS_PUBLIC_URL}/en/verify-email\\?token=`));
  });
});

describe('POST /users/login', () => {
  it('answers 200 with User(self) and an HttpOnly, SameSite=Lax session cookie on /', async () => {
    const { user, email, password } = await signup(ctx);
    const res = await loginRequest(ctx, email.toUpperCase(), password);
    expect(res.statusCode, res.body).toBe(200);
    expectSelfUser(res.json().data);
    expect(res.json().data.id).toBe(user.id);
    const line = sessionSetCookieLine(res)!;
    expect(line).toMatch(/^session=[\w-]{20,};/);
    expect(line).toMatch(/;\s*HttpOnly(;|$)/i);
    expect(line).toMatch(/;\s*SameSite=Lax(;|$)/i);
    expect(line).toMatch(/;\s*Path=\/(;|$)/i);
    expect(line).toMatch(/;\s*Expires=/i);
    expect(line).not.toMatch(/;\s*Secure/i);
    expect(res.body).not.toContain(sessionCookieOf(res)!.slice('session='.length));
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const { email, password } = await signup(strict);
    const res = await loginRequest(strict, email, password);
    expect(res.statusCode, res.body).toBe(200);
    const line = sessionSetCookieLine(res)!;
    expect(line).toMatch(/;\s*Secure(;|$)/i);
    expect(line).toMatch(/;\s*HttpOnly(;|$)/i);
    expect(line).toMatch(/;\s*SameSite=Lax(;|$)/i);
  });

  it('gives a new session id at every log-in, each one working', async () => {
    const { user, email, password } = await signup(ctx);
    const first = await login(ctx, email, password);
    const second = await login(ctx, email, password);
    expect(first).not.toBe(second);
    for (const cookie of [first, second]) {
      const me = await call('GET', '/users/me', { cookie });
      expect(me.statusCode).toBe(200);
      expect(me.json().data.id).toBe(user.id);
    }
    expect(await sessionCount(user.id)).toBe(2);
  });

  it('answers 401 with the same body for an unknown e-mail and a wrong password', async () => {
    const { email } = await signup(ctx);
    const unknown = await loginRequest(ctx, 'nobody@example.dz', PASSWORD);
    const wrong = await loginRequest(ctx, email, 'Wrong-Password9');
    for (const res of [unknown, wrong]) {
      expectError(res, 401, 'INVALID_CREDENTIALS', 'Incorrect email or password');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(unknown.body).toBe(wrong.body);
  });

  it('accepts an old password that would fail the new-password rules', async () => {
    const { email } = await signup(ctx);
    // Not a rule of log-in: only the hash decides.
    const res = await loginRequest(ctx, email, 'short');
    expectError(res, 401, 'INVALID_CREDENTIALS');
  });

  it('answers 400 for a missing password or a bad e-mail', async () => {
    const missing = await call('POST', '/users/login', { payload: { email: 'someone@example.dz' } });
    expectFieldError(missing, 'body.password', 'passwordRequired');
    const empty = await call('POST', '/users/login', { payload: { email: 'someone@example.dz', password: '' } });
    expectFieldError(empty, 'body.password', 'passwordRequired');
    const badEmail = await call('POST', '/users/login', { payload: { email: 'nope', password: PASSWORD } });
    expectFieldError(badEmail, 'body.email', 'emailInvalid');
    const noBody = await call('POST', '/users/login');
    expectError(noBody, 400, 'VALIDATION_ERROR');
  });

  it('answers 429 RATE_LIMITED with Retry-After over the limit', async () => {
    const { email, password } = await signup(strict);
    expectError(await loginRequest(strict, email, 'Wrong-Password1'), 401, 'INVALID_CREDENTIALS');
    expectError(await loginRequest(strict, email, 'Wrong-Password2'), 401, 'INVALID_CREDENTIALS');
    const limited = await loginRequest(strict, email, password);
    expectError(limited, 429, 'RATE_LIMITED');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers['set-cookie']).toBeUndefined();
  });
});

describe('password spraying', () => {
  const from = (c: TestContext, remoteAddress: string, email: string, password: string) =>
    c.app.inject({ method: 'POST', url: `${API}/users/login`, payload: { email, password }, remoteAddress });

  it('refuses every log-in from an address after its failures reach the limit, whatever the e-mails', async () => {
    const { email, password } = await signup(strict);
    for (let i = 0; i < 3; i++) expectError(await from(strict, '203.0.113.7', uniqueEmail('spray'), PASSWORD), 401, 'INVALID_CREDENTIALS');
    const limited = await from(strict, '203.0.113.7', uniqueEmail('spray'), PASSWORD);
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password is refused from there, and no session is created...
    const right = await from(strict, '203.0.113.7', email, password);
    expectError(right, 429, 'RATE_LIMITED');
    expect(right.headers['set-cookie']).toBeUndefined();
    // ...while the same person from another address logs in.
    expect((await from(strict, '203.0.113.8', email, password)).statusCode).toBe(200);
  });

  it('counts failures only: successful log-ins from a shared address never lock it', async () => {
    const { email, password } = await signup(strict);
    const shared = '203.0.113.9';
    for (let i = 0; i < 2; i++) expectError(await from(strict, shared, uniqueEmail('typo'), PASSWORD), 401, 'INVALID_CREDENTIALS');
    // Successes past the failure limit: people behind one NAT signing in.
    for (let i = 0; i < 2; i++) expect((await from(strict, shared, email, password)).statusCode).toBe(200);
  });

  it('answers 429 at once when more log-ins wait for a password hash than the queue holds', async () => {
    const flood = HASH_CONCURRENCY + HASH_QUEUE + 40;
    const answers = await Promise.all(
      Array.from({ length: flood }, (_, i) => from(ctx, `198.51.100.${i % 250}`, uniqueEmail('flood'), PASSWORD)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.every((s) => s === 401 || s === 429), statuses.join(',')).toBe(true);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(HASH_CONCURRENCY + 1);
    const limited = answers.find((res) => res.statusCode === 429)!;
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('GET /users/me and POST /users/logout', () => {
  it('answers 200 User(self) with the cookie, never cached', async () => {
    const { user, cookie, email } = await signedInUser(ctx);
    const res = await call('GET', '/users/me', { cookie });
    expect(res.statusCode).toBe(200);
    expectSelfUser(res.json().data);
    expect(res.json().data).toMatchObject({ id: user.id, email });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 without a cookie or with an unknown one', async () => {
    expectError(await call('GET', '/users/me'), 401, 'UNAUTHENTICATED');
    expectError(await call('GET', '/users/me', { cookie: 'session=not-a-session' }), 401, 'UNAUTHENTICATED');
    expectError(await call('GET', '/users/me', { cookie: `session=${'x'.repeat(500)}` }), 401, 'UNAUTHENTICATED');
  });

  it('logout deletes the session server-side: the old cookie no longer works', async () => {
    const { user, cookie, email, password } = await signedInUser(ctx);
    const other = await login(ctx, email, password);
    const res = await call('POST', '/users/logout', { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { message: 'Logged out' } });
    const cleared = sessionSetCookieLine(res)!;
    expect(cleared).toMatch(/^session=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
    expectError(await call('GET', '/users/me', { cookie }), 401, 'UNAUTHENTICATED');
    // Only that session is gone.
    expect(await sessionCount(user.id)).toBe(1);
    expect((await call('GET', '/users/me', { cookie: other })).statusCode).toBe(200);
  });

  it('logout without a session is a harmless 200', async () => {
    expect((await call('POST', '/users/logout')).statusCode).toBe(200);
  });
});

describe('GET /users', () => {
  it('lists public fields only, with the pagination object', async () => {
    const a = await signedInUser(ctx, { name: 'User A' });
    await call('PUT', `/users/${a.user.id}`, { cookie: a.cookie, payload: { phone: '0661 11 22 33', address: 'alger' } });
    const b = await signup(ctx, { name: 'User B' });
    const c = await signup(ctx, { name: 'User C' });
    const res = await call('GET', '/users');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.pagination).toEqual({ currentPage: 1, totalPages: 1, totalItems: 3, pageSize: 20 });
    expect(body.data).toHaveLength(3);
    for (const item of body.data) expectPublicUser(item);
    expect(body.data.map((u: { id: string }) => u.id).sort()).toEqual([a.user.id, b.user.id, c.user.id].sort());
    // The phone's nine national digits, in any of the forms it could leak in; a short prefix such as
    // "0661" would also match inside a random UUID now and then.
    for (const secret of [a.email, b.email, c.email, '661112233', '0661 11 22 33']) expect(res.body).not.toContain(secret);
  });

  it('answers an empty page past the end', async () => {
    await signup(ctx);
    const res = await call('GET', '/users?currentPage=2');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
    expect(res.json().pagination).toEqual({ currentPage: 2, totalPages: 1, totalItems: 1, pageSize: 20 });
  });

  it('pages by 20', async () => {
    await Promise.all(Array.from({ length: 21 }, (_, i) => signup(ctx, { name: `Seller ${i}` })));
    const first = (await call('GET', '/users')).json();
    const second = (await call('GET', '/users?currentPage=2')).json();
    expect(first.data).toHaveLength(20);
    expect(second.data).toHaveLength(1);
    expect(second.pagination).toEqual({ currentPage: 2, totalPages: 2, totalItems: 21, pageSize: 20 });
    const ids = new Set([...first.data, ...second.data].map((u: { id: string }) => u.id));
    expect(ids.size).toBe(21);
  });

  it.each(['0', 'abc', '-1', '1.5'])('answers 400 for currentPage=%s', async (page) => {
    const res = await call('GET', `/users?currentPage=${page}`);
    const body = expectError(res, 400, 'VALIDATION_ERROR');
    expect(body.errors[0].path).toBe('querystring.currentPage');
  });
});

describe('GET /users/{id}', () => {
  it('answers 200 User(public)', async () => {
    const { user, cookie, email } = await signedInUser(ctx);
    await call('PUT', `/users/${user.id}`, { cookie, payload: { phone: '0770 98 76 54', bio: 'Vendeur de vélos.' } });
    const res = await call('GET', `/users/${user.id}`);
    expect(res.statusCode).toBe(200);
    expectPublicUser(res.json().data);
    expect(res.json().data).toMatchObject({ id: user.id, name: user.name, bio: 'Vendeur de vélos.' });
    for (const secret of [email, '770987654', '0770 98 76 54']) expect(res.body).not.toContain(secret);
  });

  it.each([
    ['an unknown uuid', randomUUID()],
    ['a non-uuid id', 'abc'],
    ['an encoded path escape', '%2E%2E%2Fetc'],
    ['an encoded path escape with a slash', '..%2Fetc%2Fpasswd'],
    ['a SQL-looking id', "1'%20OR%20'1'%3D'1"],
    ['a long id', 'f'.repeat(99)],
  ])('answers 404 for %s', async (_label, id) => {
    expectError(await call('GET', `/users/${id}`), 404, 'NOT_FOUND');
  });

  it('answers a JSON 404 for a raw ../etc path', async () => {
    expectError(await call('GET', '/users/../etc'), 404, 'NOT_FOUND');
  });

  it('never answers 500 for an id too long for the router or the schema', async () => {
    for (const id of ['f'.repeat(150), 'f'.repeat(300)]) {
      const res = await call('GET', `/users/${id}`);
      expect([400, 404]).toContain(res.statusCode);
      expect(res.json().success).toBe(false);
    }
  });
});

describe('PUT /users/{id}', () => {
  const profile = { name: 'Amina B.', address: 'oran', phone: '0550 12 34 56', bio: 'Je vends des objets recyclés.' };

  it('updates your own profile: 200 User(self), phone stored in international form', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const res = await call('PUT', `/users/${user.id}`, { cookie, payload: profile });
    expect(res.statusCode, res.body).toBe(200);
    expectSelfUser(res.json().data);
    expect(res.json().data).toMatchObject({ ...profile, phone: '+213550123456' });
    expect(res.json().data.updatedAt >= (user.updatedAt as string)).toBe(true);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'Amina B.', address: 'oran', phone: '+213550123456', bio: profile.bio });
    const me = await call('GET', '/users/me', { cookie });
    expect(me.json().data).toMatchObject({ ...profile, phone: '+213550123456' });
  });

  it('ignores empty strings instead of erasing', async () => {
    const { user, cookie } = await signedInUser(ctx);
    await call('PUT', `/users/${user.id}`, { cookie, payload: profile });
    const res = await call('PUT', `/users/${user.id}`, { cookie, payload: { name: '', address: '', phone: '  ', bio: '' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ ...profile, phone: '+213550123456' });
    const partial = await call('PUT', `/users/${user.id}`, { cookie, payload: { bio: 'Une autre description.', name: '' } });
    expect(partial.json().data).toMatchObject({ name: 'Amina B.', bio: 'Une autre description.', address: 'oran' });
  });

  it.each([
    ['an unknown wilaya', { address: 'narnia' }, 'body.address', 'addressInvalid'],
    ['a bad phone', { phone: '12345' }, 'body.phone', 'phoneInvalid'],
    ['a foreign phone', { phone: '+33 6 12 34 56 78' }, 'body.phone', 'phoneInvalid'],
    ['a short bio', { bio: 'short' }, 'body.bio', 'bioMin'],
    ['a one-letter name', { name: 'A' }, 'body.name', 'nameMin'],
  ])('answers 400 for %s', async (_label, payload, field, code) => {
    const { user, cookie } = await signedInUser(ctx);
    expectFieldError(await call('PUT', `/users/${user.id}`, { cookie, payload }), field, code);
  });

  it('answers 400 for a wrong type', async () => {
    const { user, cookie } = await signedInUser(ctx);
    expectError(await call('PUT', `/users/${user.id}`, { cookie, payload: { name: 42 } }), 400, 'VALIDATION_ERROR');
  });

  it('answers 401 without a session', async () => {
    const { user } = await signup(ctx);
    expectError(await call('PUT', `/users/${user.id}`, { payload: { name: 'Hacker' } }), 401, 'UNAUTHENTICATED');
  });

  it("answers 403 for another user's profile and changes nothing", async () => {
    const me = await signedInUser(ctx);
    const other = await signup(ctx, { name: 'Karim Other' });
    const res = await call('PUT', `/users/${other.user.id}`, { cookie: me.cookie, payload: { name: 'Hacked' } });
    expectError(res, 403, 'FORBIDDEN', 'You are not authorized to update this user');
    expect((await call('GET', `/users/${other.user.id}`)).json().data.name).toBe('Karim Other');
  });

  it('answers 404 for an unknown id', async () => {
    const { cookie } = await signedInUser(ctx);
    expectError(await call('PUT', `/users/${randomUUID()}`, { cookie, payload: { name: 'Nobody' } }), 404, 'NOT_FOUND');
    expectError(await call('PUT', '/users/abc', { cookie, payload: { name: 'Nobody' } }), 404, 'NOT_FOUND');
  });
});

describe('DELETE /users/{id}', () => {
  it('answers 401 without a session', async () => {
    const { user } = await signup(ctx);
    expectError(await call('DELETE', `/users/${user.id}`), 401, 'UNAUTHENTICATED');
  });

  it('answers 403 for another user, who keeps their account', async () => {
    const me = await signedInUser(ctx);
    const other = await signup(ctx);
    expectError(await call('DELETE', `/users/${other.user.id}`, { cookie: me.cookie }), 403, 'FORBIDDEN');
    expect((await call('GET', `/users/${other.user.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id', async () => {
    const { cookie } = await signedInUser(ctx);
    expectError(await call('DELETE', `/users/${randomUUID()}`, { cookie }), 404, 'NOT_FOUND');
    expectError(await call('DELETE', '/users/abc', { cookie }), 404, 'NOT_FOUND');
  });

  it('deletes your account: session, log-in and avatar file are gone', async () => {
    await testPng();
    const { user, cookie, email, password } = await signedInUser(ctx);
    const other = await signedInUser(ctx);
    const upload = await uploadAvatar(user.id, cookie);
    expect(upload.statusCode, upload.body).toBe(200);
    const avatar = uploadPath(ctx, upload.json().data.image);
    expect(await exists(avatar)).toBe(true);

    const res = await call('DELETE', `/users/${user.id}`, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { message: 'User deleted successfully' } });
    expect(sessionSetCookieLine(res)).toMatch(/^session=;/);

    expectError(await call('GET', '/users/me', { cookie }), 401, 'UNAUTHENTICATED');
    expectError(await loginRequest(ctx, email, password), 401, 'INVALID_CREDENTIALS');
    expectError(await call('GET', `/users/${user.id}`), 404, 'NOT_FOUND');
    expect(await exists(avatar)).toBe(false);
    expect(await sessionCount(user.id)).toBe(0);
    expect(await ctx.database.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id))).toHaveLength(0);
    // Others are untouched.
    expect((await call('GET', '/users/me', { cookie: other.cookie })).statusCode).toBe(200);
    // The address is free again.
    expect((await signup(ctx, { email })).user.id).not.toBe(user.id);
  });
});

describe('POST /users/forgetPassword', () => {
  it('answers the same 200 for known and unknown addresses; only the known one gets a link', async () => {
    const { email } = await signup(ctx);
    await clearOutbox(ctx);
    const known = await call('POST', '/users/forgetPassword', { payload: { email: email.toUpperCase(), lang: 'fr' } });
    const unknown = await call('POST', '/users/forgetPassword', { payload: { email: 'ghost@example.dz', lang: 'fr' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json().success).toBe(true);

    // Nothing was sent, nor any token made, inside either request: both only queued the same job
    // (the answer time told whether an account exists while the known one sent its e-mail).
    expect(await readOutbox(ctx.config.outboxDir)).toHaveLength(0);
    expect(await ctx.database.db.select().from(emailTokens).where(eq(emailTokens.purpose, 'reset_password'))).toHaveLength(0);
    const queued = await ctx.database.db.select().from(jobs).where(eq(jobs.name, MAIL_JOBS.passwordReset)).orderBy(jobs.createdAt);
    expect(queued.map((j) => [j.state, j.payload])).toEqual([
      ['queued', { email, lang: 'fr' }],
      ['queued', { email: 'ghost@example.dz', lang: 'fr' }],
    ]);

    const mails = await sentMails(ctx);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(email);
    expect(mails[0]!.subject).toBe('Réinitialisez votre mot de passe — EcoSouk');
    expect(mails[0]!.links[0]).toMatch(new RegExp(`^${PUBLIC_URL}/fr/reset-password\\?token=[\\w-]{20,}$`));
    const [token] = await ctx.database.db.select().from(emailTokens).where(eq(emailTokens.purpose, 'reset_password'));
    // Valid one hour.
    const ttl = token!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000);
  });

  it('defaults the link to Arabic', async () => {
    const { email } = await signup(ctx);
    await call('POST', '/users/forgetPassword', { payload: { email } });
    const [mail] = await mailsTo(ctx, email, 'reset-password');
    expect(mail!.links[0]).toMatch(new RegExp(`^${PUBLIC_URL}/ar/reset-password\\?token=`));
  });

  it('answers 400 for a bad e-mail', async () => {
    expectFieldError(await call('POST', '/users/forgetPassword', { payload: { email: 'nope' } }), 'body.email', 'emailInvalid');
    expectFieldError(await call('POST', '/users/forgetPassword', { payload: {} }), 'body.email', 'emailRequired');
  });

  it('answers 429 with Retry-After over the limit', async () => {
    const ask = () => call('POST', '/users/forgetPassword', { payload: { email: 'someone@example.dz' } }, strict);
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    const limited = await ask();
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /users/resetPassword', () => {
  const NEW_PASSWORD = 'Fresh-Start77';

  async function resetLinkFor(email: string): Promise<string> {
    const res = await call('POST', '/users/forgetPassword', { payload: { email, lang: 'en' } });
    expect(res.statusCode).toBe(200);
    return tokenFor(ctx, email, 'reset-password');
  }

  it('sets the new password and revokes every session of the user', async () => {
    const { user, email, password } = await signup(ctx);
    const bystander = await signedInUser(ctx);
    const first = await login(ctx, email, password);
    const second = await login(ctx, email, password);
    const token = await resetLinkFor(email);

    const res = await call('POST', '/users/resetPassword', { payload: { token, password: NEW_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);

    expectError(await call('GET', '/users/me', { cookie: first }), 401, 'UNAUTHENTICATED');
    expectError(await call('GET', '/users/me', { cookie: second }), 401, 'UNAUTHENTICATED');
    expect(await sessionCount(user.id)).toBe(0);
    expectError(await loginRequest(ctx, email, password), 401, 'INVALID_CREDENTIALS');
    const fresh = await login(ctx, email, NEW_PASSWORD);
    expect((await call('GET', '/users/me', { cookie: fresh })).json().data.id).toBe(user.id);
    // Another user's session is not touched.
    expect((await call('GET', '/users/me', { cookie: bystander.cookie })).statusCode).toBe(200);
  });

  it('is single use, and kills the other outstanding links', async () => {
    const { email } = await signup(ctx);
    const older = await resetLinkFor(email);
    const token = await resetLinkFor(email);
    expect(older).not.toBe(token);
    expect((await call('POST', '/users/resetPassword', { payload: { token, password: NEW_PASSWORD } })).statusCode).toBe(200);
    const again = await call('POST', '/users/resetPassword', { payload: { token, password: 'Another-One88' } });
    expectError(again, 404, 'RESET_TOKEN_INVALID');
    const old = await call('POST', '/users/resetPassword', { payload: { token: older, password: 'Another-One88' } });
    expectError(old, 404, 'RESET_TOKEN_INVALID');
    await login(ctx, email, NEW_PASSWORD);
  });

  it('answers 404 RESET_TOKEN_INVALID for an unknown token', async () => {
    const res = await call('POST', '/users/resetPassword', { payload: { token: 'not-a-real-token', password: NEW_PASSWORD } });
    expectError(res, 404, 'RESET_TOKEN_INVALID');
  });

  it('does not take a verification token as a reset token', async () => {
    const { email } = await signup(ctx);
    const token = await tokenFor(ctx, email, 'verify-email');
    expectError(await call('POST', '/users/resetPassword', { payload: { token, password: NEW_PASSWORD } }), 404, 'RESET_TOKEN_INVALID');
  });

  it('answers 401 RESET_TOKEN_EXPIRED for an expired token, and keeps the old password', async () => {
    const { email, password } = await signup(ctx);
    const token = await resetLinkFor(email);
    await expireToken(token);
    const res = await call('POST', '/users/resetPassword', { payload: { token, password: NEW_PASSWORD } });
    expectError(res, 401, 'RESET_TOKEN_EXPIRED');
    await login(ctx, email, password);
    expectError(await loginRequest(ctx, email, NEW_PASSWORD), 401, 'INVALID_CREDENTIALS');
  });

  it.each([
    ['an empty token', { token: '', password: 'Fresh-Start77' }, 'body.token', 'tokenMissing'],
    ['a blank token', { token: '   ', password: 'Fresh-Start77' }, 'body.token', 'tokenMissing'],
    ['no token', { password: 'Fresh-Start77' }, 'body.token', 'tokenMissing'],
    ['a weak password', { token: 'whatever', password: 'weakpass' }, 'body.password', 'passwordNumber'],
    ['a common password', { token: 'whatever', password: 'Password1' }, 'body.password', 'passwordCommon'],
  ])('answers 400 for %s', async (_label, payload, field, code) => {
    expectFieldError(await call('POST', '/users/resetPassword', { payload }), field, code);
  });

  it('does not spend the token on a weak password', async () => {
    const { email } = await signup(ctx);
    const token = await resetLinkFor(email);
    expectFieldError(await call('POST', '/users/resetPassword', { payload: { token, password: 'abc' } }), 'body.password', 'passwordMin');
    expect((await call('POST', '/users/resetPassword', { payload: { token, password: NEW_PASSWORD } })).statusCode).toBe(200);
  });
});

describe('POST /users/sendVerificationEmail', () => {
  it('answers 401 without a session', async () => {
    expectError(await call('POST', '/users/sendVerificationEmail', { payload: { lang: 'en' } }), 401, 'UNAUTHENTICATED');
  });

  it('e-mails a new working link to an unverified user', async () => {
    const { email, cookie } = await signedInUser(ctx);
    await clearOutbox(ctx);
    const res = await call('POST', '/users/sendVerificationEmail', { cookie, payload: { lang: 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
    const mails = await sentMails(ctx);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(email);
    expect(mails[0]!.subject).toBe('Confirm your email address — EcoSouk');
    expect(mails[0]!.links[0]).toMatch(new RegExp(`^${PUBLIC_URL}/en/verify-email\\?token=`));
    const verified = await verifyEmailRequest(ctx, await tokenFor(ctx, email, 'verify-email'));
    expect(verified.json().data.isVerified).toBe(true);
  });

  it('works without a body (Arabic link)', async () => {
    const { email, cookie } = await signedInUser(ctx);
    await clearOutbox(ctx);
    const res = await call('POST', '/users/sendVerificationEmail', { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mailsTo(ctx, email, 'verify-email');
    expect(mail!.links[0]).toMatch(/\/ar\/verify-email\?token=/);
  });

  it('answers 400 ALREADY_VERIFIED once verified', async () => {
    const { cookie } = await verifiedUser(ctx);
    await clearOutbox(ctx);
    expectError(await call('POST', '/users/sendVerificationEmail', { cookie, payload: { lang: 'fr' } }), 400, 'ALREADY_VERIFIED');
    expect(await sentMails(ctx)).toHaveLength(0);
  });
});

describe('POST /users/verify-email', () => {
  it('answers 400 TOKEN_REQUIRED without a token', async () => {
    expectError(await verifyEmailRequest(ctx), 400, 'TOKEN_REQUIRED');
    expectError(await verifyEmailRequest(ctx, ''), 400, 'TOKEN_REQUIRED');
    expectError(await verifyEmailRequest(ctx, '   '), 400, 'TOKEN_REQUIRED');
  });

  it('answers 400 VERIFICATION_TOKEN_INVALID for a bad token', async () => {
    expectError(await verifyEmailRequest(ctx, 'bogus-token'), 400, 'VERIFICATION_TOKEN_INVALID');
  });

  it('verifies: 200 User(self) with isVerified, then the token is used up', async () => {
    const { user, email, password } = await signup(ctx);
    const token = await tokenFor(ctx, email, 'verify-email');
    const res = await verifyEmailRequest(ctx, token);
    expect(res.statusCode, res.body).toBe(200);
    expectSelfUser(res.json().data);
    expect(res.json().data).toMatchObject({ id: user.id, isVerified: true });
    const cookie = await login(ctx, email, password);
    expect((await call('GET', '/users/me', { cookie })).json().data.isVerified).toBe(true);
    expectError(await verifyEmailRequest(ctx, token), 400, 'VERIFICATION_TOKEN_INVALID');
  });

  it('answers 400 VERIFICATION_TOKEN_INVALID for an expired token, and the user stays unverified', async () => {
    const { email, password } = await signup(ctx);
    const token = await tokenFor(ctx, email, 'verify-email');
    await expireToken(token);
    expectError(await verifyEmailRequest(ctx, token), 400, 'VERIFICATION_TOKEN_INVALID');
    const cookie = await login(ctx, email, password);
    expect((await call('GET', '/users/me', { cookie })).json().data.isVerified).toBe(false);
  });

  it('does not take a reset token as a verification token', async () => {
    const { email } = await signup(ctx);
    await call('POST', '/users/forgetPassword', { payload: { email } });
    expectError(await verifyEmailRequest(ctx, await tokenFor(ctx, email, 'reset-password')), 400, 'VERIFICATION_TOKEN_INVALID');
  });

  it('answers 400 for a token longer than any of ours', async () => {
    expectError(await verifyEmailRequest(ctx, 'x'.repeat(300)), 400, 'VALIDATION_ERROR');
  });
});

describe('POST /users/contact', () => {
  const message = { name: 'Yacine Haddad', email: 'Yacine@Example.DZ', message: 'Bonjour, comment publier une annonce ?' };

  it('stores the message and e-mails it to CONTACT_EMAIL with Reply-To the sender', async () => {
    const res = await call('POST', '/users/contact', { payload: message });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ success: true, data: { message: 'Message sent successfully' } });

    const rows = await ctx.database.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: message.name, email: 'yacine@example.dz', message: message.message, userId: null });

    const mails = await sentMails(ctx);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(CONTACT_EMAIL);
    expect(mails[0]!.text).toContain(message.message);
    const parsed = await simpleParser(await readFile(mails[0]!.file));
    expect(parsed.replyTo?.value.map((a) => a.address)).toEqual(['yacine@example.dz']);
  });

  it('links the message to the signed-in sender', async () => {
    const { user, cookie } = await signedInUser(ctx);
    expect((await call('POST', '/users/contact', { cookie, payload: message })).statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(contactMessages);
    expect(row!.userId).toBe(user.id);
  });

  it.each([
    ['a short message', { message: 'Too short' }, 'body.message', 'messageMin'],
    ['a bad e-mail', { email: 'yacine-at-example' }, 'body.email', 'emailInvalid'],
    ['a short name', { name: 'Y' }, 'body.name', 'nameMin'],
  ])('answers 400 for %s and stores nothing', async (_label, override, field, code) => {
    expectFieldError(await call('POST', '/users/contact', { payload: { ...message, ...override } }), field, code);
    expect(await ctx.database.db.select().from(contactMessages)).toHaveLength(0);
    expect(await sentMails(ctx)).toHaveLength(0);
  });
});

describe('POST /users/{id}/profile-image', () => {
  beforeAll(async () => {
    await testPng();
  });

  it('stores a 256×256 WebP and answers User(self) with its URL', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const res = await uploadAvatar(user.id, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expectSelfUser(res.json().data);
    const image: string = res.json().data.image;
    expect(image).toMatch(new RegExp(`^/uploads/avatars/${user.id}/[\\w-]+\\.webp$`));
    const file = uploadPath(ctx, image);
    const meta = await sharp(await readFile(file)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect((await call('GET', '/users/me', { cookie })).json().data.image).toBe(image);
    const served = await ctx.app.inject({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('deletes the previous file on a second upload', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const first = uploadPath(ctx, (await uploadAvatar(user.id, cookie)).json().data.image);
    const res = await uploadAvatar(user.id, cookie);
    expect(res.statusCode).toBe(200);
    const second = uploadPath(ctx, res.json().data.image);
    expect(second).not.toBe(first);
    expect(await exists(first)).toBe(false);
    expect(await exists(second)).toBe(true);
    expect(await readdir(path.dirname(second))).toEqual([path.basename(second)]);
  });

  it('accepts the extra userId field of the contract', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const body = multipartBody([
      { name: 'userId', data: user.id },
      { name: 'image', filename: 'me.png', contentType: 'image/png', data: png },
    ]);
    const res = await uploadAvatar(user.id, cookie, body);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers 415 for a text file named photo.jpg', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const body = multipartBody([{ name: 'image', filename: 'photo.jpg', contentType: 'image/jpeg', data: 'just some text, not a picture\n' }]);
    expectError(await uploadAvatar(user.id, cookie, body), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect((await call('GET', '/users/me', { cookie })).json().data.image).toBeNull();
  });

  it('answers 415 for a body that is not multipart', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const json = await call('POST', `/users/${user.id}/profile-image`, { cookie, payload: { image: 'data:image/png;base64,AAAA' } });
    expectError(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const raw = await ctx.app.inject({
      method: 'POST',
      url: `${API}/users/${user.id}/profile-image`,
      payload: png,
      headers: { cookie, 'content-type': 'image/png' },
    });
    expectError(raw, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 413 for an 11 MB file', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const big = Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024 - png.length, 7)]);
    const body = multipartBody([{ name: 'image', filename: 'big.png', contentType: 'image/png', data: big }]);
    expectError(await uploadAvatar(user.id, cookie, body), 413, 'PAYLOAD_TOO_LARGE');
    expect((await call('GET', '/users/me', { cookie })).json().data.image).toBeNull();
  });

  it('answers 400 when the image field is missing', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const body = multipartBody([{ name: 'photo', filename: 'me.png', contentType: 'image/png', data: png }]);
    expectError(await uploadAvatar(user.id, cookie, body), 400, 'VALIDATION_ERROR');
  });

  it.each([
    ['without a boundary', 'multipart/form-data', 'whatever'],
    ['cut short', 'multipart/form-data; boundary=xx', '--xx\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc'],
  ])('answers 400 for a multipart body %s', async (_label, contentType, payload) => {
    const { user, cookie } = await signedInUser(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API}/users/${user.id}/profile-image`,
      payload,
      headers: { cookie, 'content-type': contentType },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
  });

  it('answers 400 for a multipart body without any part', async () => {
    const { user, cookie } = await signedInUser(ctx);
    expectError(await uploadAvatar(user.id, cookie, multipartBody([])), 400, 'VALIDATION_ERROR');
  });

  it("answers 403 for another user's id and writes no file", async () => {
    const me = await signedInUser(ctx);
    const other = await signup(ctx);
    expectError(await uploadAvatar(other.user.id, me.cookie), 403, 'FORBIDDEN');
    expect(await exists(path.join(ctx.config.uploadsDir, 'avatars', other.user.id))).toBe(false);
    expect((await call('GET', `/users/${other.user.id}`)).json().data.image).toBeNull();
  });

  it('answers 404 for an unknown id', async () => {
    const { cookie } = await signedInUser(ctx);
    expectError(await uploadAvatar(randomUUID(), cookie), 404, 'NOT_FOUND');
  });

  it('answers 401 without a session', async () => {
    const { user } = await signup(ctx);
    expectError(await uploadAvatar(user.id, undefined), 401, 'UNAUTHENTICATED');
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from another origin with 403', async () => {
    const { email, password } = await signup(ctx);
    const res = await loginRequest(ctx, email, password, { origin: 'https://evil.example' });
    expectError(res, 403, 'FORBIDDEN');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('accepts the PUBLIC_URL origin and requests without Origin', async () => {
    const { email, password } = await signup(ctx);
    const own = await loginRequest(ctx, email, password, { origin: PUBLIC_URL });
    expect(own.statusCode, own.body).toBe(200);
    expect(sessionCookieOf(own)).toBeTruthy();
    const none = await loginRequest(ctx, email, password);
    expect(none.statusCode).toBe(200);
    const https = await signup(strict);
    expect((await loginRequest(strict, https.email, https.password, { origin: HTTPS_PUBLIC_URL })).statusCode).toBe(200);
  });

  it('refuses a look-alike origin', async () => {
    const { email, password } = await signup(ctx);
    for (const origin of ['http://localhost:3000.evil.example', 'https://localhost:3000', 'null']) {
      expectError(await loginRequest(ctx, email, password, { origin }), 403, 'FORBIDDEN');
    }
  });
});

describe('privacy', () => {
  it("never shows user B's e-mail or phone to user A or to anonymous visitors", async () => {
    const a = await signedInUser(ctx, { name: 'User A' });
    const b = await signedInUser(ctx, { name: 'User B' });
    expect((await call('PUT', `/users/${a.user.id}`, { cookie: a.cookie, payload: { phone: '0550 11 22 33', bio: 'Profil de A.' } })).statusCode).toBe(200);
    expect((await call('PUT', `/users/${b.user.id}`, { cookie: b.cookie, payload: { phone: '0661 44 55 66', bio: 'Profil de B.' } })).statusCode).toBe(200);
    const bSecrets = [b.email, '+213661445566', '0661 44 55 66', '661445566'];

    const urls = ['/users', '/users?currentPage=1', `/users/${a.user.id}`, `/users/${b.user.id}`, '/users/me', '/meta', '/health', '/openapi.json'];
    let checked = 0;
    for (const cookie of [a.cookie, undefined]) {
      for (const url of urls) {
        const res = await call('GET', url, { cookie });
        expect(res.statusCode).toBeLessThan(500);
        for (const secret of bSecrets) expect(res.body, `${url} as ${cookie ? 'A' : 'anonymous'}`).not.toContain(secret);
        checked++;
      }
    }
    expect(checked).toBe(urls.length * 2);
    // …while B does see them on their own /me.
    expect((await call('GET', '/users/me', { cookie: b.cookie })).body).toContain(b.email);
  });

  it('no request of this file was answered with a 5xx', async () => {
    expect(seen.filter((r) => r.status >= 500).map((r) => `${r.status} ${r.url}`)).toEqual([]);
  });

  it('no response of this file carried a password hash or an e-mailed token', async () => {
    for (const token of await outboxTokens(ctx)) mailedTokens.add(token);
    expect(seen.length).toBeGreaterThan(100);
    expect(mailedTokens.size).toBeGreaterThan(10);
    for (const { url, body } of seen) {
      expect(body, url).not.toContain('passwordHash');
      expect(body, url).not.toContain('password_hash');
      expect(body, url).not.toContain('$argon2');
      for (const token of mailedTokens) expect(body.includes(token), `${url} contains an e-mailed token`).toBe(false);
    }
  });
});
