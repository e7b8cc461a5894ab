// GET /api/v1/products: filters, sorts, pagination, validation and multilingual matching.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, products, users } from '../../db/schema.ts';
import { searchParamsSchema } from '../../common/schemas/search.ts';
import { RATE_LIMITS } from '../../server/services/rate-limit.ts';
import { createSearchService } from '../../server/services/search.ts';
import { signedInUser } from '../helpers/api-client.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
const DAY = 86_400_000;
const now = Date.now();

interface Fixture {
  title: string;
  desc?: string;
  category?: string;
  address?: string;
  condition?: string;
  price?: number;
  status?: 'active' | 'inactive';
  ageDays?: number;
  titleFr?: string;
}

const FIXTURES: Fixture[] = [
  { title: 'سيّارة رونو سامبول للبيع', category: 'automobile', address: 'alger', price: 1_500_000, ageDays: 1 },
  { title: 'Vélo de course Décathlon', desc: 'Très bon état, pneus neufs', category: 'sport-fitness', address: 'oran', price: 25_000, ageDays: 2, condition: 'like-new' },
  { title: 'Samsung Galaxy S21', desc: 'Téléphone débloqué avec chargeur', category: 'electronics', address: 'alger', price: 60_000, ageDays: 3 },
  { title: 'كتاب أحمد شوقي', desc: 'طبعة ٢٠٢٠ بحالة جيدة', category: 'music-movies-books', address: 'constantine', price: 800, ageDays: 4, condition: 'good' },
  { title: 'Solar panel 300W', desc: 'Used for one year, works perfectly', category: 'diy-garden', address: 'ouargla', price: 30_000, ageDays: 5, condition: 'good' },
  { title: 'Canapé trois places', desc: 'Tissu lavable', category: 'furniture-home', address: 'alger', price: 45_000, ageDays: 6, condition: 'fair' },
  { title: 'Ancien vélo hors service', desc: 'Pour pièces', category: 'sport-fitness', address: 'alger', price: 3_000, ageDays: 7, condition: 'for-parts', status: 'inactive' },
  { title: 'Table en bois massif', category: 'furniture-home', address: 'oran', price: 45_000, ageDays: 8, condition: 'good', titleFr: 'Table en bois massif' },
];

