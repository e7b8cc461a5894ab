// Several instances over one Redis: rate limits (login, 404) are shared, windows expire,
// the search cache is emptied everywhere on a listing change; without Redis, or with a
// dead one, each instance counts in memory and no request waits for Redis.
//
// Needs a Redis: REDIS_URL, else TEST_REDIS_URL (`.ci/run` exports it). Every run uses its
// own key namespace, so it can share a Redis with other runs; it never flushes anything.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createServices, type Services } from '../../server/services/index.ts';
import { RATE_LIMITS, type RateLimitName, type RateLimitRule } from '../../server/services/rate-limit.ts';
import { createLocalDiskStorage } from '../../server/storage/local-disk.ts';
import { API, verifiedUser } from '../helpers/api-client.ts';
import { manualClock } from '../helpers/clock.ts';
import { remotePhotoUrl } from '../helpers/photo-server.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

const REDIS_URL = process.env.REDIS_URL || process.env.TEST_REDIS_URL;
if (!REDIS_URL) {
  console.warn('rate-limit-redis.test.ts SKIPPED: no Redis. Set TEST_REDIS_URL=redis://127.0.0.1:6379 (or REDIS_URL) to run it.');
}

type Rules = Partial<Record<RateLimitName, RateLimitRule>>;
const GENEROUS: Rules = Object.fromEntries(Object.keys(RATE_LIMITS).map((k) => [k, { max: 10_000, windowMs: 60_000 }]));

interface Instance {
  app: App;
  services: Services;
  close(): Promise<void>;
}

let ctx: TestContext;
let probe: Redis | undefined;
const namespaces: string[] = [];
const open: Instance[] = [];

function newNamespace() {
  const ns = `ecosouk:test:${randomBytes(6).toString('hex')}:`;
  namespaces.push(ns);
  return ns;
}

/** One more app instance over the test database, as a second server process would be. */
async function instance({ redisUrl, namespace, rateLimits = {}, now }: { redisUrl?: string; namespace?: string; rateLimits?: Rules; now?: () => number }): Promise<Instance> {
  const config = loadConfig({
    DATA_DIR: ctx.dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    PHOTO_FETCH_ALLOW_PRIVATE: 'true',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  });
  const services = createServices({
    config,
    database: ctx.database,
    storage: createLocalDiskStorage(config.uploadsDir),
    rateLimits: { ...GENEROUS, ...rateLimits },
    ...(namespace ? { redisNamespace: namespace } : {}),
    ...(now ? { now } : {}),
  });
  const app = await buildApp({ services, logger: false, checkResponses: true });
  await app.ready();
  const created: Instance = {
    app,
    services,
    async close() {
      await app.close();
      await services.close();
    },
  };
  open.push(created);
  return created;
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const connected = (i: Instance) => until(() => i.services.redis?.isReady() === true, 5_000, 'redis connection');

function login(i: Instance, email = 'nobody@example.dz') {
  return i.app.inject({ method: 'POST', url: `${API}/users/login`, payload: { email, password: 'Wrong-Password1' } });
}

/** A port nothing listens on (bound, then released). */
async function unusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  ctx = await createTestContext('redis', { remotePhotos: true });
  if (REDIS_URL) probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
});

afterAll(async () => {
  for (const i of open) await i.close();
  if (probe) {
    // Only this run's keys; windows would expire anyway.
    for (const ns of namespaces) {
      const keys = await probe.keys(`${ns}*`);
      if (keys.length > 0) await probe.del(...keys);
    }
    probe.disconnect();
  }
  await ctx?.close();
});

