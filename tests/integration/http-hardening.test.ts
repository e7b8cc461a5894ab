// Issue #13, the API door and the HTTP server: unsupported methods answer 405 with Allow
// (items 10), per-address limits count an IPv6 client by its /64 and believe X-Forwarded-For
// only from TRUST_PROXY (7), tokens never reach the logs (8), slow requests are cut off and
// connections capped (9). The page door of the same controls: page-hardening.test.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.ts';
import type { Database } from '../../db/client.ts';
import { loadConfig } from '../../server/config.ts';
import { createServices } from '../../server/services/index.ts';
import { createLocalDiskStorage } from '../../server/storage/local-disk.ts';
import { API, signup, tokenFor, uniqueEmail } from '../helpers/api-client.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

/** Sends `head` on a fresh connection, then each of `later` after `gapMs`; resolves with all it got back and when the server closed. */
function rawExchange(port: number, head: string, { later = [] as string[], gapMs = 0, waitMs = 3000 } = {}) {
  return new Promise<{ text: string; closedAfterMs: number | null }>((resolve) => {
    const started = Date.now();
    let text = '';
    let closedAfterMs: number | null = null;
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      let i = 0;
      const timer = setInterval(() => {
        if (i >= later.length || socket.destroyed) return clearInterval(timer);
        socket.write(later[i++]!);
      }, gapMs);
      socket.once('close', () => clearInterval(timer));
    });
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      closedAfterMs = Date.now() - started;
      clearTimeout(giveUp);
      resolve({ text, closedAfterMs });
    });
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedAfterMs: null });
    }, waitMs);
    giveUp.unref();
  });
}

function statusOf(raw: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
}

function bodyOf(raw: string): unknown {
  return JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
}

describe('methods a resource does not implement (API)', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestContext('methods');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => ctx?.close());

  it('answers 405 with Allow and the envelope on an existing path', async () => {
    for (const method of ['PATCH', 'POST', 'TRACE', 'PROPFIND', 'SEARCH', 'QUERY'] as const) {
      const res = await ctx.app.inject({ method, url: `${API}/users/me`, headers: { 'content-type': 'application/json' }, payload: method === 'TRACE' ? undefined : '{}' });
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow, method).toBe('DELETE, GET, HEAD, PUT');
      expect(res.json(), method).toEqual({ success: false, code: 'METHOD_NOT_ALLOWED', message: 'Method not allowed' });
    }
    const upload = await ctx.app.inject({ method: 'GET', url: `${API}/products/upload` });
    // GET /products/:id matches "upload" as an id: that is a route, not a 405.
    expect(upload.statusCode).not.toBe(405);
    const status = await ctx.app.inject({ method: 'GET', url: `${API}/products/status/abc` });
    expect(status.statusCode).toBe(405);
    expect(status.headers.allow).toBe('PATCH');
  });

  it('answers OPTIONS with 405 and Allow in the envelope; an unknown path stays a 404 for the methods the API uses', async () => {
    const options = await ctx.app.inject({ method: 'OPTIONS', url: `${API}/products/abc` });
    expect(options.statusCode).toBe(405);
    expect(options.headers.allow).toBe('DELETE, GET, HEAD, PUT');
    expect(options.json().code).toBe('METHOD_NOT_ALLOWED');
    for (const method of ['GET', 'PATCH', 'DELETE', 'OPTIONS'] as const) {
      const res = await ctx.app.inject({ method, url: `${API}/nothing-here` });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().code, method).toBe('NOT_FOUND');
    }
    // A method the API implements nowhere is a 405 on any of its paths.
    const trace = await ctx.app.inject({ method: 'TRACE', url: `${API}/nothing-here` });
    expect(trace.statusCode).toBe(405);
    expect(trace.json().code).toBe('METHOD_NOT_ALLOWED');
  });

  it('answers CONNECT and methods the HTTP parser does not know with 405, not a dropped connection or a 400', async () => {
    for (const head of [
      'CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n',
      `CONNECT ${API}/health HTTP/1.1\r\nHost: x\r\n\r\n`,
      `FOO ${API}/health HTTP/1.1\r\nHost: x\r\n\r\n`,
      'BREW /en HTTP/1.1\r\nHost: x\r\n\r\n',
    ]) {
      const { text } = await rawExchange(port, head);
      expect(statusOf(text), head).toBe(405);
      expect(text, head).toMatch(/\r\nAllow: GET, HEAD, POST\r\n/);
      expect(bodyOf(text), head).toEqual({ success: false, code: 'METHOD_NOT_ALLOWED', message: 'Method not allowed' });
    }
    // The server is fine afterwards.
    expect((await ctx.app.inject({ method: 'GET', url: `${API}/health` })).statusCode).toBe(200);
  });
});