async function query(qs: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/products${qs}` });
  return { status: res.statusCode, body: res.json() };
}
const titles = (body: { data: { title: string }[] }) => body.data.map((p) => p.title);

beforeAll(async () => {
  ctx = await createTestContext('search');
  const [seller] = await ctx.database.db.insert(users).values({ name: 'Seller', email: 'seller@example.dz', passwordHash: 'x', isVerified: true }).returning();
  for (const f of FIXTURES) {
    const createdAt = new Date(now - (f.ageDays ?? 0) * DAY);
    await ctx.database.db.insert(products).values({
      userId: seller!.id,
      title: f.title,
      desc: f.desc ?? f.title,
      titleFr: f.titleFr ?? null,
      originalLang: 'fr',
      category: f.category ?? 'electronics',
      condition: f.condition ?? 'new',
      address: f.address ?? 'alger',
      price: f.price ?? 1000,
      contact: '+213550000000',
      status: f.status ?? 'active',
      createdAt,
      updatedAt: createdAt,
    });
  }
});
afterAll(async () => {
  await ctx.close();
});

describe('listing and pagination', () => {
  it('returns active listings only, newest first, with pagination', async () => {
    const { status, body } = await query('');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(7);
    expect(titles(body)).not.toContain('Ancien vélo hors service');
    expect(body.data[0].title).toBe('سيّارة رونو سامبول للبيع');
    expect(body.pagination).toEqual({ currentPage: 1, totalPages: 1, totalItems: 7, pageSize: 10, totalIsCapped: false });
    expect(body.fuzzy).toBe(false);
    expect(body.data[0]).not.toHaveProperty('contact');
    expect(body.data[0]).not.toHaveProperty('searchText');
  });

  it('treats empty values and "all" as no filter', async () => {
    const { body } = await query('?title=&category=all&address=&condition=all&minPrice=&maxPrice=&sortBy=&currentPage=');
    expect(body.data).toHaveLength(7);
  });

  it('gives an empty page past the end, and 400 below 1 or past the page cap', async () => {
    expect((await query('?currentPage=2')).body.data).toEqual([]);
    for (const qs of ['?currentPage=0', '?currentPage=-1', '?currentPage=1.5', '?currentPage=abc', '?currentPage=101']) {
      const { status, body } = await query(qs);
      expect(status, qs).toBe(400);
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.errors[0].path).toBe('querystring.currentPage');
    }
  });
});

describe('filters', () => {
  it('filters by category, wilaya, condition and price, alone and together', async () => {
    expect(titles((await query('?category=furniture-home')).body).sort()).toEqual(['Canapé trois places', 'Table en bois massif']);
    expect((await query('?address=oran')).body.data).toHaveLength(2);
    expect(titles((await query('?condition=good')).body).sort()).toEqual(['Solar panel 300W', 'Table en bois massif', 'كتاب أحمد شوقي']);
    expect(titles((await query('?minPrice=30000&maxPrice=60000')).body).sort()).toEqual([
      'Canapé trois places',
      'Samsung Galaxy S21',
      'Solar panel 300W',
      'Table en bois massif',
    ]);
    expect(titles((await query('?category=furniture-home&address=oran&maxPrice=50000&condition=good')).body)).toEqual(['Table en bois massif']);
    expect((await query('?category=automobile&address=oran')).body.data).toEqual([]);
  });

  it('refuses unknown values and bad prices with field errors', async () => {
    for (const [qs, field] of [
      ['?category=cars', 'category'],
      ['?address=paris', 'address'],
      ['?condition=mint', 'condition'],
      ['?sortBy=random', 'sortBy'],
      ['?minPrice=-1', 'minPrice'],
      ['?maxPrice=abc', 'maxPrice'],
      ['?minPrice=500&maxPrice=100', 'minPrice'],
      [`?title=${'x'.repeat(201)}`, 'title'],
    ] as const) {
      const { status, body } = await query(qs);
      expect(status, qs).toBe(400);
      expect(body.errors.map((e: { path: string }) => e.path), qs).toContain(`querystring.${field}`);
    }
  });
});

describe('the short result cache', () => {
  it('serves repeated searches and forgets them when a listing changes', async () => {
    const before = titles((await query('?title=canape')).body);
    expect(before).toEqual(['Canapé trois places']);
    const [seller] = await ctx.database.db.select().from(users);
    const [sofa] = await ctx.database.db.select().from(products).where(eq(products.title, 'Canapé trois places'));
    await ctx.services.listings.toggleStatus(seller!, sofa!.id);
    expect(titles((await query('?title=canape')).body)).toEqual([]);
    await ctx.services.listings.toggleStatus(seller!, sofa!.id);
    expect(titles((await query('?title=canape')).body)).toEqual(['Canapé trois places']);
  });

  it('keeps a page no longer than its time, and no more pages than its bound', async () => {
    const search = createSearchService(ctx.database.db, { cache: { ttlMs: 1500, maxEntries: 3 } });
    const page = (category: string) => search.search(searchParamsSchema.parse({ category }));
    await page('automobile');
    await page('electronics');
    expect(search.cachedPages()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    // Both are past their time: the next page put drops them.
    await page('furniture-home');
    expect(search.cachedPages()).toBe(1);
    await page('sport-fitness');
    await page('diy-garden');
    expect(search.cachedPages()).toBe(3);
    await page('music-movies-books');
    expect(search.cachedPages()).toBe(3);
  });

  it("answers a repeat from the same bytes, still cut to the schema, and a member's own page apart", async () => {
    const url = '/api/v1/products?category=furniture-home';
    const first = await ctx.app.inject({ method: 'GET', url });
    const again = await ctx.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    const unchanged = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(unchanged.statusCode).toBe(304);
    // The search rows carry their search columns; the response schema is what drops them.
    const listing = first.json().data[0];
    expect(Object.keys(listing)).not.toContain('searchText');
    expect(Object.keys(listing)).not.toContain('searchVector');
    expect(listing).not.toHaveProperty('isFavourite');

    const member = await signedInUser(ctx);
    const own = await ctx.app.inject({ method: 'GET', url, headers: { cookie: member.cookie } });
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.headers.etag).toBeUndefined();
    expect(own.json().data.map((p: { isFavourite?: boolean }) => p.isFavourite)).toEqual(first.json().data.map(() => false));
    // And the anonymous answer did not pick up the member's marks.
    expect((await ctx.app.inject({ method: 'GET', url })).body).toBe(first.body);
  });

  it('compresses a shared answer once per encoding, as the client asks, with one ETag for all', async () => {
    const url = '/api/v1/products?category=all';
    const plain = await ctx.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const [br, brAgain] = [await ctx.app.inject({ method: 'GET', url, headers: browser }), await ctx.app.inject({ method: 'GET', url, headers: browser })];
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);
    const gzip = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // Refused encodings, and compress's own opt-out header.
    for (const headers of [{ 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }, { ...browser, 'x-no-compression': '1' }]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers });
      expect(res.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(res.body).toBe(plain.body);
    }
    expect(new Set([plain, br, gzip].map((res) => res.headers.etag)).size).toBe(1);
    const unchanged = await ctx.app.inject({ method: 'GET', url, headers: { ...browser, 'if-none-match': String(br.headers.etag) } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.headers['content-encoding']).toBeUndefined();
    expect(unchanged.rawPayload.length).toBe(0);
    // An answer too small to gain from it goes as it is.
    const empty = await ctx.app.inject({ method: 'GET', url: '/api/v1/products?title=zzzzqqqq', headers: browser });
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-encoding']).toBeUndefined();
  });

  it("compresses an answer's first request as any API answer, and the smaller way once it is shared", async () => {
    const url = '/api/v1/products?category=all&sortBy=price_asc';
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const first = await ctx.app.inject({ method: 'GET', url, headers: browser });
    const [second, third] = [await ctx.app.inject({ method: 'GET', url, headers: browser }), await ctx.app.inject({ method: 'GET', url, headers: browser })];
    expect(first.headers['content-encoding']).toBe('gzip');
    expect([second.headers['content-encoding'], third.headers['content-encoding']]).toEqual(['br', 'br']);
    expect(gunzipSync(first.rawPayload).toString()).toBe(brotliDecompressSync(second.rawPayload).toString());
    expect(third.rawPayload.equals(second.rawPayload)).toBe(true);
    expect(new Set([first, second].map((res) => res.headers.etag)).size).toBe(1);
  });
});

describe('photos', () => {
  it('come with each result in their order, as the listing itself shows them, whichever statement read the page', async () => {
    const listing = async (title: string) => (await ctx.database.db.select().from(products).where(eq(products.title, title)))[0]!;
    const [phone, sofa] = [await listing('Samsung Galaxy S21'), await listing('Canapé trois places')];
    const photo = (productId: string, position: number, name: string) => ({
      key: `test/${name}`,
      userId: phone.userId,
      productId,
      position,
      width: 1200,
      height: 900,
      bytes: 1000,
      variants: { '320': `/uploads/test/${name}/320.webp`, '1200': `/uploads/test/${name}/1200.webp` },
    });
    // Written out of order: the position decides.
    await ctx.database.db.insert(images).values([photo(phone.id, 1, 'phone-back'), photo(phone.id, 0, 'phone-front'), photo(sofa.id, 0, 'sofa')]);
    ctx.services.search.invalidate();
    const shown = async (id: string) => {
      const { images: urls, photos, img } = (await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${id}` })).json().data;
      return { urls, photos, img };
    };
    expect((await shown(phone.id)).urls).toEqual(['/uploads/test/phone-front/1200.webp', '/uploads/test/phone-back/1200.webp']);
    // The page by its ids (no residual filter), a few matches of a price range, a few matches of words.
    for (const qs of ['?address=alger', '?maxPrice=999999999', '?title=galaxy%20samsung', '?title=canap']) {
      const { body } = await query(qs);
      expect(body.data.length, qs).toBeGreaterThan(0);
      for (const result of body.data as { id: string; images: unknown[]; photos: unknown[]; img: unknown }[]) {
        expect({ urls: result.images, photos: result.photos, img: result.img }, `${qs} ${result.id}`).toEqual(await shown(result.id));
      }
      expect(body.data.some((r: { photos: unknown[] }) => r.photos.length > 0), qs).toBe(true);
    }
  });
});

