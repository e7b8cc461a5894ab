// The phone reveal as a plain form (a tap before the page's JavaScript has arrived): the
// product page's action, called in-process with the real services, counts the reveal and
// is rate-limited as the API's reveal is, and the page it returns is not another view.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action, loader } from '../../app/routes/product.tsx';
import { events, products } from '../../db/schema.ts';
import { createLoadContext } from '../../server/http/load-context.ts';
import { RATE_LIMITS } from '../../server/services/rate-limit.ts';
import { verifiedUser } from '../helpers/api-client.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';
import { distinctPhone, publish, type Person } from '../helpers/world.ts';

const REVEALS_ALLOWED = 2;
let ctx: TestContext;
let productId: string;
let contact: string;

beforeAll(async () => {
  const rateLimits = Object.fromEntries(Object.keys(RATE_LIMITS).map((k) => [k, { max: 10_000, windowMs: 60_000 }]));
  ctx = await createTestContext('product-reveal-page', { remotePhotos: true, rateLimits: { ...rateLimits, phoneReveal: { max: REVEALS_ALLOWED, windowMs: 60_000 } } });
  const signed = await verifiedUser(ctx);
  const owner: Person = { role: 'owner', id: signed.user.id, email: signed.email, password: signed.password, cookie: signed.cookie, phone: distinctPhone(), contact: distinctPhone() };
  contact = owner.contact.national;
  productId = (await publish(ctx, owner)).id;
});

afterAll(async () => {
  await ctx.close();
});

/** One request's context; React Router hands the same one to the action and then the loader. */
function contextFor(ip: string) {
  return createLoadContext(ctx.services, { requestId: 'test', ip, userAgent: 'vitest', cookie: undefined, nonce: 'n' });
}

function revealRequest(intent = 'revealPhone') {
  return new Request(`http://localhost:3000/fr/products/${productId}`, { method: 'POST', body: new URLSearchParams({ intent }) });
}

type ActionArgs = Parameters<typeof action>[0];
type LoaderArgs = Parameters<typeof loader>[0];
const params = () => ({ lang: 'fr', productId });

async function counters() {
  const [row] = await ctx.database.db.select({ views: products.views, reveals: products.phoneReveals }).from(products).where(eq(products.id, productId));
  const revealEvents = await ctx.database.db.select().from(events).where(and(eq(events.productId, productId), eq(events.type, 'phone_reveal')));
  const toggleEvents = await ctx.database.db.select().from(events).where(and(eq(events.productId, productId), eq(events.type, 'phone_toggle')));
  return { views: row!.views, reveals: row!.reveals, revealEvents: revealEvents.length, toggleEvents: toggleEvents.length };
}

describe('the product page action', () => {
  it('answers with the number, counts the reveal and its toggle event, and the page it returns counts no view', async () => {
    const before = await counters();
    const context = await contextFor('203.0.113.7');
    const result = (await action({ request: revealRequest(), params: params(), context } as unknown as ActionArgs)) as unknown as {
      data: unknown;
      init: ResponseInit | null;
    };
    expect(result.data).toEqual({ phone: contact, whatsapp: false, viber: false });
    expect(result.init?.headers).toMatchObject({ 'Cache-Control': 'private, no-store' });
    // React Router runs the loader after the action, with the same request context.
    await loader({ request: new Request(`http://localhost:3000/fr/products/${productId}`), params: params(), context } as unknown as LoaderArgs);
    expect(await counters()).toEqual({ ...before, reveals: before.reveals + 1, revealEvents: before.revealEvents + 1, toggleEvents: before.toggleEvents + 1 });

    // A plain visit still counts its view.
    await loader({ request: new Request(`http://localhost:3000/fr/products/${productId}`), params: params(), context: await contextFor('203.0.113.7') } as unknown as LoaderArgs);
    expect((await counters()).views).toBe(before.views + 1);
  });

  it('is rate-limited per address like the API reveal: past the limit, a 429 answer and nothing counted', async () => {
    const ip = '198.51.100.23';
    for (let i = 0; i < REVEALS_ALLOWED; i++) {
      const ok = (await action({ request: revealRequest(), params: params(), context: await contextFor(ip) } as unknown as ActionArgs)) as unknown as { data: unknown };
      expect(ok.data).toEqual({ phone: contact, whatsapp: false, viber: false });
    }
    const before = await counters();
    const refused = (await action({ request: revealRequest(), params: params(), context: await contextFor(ip) } as unknown as ActionArgs)) as unknown as {
      data: unknown;
      init: ResponseInit | null;
    };
    expect(refused.data).toEqual({ phoneError: 'rateLimited' });
    expect(refused.init?.status).toBe(429);
    expect(await counters()).toEqual(before);
    // The API door shares the same limit for that address.
    const api = await ctx.app.inject({ method: 'POST', url: `/api/v1/products/${productId}/contact`, remoteAddress: ip });
    expect(api.statusCode).toBe(429);
  });

  it('answers "gone" for a listing that does not exist, and refuses an unknown intent', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const gone = (await action({
      request: revealRequest(),
      params: { lang: 'fr', productId: missing },
      context: await contextFor('192.0.2.1'),
    } as unknown as ActionArgs)) as unknown as { data: unknown; init: ResponseInit | null };
    expect(gone.data).toEqual({ phoneError: 'gone' });
    expect(gone.init?.status).toBe(404);

    const unknown = await action({ request: revealRequest('delete'), params: params(), context: await contextFor('192.0.2.1') } as unknown as ActionArgs).catch(
      (error: unknown) => error,
    );
    expect((unknown as { init?: ResponseInit }).init?.status).toBe(400);
  });
});
