// A page request looks its session up once, when the load context is built; the root loader
// and the route loaders read it from the context. The sessions service is wrapped to count the
// lookups (the real one answers them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as root from '../../app/root.tsx';
import * as dashboardPage from '../../app/routes/dashboard.tsx';
import * as loginPage from '../../app/routes/login.tsx';
import { createLoadContext } from '../../server/http/load-context.ts';
import type { Services } from '../../server/services/index.ts';
import { API, PASSWORD, sessionCookieOf, signup } from '../helpers/api-client.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestContext('session_lookup');
  const { email } = await signup(ctx);
  const res = await ctx.app.inject({ method: 'POST', url: `${API}/users/login`, payload: { email, password: PASSWORD } });
  cookie = sessionCookieOf(res)!;
});
afterAll(async () => {
  await ctx?.close();
});

function countingServices(): { services: Services; lookups: () => number } {
  let lookups = 0;
  const { sessions } = ctx.services;
  const counted = {
    ...sessions,
    async userOf(token: string | undefined) {
      lookups++;
      return sessions.userOf(token);
    },
    async callerOf(request: Parameters<typeof sessions.callerOf>[0]) {
      lookups++;
      return sessions.callerOf(request);
    },
  };
  return { services: { ...ctx.services, sessions: counted }, lookups: () => lookups };
}

async function pageRequest(path: string, services: Services) {
  const request = new Request(`http://localhost:3000${path}`, { headers: { cookie } });
  const context = await createLoadContext(services, { requestId: 'session-lookup', nonce: 'n', ip: '198.51.100.40', userAgent: 'vitest', cookie });
  return { request, context, args: (params: Record<string, string>) => ({ request, context, params, unstable_pattern: '' }) as never };
}

describe('the session of a page request', () => {
  it('is looked up once for the root loader and the page loader together', async () => {
    const { services, lookups } = countingServices();
    const page = await pageRequest('/fr/dashboard', services);
    expect(lookups()).toBe(1);
    const rootData = await root.loader(page.args({}));
    const dashboard = await dashboardPage.loader(page.args({ lang: 'fr' }));
    expect(rootData.user?.id).toBeTruthy();
    expect((dashboard as unknown as { data: { user: { id: string } } }).data.user.id).toBe(rootData.user?.id);
    expect(lookups()).toBe(1);
  });

  it('a signed-in visitor of the log-in page is sent on, from the same single lookup', async () => {
    const { services, lookups } = countingServices();
    const page = await pageRequest('/fr/login', services);
    await expect(loginPage.loader(page.args({ lang: 'fr' }))).rejects.toMatchObject({ status: 302 });
    expect(lookups()).toBe(1);
  });
});
