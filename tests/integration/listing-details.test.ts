// A listing's category details, price type and exchange flag (docs/api.md "Richer listings"),
// through the real app over a real database: stored typed, refused with the field's path,
// filtered in search (choices, ranges, commune, price type, exchange) and described by
// GET /meta/attributes. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_ATTRIBUTES } from '../../common/category-attributes.ts';
import { CATEGORY_KEYS } from '../../common/reference-data.ts';
import { products } from '../../db/schema.ts';
import { API, expectFieldError, verifiedUser, type SignedIn } from '../helpers/api-client.ts';
import { remotePhotoUrl } from '../helpers/photo-server.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
let seller: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext('listing_details', { remotePhotos: true });
  seller = await verifiedUser(ctx);
});

afterAll(async () => {
  await ctx.close();
});

const car = (overrides: Record<string, unknown> = {}) => ({
  title: 'Clio 4 diesel',
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

async function publish(overrides: Record<string, unknown>): Promise<string> {
  const res = await send('POST', '/products', car(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function stored(id: string) {
  const [row] = await ctx.database.db
    .select({ attributes: products.attributes, priceType: products.priceType, price: products.price, exchange: products.exchange })
    .from(products)
    .where(eq(products.id, id));
  return row;
}

async function search(query: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `${API}/products?${query}` });
  return res;
}
async function foundIds(query: string): Promise<string[]> {
  const res = await search(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((p: { id: string }) => p.id);
}

describe('category details on a listing', () => {
  it('are stored typed (form strings become numbers) and answered with the price type and exchange', async () => {
    const res = await send('POST', '/products', car({
      attributes: { brand: 'renault', model: ' Clio 4 ', year: '2018', mileage: '120 000', fuel: 'diesel' },
      priceType: 'negotiable',
      exchange: true,
      commune: 'alger.kouba',
    }));
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      attributes: { brand: 'renault', model: 'Clio 4', year: 2018, mileage: 120_000, fuel: 'diesel' },
      priceType: 'negotiable',
      exchange: true,
      commune: 'alger.kouba',
    });
    expect(await stored(data.id)).toEqual({
      attributes: { brand: 'renault', model: 'Clio 4', year: 2018, mileage: 120_000, fuel: 'diesel' },
      priceType: 'negotiable',
      price: 1_650_000,
      exchange: true,
    });
    const read = await ctx.app.inject({ method: 'GET', url: `${API}/products/${data.id}` });
    expect(read.json().data).toMatchObject({ attributes: { year: 2018 }, priceType: 'negotiable', exchange: true });
  });

  it('default to none, a fixed price and no exchange', async () => {
    const id = await publish({});
    expect(await stored(id)).toMatchObject({ attributes: {}, priceType: 'fixed', exchange: false });
  });

  it('answer 400 on body.attributes.KEY for a bad value, a detail of another category, or a non-object, storing nothing', async () => {
    const before = await ctx.database.db.$count(products);
    expectFieldError(await send('POST', '/products', car({ attributes: { year: 1900 } })), 'body.attributes.year', 'attributeRange');
    expectFieldError(await send('POST', '/products', car({ attributes: { year: 'old' } })), 'body.attributes.year', 'attributeNumber');
    expectFieldError(await send('POST', '/products', car({ attributes: { fuel: 'coal' } })), 'body.attributes.fuel', 'attributeChoice');
    expectFieldError(await send('POST', '/products', car({ attributes: { rooms: 'f3' } })), 'body.attributes.rooms', 'attributeUnknown');
    expectFieldError(await send('POST', '/products', car({ attributes: { model: 'x'.repeat(61) } })), 'body.attributes.model', 'attributeTextMax');
    expectFieldError(await send('POST', '/products', car({ attributes: ['renault'] })), 'body.attributes', 'attributesInvalid');
    expectFieldError(await send('POST', '/products', car({ category: 'services', attributes: { brand: 'renault' } })), 'body.attributes.brand', 'attributeUnknown');
    expectFieldError(await send('POST', '/products', car({ priceType: 'cheap' })), 'body.priceType', 'priceTypeInvalid');
    expectFieldError(await send('POST', '/products', car({ exchange: 'maybe' })), 'body.exchange', 'exchangeInvalid');
    expect(await ctx.database.db.$count(products)).toBe(before);
  });

  it('a give-away costs 0: the price may be left out, any other price is refused, and a priced listing needs a price', async () => {
    const free = await send('POST', '/products', car({ priceType: 'free', price: undefined, category: 'baby-kids', title: 'Poussette' }));
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json().data).toMatchObject({ priceType: 'free', price: 0 });
    expectFieldError(await send('POST', '/products', car({ priceType: 'free', price: 500 })), 'body.price', 'priceFree');
    expectFieldError(await send('POST', '/products', car({ price: 0 })), 'body.price', 'priceMin');
    expectFieldError(await send('POST', '/products', car({ price: undefined })), 'body.price', 'priceRequired');
  });

  it('are checked on edit against the category and price type the listing will have', async () => {
    const id = await publish({ attributes: { year: 2015, fuel: 'petrol' } });
    expectFieldError(await send('PUT', `/products/${id}`, { attributes: { year: 3000 } }), 'body.attributes.year', 'attributeRange');
    expectFieldError(await send('PUT', `/products/${id}`, { priceType: 'free', price: 100 }), 'body.price', 'priceFree');
    expectFieldError(await send('PUT', `/products/${id}`, { category: 'real-estate', attributes: { fuel: 'petrol' } }), 'body.attributes.fuel', 'attributeUnknown');
    expect(await stored(id)).toMatchObject({ attributes: { year: 2015, fuel: 'petrol' }, priceType: 'fixed' });

    // A price alone keeps the details; new details replace them.
    const priced = await send('PUT', `/products/${id}`, { price: 1_500_000, exchange: true });
    expect(priced.json().data).toMatchObject({ attributes: { year: 2015, fuel: 'petrol' }, exchange: true });
    const replaced = await send('PUT', `/products/${id}`, { attributes: { year: 2016 } });
    expect(replaced.json().data.attributes).toEqual({ year: 2016 });

    // Another category drops the old one's details.
    const moved = await send('PUT', `/products/${id}`, { category: 'real-estate', attributes: { rooms: 'f3', surface: 80 } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.attributes).toEqual({ rooms: 'f3', surface: 80 });
    const bare = await send('PUT', `/products/${id}`, { category: 'services' });
    expect(bare.json().data.attributes).toEqual({});

    // Free without a price given is 0 DA.
    const given = await send('PUT', `/products/${id}`, { priceType: 'free' });
    expect(given.json().data).toMatchObject({ priceType: 'free', price: 0 });
    expectFieldError(await send('PUT', `/products/${id}`, { priceType: 'fixed' }), 'body.price', 'priceMin');
    const back = await send('PUT', `/products/${id}`, { priceType: 'fixed', price: 20_000 });
    expect(back.json().data).toMatchObject({ priceType: 'fixed', price: 20_000 });
  });
});

describe('search on details', () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const title = 'Détailvoiture';
    ids.old = await publish({ title, address: 'oran', commune: 'oran.arzew', attributes: { brand: 'renault', year: 2008, mileage: 250_000, fuel: 'diesel' } });
    ids.mid = await publish({ title, attributes: { brand: 'peugeot', year: 2016, mileage: 90_000, fuel: 'petrol' }, exchange: true });
    ids.recent = await publish({ title, commune: 'alger.hydra', attributes: { brand: 'renault', year: 2021, mileage: 20_000, fuel: 'lpg' }, priceType: 'negotiable' });
    ids.flat = await publish({ title, category: 'real-estate', attributes: { offer: 'rent', rooms: 'f3', surface: 90 } });
    ids.gift = await publish({ title, category: 'baby-kids', priceType: 'free', price: 0, exchange: true });
  });
  const q = (rest: string) => `title=D%C3%A9tailvoiture&${rest}`;

  it('filters by a choice, by several choices of one detail, and by ranges (bounds included)', async () => {
    expect(new Set(await foundIds(q('category=automobile&attr.brand=renault')))).toEqual(new Set([ids.old, ids.recent]));
    expect(new Set(await foundIds(q('category=automobile&attr.fuel=diesel&attr.fuel=lpg')))).toEqual(new Set([ids.old, ids.recent]));
    expect(new Set(await foundIds(q('category=automobile&attr.year.min=2016')))).toEqual(new Set([ids.mid, ids.recent]));
    expect(await foundIds(q('category=automobile&attr.year.min=2010&attr.year.max=2020&attr.mileage.max=100000'))).toEqual([ids.mid]);
    expect(await foundIds(q('category=automobile&attr.brand=renault&attr.mileage.max=100000'))).toEqual([ids.recent]);
    expect(await foundIds(q('category=real-estate&attr.rooms=f3&attr.surface.min=90'))).toEqual([ids.flat]);
    expect(await foundIds(q('category=real-estate&attr.surface.min=91'))).toEqual([]);
    // Empty values are no filter (a form's blank fields).
    expect(await foundIds(q('category=automobile&attr.year.min=&attr.brand=')).then((f) => f.length)).toBe(3);
  });

  it('filters by commune, price type and exchange', async () => {
    expect(await foundIds(q('commune=oran.arzew'))).toEqual([ids.old]);
    expect(await foundIds(q('address=alger&commune=alger.hydra'))).toEqual([ids.recent]);
    expect(await foundIds(q('priceType=free'))).toEqual([ids.gift]);
    expect(await foundIds(q('priceType=negotiable'))).toEqual([ids.recent]);
    expect(new Set(await foundIds(q('exchange=true')))).toEqual(new Set([ids.mid, ids.gift]));
    expect((await foundIds(q('exchange=false'))).length).toBe(5);
  });

  it('answers 400 for a detail of another category, any detail without a category, and bad values', async () => {
    expectFieldError(await search(q('attr.year.min=2010')), 'querystring.attr.year.min', 'attributeUnknown');
    expectFieldError(await search(q('category=real-estate&attr.year.min=2010')), 'querystring.attr.year.min', 'attributeUnknown');
    expectFieldError(await search(q('category=automobile&attr.fuel=coal')), 'querystring.attr.fuel', 'attributeChoice');
    expectFieldError(await search(q('category=automobile&attr.year.min=abc')), 'querystring.attr.year.min', 'attributeNumber');
    expectFieldError(await search(q('category=automobile&attr.year.min=2020&attr.year.max=2010')), 'querystring.attr.year.min', 'attributeRangeOrder');
    // A choice has no range, a number no value, a text no filter at all.
    expectFieldError(await search(q('category=automobile&attr.brand.min=1')), 'querystring.attr.brand.min', 'attributeNotFilter');
    expectFieldError(await search(q('category=automobile&attr.year=2010')), 'querystring.attr.year', 'attributeNotFilter');
    expectFieldError(await search(q('category=automobile&attr.model=clio')), 'querystring.attr.model', 'attributeNotFilter');
    expectFieldError(await search(q('commune=alger.nowhere')), 'querystring.commune', 'communeInvalid');
    expectFieldError(await search(q('priceType=cheap')), 'querystring.priceType', 'priceTypeInvalid');
    expectFieldError(await search(q('exchange=maybe')), 'querystring.exchange', 'exchangeInvalid');
  });
});