describe('sorts', () => {
  it('sorts by date and price both ways', async () => {
    const byDate = titles((await query('?sortBy=date_asc')).body);
    expect(byDate[0]).toBe('Table en bois massif');
    const asc = (await query('?sortBy=price_asc')).body.data.map((p: { price: number }) => p.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await query('?sortBy=price_desc')).body.data.map((p: { price: number }) => p.price);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(desc[0]).toBe(1_500_000);
  });
});

describe('text matching', () => {
  const finds = async (text: string) => titles((await query(`?title=${encodeURIComponent(text)}`)).body);
  it.each([
    ['سياره', 'سيّارة رونو سامبول للبيع'],
    ['احمد', 'كتاب أحمد شوقي'],
    ['2020', 'كتاب أحمد شوقي'],
    ['velo', 'Vélo de course Décathlon'],
    ['SAMSUNG', 'Samsung Galaxy S21'],
    ['tél', 'Samsung Galaxy S21'],
    ['galaxy sams', 'Samsung Galaxy S21'],
    ['panels', 'Solar panel 300W'],
  ])('"%s" finds "%s"', async (text, expected) => {
    expect(await finds(text)).toContain(expected);
  });

  it('needs every word, even when falling back to close spellings', async () => {
    expect(await finds('samsung canapé')).toEqual([]);
    expect(await finds('samsnug canapé')).toEqual([]);
  });

  it('never returns inactive listings', async () => {
    expect(await finds('hors service')).toEqual([]);
  });

  it('falls back to close spellings when nothing matches, and says so', async () => {
    const { body } = await query('?title=samsnug');
    expect(titles(body)).toContain('Samsung Galaxy S21');
    expect(body.fuzzy).toBe(true);
  });

  it('combines text with filters', async () => {
    expect(titles((await query('?title=table&address=oran')).body)).toEqual(['Table en bois massif']);
    expect(titles((await query('?title=table&address=constantine')).body)).toEqual([]);
  });

  it('survives hostile text', async () => {
    for (const text of ["'", "a' & b", ':*', '!!!', '\\', '%_', 'ـــ', '(', 'a:*|b', '😀']) {
      const { status } = await query(`?title=${encodeURIComponent(text)}`);
      expect(status, text).toBe(200);
    }
  });
});

