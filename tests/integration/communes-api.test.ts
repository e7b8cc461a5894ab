// A listing's commune (docs/api.md "Richer listings") and the communes of a wilaya, through the
// real app over a real database: stored, answered, and refused outside the listing's wilaya.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { API, expectFieldError, verifiedUser, type SignedIn } from '../helpers/api-client.ts';
import { remotePhotoUrl } from '../helpers/photo-server.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
let seller: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext('communes_api', { remotePhotos: true });
  seller = await verifiedUser(ctx);
});

afterAll(async () => {
  await ctx.close();
});

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Clio 4 diesel 2018',
  desc: 'Renault Clio 4, diesel, première main, carnet d’entretien à jour.',
  category: 'automobile',
  condition: 'good',
  img: remotePhotoUrl('clio.jpg'),
  price: 1_650_000,
  contact: '0550 12 34 56',
  address: 'alger',
  ...overrides,
});

function send(method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) {
  return ctx.app.inject({ method, url: `${API}${url}`, headers: { cookie: seller.cookie }, payload });
}

async function storedCommune(id: string) {
  const [row] = await ctx.database.db.select({ commune: products.commune }).from(products).where(eq(products.id, id));
  return row?.commune;
}

async function publish(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await send('POST', '/products', body(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

describe('a listing’s commune', () => {
  it('is stored and answered when it lies in the listing’s wilaya, and read back by anyone', async () => {
    const res = await send('POST', '/products', body({ commune: 'alger.bab-ezzouar' }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id;
    expect(res.json().data.commune).toBe('alger.bab-ezzouar');
    expect(await storedCommune(id)).toBe('alger.bab-ezzouar');
    const read = await ctx.app.inject({ method: 'GET', url: `${API}/products/${id}` });
    expect(read.json().data.commune).toBe('alger.bab-ezzouar');
  });

  it('is optional: absent, blank or null means none', async () => {
    for (const commune of [undefined, '', null]) {
      const id = await publish(commune === undefined ? {} : { commune });
      expect(await storedCommune(id)).toBeNull();
    }
  });

  it('answers 400 on body.commune, storing nothing, for a commune of another wilaya or an unknown one', async () => {
    const before = await ctx.database.db.$count(products);
    expectFieldError(await send('POST', '/products', body({ commune: 'oran.arzew' })), 'body.commune', 'communeWilaya');
    expectFieldError(await send('POST', '/products', body({ commune: 'alger.nowhere' })), 'body.commune', 'communeInvalid');
    expectFieldError(await send('POST', '/products', body({ commune: 42 })), 'body.commune', 'communeInvalid');
    expect(await ctx.database.db.$count(products)).toBe(before);
  });

  it('is checked on edit against the wilaya the listing will have', async () => {
    const id = await publish({ commune: 'alger.hydra' });
    expectFieldError(await send('PUT', `/products/${id}`, { commune: 'oran.arzew' }), 'body.commune', 'communeWilaya');
    expectFieldError(await send('PUT', `/products/${id}`, { address: 'oran', commune: 'alger.hydra' }), 'body.commune', 'communeWilaya');
    expect(await storedCommune(id)).toBe('alger.hydra');

    const moved = await send('PUT', `/products/${id}`, { address: 'oran', commune: 'oran.arzew' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ address: 'oran', commune: 'oran.arzew' });

    const priceOnly = await send('PUT', `/products/${id}`, { price: 1_600_000 });
    expect(priceOnly.json().data.commune).toBe('oran.arzew');

    // Another wilaya without a commune: the old one no longer applies.
    const elsewhere = await send('PUT', `/products/${id}`, { address: 'blida' });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(await storedCommune(id)).toBeNull();

    const cleared = await send('PUT', `/products/${await publish({ commune: 'alger.kouba' })}`, { commune: null });
    expect(cleared.json().data.commune).toBeNull();
  });
});

describe('GET /meta/communes', () => {
  it('lists the communes of a wilaya with their daïra in the three languages', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${API}/meta/communes?wilaya=timimoun` });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { key: string; daira: Record<string, string>; name: Record<string, string> }[];
    expect(data).toHaveLength(10);
    expect(data).toContainEqual({
      key: 'timimoun.timimoun',
      daira: { ar: 'تيميمون', fr: 'Timimoun', en: 'Timimoun' },
      name: { ar: 'تيميمون', fr: 'Timimoun', en: 'Timimoun' },
    });
    const alger = await ctx.app.inject({ method: 'GET', url: `${API}/meta/communes?wilaya=alger` });
    expect(alger.json().data).toHaveLength(57);
  });

  it('answers 400 on querystring.wilaya for an unknown or missing wilaya', async () => {
    for (const query of ['?wilaya=atlantis', '']) {
      expectFieldError(await ctx.app.inject({ method: 'GET', url: `${API}/meta/communes${query}` }), 'querystring.wilaya', 'addressInvalid');
    }
  });
});
