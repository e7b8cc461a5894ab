// Caching headers (server/plugins/page-caching.ts): anonymous pages are public for a short
// while with an ETag over the body without its nonces, personal and failed pages are never
// stored, the API keeps signed-in answers out of every cache, and compression keeps the
// ETag's meaning.
//
// Pages need the production build and a server process: the build imports `#app-context`
// natively, so inside Vitest (which loads its own copy of app/context.ts) its loaders would
// not find the context that app.ts sets. So the server runs as `node server/main.ts` on
// PAGE_CACHING_PORT (3121) over a build of the current code in .cache/build-page-caching
// (PAGE_CACHING_BUILD_DIR to reuse another one) and a fresh embedded database with the demo
// catalogue; requests go over HTTP. The server's database is always the embedded one, so
// vitest.config.ts runs this file in the PGlite project only.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SELLER } from '../../server/seed/demo-listings.ts';
import { VIEW_BATCH_MS } from '../../server/services/counters.ts';
import {
  etagMatches,
  normaliseNonces,
  NO_STORE,
  pageEtag,
  PUBLIC_PAGE_CACHE,
  PUBLIC_PAGE_VARY,
  registerPageCaching,
  weakEtag,
} from '../../server/plugins/page-caching.ts';
import { ensureBuild, startBuiltServer, type BuiltServer } from '../helpers/built-server.ts';

const GIVEN_BUILD = process.env.PAGE_CACHING_BUILD_DIR;
const BUILD_DIR = GIVEN_BUILD || '.cache/build-page-caching';
const PORT = Number(process.env.PAGE_CACHING_PORT ?? 3121);
const BASE = `http://127.0.0.1:${PORT}`;
const API = '/api/v1';
const WEAK_ETAG = /^W\/"[\w-]{43}"$/;

interface Answer {
  status: number;
  headers: Headers;
  body: string;
  bytes: number;
}

let server: BuiltServer | undefined;
/** The demo seller (verified, owns the demo listings) and a second, new member. */
let owner: { id: string; cookie: string };
let member: { id: string; cookie: string };
let product: { id: string; img: string };

async function call(method: string, url: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const res = await fetch(BASE + url, {
    method,
    // fetch would ask for compression by default; a test asks for it when it means to.
    headers: { 'accept-encoding': 'identity', ...(method === 'GET' || method === 'HEAD' ? {} : { origin: BASE }), ...headers },
    body,
    redirect: 'manual',
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body: bytes.toString('utf8'), bytes: bytes.length };
}

function get(url: string, headers: Record<string, string> = {}) {
  return call('GET', url, headers);
}

function json(method: string, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return call(method, url, { 'content-type': 'application/json', ...headers }, JSON.stringify(payload));
}

function sessionOf(res: Answer): string {
  const line = res.headers.getSetCookie().find((c) => c.startsWith('session='));
  if (!line) throw new Error(`no session cookie (${res.status}: ${res.body})`);
  return line.split(';')[0] ?? '';
}

beforeAll(async () => {
  ensureBuild(BUILD_DIR, Boolean(GIVEN_BUILD));
  server = await startBuiltServer({ port: PORT, buildDir: BUILD_DIR, name: 'caching' });
  const login = await json('POST', `${API}/users/login`, { email: DEMO_SELLER.email, password: DEMO_SELLER.password });
  owner = { id: JSON.parse(login.body).data.id, cookie: sessionOf(login) };
  const email = `caching.${Date.now().toString(36)}@example.dz`;
  const signup = await json('POST', `${API}/users/signup`, { name: 'Karim Haddad', email, password: 'Green-Souk42' });
  expect(signup.status).toBe(201);
  const memberLogin = await json('POST', `${API}/users/login`, { email, password: 'Green-Souk42' });
  member = { id: JSON.parse(memberLogin.body).data.id, cookie: sessionOf(memberLogin) };
  const list = JSON.parse((await get(`${API}/users/${owner.id}/products`)).body).data as { id: string; img: string | null; isActive: boolean }[];
  const withPhoto = list.find((p) => p.isActive && p.img?.startsWith('/uploads/'));
  if (!withPhoto?.img) throw new Error('no demo listing with a photo');
  product = { id: withPhoto.id, img: withPhoto.img };
}, 400_000);

afterAll(async () => {
  await server?.stop();
});

function expectPublicPage(res: Answer) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(res.headers.get('cache-control')).toBe(PUBLIC_PAGE_CACHE);
  expect(res.headers.get('vary')).toBe(PUBLIC_PAGE_VARY);
  expect(res.headers.get('etag')).toMatch(WEAK_ETAG);
}