describe.skipIf(!REDIS_URL)('rate limits in Redis', () => {
  it('shares the login limit between two instances, with Retry-After', async () => {
    const namespace = newNamespace();
    const rateLimits: Rules = { login: { max: 3, windowMs: 60_000 } };
    const a = await instance({ redisUrl: REDIS_URL, namespace, rateLimits });
    const b = await instance({ redisUrl: REDIS_URL, namespace, rateLimits });
    await Promise.all([connected(a), connected(b)]);

    expect((await login(a)).statusCode).toBe(401);
    expect((await login(a)).statusCode).toBe(401);
    expect((await login(b)).statusCode).toBe(401);
    const limited = await login(b);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await login(a)).statusCode).toBe(429);
    // The key is the IP and the e-mail: another address is not held back.
    expect((await login(a, 'someone-else@example.dz')).statusCode).toBe(401);

    const keys = await probe!.keys(`${namespace}rl:login:*`);
    expect(keys).toHaveLength(2);
    const ttl = await probe!.pttl(keys[0]!);
    expect(ttl).toBeGreaterThan(0);
    // The window's end and a few seconds' grace.
    expect(ttl).toBeLessThanOrEqual(65_000);
  });

  it('starts a new window when the clock reaches the end of the old one, on every instance', async () => {
    const namespace = newNamespace();
    const rateLimits: Rules = { login: { max: 1, windowMs: 60_000 } };
    // Windows are calendar minutes: 45 s into one, 15 s are left.
    const clock = manualClock(Math.floor(Date.now() / 60_000) * 60_000 + 45_000);
    const a = await instance({ redisUrl: REDIS_URL, namespace, rateLimits, now: clock.now });
    const b = await instance({ redisUrl: REDIS_URL, namespace, rateLimits, now: clock.now });
    await Promise.all([connected(a), connected(b)]);

    expect((await login(a)).statusCode).toBe(401);
    const limited = await login(b);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('15');
    clock.advance(14_999);
    expect((await login(b)).statusCode).toBe(429);
    expect((await login(a)).headers['retry-after']).toBe('1');
    clock.advance(1);
    expect((await login(b)).statusCode).toBe(401);
    expect((await login(a)).statusCode).toBe(429);
    expect((await probe!.keys(`${namespace}rl:login:*`)).length).toBe(2);
  });

  it('shares the 404 limit: unknown API paths, unknown pages and unknown ids count together', async () => {
    const namespace = newNamespace();
    const rateLimits: Rules = { notFound: { max: 3, windowMs: 60_000 } };
    const a = await instance({ redisUrl: REDIS_URL, namespace, rateLimits });
    const b = await instance({ redisUrl: REDIS_URL, namespace, rateLimits });
    await Promise.all([connected(a), connected(b)]);

    expect((await a.app.inject({ url: '/api/v1/no-such-route' })).statusCode).toBe(404);
    expect((await b.app.inject({ url: '/wp-login.php' })).statusCode).toBe(404);
    expect((await a.app.inject({ url: `${API}/products/00000000-0000-0000-0000-000000000000` })).statusCode).toBe(404);

    const api = await b.app.inject({ url: '/api/.env' });
    expect(api.statusCode).toBe(429);
    expect(api.json()).toEqual({ success: false, code: 'RATE_LIMITED', message: 'Too many requests, please try again later' });
    expect(Number(api.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    const page = await a.app.inject({ url: '/phpmyadmin/' });
    expect(page.statusCode).toBe(429);
    expect(page.headers['content-type']).toMatch(/^text\/plain/);
    expect(page.headers['retry-after']).toBeDefined();

    // Only would-be 404s are refused: the site still works for that address.
    expect((await b.app.inject({ url: `${API}/health` })).statusCode).toBe(200);
    // And another address is not affected.
    expect((await b.app.inject({ url: '/api/nope', remoteAddress: '10.1.2.3' })).statusCode).toBe(404);
  });

  it('empties every instance\'s search cache when a listing changes on one of them', async () => {
    const namespace = newNamespace();
    const a = await instance({ redisUrl: REDIS_URL, namespace });
    const b = await instance({ redisUrl: REDIS_URL, namespace });
    // The control: an instance without Redis keeps its cached page for the cache TTL (10 s).
    const alone = await instance({});
    await Promise.all([connected(a), connected(b)]);
    // Both subscribers must be listening before the change is published.
    await until(async () => {
      const [, count] = (await probe!.pubsub('NUMSUB', `${namespace}search:listings-changed`)) as [string, number];
      return Number(count) >= 2;
    }, 5_000, 'both subscribers');

    const word = `zorblax${randomBytes(3).toString('hex')}`;
    const search = (i: Instance) => i.app.inject({ url: `${API}/products?title=${word}` }).then((r) => r.json().pagination.totalItems as number);
    expect(await search(b)).toBe(0);
    expect(await search(alone)).toBe(0);

    const seller = await verifiedUser({ ...ctx, app: a.app });
    const created = await a.app.inject({
      method: 'POST',
      url: `${API}/products`,
      headers: { cookie: seller.cookie },
      payload: {
        title: `Vélo ${word}`,
        desc: 'Vélo de ville, très peu utilisé, avec panier et antivol.',
        category: 'sport-fitness',
        condition: 'good',
        img: remotePhotoUrl(),
        price: 15000,
        contact: '0550 12 34 56',
        address: 'alger',
      },
    });
    expect(created.statusCode).toBe(201);

    // The message crosses Redis asynchronously: well under a second, against a 10 s TTL.
    const started = Date.now();
    await until(async () => (await search(b)) === 1, 2_000, 'the new listing on instance B');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await search(alone)).toBe(0);
  });
});