describe('client addresses and trusted proxies', () => {
  // One database for several apps that differ only in their settings (opening one costs seconds).
  let database: Database;
  const apps: App[] = [];
  let dataDir: string;
  beforeAll(async () => {
    database = await openTestDatabase('client_address');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ecosouk-test-'));
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function withTrust(trustProxy?: string): Promise<{ app: App }> {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }) });
    const services = createServices({ config, database, storage: createLocalDiskStorage(config.uploadsDir), rateLimits: { forgotPassword: { max: 2, windowMs: 60_000 } } });
    const app = await buildApp({ services, logger: false, checkResponses: true });
    apps.push(app);
    return { app };
  }

  /** Asks for a reset link as `remoteAddress` says `forwardedFor`; the answer's status. */
  async function forgot(ctx: { app: App }, remoteAddress: string, forwardedFor?: string) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API}/users/forgetPassword`,
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: { email: uniqueEmail('nobody') },
    });
    return res.statusCode;
  }

  it('counts an IPv6 client by its /64, however it rotates inside it', async () => {
    const ctx = await withTrust();
    const prefix = '2001:db8:7:42';
    expect(await forgot(ctx, `${prefix}::1`)).toBe(200);
    expect(await forgot(ctx, `${prefix}:dead:beef:0:2`)).toBe(200);
    expect(await forgot(ctx, `${prefix}:ffff:ffff:ffff:ffff`)).toBe(429);
    // The next /64 is someone else.
    expect(await forgot(ctx, '2001:db8:7:43::1')).toBe(200);
    // An IPv4 client counts as itself, written as IPv4 or IPv4-mapped IPv6.
    expect(await forgot(ctx, '198.51.100.7')).toBe(200);
    expect(await forgot(ctx, '::ffff:198.51.100.7')).toBe(200);
    expect(await forgot(ctx, '198.51.100.7')).toBe(429);
    expect(await forgot(ctx, '198.51.100.8')).toBe(200);
  });

  it('believes X-Forwarded-For from loopback by default (the load drill relies on it), IPv6 /64 included', async () => {
    const ctx = await withTrust();
    for (let i = 1; i <= 3; i++) expect(await forgot(ctx, '127.0.0.1', `203.0.113.${i}`)).toBe(200);
    expect(await forgot(ctx, '::1', '2001:db8:9:9::a')).toBe(200);
    expect(await forgot(ctx, '127.0.0.1', '2001:db8:9:9::b')).toBe(200);
    expect(await forgot(ctx, '::ffff:127.0.0.1', '2001:db8:9:9::c')).toBe(429);
    // From anyone else the header is a forgery: the socket's address counts.
    expect(await forgot(ctx, '198.51.100.20', '203.0.113.50')).toBe(200);
    expect(await forgot(ctx, '198.51.100.20', '203.0.113.51')).toBe(200);
    expect(await forgot(ctx, '198.51.100.20', '203.0.113.52')).toBe(429);
  });

  it('TRUST_PROXY=false believes no one; a CIDR list believes only those; a hop count takes that many steps back', async () => {
    const none = await withTrust('false');
    expect(await forgot(none, '127.0.0.1', '203.0.113.1')).toBe(200);
    expect(await forgot(none, '127.0.0.1', '203.0.113.2')).toBe(200);
    expect(await forgot(none, '127.0.0.1', '203.0.113.3')).toBe(429);

    const cidr = await withTrust('10.0.0.0/8, fd00::/8');
    for (let i = 1; i <= 3; i++) expect(await forgot(cidr, `10.0.${i}.1`, `203.0.113.${i}`)).toBe(200);
    expect(await forgot(cidr, 'fd00::5', '203.0.113.9')).toBe(200);
    // Loopback is no longer a proxy here.
    expect(await forgot(cidr, '127.0.0.1', '203.0.113.10')).toBe(200);
    expect(await forgot(cidr, '127.0.0.1', '203.0.113.11')).toBe(200);
    expect(await forgot(cidr, '127.0.0.1', '203.0.113.12')).toBe(429);

    const hops = await withTrust('1');
    // One proxy: the last address it appended is the client; what the client wrote before it is not believed.
    expect(await forgot(hops, '192.0.2.1', '6.6.6.1, 203.0.113.77')).toBe(200);
    expect(await forgot(hops, '192.0.2.2', '6.6.6.2, 203.0.113.77')).toBe(200);
    expect(await forgot(hops, '192.0.2.3', '6.6.6.3, 203.0.113.77')).toBe(429);
  });
});

describe('tokens never reach the logs', () => {
  const lines: string[] = [];
  let ctx: TestContext;
  let dataDir: string;

  beforeAll(async () => {
    // The services' own logger writes here, as in production (server/main.ts): no logger option to buildApp.
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ecosouk-test-'));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', PUBLIC_URL: 'http://localhost:3000' });
    const database = await openTestDatabase('log_redaction');
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const services = createServices({ config, database, storage: createLocalDiskStorage(config.uploadsDir), log: pino({ level: 'info' }, sink) });
    const app = await buildApp({ services, checkResponses: true });
    await app.ready();
    ctx = {
      app,
      services,
      database,
      config,
      dataDir,
      reset: async () => {},
      close: async () => {
        await app.close();
        await database.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  });
  afterAll(() => ctx?.close());

  it('redacts reset and verification tokens from access-log URLs and the outbox line', async () => {
    const { email } = await signup(ctx);
    const verifyToken = await tokenFor(ctx, email, 'verify-email');
    await ctx.app.inject({ method: 'POST', url: `${API}/users/forgetPassword`, payload: { email } });
    const resetToken = await tokenFor(ctx, email, 'reset-password');

    // The verification link followed through the API, the token also in odd spellings.
    await ctx.app.inject({ method: 'POST', url: `${API}/users/verify-email?token=${verifyToken}` });
    await ctx.app.inject({ method: 'GET', url: `${API}/users/verify-email?x=1&TOKEN=${resetToken}&y=2` });
    await ctx.app.inject({ method: 'GET', url: `/en/login?redirectTo=${encodeURIComponent(`/en/reset-password?token=${resetToken}`)}` });

    const log = lines.join('\n');
    expect(log).toContain('e-mail written to the outbox');
    expect(log).toContain('/users/verify-email?token=[redacted]');
    expect(log).toContain('x=1&TOKEN=[redacted]&y=2');
    expect(log).toContain('reset-password?token=[redacted]');
    expect(log).not.toContain(verifyToken);
    expect(log).not.toContain(resetToken);
  });

  it('writes one access-log line a request, when it ends, with its method, URL, status and duration', async () => {
    const requestId = `access-log-${Date.now()}`;
    const response = await ctx.app.inject({ method: 'GET', url: `${API}/products?title=velo&token=secret-${requestId}`, headers: { 'x-request-id': requestId } });
    expect(response.statusCode).toBe(200);
    const mine = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.reqId === requestId);
    expect(mine).toHaveLength(1);
    const [entry] = mine as [{ msg: string; req: { method: string; url: string }; res: { statusCode: number }; responseTime: number }];
    expect(entry.msg).toBe('request completed');
    expect(entry.req).toMatchObject({ method: 'GET', url: `${API}/products?title=velo&token=[redacted]` });
    expect(entry.res.statusCode).toBe(200);
    expect(entry.responseTime).toBeGreaterThan(0);
  });
});

describe('slow requests and too many connections', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestContext('timeouts', { env: { REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1000', MAX_CONNECTIONS: '4' } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => ctx?.close());

  it('cuts off a body trickled a byte at a time, with 408', async () => {
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(40) });
    const head = `POST ${API}/users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { text, closedAfterMs } = await rawExchange(port, head, { later: body.split(''), gapMs: 200, waitMs: 8000 });
    expect(closedAfterMs).not.toBeNull();
    // The request timeout (1.5 s) plus Node's check interval, far from the 16 s the body would take.
    expect(closedAfterMs!).toBeLessThan(4000);
    expect(statusOf(text)).toBe(408);
    expect(bodyOf(text)).toMatchObject({ success: false, code: 'REQUEST_TIMEOUT' });
  });

  it('cuts off headers trickled a line at a time', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `X-Slow-${i}: 1\r\n`);
    const { closedAfterMs } = await rawExchange(port, `GET ${API}/health HTTP/1.1\r\nHost: localhost\r\n`, { later: lines, gapMs: 200, waitMs: 8000 });
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(3500);
  });

  it('refuses connections past MAX_CONNECTIONS, and serves again once they are gone', async () => {
    expect(ctx.app.server.maxConnections).toBe(4);
    const held = await Promise.all(
      Array.from({ length: 4 }, () => new Promise<net.Socket>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => resolve(s));
      })),
    );
    await new Promise((r) => setTimeout(r, 100));
    const { text, closedAfterMs } = await rawExchange(port, `GET ${API}/health HTTP/1.1\r\nHost: localhost\r\n\r\n`, { waitMs: 2000 });
    expect(text).toBe('');
    expect(closedAfterMs).not.toBeNull();
    for (const s of held) s.destroy();
    await new Promise((r) => setTimeout(r, 100));
    const again = await rawExchange(port, `GET ${API}/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(statusOf(again.text)).toBe(200);
  });
});