describe('GET /meta/attributes', () => {
  it('gives every category its details, and one category alone when asked', async () => {
    const all = await ctx.app.inject({ method: 'GET', url: `${API}/meta/attributes` });
    expect(all.statusCode).toBe(200);
    expect(Object.keys(all.json().data).sort()).toEqual([...CATEGORY_KEYS].sort());
    expect(all.json().data.services).toEqual([]);
    const cars = await ctx.app.inject({ method: 'GET', url: `${API}/meta/attributes?category=automobile` });
    expect(Object.keys(cars.json().data)).toEqual(['automobile']);
    const list = cars.json().data.automobile;
    expect(list.map((a: { key: string }) => a.key)).toEqual(CATEGORY_ATTRIBUTES.automobile.map((a) => a.key));
    expect(list.find((a: { key: string }) => a.key === 'mileage')).toMatchObject({ type: 'int', min: 0, filter: true, unit: { key: 'km', name: { fr: 'km' } } });
    expect(list.find((a: { key: string }) => a.key === 'fuel').options).toContainEqual({ key: 'lpg', name: { ar: 'سيرغاز (GPL)', fr: 'GPL / Sirghaz', en: 'LPG / Sirghaz' } });
    expect(list.find((a: { key: string }) => a.key === 'model')).toMatchObject({ type: 'text', filter: false, maxLength: 60 });
  });

  it('answers 400 for an unknown category', async () => {
    expectFieldError(await ctx.app.inject({ method: 'GET', url: `${API}/meta/attributes?category=spaceships` }), 'querystring.category', 'categoryRequired');
  });
});