describe('without Redis', () => {
  it('counts in each instance\'s memory when REDIS_URL is unset', async () => {
    const rateLimits: Rules = { login: { max: 2, windowMs: 60_000 } };
    const a = await instance({ rateLimits });
    const b = await instance({ rateLimits });
    expect(a.services.redis).toBeUndefined();

    expect((await login(a)).statusCode).toBe(401);
    expect((await login(a)).statusCode).toBe(401);
    expect((await login(a)).statusCode).toBe(429);
    // Not shared: the other instance has its own counters.
    expect((await login(b)).statusCode).toBe(401);
  });

  it('starts, answers and still limits (in memory) when Redis is unreachable, without waiting for it', async () => {
    const port = await unusedPort();
    const rateLimits: Rules = { login: { max: 2, windowMs: 60_000 } };
    const started = Date.now();
    const i = await instance({ redisUrl: `redis://127.0.0.1:${port}`, namespace: newNamespace(), rateLimits });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(i.services.redis?.isReady()).toBe(false);

    const t0 = Date.now();
    expect((await i.app.inject({ url: `${API}/health` })).statusCode).toBe(200);
    expect((await login(i)).statusCode).toBe(401);
    expect((await login(i)).statusCode).toBe(401);
    const limited = await login(i);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await i.app.inject({ url: '/api/nope' })).statusCode).toBe(404);
    expect(Date.now() - t0).toBeLessThan(1_500);

    const t1 = Date.now();
    await i.close();
    open.splice(open.indexOf(i), 1);
    expect(Date.now() - t1).toBeLessThan(2_000);
  });

  it('does not hang on a Redis that accepts connections but never answers', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const i = await instance({ redisUrl: `redis://127.0.0.1:${port}`, namespace: newNamespace(), rateLimits: { login: { max: 1, windowMs: 60_000 } } });
      const t0 = Date.now();
      expect((await login(i)).statusCode).toBe(401);
      expect((await login(i)).statusCode).toBe(429);
      expect(Date.now() - t0).toBeLessThan(1_500);
      await i.close();
      open.splice(open.indexOf(i), 1);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe.skipIf(!REDIS_URL)('Redis coming back', () => {
  it('an instance started while Redis was down joins the shared limits once it is up', async () => {
    const target = new URL(REDIS_URL!);
    const port = await unusedPort();
    const namespace = newNamespace();
    const rateLimits: Rules = { login: { max: 2, windowMs: 60_000 } };
    const late = await instance({ redisUrl: `redis://127.0.0.1:${port}`, namespace, rateLimits });
    expect((await login(late)).statusCode).toBe(401);

    // Redis "comes back": a forwarder to the real one appears on the port it was pointed at.
    const sockets = new Set<net.Socket>();
    const forwarder = net.createServer((socket) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      sockets.add(socket).add(upstream);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
      socket.pipe(upstream).pipe(socket);
    });
    await new Promise<void>((resolve) => forwarder.listen(port, '127.0.0.1', resolve));
    try {
      const other = await instance({ redisUrl: REDIS_URL, namespace, rateLimits });
      await Promise.all([until(() => late.services.redis?.isReady() === true, 8_000, 'reconnection'), connected(other)]);
      expect((await login(other)).statusCode).toBe(401);
      expect((await login(late)).statusCode).toBe(401);
      // Two hits in Redis now (the one counted in memory during the outage stays there).
      expect((await login(other)).statusCode).toBe(429);
      await late.close();
      open.splice(open.indexOf(late), 1);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => forwarder.close(resolve));
    }
  });
});