describe('cost bounds', () => {
  const GENEROUS = { max: 10_000, windowMs: 60_000 };
  let limited: TestContext;
  const from = async (ip: string, qs: string) => {
    const res = await limited.app.inject({ method: 'GET', url: `/api/v1/products${qs}`, remoteAddress: ip });
    return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] };
  };

  beforeAll(async () => {
    limited = await createTestContext('search_limits', {
      rateLimits: {
        ...Object.fromEntries(Object.keys(RATE_LIMITS).map((k) => [k, GENEROUS])),
        search: { max: 3, windowMs: 60_000 },
        searchFuzzy: { max: 1, windowMs: 60_000 },
      },
    });
    const [seller] = await limited.database.db.insert(users).values({ name: 'Seller', email: 'seller@example.dz', passwordHash: 'x', isVerified: true }).returning();
    await limited.database.db.insert(products).values({
      userId: seller!.id, title: 'Samsung Galaxy S21', desc: 'Téléphone débloqué', originalLang: 'fr', category: 'electronics',
      condition: 'good', address: 'alger', price: 60_000, contact: '+213550000000',
    });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('limits uncached searches per address; cached pages and other addresses are not counted', async () => {
    for (const title of ['velo', 'table', 'canape']) expect((await from('192.0.2.1', `?title=${title}`)).status).toBe(200);
    // The same search again comes from the cache: free.
    expect((await from('192.0.2.1', '?title=velo')).status).toBe(200);
    const over = await from('192.0.2.1', '?title=livre');
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(over.retryAfter)).toBeGreaterThan(0);
    // Varying the text does not get around it; another address is not affected.
    expect((await from('192.0.2.1', '?title=livre2')).status).toBe(429);
    expect((await from('192.0.2.2', '?title=livre')).status).toBe(200);
  });

  it('runs a search asked for by many at once one time, counted once, and not on the account of another address', async () => {
    // Six at once, as when a popular page drops out of the cache under load: one search, one count.
    const together = await Promise.all(Array.from({ length: 6 }, () => from('192.0.2.7', '?title=galaxy%20s21')));
    expect(together.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(together.map((r) => titles(r.body))).toEqual(Array.from({ length: 6 }, () => ['Samsung Galaxy S21']));
    expect((await from('192.0.2.7', '?title=telephone')).status).toBe(200);
    expect((await from('192.0.2.7', '?title=debloque')).status).toBe(200);
    expect((await from('192.0.2.7', '?title=samsung%20galaxy')).status).toBe(429);
    // An address over its limit asks for a page at the same moment as another: only it is refused.
    const [over, other] = await Promise.all([from('192.0.2.7', '?title=galaxy%20telephone'), from('192.0.2.8', '?title=galaxy%20telephone')]);
    expect(over.status).toBe(429);
    expect(other.status).toBe(200);
    expect(titles(other.body)).toEqual(['Samsung Galaxy S21']);
  });

  it('gives an address the typo fallback only so many times, then the empty page', async () => {
    const first = await from('192.0.2.3', '?title=samsnug');
    expect(first.status).toBe(200);
    expect(first.body.fuzzy).toBe(true);
    expect(titles(first.body)).toEqual(['Samsung Galaxy S21']);
    const second = await from('192.0.2.3', '?title=galxy');
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ fuzzy: false, data: [] });
    // Another address still gets close spellings.
    expect((await from('192.0.2.4', '?title=galxy')).body.fuzzy).toBe(true);
  });

  it('looks for close spellings of repeated words once, and of the long words only', async () => {
    const repeated = await from('192.0.2.5', `?title=${encodeURIComponent('samsnug samsnug SAMSNUG samsnug samsnug samsnug samsnug galxy')}`);
    expect(repeated.status).toBe(200);
    expect(titles(repeated.body)).toEqual(['Samsung Galaxy S21']);
    // "s2" is too short to be told apart by trigrams: it no longer rules the listing out.
    const short = await from('192.0.2.6', `?title=${encodeURIComponent('galxy s2')}`);
    expect(titles(short.body)).toEqual(['Samsung Galaxy S21']);
  });
});
