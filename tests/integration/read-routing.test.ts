// Reads on a replica (DATABASE_READ_URL, docs/decisions/0017-read-your-writes.md), PostgreSQL only.
// The stand-in replica is the same database reached through a TCP relay (tests/system/tcp-proxy.ts):
// it has no lag, so these tests check the routing (who reads where, the cookie, the fallback);
// staleness under a real streaming replica is the drill of `npm run test:faults -- --only replica`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { API, verifiedUser, type SignedIn } from '../helpers/api-client.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';
import { freshPostgresUrl, TEST_ENGINE } from '../helpers/test-database.ts';
import { distinctPhone, listingBody, type Person } from '../helpers/world.ts';
import { startTcpProxy, type TcpProxy } from '../system/tcp-proxy.ts';

describe.runIf(TEST_ENGINE === 'postgres')('reads on a replica', () => {
  let ctx: TestContext;
  let proxy: TcpProxy;
  let seller: SignedIn;
  let listingId: string;
  const stats = () => ({ ...ctx.database.replicaStats! });

  beforeAll(async () => {
    const url = new URL(await freshPostgresUrl('read_routing'));
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const replica = new URL(url);
    replica.hostname = '127.0.0.1';
    replica.port = String(proxy.port);
    const database = await openDatabase({ url: url.toString(), readUrl: replica.toString() });
    ctx = await createTestContext('read_routing', { database, remotePhotos: true, env: { DATABASE_URL: url.toString(), DATABASE_READ_URL: replica.toString() } });
    seller = await verifiedUser(ctx);
    const created = await ctx.app.inject({ method: 'POST', url: `${API}/products`, headers: { cookie: seller.cookie }, payload: listingBody({ role: 'seller', contact: distinctPhone() } as Person) });
    expect(created.statusCode, created.body).toBe(201);
    listingId = created.json().data.id;
  });
  afterAll(async () => {
    await ctx?.close();
    await proxy?.close();
  });

  it('a visitor\'s search and listing read go to the replica', async () => {
    const before = stats();
    expect((await ctx.app.inject({ method: 'GET', url: `${API}/products?title=velo&minPrice=1` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `${API}/products/${listingId}` })).statusCode).toBe(200);
    expect(stats().replica).toBeGreaterThan(before.replica);
    expect(proxy.connections).toBeGreaterThan(0);
  });

  it('a write sets the short `fresh` cookie, and the writer\'s reads then go to the primary', async () => {
    const put = await ctx.app.inject({ method: 'PUT', url: `${API}/products/${listingId}`, headers: { cookie: seller.cookie }, payload: { title: 'Vélo de ville révisé' } });
    expect(put.statusCode, put.body).toBe(200);
    const fresh = [put.headers['set-cookie']].flat().find((c) => String(c).startsWith('fresh='));
    expect(fresh).toMatch(/^fresh=1; Max-Age=15; Path=\/; HttpOnly; SameSite=Lax$/);

    const before = stats();
    const read = await ctx.app.inject({ method: 'GET', url: `${API}/products/${listingId}`, headers: { cookie: `${seller.cookie}; fresh=1` } });
    expect(read.json().data.title).toBe('Vélo de ville révisé');
    expect(stats().replica).toBe(before.replica);
    expect(stats().primary).toBeGreaterThan(before.primary);

    // The session alone, once the cookie has expired, is a reader like any other.
    const later = stats();
    expect((await ctx.app.inject({ method: 'GET', url: `${API}/products/${listingId}`, headers: { cookie: seller.cookie } })).statusCode).toBe(200);
    expect(stats().replica).toBeGreaterThan(later.replica);
  });

  it('when the replica stops answering, reads are served by the primary', async () => {
    proxy.cut();
    try {
      const before = stats();
      const search = await ctx.app.inject({ method: 'GET', url: `${API}/products?title=velo&minPrice=2` });
      expect(search.statusCode, search.body).toBe(200);
      const read = await ctx.app.inject({ method: 'GET', url: `${API}/products/${listingId}` });
      expect(read.statusCode, read.body).toBe(200);
      expect(stats().fallbacks).toBeGreaterThan(before.fallbacks);
    } finally {
      proxy.restore();
    }
  });
});
