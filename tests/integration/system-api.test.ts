import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext('system');
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/v1/health', () => {
  it('answers ok when the database answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: 'ok', db: 'ok' } });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('keeps a sane caller-given request id and replaces a hostile one', async () => {
    const given = await ctx.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const hostile = await ctx.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': '<script>' } });
    expect(hostile.headers['x-request-id']).not.toBe('<script>');
  });
});

describe('GET /api/v1/meta', () => {
  it('lists the reference data with three names each', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/meta' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.categories).toHaveLength(18);
    expect(data.wilayas).toHaveLength(58);
    expect(data.conditions).toHaveLength(5);
    expect(data.wilayas.find((w: { key: string }) => w.key === 'alger')).toEqual({
      key: 'alger',
      code: '16',
      name: { ar: 'الجزائر', fr: 'Alger', en: 'Algiers' },
    });
  });
});

describe('unknown API paths', () => {
  for (const [method, url] of [
    ['GET', '/api/v1/nope'],
    ['POST', '/api/v1/nope/deeper'],
    ['GET', '/api/other'],
    ['DELETE', '/api/'],
  ] as const) {
    it(`${method} ${url} is a JSON 404`, async () => {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Not found' });
    });
  }
});

describe('OpenAPI', () => {
  it('publishes an OpenAPI 3.1 document generated from the routes', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/health', '/api/v1/meta']));
    expect(doc.paths['/api/v1/health'].get.responses).toHaveProperty('503');
  });

  it('serves the interactive documentation page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('compression', () => {
  // On JSON gzip is as small as brotli's quality 4 for less CPU (decision 0039); pages keep brotli.
  it('compresses JSON with gzip when the client takes it, with brotli when it takes only that', async () => {
    const both = await ctx.app.inject({ method: 'GET', url: '/api/v1/meta', headers: { 'accept-encoding': 'br, gzip' } });
    expect(both.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/v1/meta' });
    expect(gunzipSync(both.rawPayload).toString()).toBe(plain.body);
    const brOnly = await ctx.app.inject({ method: 'GET', url: '/api/v1/meta', headers: { 'accept-encoding': 'br' } });
    expect(brOnly.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brOnly.rawPayload).toString()).toBe(plain.body);
  });
});

describe('health when the database is gone', () => {
  it('answers 503 with the error body', async () => {
    const other = await createTestContext('system-down');
    try {
      await other.database.close();
      const res = await other.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    } finally {
      await other.app.close();
    }
  });
});