/** `private, no-store`, or the route's own `no-store`, which says as much. */
function expectNoStore(res: Answer) {
  expect(res.headers.get('cache-control')).toMatch(/^(private, )?no-store$/);
  expect(res.headers.get('etag')).toBeNull();
}

function expectNotModified(res: Answer, first: Answer) {
  expect(res.status).toBe(304);
  expect(res.bytes).toBe(0);
  expect(res.headers.get('etag')).toBe(first.headers.get('etag'));
  expect(res.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
  expect(res.headers.get('vary')).toBe(first.headers.get('vary'));
  expect(res.headers.get('content-security-policy')).toBeNull();
  expect(res.headers.get('content-encoding')).toBeNull();
  expect(res.headers.get('content-length')).toBeNull();
}

/**
 * Runs `requests` again until they all fall within one minute of the clock: pages show times to
 * the minute ("published 3 minutes ago"), so two renders either side of a minute's turn are two
 * different pages with two ETags (this test once failed that way on a slow machine).
 */
async function withinOneMinute<T>(requests: () => Promise<T>): Promise<T> {
  for (;;) {
    const minute = Math.floor(Date.now() / 60_000);
    const result = await requests();
    if (Math.floor(Date.now() / 60_000) === minute) return result;
  }
}

describe('anonymous public pages', () => {
  const pages = () => ['/en', `/ar/products/${product.id}`, `/fr/shop/${owner.id}`, '/en/about', '/en?title=velo'];

  // The product page shows its views, and this visitor's first view is written with the next
  // batch (counters.ts): landing between two requests of a test, it changed the page and its
  // ETag (a flaky failure on a slow machine). Counted and written once here, later views by the
  // same visitor that day count nothing.
  beforeAll(async () => {
    await get(`/ar/products/${product.id}`);
    const views = async () => JSON.parse((await get(`${API}/products/${product.id}`)).body).data.views as number;
    // Until the count holds still for longer than a batch waits.
    for (let before = await views(); ; ) {
      await new Promise((resolve) => setTimeout(resolve, VIEW_BATCH_MS + 500));
      const after = await views();
      if (after === before) break;
      before = after;
    }
  });

  it('are public for 60 s with a weak ETag and Vary: Cookie', async () => {
    for (const url of pages()) expectPublicPage(await get(url));
  });

  it('keep their ETag from one response to the next, although the nonce changes', async () => {
    for (const url of pages()) {
      const [a, b] = await withinOneMinute(async () => [await get(url), await get(url)]);
      expect(b.headers.get('etag')).toBe(a.headers.get('etag'));
      // With the security-headers plugin in place the two bodies carry different nonces.
      const csp = a.headers.get('content-security-policy');
      if (csp?.includes("'nonce-")) {
        expect(b.headers.get('content-security-policy')).not.toBe(csp);
        expect(b.body).not.toBe(a.body);
      }
    }
  });

  it('answer a matching If-None-Match with 304, no body and no CSP', async () => {
    for (const url of pages()) {
      const [first, again, listed] = await withinOneMinute(async () => {
        const page = await get(url);
        // Weak comparison: the strong form of the same tag, inside a list, matches too.
        const strong = String(page.headers.get('etag')).slice(2);
        return [page, await get(url, { 'if-none-match': String(page.headers.get('etag')) }), await get(url, { 'if-none-match': `"other", ${strong}` })];
      });
      expectNotModified(again, first);
      expectNotModified(listed, first);
    }
  });

  it('answer a stale If-None-Match with the page', async () => {
    const res = await get('/en', { 'if-none-match': 'W/"not-this-one"' });
    expectPublicPage(res);
    expect(res.body).toContain('<html');
  });

  it('change their ETag when a listing changes', async () => {
    const url = `/en/products/${product.id}`;
    const before = await get(url);
    const home = await get('/en');
    const edited = await json('PUT', `${API}/products/${product.id}`, { title: 'Vélo de ville repeint en vert' }, { cookie: owner.cookie });
    expect(edited.status).toBe(200);
    const after = await get(url, { 'if-none-match': String(before.headers.get('etag')) });
    expectPublicPage(after);
    expect(after.body).toContain('Vélo de ville repeint en vert');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    // The home page lists it too.
    const homeAfter = await get('/en', { 'if-none-match': String(home.headers.get('etag')) });
    expect(homeAfter.status).toBe(200);
    expect(homeAfter.headers.get('etag')).not.toBe(home.headers.get('etag'));
  });

  it('differ by theme: dark and light pages have different ETags and do not revalidate each other', async () => {
    const light = await get('/en', { cookie: 'theme=light' });
    const dark = await get('/en', { cookie: 'theme=dark' });
    expectPublicPage(light);
    expectPublicPage(dark);
    expect(dark.body).toMatch(/<html[^>]*class="dark"/);
    expect(light.body).toMatch(/<html[^>]*class="light"/);
    expect(dark.headers.get('etag')).not.toBe(light.headers.get('etag'));
    const crossed = await get('/en', { cookie: 'theme=dark', 'if-none-match': String(light.headers.get('etag')) });
    expect(crossed.status).toBe(200);
    expect(crossed.headers.get('etag')).toBe(dark.headers.get('etag'));
    expectNotModified(await get('/en', { cookie: 'theme=dark', 'if-none-match': String(dark.headers.get('etag')) }), dark);
  });

  it('differ by language', async () => {
    const [ar, fr] = [await get('/ar'), await get('/fr')];
    expect(ar.headers.get('etag')).not.toBe(fr.headers.get('etag'));
  });

  it('HEAD gets the same caching headers, without an ETag (there is no body to hash)', async () => {
    const res = await call('HEAD', '/en');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(PUBLIC_PAGE_CACHE);
    expect(res.headers.get('vary')).toBe(PUBLIC_PAGE_VARY);
  });
});

describe('compressed pages', () => {
  it('br and gzip carry the same weak ETag as the plain page, over the same page', async () => {
    const [plain, br, gzip] = await withinOneMinute(async () => [await get('/en/about'), await get('/en/about', { 'accept-encoding': 'br' }), await get('/en/about', { 'accept-encoding': 'gzip' })]);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    for (const res of [br, gzip]) {
      expectPublicPage(res);
      expect(res.headers.get('etag')).toBe(plain.headers.get('etag'));
      // fetch has decoded the body: the same page, nonces aside.
      expect(normaliseNonces(res.body)).toBe(normaliseNonces(plain.body));
    }
  });

  // The API prefers gzip (decision 0039); on HTML brotli is the smaller.
  it('is brotli for a browser that takes gzip and brotli', async () => {
    const res = await get('/en/about', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.headers.get('content-encoding')).toBe('br');
  });

  it('a 304 is the same whatever the encoding asked for: empty, not encoded', async () => {
    const [first, ...answers] = await withinOneMinute(async () => {
      const page = await get('/en', { 'accept-encoding': 'br' });
      const revalidated: Answer[] = [];
      for (const encoding of ['br', 'gzip', 'identity']) revalidated.push(await get('/en', { 'accept-encoding': encoding, 'if-none-match': String(page.headers.get('etag')) }));
      return [page, ...revalidated];
    });
    for (const answer of answers) expectNotModified(answer, first!);
  });
});

describe('pages that are never stored', () => {
  it('a signed-in visitor: private, no-store, no ETag, even with If-None-Match', async () => {
    const anonymous = await get('/en');
    for (const url of ['/en', `/en/products/${product.id}`, `/en/shop/${owner.id}`]) {
      const res = await get(url, { cookie: `theme=dark; ${member.cookie}` });
      expect(res.status).toBe(200);
      expectNoStore(res);
      const again = await get(url, { cookie: member.cookie, 'if-none-match': String(anonymous.headers.get('etag')) });
      expect(again.status).toBe(200);
    }
  });

  it('the dashboard, signed in or not (a redirect to log-in)', async () => {
    const signedIn = await get('/en/dashboard', { cookie: owner.cookie });
    expect(signedIn.status).toBe(200);
    expectNoStore(signedIn);
    expect(signedIn.headers.get('cache-control')).toBe(NO_STORE);
    const anonymous = await get('/en/dashboard');
    expect(anonymous.status).toBe(302);
    expectNoStore(anonymous);
  });

  it('account pages and pages reached with a token', async () => {
    for (const url of ['/en/login', '/fr/register', '/en/forget-password', '/en/reset-password?token=abc', '/ar/verify-email?token=abc', '/en/products/new']) {
      const res = await get(url);
      expect(res.status, url).toBeLessThan(500);
      expectNoStore(res);
    }
  });

  it('a signed-in visitor on log-in is redirected, not stored', async () => {
    const res = await get('/en/login', { cookie: member.cookie });
    expect(res.status).toBe(302);
    expectNoStore(res);
  });

  it('404 pages', async () => {
    for (const url of ['/en/no-such-page', '/en/products/00000000-0000-4000-8000-000000000000', '/xx/about']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expectNoStore(res);
    }
  });

  it('POST to a page', async () => {
    const res = await call('POST', '/en/login', { 'content-type': 'application/x-www-form-urlencoded' }, 'email=nobody%40example.dz&password=wrong');
    expect(res.status).toBeLessThan(500);
    expectNoStore(res);
  });

  it('the language redirect of /', async () => {
    const res = await get('/', { 'accept-language': 'fr' });
    expect(res.status).toBe(302);
    expectNoStore(res);
  });

  it('data requests of client navigation', async () => {
    const res = await get('/en.data');
    expect(res.status).toBe(200);
    expectNoStore(res);
  });
});

describe('the API', () => {
  it("anonymous reads: the route's choice kept, an ETag and 304", async () => {
    const profile = await get(`${API}/users/${owner.id}`);
    expect(profile.status).toBe(200);
    expect(profile.headers.get('cache-control')).toBe('no-cache');
    expect(profile.headers.get('etag')).toMatch(WEAK_ETAG);
    const again = await get(`${API}/users/${owner.id}`, { 'if-none-match': String(profile.headers.get('etag')) });
    expect(again.status).toBe(304);
    expect(again.bytes).toBe(0);

    const search = await get(`${API}/products`, { 'accept-encoding': 'gzip' });
    expect(search.headers.get('cache-control')).toBe('public, max-age=30');
    expect(search.headers.get('etag')).toMatch(WEAK_ETAG);
    const unchanged = await get(`${API}/products`, { 'if-none-match': String(search.headers.get('etag')) });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('cache-control')).toBe('public, max-age=30');

    // A read that counts a view stays no-store, without an ETag.
    const one = await get(`${API}/products/${product.id}`);
    expect(one.headers.get('cache-control')).toBe('no-store');
    expect(one.headers.get('etag')).toBeNull();
  });

  it('a signed-in caller gets private, no-store on every answer', async () => {
    for (const url of [`${API}/products`, `${API}/users/${owner.id}`, `${API}/users/me`, `${API}/products/${product.id}`, `${API}/meta`]) {
      expectNoStore(await get(url, { cookie: member.cookie }));
    }
  });

  it('errors and writes: private, no-store', async () => {
    expectNoStore(await get(`${API}/users/me`));
    expectNoStore(await get(`${API}/products/not-an-id`));
    expectNoStore(await json('POST', `${API}/users/login`, { email: 'x@example.dz', password: 'nope' }));
  });
});

