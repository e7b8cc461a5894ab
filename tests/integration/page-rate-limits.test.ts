// The pages' forms are held to the same limits as the API, counted per address, and let
// through again when the window ends: time is a clock the test moves, not a wait.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as forgetPasswordPage from '../../app/routes/forget-password.tsx';
import * as loginPage from '../../app/routes/login.tsx';
import { manualClock } from '../helpers/clock.ts';
import { callAction, formOf } from '../helpers/pages.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

const clock = manualClock();
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext('page_rate_limits', {
    now: clock.now,
    rateLimits: { login: { max: 2, windowMs: 60_000 }, forgotPassword: { max: 1, windowMs: 60_000 } },
  });
});
afterAll(async () => {
  await ctx?.close();
});

const logIn = (ip: string) =>
  callAction(ctx, loginPage.action, { path: '/fr/login', params: { lang: 'fr' }, ip, form: formOf({ email: 'nobody@example.dz', password: 'Wrong-Password1' }) });

describe('page form limits', () => {
  it('log-in: refused with RATE_LIMITED past the limit, for that address only, until the window ends', async () => {
    expect((await logIn('198.51.100.20')).data).toMatchObject({ formError: 'INVALID_CREDENTIALS' });
    expect((await logIn('198.51.100.20')).status).toBe(401);
    const limited = await logIn('198.51.100.20');
    expect(limited.status).toBe(429);
    expect(limited.data).toMatchObject({ formError: 'RATE_LIMITED' });
    expect((await logIn('198.51.100.21')).status).toBe(401);

    clock.advance(59_999);
    expect((await logIn('198.51.100.20')).status).toBe(429);
    clock.advance(1);
    expect((await logIn('198.51.100.20')).status).toBe(401);
  });

  it('forgotten password: one a window per address', async () => {
    const ask = () => callAction(ctx, forgetPasswordPage.action, { path: '/fr/forget-password', params: { lang: 'fr' }, ip: '198.51.100.30', form: formOf({ email: 'nobody@example.dz' }) });
    expect((await ask()).data).toEqual({ sent: true });
    expect((await ask()).data).toMatchObject({ formError: 'RATE_LIMITED' });
    clock.advance(60_000);
    expect((await ask()).data).toEqual({ sent: true });
  });
});
