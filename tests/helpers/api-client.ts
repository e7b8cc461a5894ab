// Small client for API tests: sign up, log in, follow the e-mailed links, build
// multipart bodies. Every call goes through `ctx.app.inject` (no network).
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestContext } from './test-app.ts';
import { readOutbox, type SentMail } from './outbox.ts';

export const API = '/api/v1';
/** Passes every rule of a new password (digit, uppercase, length, not common). */
export const PASSWORD = 'Green-Souk42';

let counter = 0;
/** A fresh, unique e-mail address. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${Date.now().toString(36)}.${++counter}@example.dz`;
}

export interface SignupBody {
  name: string;
  email: string;
  password: string;
  lang?: 'ar' | 'fr' | 'en';
}

export interface SignedUp {
  /** The User(self) of the 201 answer. */
  user: { id: string; email: string; name: string; image: string | null; [key: string]: unknown };
  email: string;
  password: string;
  res: LightMyRequestResponse;
}

/** Signs up (expects 201) and returns the created user with its credentials. */
export async function signup(ctx: TestContext, overrides: Partial<SignupBody> = {}): Promise<SignedUp> {
  const body: SignupBody = { name: 'Amina Benali', email: uniqueEmail(), password: PASSWORD, ...overrides };
  const res = await ctx.app.inject({ method: 'POST', url: `${API}/users/signup`, payload: body });
  if (res.statusCode !== 201) throw new Error(`signup answered ${res.statusCode}: ${res.body}`);
  return { user: res.json().data, email: body.email.toLowerCase(), password: body.password, res };
}

/** The `session=…` pair of a response's Set-Cookie, ready for a Cookie header; undefined when absent. */
export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const line = list.find((c) => c.startsWith('session='));
  return line?.split(';')[0];
}

/** The raw Set-Cookie line of the session cookie. */
export function sessionSetCookieLine(res: LightMyRequestResponse): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list.find((c) => c.startsWith('session='));
}

export function loginRequest(ctx: TestContext, email: string, password: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url: `${API}/users/login`, payload: { email, password }, headers });
}

/** Logs in (expects 200) and returns the `session=…` cookie string. */
export async function login(ctx: TestContext, email: string, password: string): Promise<string> {
  const res = await loginRequest(ctx, email, password);
  const cookie = sessionCookieOf(res);
  if (res.statusCode !== 200 || !cookie) throw new Error(`login answered ${res.statusCode}: ${res.body}`);
  return cookie;
}

export interface SignedIn extends SignedUp {
  cookie: string;
}

/** Signs up and logs in (not verified). */
export async function signedInUser(ctx: TestContext, overrides: Partial<SignupBody> = {}): Promise<SignedIn> {
  const signed = await signup(ctx, overrides);
  return { ...signed, cookie: await login(ctx, signed.email, signed.password) };
}

export type LinkKind = 'verify-email' | 'reset-password';

/**
 * Every e-mail sent so far, oldest first: runs the queued e-mail jobs first (requests only
 * queue them), so what a test reads is what the mailer really wrote.
 */
export async function sentMails(ctx: TestContext): Promise<SentMail[]> {
  await ctx.services.jobs.drain();
  return readOutbox(ctx.config.outboxDir);
}

/** The e-mails sent to `email` whose link is of `kind`, oldest first. */
export async function mailsTo(ctx: TestContext, email: string, kind?: LinkKind): Promise<SentMail[]> {
  const all = await sentMails(ctx);
  return all.filter((m) => m.to === email && (!kind || m.links.some((l) => l.includes(`/${kind}?token=`))));
}

/** The token of the newest `kind` link e-mailed to `email`. */
export async function tokenFor(ctx: TestContext, email: string, kind: LinkKind): Promise<string> {
  const mails = await mailsTo(ctx, email, kind);
  const link = mails.at(-1)?.links.find((l) => l.includes(`/${kind}?token=`));
  if (!link) throw new Error(`no ${kind} e-mail for ${email}`);
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** Every token found in the links of the outbox. */
export async function outboxTokens(ctx: TestContext): Promise<string[]> {
  const all = await sentMails(ctx);
  return all.flatMap((m) => m.links.map((l) => new URL(l).searchParams.get('token')).filter((t): t is string => !!t));
}

/** Sends what is queued, then forgets every e-mail sent so far. */
export async function clearOutbox(ctx: TestContext): Promise<void> {
  await ctx.services.jobs.drain();
  await rm(ctx.config.outboxDir, { recursive: true, force: true });
}

export function verifyEmailRequest(ctx: TestContext, token?: string) {
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  return ctx.app.inject({ method: 'POST', url: `${API}/users/verify-email${query}` });
}

/** Signs up, follows the verification link of the e-mail, and logs in. */
export async function verifiedUser(ctx: TestContext, overrides: Partial<SignupBody> = {}): Promise<SignedIn> {
  const signed = await signup(ctx, overrides);
  const res = await verifyEmailRequest(ctx, await tokenFor(ctx, signed.email, 'verify-email'));
  if (res.statusCode !== 200) throw new Error(`verify-email answered ${res.statusCode}: ${res.body}`);
  return { ...signed, user: res.json().data, cookie: await login(ctx, signed.email, signed.password) };
}

export interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body built by hand, and its Content-Type header. */
export function multipartBody(parts: Part[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----ecosouk-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface RecordedResponse {
  url: string;
  status: number;
  body: string;
}

/**
 * Keeps the status and body of every response `ctx.app.inject` gives from now on, so a test
 * can check that none of them leaked something.
 */
export function recordResponses(ctx: TestContext): RecordedResponse[] {
  const seen: RecordedResponse[] = [];
  const original = ctx.app.inject.bind(ctx.app) as (opts: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const recording = async (opts: InjectOptions | string) => {
    const res = await original(opts);
    const url = typeof opts === 'string' ? opts : typeof opts.url === 'string' ? opts.url : JSON.stringify(opts.url);
    seen.push({ url, status: res.statusCode, body: res.body });
    return res;
  };
  (ctx.app as { inject: unknown }).inject = recording;
  return seen;
}

/** A 400 VALIDATION_ERROR whose `errors` name `path` with `code`. */
export function expectFieldError(res: LightMyRequestResponse, path: string, code: string): void {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  expect(res.json().errors).toContainEqual(expect.objectContaining({ path, code }));
}
