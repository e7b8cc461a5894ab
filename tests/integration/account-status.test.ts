// Roles and account status: banned accounts cannot sign in, lose their sessions and their
// listings leave every public read; suspended ones read but cannot publish or edit, and see
// why; `npm run user:role` sets a role on the configured database.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { loadConfig } from '../../server/config.ts';
import { createServices } from '../../server/services/index.ts';
import { createLocalDiskStorage } from '../../server/storage/local-disk.ts';
import { API, login, loginRequest, verifiedUser, type SignedIn } from '../helpers/api-client.ts';
import { createTestContext, type TestContext, visitorCaller } from '../helpers/test-app.ts';
import { distinctPhone, listingBody, pngUpload, type Person } from '../helpers/world.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext('account_status', { remotePhotos: true });
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
});

const DAY = 24 * 60 * 60 * 1000;

function asPerson(signed: SignedIn, role: string): Person {
  return { role, id: signed.user.id, email: signed.email, password: signed.password, cookie: signed.cookie, phone: distinctPhone(), contact: distinctPhone() };
}

async function sellerWithListing(title = 'Vélo de ville en bambou') {
  const seller = asPerson(await verifiedUser(ctx), 'seller');
  const photo = await pngUpload(ctx, seller);
  const res = await ctx.app.inject({ method: 'POST', url: `${API}/products`, headers: { cookie: seller.cookie }, payload: listingBody(seller, { title, img: photo.url }) });
  expect(res.statusCode, res.body).toBe(201);
  return { seller, listingId: res.json().data.id as string };
}

const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url: `${API}${url}`, headers: cookie ? { cookie } : {} });

describe('roles', () => {
  it('a new account is an active member, and says so in its own view only', async () => {
    const { user, cookie } = await verifiedUser(ctx);
    const me = (await get('/users/me', cookie)).json().data;
    expect(me).toMatchObject({ role: 'member', status: 'active', suspendedUntil: null, statusReason: null });
    const pub = (await get(`/users/${user.id}`)).json().data;
    expect(pub).not.toHaveProperty('role');
    expect(pub).not.toHaveProperty('status');
  });
});

describe('banned accounts', () => {
  it('cannot sign in, and every session dies with the ban', async () => {
    const { seller } = await sellerWithListing();
    const second = await login(ctx, seller.email, seller.password);
    await ctx.services.users.setStatus(seller.id, { status: 'banned', reason: 'Arnaques répétées' });

    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, seller.id))).toHaveLength(0);
    for (const cookie of [seller.cookie, second]) expect((await get('/users/me', cookie)).statusCode).toBe(401);
    const refused = await loginRequest(ctx, seller.email, seller.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ success: false, code: 'ACCOUNT_BANNED' });
    expect(refused.headers['set-cookie']).toBeUndefined();
    // The ban is told only to whoever has the password.
    expect((await loginRequest(ctx, seller.email, 'Wrong-Password99')).json().code).toBe('INVALID_CREDENTIALS');
  });

  it('a session created around the ban does not let the account in', async () => {
    const { seller } = await sellerWithListing();
    // As a log-in that raced the ban would leave it.
    await ctx.database.db.update(users).set({ status: 'banned' }).where(eq(users.id, seller.id));
    expect((await get('/users/me', seller.cookie)).statusCode).toBe(401);
  });

  it('has its listings hidden from the listing page, search, the shop and the phone; restoring shows them again', async () => {
    const { seller, listingId } = await sellerWithListing('Lampe solaire de jardin');
    const { listingId: bystanderListing } = await sellerWithListing('Lampe de chevet recyclée');
    const searchIds = async () => ((await get('/products?title=lampe')).json().data as { id: string }[]).map((p) => p.id).sort();
    expect(await searchIds()).toEqual([listingId, bystanderListing].sort());

    await ctx.services.users.setStatus(seller.id, { status: 'banned', reason: 'Contrefaçons' });
    expect(await searchIds()).toEqual([bystanderListing]);
    expect((await get(`/products/${listingId}`)).statusCode).toBe(404);
    expect((await get(`/users/${seller.id}/products`)).json().data).toEqual([]);
    expect((await ctx.app.inject({ method: 'POST', url: `${API}/products/${listingId}/contact` })).statusCode).toBe(404);
    const sitemap = await ctx.app.inject({ method: 'GET', url: '/sitemaps/listings-1.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain(bystanderListing);
    expect(sitemap.body).not.toContain(listingId);

    await ctx.services.users.setStatus(seller.id, { status: 'active' });
    expect(await searchIds()).toEqual([listingId, bystanderListing].sort());
    expect((await get(`/products/${listingId}`)).statusCode).toBe(200);
    await login(ctx, seller.email, seller.password);
  });
});