describe('files keep their own caching', () => {
  it('built assets stay immutable, for signed-in visitors too', async () => {
    const asset = readdirSync(path.join(BUILD_DIR, 'client/assets')).find((f) => f.endsWith('.js'));
    expect(asset).toBeDefined();
    for (const headers of [{}, { cookie: member.cookie }] as Record<string, string>[]) {
      const res = await get(`/assets/${asset}`, headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('uploads stay immutable', async () => {
    const res = await get(product.img, { cookie: member.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/immutable/);
  });
});

// The hook on its own, with a stand-in for the security-headers plugin: proves that the CSP
// of a 200 is stripped from the 304, that a loader's Set-Cookie stops caching, and that
// nonces are taken out of the hash.
describe('the hook with a fake CSP header', () => {
  let app: FastifyInstance;
  let counter = 0;

  beforeAll(async () => {
    app = Fastify();
    app.addHook('onSend', async (_request, reply, payload) => {
      if (String(reply.getHeader('content-type')).startsWith('text/html')) reply.header('content-security-policy', `script-src 'nonce-n${counter}'`);
      return payload;
    });
    registerPageCaching(app);
    await app.register(compress, { encodings: ['br', 'gzip'], threshold: 16 });
    app.all('*', async (request, reply) => {
      const nonce = `n${++counter}`;
      Reflect.set(request, 'cspNonce', nonce);
      if (request.url.startsWith('/cookie')) reply.header('set-cookie', 'flash=1; Path=/');
      const html = `<!DOCTYPE html><html><head><script nonce="${nonce}">window.n="${nonce}"</script></head><body>${'x'.repeat(200)}</body></html>`;
      return reply.type('text/html').send(Readable.from([html.slice(0, 50), html.slice(50)]));
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
  });

  function answer(res: LightMyRequestResponse): Answer {
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, String(one));
    }
    return { status: res.statusCode, headers, body: res.body, bytes: res.rawPayload.length };
  }

  it('strips the CSP from the 304 and keeps it on the 200', async () => {
    const first = await app.inject({ url: '/page' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-security-policy']).toContain("'nonce-");
    expect(first.headers['cache-control']).toBe(PUBLIC_PAGE_CACHE);
    const second = await app.inject({ url: '/page' });
    expect(second.body).not.toBe(first.body);
    expect(second.headers['etag']).toBe(first.headers['etag']);
    const again = await app.inject({ url: '/page', headers: { 'if-none-match': String(first.headers['etag']), 'accept-encoding': 'br' } });
    expectNotModified(answer(again), answer(first));
  });

  it('a compressed 200 carries the same ETag', async () => {
    const plain = await app.inject({ url: '/page' });
    const br = await app.inject({ url: '/page', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['etag']).toBe(plain.headers['etag']);
    expect(br.headers['vary']).toBe(PUBLIC_PAGE_VARY);
  });

  it('a response that sets a cookie is not stored', async () => {
    const res = await app.inject({ url: '/cookie' });
    expect(res.statusCode).toBe(200);
    expectNoStore(answer(res));
  });
});

describe('helpers', () => {
  it('normaliseNonces empties nonce attributes and the nonce wherever else it is', () => {
    expect(normaliseNonces('<script nonce="abc+/=">x("abc+/=")</script>', 'abc+/=')).toBe('<script nonce="">x("")</script>');
    expect(normaliseNonces(`<link nonce='q'>`)).toBe('<link nonce="">');
  });

  it('pageEtag hashes the page as normaliseNonces leaves it, bytes as they are', () => {
    const nonce = 'k9+/Zx0=';
    const page = `<!DOCTYPE html><link nonce="${nonce}"><p dir="auto">سيارة – été</p><script nonce="${nonce}">go("${nonce}")</script>`;
    expect(pageEtag(Buffer.from(page), nonce)).toBe(weakEtag(normaliseNonces(page, nonce)));
    expect(pageEtag(Buffer.from(`${nonce}x${nonce}`), nonce)).toBe(weakEtag('x'));
    expect(pageEtag(Buffer.from(page), '')).toBe(weakEtag(page));
  });

  it('etagMatches compares weakly and understands lists and *', () => {
    expect(etagMatches('W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('"b", W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('*', 'W/"a"')).toBe(true);
    expect(etagMatches('W/"b"', 'W/"a"')).toBe(false);
    expect(etagMatches(undefined, 'W/"a"')).toBe(false);
  });
});
