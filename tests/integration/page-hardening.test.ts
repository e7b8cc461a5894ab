// Issue #13, the page door: the return address after log-in stays on this site (item 1),
// form bodies are capped before React Router reads them (2), page rate limits count an IPv6
// client by its /64 (7), page URLs reach the log without their tokens (8), and methods pages
// do not take answer 405 (10). API and server-level parts: http-hardening.test.ts.
//
// Pages need the production build and a server process (see page-caching.test.ts for why):
// `node server/main.ts` on PAGE_HARDENING_PORT (3124) over a build of the current code in
// .cache/build-page-hardening (PAGE_HARDENING_BUILD_DIR to reuse one), on a fresh embedded
// database without the demo catalogue. PGlite project only (vitest.config.ts).
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_FORM_BYTES, PRODUCT_FORM_BYTES, TEXT_FORM_BYTES } from '../../common/body-limits.ts';
import { VALIDATION_MESSAGES } from '../../common/schemas/messages.ts';
import { ensureBuild, startBuiltServer, type BuiltServer } from '../helpers/built-server.ts';

const GIVEN_BUILD = process.env.PAGE_HARDENING_BUILD_DIR;
const BUILD_DIR = GIVEN_BUILD || '.cache/build-page-hardening';
const PORT = Number(process.env.PAGE_HARDENING_PORT ?? 3124);
const BASE = `http://127.0.0.1:${PORT}`;
const API = '/api/v1';
const PASSWORD = 'Green-Souk42';

let server: BuiltServer | undefined;
let member: { email: string; cookie: string };

interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

