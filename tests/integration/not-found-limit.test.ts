// The `notFound` limit in memory (no Redis): 404 answers per client IP, then 429.
// Each test uses its own client address so that the counts do not mix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createServices } from '../../server/services/index.ts';
import { RATE_LIMITS } from '../../server/services/rate-limit.ts';
import { createLocalDiskStorage } from '../../server/storage/local-disk.ts';
import { API } from '../helpers/api-client.ts';
import { manualClock } from '../helpers/clock.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
const UNKNOWN_ID = '00000000-0000-0000-0000-000000000000';
const LIMITED_BODY = { success: false, code: 'RATE_LIMITED', message: 'Too many requests, please try again later' };

beforeAll(async () => {
  ctx = await createTestContext('not_found_limit', { rateLimits: { notFound: { max: 3, windowMs: 60_000 } } });
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, ip: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, remoteAddress: ip, headers });

describe('404 rate limit', () => {
  it('is 60 a minute per IP by default', () => {
    expect(RATE_LIMITS.notFound).toEqual({ max: 60, windowMs: 60_000 });
  });

  it('answers unknown API paths 404 up to the limit, then 429 with Retry-After and the API error body', async () => {
    const ip = '203.0.113.1';
    for (const path of ['/api/v1/nope', '/api/admin', '/api/v2/products']) {
      const res = await get(path, ip);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const res = await get('/api/v1/.env', ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(LIMITED_BODY);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers paths outside /api with a plain-text 429, compressed or not', async () => {
    const ip = '203.0.113.2';
    for (const path of ['/wp-login.php', '/.git/config', '/cgi-bin/test']) expect((await get(path, ip)).statusCode).toBe(404);
    const res = await get('/phpmyadmin/index.php', ip, { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('Too many requests, please try again later.\n');
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('counts the 404s of real routes too (unknown ids, missing uploads)', async () => {
    const ip = '203.0.113.3';
    expect((await get(`${API}/products/${UNKNOWN_ID}`, ip)).statusCode).toBe(404);
    expect((await get(`${API}/users/${UNKNOWN_ID}`, ip)).statusCode).toBe(404);
    expect((await get('/uploads/no-such-photo.webp', ip)).statusCode).toBe(404);
    const res = await get(`${API}/products/${UNKNOWN_ID}`, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(LIMITED_BODY);
  });

  it('neither counts nor blocks answers other than 404', async () => {
    const ip = '203.0.113.4';
    for (let i = 0; i < 10; i++) expect((await get(`${API}/health`, ip)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await get('/api/nope', ip)).statusCode).toBe(404);
    expect((await get('/api/nope', ip)).statusCode).toBe(429);
    // Over the limit, the site keeps working for that address (a shared carrier IP must not be locked out).
    expect((await get(`${API}/health`, ip)).statusCode).toBe(200);
    expect((await get(`${API}/meta`, ip)).statusCode).toBe(200);
    const login = await ctx.app.inject({
      method: 'POST',
      url: `${API}/users/login`,
      remoteAddress: ip,
      payload: { email: 'nobody@example.dz', password: 'Wrong-Password1' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('keeps one count per client IP', async () => {
    for (let i = 0; i < 4; i++) await get('/api/nope', '203.0.113.5');
    expect((await get('/api/nope', '203.0.113.5')).statusCode).toBe(429);
    expect((await get('/api/nope', '203.0.113.6')).statusCode).toBe(404);
  });

  it('lets 404s through again when the window ends', async () => {
    // A second instance over the same database, on a clock the test moves.
    const clock = manualClock();
    const services = createServices({
      config: ctx.config,
      database: ctx.database,
      storage: createLocalDiskStorage(ctx.config.uploadsDir),
      rateLimits: { notFound: { max: 1, windowMs: 60_000 } },
      now: clock.now,
    });
    const app = await buildApp({ services, logger: false, checkResponses: true });
    try {
      const ip = '203.0.113.7';
      expect((await app.inject({ url: '/api/nope', remoteAddress: ip })).statusCode).toBe(404);
      const limited = await app.inject({ url: '/api/nope', remoteAddress: ip });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('60');
      clock.advance(59_999);
      const still = await app.inject({ url: '/api/nope', remoteAddress: ip });
      expect(still.statusCode).toBe(429);
      expect(still.headers['retry-after']).toBe('1');
      clock.advance(1);
      expect((await app.inject({ url: '/api/nope', remoteAddress: ip })).statusCode).toBe(404);
    } finally {
      await app.close();
      await services.close();
    }
  });
});
