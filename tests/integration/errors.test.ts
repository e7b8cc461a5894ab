// The error handler: internals never leak, client mistakes get the documented codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, type App } from '../../server/app.ts';
import { AppError } from '#errors';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
let app: App;
beforeAll(async () => {
  ctx = await createTestContext('errors');
  app = await buildApp({ services: ctx.services, logger: false, checkResponses: true });
  app.get('/boom', async () => {
    throw new Error('secret connection string postgres://user:pw@db');
  });
  app.get('/forbidden', async () => {
    throw new AppError('FORBIDDEN', 'You are not authorized to update this user');
  });
  app.post('/echo', { schema: { body: z.object({ price: z.number().int().min(1) }) } }, async (req) => req.body);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe('error handler', () => {
  it('hides the details of a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, code: 'INTERNAL_ERROR', message: 'Internal server error' });
    expect(res.body).not.toContain('postgres://');
  });

  it('passes an AppError through with its status and code', async () => {
    const res = await app.inject({ method: 'GET', url: '/forbidden' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN', message: 'You are not authorized to update this user' });
  });

  it('turns schema failures into VALIDATION_ERROR with field errors', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { price: -3 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors[0]).toMatchObject({ path: 'body.price' });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: '{"price":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });

  it('answers an oversized body with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      payload: JSON.stringify({ price: 1, pad: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unknown content type with 415', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: 'a=b', headers: { 'content-type': 'text/x-weird' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