async function call(method: string, url: string, headers: Record<string, string> = {}, body?: string | Uint8Array<ArrayBuffer>): Promise<Answer> {
  const res = await fetch(BASE + url, { method, headers, body, redirect: 'manual' });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

function form(fields: Record<string, string>) {
  return new URLSearchParams(fields).toString();
}

/** The server's resident memory, from /proc (Linux). */
function rssMb(): number {
  const status = readFileSync(`/proc/${server!.process.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

interface RawResult {
  status: number;
  text: string;
  sentBytes: number;
  ms: number;
}

/**
 * A POST written as fast as the socket takes it: `size` bytes of urlencoded text, declared in
 * Content-Length or sent chunked. Stops writing when the server answers or closes.
 */
function rawPost(url: string, size: number, { chunked = false, headers = '' } = {}): Promise<RawResult> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(PORT, '127.0.0.1');
    let text = '';
    let sentBytes = 0;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text, sentBytes, ms: Date.now() - started });
    };
    const chunk = Buffer.from(`a=${'x'.repeat(64 * 1024 - 2)}`);
    const pump = () => {
      // `finished` is set by the socket's listeners between two rounds of this loop.
      // oxlint-disable-next-line no-unmodified-loop-condition
      while (!finished && sentBytes < size) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - sentBytes));
        sentBytes += piece.length;
        const ok = socket.write(chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece);
        if (!ok) return void socket.once('drain', pump);
      }
      if (!finished && chunked) socket.write('0\r\n\r\n');
    };
    socket.on('connect', () => {
      socket.write(
        `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
          `${chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`}\r\nConnection: close\r\n${headers}\r\n`,
      );
      pump();
    });
    socket.on('data', (data) => {
      text += data.toString('utf8');
      // The whole answer is in once its body has arrived (these are short).
      if (/\r\n\r\n[\s\S]*\n$/.test(text)) setTimeout(finish, 20);
    });
    socket.on('error', finish);
    socket.on('close', finish);
    setTimeout(finish, 30_000).unref();
  });
}

/** One request written by hand on its own connection; everything the server sent back. */
function rawRequest(request: string): Promise<string> {
  return new Promise((resolve) => {
    let got = '';
    const socket = net.connect(PORT, '127.0.0.1', () => socket.write(request));
    socket.on('data', (d) => (got += d.toString('utf8')));
    socket.on('close', () => resolve(got));
    socket.on('error', () => resolve(got));
    setTimeout(() => socket.destroy(), 10_000).unref();
  });
}

beforeAll(async () => {
  ensureBuild(BUILD_DIR, Boolean(GIVEN_BUILD));
  // Access logs are what the token test reads.
  server = await startBuiltServer({ port: PORT, buildDir: BUILD_DIR, name: 'hardening', env: { TRUST_PROXY: '', SEED_DEMO: 'false', LOG_LEVEL: 'info' } });
  const email = `hardening.${Date.now().toString(36)}@example.dz`;
  const signup = await call('POST', `${API}/users/signup`, { 'content-type': 'application/json' }, JSON.stringify({ name: 'Samir Hadj', email, password: PASSWORD }));
  expect(signup.status).toBe(201);
  const login = await call('POST', `${API}/users/login`, { 'content-type': 'application/json' }, JSON.stringify({ email, password: PASSWORD }));
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('session='))?.split(';')[0];
  if (!cookie) throw new Error(`no session (${login.status}: ${login.body})`);
  member = { email, cookie };
}, 400_000);

afterAll(async () => {
  await server?.stop();
});

describe('the return address after log-in', () => {
  const attacks = [
    '/%09/evil.example',
    '/%0A/evil.example',
    '/%0B/x',
    '/%0C/x',
    '/%00/x',
    '/%7F/x',
    '/%C2%A0/evil.example',
    '/%E3%80%80/x',
    '/%E2%80%8B/evil.example',
    '/%E2%80%A8/x',
    '/%5Cevil.example',
    '%5C%5Cevil.example',
    '//evil.example',
    '/.//evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
  ];

  it('sends a signed-in visitor to the dashboard, never elsewhere and never into a 500', async () => {
    for (const target of attacks) {
      const res = await call('GET', `/en/login?redirectTo=${target}`, { cookie: member.cookie });
      expect(res.status, target).toBe(302);
      expect(res.headers.get('location'), target).toBe('/en/dashboard');
    }
  });

  it('keeps a path on this site, encoded', async () => {
    const res = await call('GET', `/fr/login?redirectTo=${encodeURIComponent('/fr/products/new?x=1')}`, { cookie: member.cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/fr/products/new?x=1');
  });

  it('applies the same rule after the log-in form', async () => {
    for (const target of ['/\t/evil.example', '/\u000b/x', '/\u3000/x', '//evil.example']) {
      const res = await call(
        'POST',
        '/en/login',
        { 'content-type': 'application/x-www-form-urlencoded', origin: BASE },
        form({ email: member.email, password: PASSWORD, redirectTo: target }),
      );
      expect(res.status, JSON.stringify(target)).toBe(302);
      expect(res.headers.get('location'), JSON.stringify(target)).toBe('/en/dashboard');
    }
  });
});

describe('every other return address', () => {
  it('the theme form goes back to a page on this site only', async () => {
    for (const target of ['/\t/evil.example', '/\u000b/x', '/\u3000/x', '//evil.example', 'https://evil.example/']) {
      const res = await call('POST', '/theme', { 'content-type': 'application/x-www-form-urlencoded', origin: BASE }, form({ theme: 'dark', returnTo: target }));
      expect(res.status, JSON.stringify(target)).toBe(303);
      expect(res.headers.get('location'), JSON.stringify(target)).toBe('/');
    }
    const back = await call('POST', '/theme', { 'content-type': 'application/x-www-form-urlencoded', origin: BASE }, form({ theme: 'dark', returnTo: '/fr/about?x=1' }));
    expect(back.headers.get('location')).toBe('/fr/about?x=1');
  });
});

describe('form bodies', () => {
  it('refuses 1 MB sent to the log-in form at once, in the page language, without reading it', async () => {
    const declared = await rawPost('/en/login', 1024 * 1024);
    expect(declared.status).toBe(413);
    expect(declared.text).toContain(VALIDATION_MESSAGES.bodyTooLarge.en);
    expect(declared.ms).toBeLessThan(5000);
    const french = await rawPost('/fr/contact', 200 * 1024);
    expect(french.status).toBe(413);
    expect(french.text).toContain(VALIDATION_MESSAGES.bodyTooLarge.fr);
  });

  it('counts chunked bodies as they come and stops reading past the limit', async () => {
    const chunked = await rawPost('/en/login', 1024 * 1024, { chunked: true });
    expect(chunked.status).toBe(413);
    expect(chunked.ms).toBeLessThan(5000);
    // Also React Router's own URL for the action (forms submitted with JavaScript).
    expect((await rawPost('/en/register.data', 256 * 1024, { chunked: true })).status).toBe(413);
  });

  it('counts a compressed body by what it inflates to', async () => {
    const inflated = new Uint8Array(gzipSync(form({ email: 'a@b.dz', password: 'x', filler: 'y'.repeat(2 * TEXT_FORM_BYTES) })));
    expect(inflated.length).toBeLessThan(TEXT_FORM_BYTES);
    const res = await call('POST', '/en/login', { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'gzip', origin: BASE }, inflated);
    expect(res.status).toBe(413);
  });

  it('lets forms under their limit through, and gives the product and avatar forms room for theirs', async () => {
    const small = await call('POST', '/en/login', { 'content-type': 'application/x-www-form-urlencoded', origin: BASE }, form({ email: member.email, password: 'wrong-Password1' }));
    expect(small.status).toBe(401);
    // Not signed in: past the size check, the action sends the visitor to log in.
    const product = form({ title: 't', desc: 'd'.repeat(TEXT_FORM_BYTES + 1000) });
    expect((await call('POST', '/en/products/new', { 'content-type': 'application/x-www-form-urlencoded', origin: BASE }, product)).status).toBe(302);
    expect((await rawPost('/en/products/new', PRODUCT_FORM_BYTES + 1)).status).toBe(413);
    expect((await rawPost('/en/dashboard', 2 * 1024 * 1024, { headers: '' })).status).not.toBe(413);
    expect((await rawPost('/en/dashboard', FILE_FORM_BYTES + 1)).status).toBe(413);
  });

  it('keeps memory flat under endless bodies (three at once, 200 MB each, chunked)', async () => {
    const before = rssMb();
    const results = await Promise.all([1, 2, 3].map(() => rawPost('/en/contact', 200 * 1024 * 1024, { chunked: true })));
    for (const r of results) {
      expect(r.status).toBe(413);
      // The server closed the connection about a second after its answer, long before the 200 MB were sent.
      expect(r.sentBytes).toBeLessThan(200 * 1024 * 1024);
      expect(r.ms).toBeLessThan(10_000);
    }
    expect(rssMb() - before).toBeLessThan(60);
    // And still serves.
    expect((await call('GET', '/en/login')).status).toBe(200);
  });
});

describe('methods pages do not take', () => {
  it('answer 405 with Allow, never a 500', async () => {
    for (const [method, url] of [
      ['TRACE', '/en'],
      ['TRACE', '/en/login'],
      ['PATCH', '/en/login'],
      ['PUT', '/en/dashboard'],
      ['DELETE', '/fr/contact'],
      ['PROPFIND', '/en'],
      ['QUERY', '/en'],
    ] as const) {
      // fetch refuses to send TRACE: written by hand.
      const text = await rawRequest(`${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\nConnection: close\r\n\r\na=1`);
      expect(text, `${method} ${url}`).toMatch(/^HTTP\/1\.1 405 /);
      expect(text.toLowerCase(), `${method} ${url}`).toContain('\r\nallow: get, head, options, post\r\n');
      expect(text, `${method} ${url}`).toContain(VALIDATION_MESSAGES.methodNotAllowed[url.startsWith('/fr') ? 'fr' : 'en']);
    }
    const options = await call('OPTIONS', '/en/login');
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS, POST');
  });

  it('answer CONNECT and methods unknown to the parser with 405 too', async () => {
    for (const head of ['CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n', 'FOO /en HTTP/1.1\r\nHost: x\r\n\r\n']) {
      expect(await rawRequest(head), head).toMatch(/^HTTP\/1\.1 405 /);
    }
  });
});

describe('limits and logs', () => {
  it('counts log-in attempts from one IPv6 /64 together, whatever address inside it', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) {
      const res = await call(
        'POST',
        '/en/login',
        { 'content-type': 'application/x-www-form-urlencoded', origin: BASE, 'x-forwarded-for': `2001:db8:77:1:${i.toString(16)}::${i}` },
        form({ email: 'rotating@example.dz', password: 'Wrong-Password1' }),
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('writes page URLs to the access log without their tokens', async () => {
    const secret = 'Tk_5ecret-Value-That-Must-Not-Be-Logged';
    await call('GET', `/en/reset-password?token=${secret}`);
    await call('GET', `/fr/verify-email?lang=fr&token=${secret}2`);
    await call('GET', `/ar/reset-password.data?token=${secret}3`);
    await call('POST', `/en/verify-email?token=${secret}4`, { 'content-type': 'application/x-www-form-urlencoded', origin: BASE }, form({ token: 'x' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const log = server!.output.join('');
    expect(log).toContain('/en/reset-password?token=[redacted]');
    expect(log).toContain('/fr/verify-email?lang=fr&token=[redacted]');
    expect(log).not.toContain(secret);
  });
});
