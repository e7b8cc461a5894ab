// Security controls of every response that is not a page (pages: e2e/security.spec.ts):
// the fixed headers and the locked-down CSP on API answers, errors, 404s and uploads, no CSP
// on a 304, HSTS only for an https site, the session cookie's flags, and the refusal of
// cross-site requests that change state.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspNonceFor, pagePolicy } from '../../server/plugins/security-headers.ts';
import { API, loginRequest, multipartBody, sessionSetCookieLine, signedInUser, signup } from '../helpers/api-client.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

const PUBLIC_URL = 'http://localhost:3000';
const HTTPS_PUBLIC_URL = 'https://ecosouk.example';
const EVIL = 'https://evil.example';

let ctx: TestContext;
let https: TestContext;

beforeAll(async () => {
  [ctx, https] = await Promise.all([
    createTestContext('security_headers', { env: { PUBLIC_URL } }),
    createTestContext('security_headers_https', { env: { PUBLIC_URL: HTTPS_PUBLIC_URL } }),
  ]);
});

afterAll(async () => {
  await Promise.all([ctx?.close(), https?.close()]);
});

function directives(res: LightMyRequestResponse): Map<string, string> {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(' ')[0]!, d.slice(d.indexOf(' ') + 1)]),
  );
}

/** The headers every response carries, whatever it is. */
function expectBaseHeaders(res: LightMyRequestResponse, where: string) {
  expect(res.headers['x-content-type-options'], where).toBe('nosniff');
  expect(res.headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
  expect(res.headers['cross-origin-opener-policy'], where).toBe('same-origin');
  expect(res.headers['x-frame-options'], where).toBe('DENY');
  const permissions = String(res.headers['permissions-policy']);
  for (const denied of ['geolocation=()', 'microphone=()', 'payment=()', 'usb=()']) expect(permissions, where).toContain(denied);
  expect(permissions, where).toContain('camera=(self)');
}

/** Not a page: a policy that allows nothing at all, should it ever be opened as a document. */
function expectNothingPolicy(res: LightMyRequestResponse, where: string) {
  const csp = directives(res);
  expect(csp.get('default-src'), where).toBe("'none'");
  expect(csp.get('frame-ancestors'), where).toBe("'none'");
  expect(csp.get('base-uri'), where).toBe("'none'");
  expect(csp.get('form-action'), where).toBe("'none'");
}

describe('headers on everything that is not a page', () => {
  it('API answers, errors and 404s, API or not', async () => {
    const cases = [
      { url: `${API}/health`, status: 200 },
      { url: `${API}/users/me`, status: 401 },
      { url: `${API}/products?category=nope`, status: 400 },
      { url: '/api/v2/anything', status: 404 },
      { url: '/fr/no-pages-in-this-app', status: 404 },
    ];
    for (const { url, status } of cases) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expectBaseHeaders(res, url);
      expectNothingPolicy(res, url);
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('a refused cross-site request carries them too', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `${API}/users/logout`, headers: { origin: EVIL } });
    expect(res.statusCode).toBe(403);
    expectBaseHeaders(res, 'refused');
    expectNothingPolicy(res, 'refused');
  });

  it('an uploaded photo, and its 304 without any CSP', async () => {
    const file = path.join(ctx.config.uploadsDir, 'listings', 'headers-test', '320.webp');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2f855a' } }).webp().toBuffer());

    const res = await ctx.app.inject({ method: 'GET', url: '/uploads/listings/headers-test/320.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expectBaseHeaders(res, 'upload');
    expectNothingPolicy(res, 'upload');

    // A 304's headers replace the cached response's: a CSP there could clash with the cached body.
    const etag = String(res.headers.etag);
    const again = await ctx.app.inject({ method: 'GET', url: '/uploads/listings/headers-test/320.webp', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBeUndefined();
    expect(again.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the API documentation (HTML without inline scripts) gets its own policy, without a nonce', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = directives(res);
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(String(res.headers['content-security-policy'])).not.toContain('nonce');
  });

  it('Strict-Transport-Security only when the public URL is https', async () => {
    const secure = await https.app.inject({ method: 'GET', url: `${API}/health` });
    expect(secure.headers['strict-transport-security']).toMatch(/^max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(String(secure.headers['strict-transport-security']))![1])).toBeGreaterThanOrEqual(31_536_000);
    expectBaseHeaders(secure, 'https');
    const plain = await ctx.app.inject({ method: 'GET', url: `${API}/health` });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the page policy', () => {
  const fakeRequest = () => ({ cspNonce: '' }) as FastifyRequest;

  it('allows scripts only by nonce: no unsafe-inline, no unsafe-eval', () => {
    const policy = pagePolicy('abc123', { publicUrl: PUBLIC_URL });
    const csp = new Map(policy.split('; ').map((d) => [d.split(' ')[0]!, d.slice(d.indexOf(' ') + 1)]));
    expect(csp.get('script-src')).toBe("'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp.get('style-src')).toBe("'self' 'nonce-abc123'");
    expect(csp.get('style-src-attr')).toBe("'unsafe-inline'");
    // Photos given by URL are fetched and stored: no image from another site, none to track visitors.
    expect(csp.get('img-src')).toBe("'self' blob:");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'self'");
    expect(csp.get('form-action')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(pagePolicy('abc123', { publicUrl: HTTPS_PUBLIC_URL })).toContain('upgrade-insecure-requests');
  });

  it('has one nonce per request, of 128 random bits', () => {
    const first = fakeRequest();
    const nonce = cspNonceFor(first);
    expect(cspNonceFor(first)).toBe(nonce);
    expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    const others = new Set(Array.from({ length: 100 }, () => cspNonceFor(fakeRequest())));
    expect(others.size).toBe(100);
    expect(others.has(nonce)).toBe(false);
  });
});

describe('the session cookie (docs/api.md)', () => {
  it('is HttpOnly and SameSite=Lax, not Secure on http', async () => {
    const user = await signup(ctx);
    const line = sessionSetCookieLine(await loginRequest(ctx, user.email, user.password));
    expect(line).toMatch(/;\s*HttpOnly(;|$)/i);
    expect(line).toMatch(/;\s*SameSite=Lax(;|$)/i);
    expect(line).not.toMatch(/;\s*Secure(;|$)/i);
  });

  it('is Secure too when the public URL is https', async () => {
    const user = await signup(https);
    const line = sessionSetCookieLine(await loginRequest(https, user.email, user.password));
    expect(line).toMatch(/;\s*Secure(;|$)/i);
    expect(line).toMatch(/;\s*HttpOnly(;|$)/i);
    expect(line).toMatch(/;\s*SameSite=Lax(;|$)/i);
  });
});

describe('cross-site requests to the API', () => {
  it('a log-in with a foreign or opaque Origin is refused and sets no cookie', async () => {
    const user = await signup(ctx);
    for (const origin of [EVIL, 'null', 'http://localhost:3000.evil.example', 'http://localhost:3001']) {
      const res = await loginRequest(ctx, user.email, user.password, { origin });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json(), origin).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect(res.headers['set-cookie'], origin).toBeUndefined();
    }
  });

  it('a browser request marked cross-site or same-site without Origin is refused', async () => {
    const user = await signup(ctx);
    for (const site of ['cross-site', 'same-site']) {
      const res = await loginRequest(ctx, user.email, user.password, { 'sec-fetch-site': site });
      expect(res.statusCode, site).toBe(403);
    }
  });

  it('scripts without Origin, our own origin, and same-origin browser requests get through', async () => {
    const user = await signup(ctx);
    const allowed: Record<string, string>[] = [{}, { origin: PUBLIC_URL }, { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }];
    for (const headers of allowed) {
      const res = await loginRequest(ctx, user.email, user.password, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('reads are not refused, whatever the Origin', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${API}/products`, headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(200);
  });

  it('a signed-in user cannot be made to change, upload or delete from another site', async () => {
    const user = await signedInUser(ctx, { name: 'Karim Bouzid' });
    const url = `${API}/users/${user.user.id}`;
    const headers = { cookie: user.cookie, origin: EVIL };

    const put = await ctx.app.inject({ method: 'PUT', url, headers, payload: { name: 'Pirate Renamed' } });
    expect(put.statusCode).toBe(403);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c05621' } }).png().toBuffer();
    const body = multipartBody([{ name: 'image', data: png, filename: 'x.png', contentType: 'image/png' }]);
    const upload = await ctx.app.inject({ method: 'POST', url: `${API}/products/upload`, payload: body.payload, headers: { ...headers, ...body.headers } });
    expect(upload.statusCode).toBe(403);
    const del = await ctx.app.inject({ method: 'DELETE', url, headers });
    expect(del.statusCode).toBe(403);

    const me = await ctx.app.inject({ method: 'GET', url: `${API}/users/me`, headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.name).toBe('Karim Bouzid');
    // The control: the same change from our own origin goes through.
    const own = await ctx.app.inject({ method: 'PUT', url, headers: { cookie: user.cookie, origin: PUBLIC_URL }, payload: { name: 'Karim B.' } });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.name).toBe('Karim B.');
  });
});