describe('suspended accounts', () => {
  it('sign in and read, cannot publish or edit, and see until when and why', async () => {
    const { seller, listingId } = await sellerWithListing();
    const before = (await get(`/products/${listingId}`)).json().data;
    await ctx.services.users.setStatus(seller.id, { status: 'suspended', reason: 'Annonces en double', days: 7 });

    const cookie = await login(ctx, seller.email, seller.password);
    const me = (await get('/users/me', cookie)).json().data;
    expect(me).toMatchObject({ status: 'suspended', statusReason: 'Annonces en double' });
    expect(new Date(me.suspendedUntil).getTime() - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
    expect((await get(`/products/${listingId}`, cookie)).statusCode).toBe(200);

    const photo = await pngUpload(ctx, seller);
    const attempts = [
      await ctx.app.inject({ method: 'POST', url: `${API}/products`, headers: { cookie }, payload: listingBody(seller, { img: photo.url }) }),
      await ctx.app.inject({ method: 'PUT', url: `${API}/products/${listingId}`, headers: { cookie }, payload: { price: 1 } }),
      await ctx.app.inject({ method: 'PATCH', url: `${API}/products/status/${listingId}`, headers: { cookie } }),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'ACCOUNT_SUSPENDED' });
      expect(res.json().message).toContain('Annonces en double');
      expect(res.json().message).toContain(me.suspendedUntil);
    }
    // Nothing changed.
    expect((await get(`/products/${listingId}`)).json().data).toMatchObject({ price: before.price, status: 'active' });
    expect((await get(`/users/${seller.id}/products`, cookie)).json().data).toHaveLength(1);
  });

  it('can publish again once the suspension is over', async () => {
    const { seller } = await sellerWithListing();
    await ctx.services.users.setStatus(seller.id, { status: 'suspended', reason: 'Spam', days: 1 }, new Date(Date.now() - 2 * DAY));
    const photo = await pngUpload(ctx, seller);
    const res = await ctx.app.inject({ method: 'POST', url: `${API}/products`, headers: { cookie: seller.cookie }, payload: listingBody(seller, { img: photo.url }) });
    expect(res.statusCode, res.body).toBe(201);
  });
});

// Each run starts a Node process that opens the embedded database: slow on a busy machine.
describe('npm run user:role', { timeout: 180_000 }, () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ecosouk-role-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['scripts/user-role.ts', ...args], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });

  async function withEmbedded<T>(fn: (services: ReturnType<typeof createServices>) => Promise<T>): Promise<T> {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const database = await openDatabase({ dir: config.dbDir });
    await database.migrate();
    const services = createServices({ config, database, storage: createLocalDiskStorage(config.uploadsDir) });
    try {
      return await fn(services);
    } finally {
      await services.close();
      await database.close();
    }
  }

  it('makes the first admin on the embedded database and says what it did', async () => {
    await withEmbedded((s) => s.users.signup(visitorCaller(), { name: 'Première Admin', email: 'chef@example.dz', password: 'Green-Souk42' }));
    const made = run('Chef@Example.dz', 'admin');
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toContain('chef@example.dz: role member → admin');
    expect(made.stdout).toContain(path.join(dataDir, 'db'));
    expect(await withEmbedded(async (s) => (await s.users.byEmail('chef@example.dz'))?.role)).toBe('admin');

    const again = run('chef@example.dz', 'admin');
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('already admin');
    const back = run('chef@example.dz', 'member');
    expect(back.stdout).toContain('role admin → member');
  });

  it('refuses an unknown role or address, changing nothing', async () => {
    const bad = run('chef@example.dz', 'superuser');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('"superuser" is not a role: use member, moderator, admin');
    const missing = run('nobody@example.dz', 'admin');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('No account with the e-mail nobody@example.dz');
    const usage = run();
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('usage: npm run user:role -- EMAIL member|moderator|admin');
  });
});
