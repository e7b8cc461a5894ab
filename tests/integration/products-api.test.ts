// The Products table of docs/api.md (search aside), uploads and events, call by call,
// through the real app over a real database and a real uploads folder.
import { randomUUID } from 'node:crypto';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { events, images, products } from '../../db/schema.ts';
import { RATE_LIMITS } from '../../server/services/rate-limit.ts';
import { MAX_UNATTACHED_UPLOADS, ORPHAN_UPLOAD_TTL_MS } from '../../server/services/uploads.ts';
import { API, clearOutbox, multipartBody, recordResponses, type RecordedResponse, signedInUser, verifiedUser } from '../helpers/api-client.ts';
import { remotePhotoUrl } from '../helpers/photo-server.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

const PUBLIC_KEYS = ['address', 'bio', 'createdAt', 'id', 'image', 'isVerified', 'messagesEnabled', 'name'];
const PRODUCT_KEYS = [
  'address',
  'attributes',
  'category',
  'commune',
  'communeName',
  'condition',
  'createdAt',
  'desc',
  'desc_ar',
  'desc_en',
  'desc_fr',
  'exchange',
  'expired',
  'expiresAt',
  'id',
  'images',
  'img',
  'impact',
  'isActive',
  'photos',
  'price',
  'priceType',
  'reference',
  'soldAt',
  'status',
  'title',
  'title_ar',
  'title_en',
  'title_fr',
  'updatedAt',
  'userId',
  'views',
];
const IMAGE_KEYS = ['height', 'key', 'url', 'variants', 'width'];
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const UPLOAD_URL = /^\/uploads\/listings\/[0-9a-f-]{36}\/\d+\.webp$/;
/** A photo URL on another site (a local stand-in): fetched and stored at publish time. */
const externalImg = () => remotePhotoUrl();
const DAY = 24 * 60 * 60 * 1000;

/** The main context: generous limits. */
let ctx: TestContext;
/** phoneReveal and upload limited to 2 a minute. */
let limited: TestContext;
/** Every response of the main context (status and body), checked by the last tests. */
let seen: RecordedResponse[];

beforeAll(async () => {
  const generous = Object.fromEntries(Object.keys(RATE_LIMITS).map((k) => [k, { max: 10_000, windowMs: 60_000 }]));
  [ctx, limited] = await Promise.all([
    createTestContext('products_api', { remotePhotos: true }),
    createTestContext('products_api_limited', {
      remotePhotos: true, rateLimits: { ...generous, phoneReveal: { max: 2, windowMs: 60_000 }, upload: { max: 2, windowMs: 60_000 } } }),
  ]);
  seen = recordResponses(ctx);
});

afterAll(async () => {
  await Promise.all([ctx?.close(), limited?.close()]);
});

beforeEach(async () => {
  await ctx.reset();
  await clearOutbox(ctx);
});

// ---------------------------------------------------------------------------
// Members: signed-in users with a unique profile phone and a unique listing phone,
// so that the privacy sweep can tell whose data a response carries.

interface Phone {
  national: string;
  international: string;
  digits: string;
}

let phoneCounter = 0;
function nextPhone(): Phone {
  const digits = `0550${String(100_000 + ++phoneCounter)}`;
  return {
    digits,
    international: `+213${digits.slice(1)}`,
    national: `${digits.slice(0, 4)} ${digits.slice(4, 6)} ${digits.slice(6, 8)} ${digits.slice(8)}`,
  };
}

interface Member {
  id: string;
  email: string;
  cookie: string;
  /** Profile phone (users.phone). */
  phone: Phone;
  /** Phone given on this member's listings. */
  contact: Phone;
  on: TestContext;
}

const members: Member[] = [];

async function member({ verified = true, on = ctx }: { verified?: boolean; on?: TestContext } = {}): Promise<Member> {
  const signed = verified ? await verifiedUser(on) : await signedInUser(on);
  const m: Member = { id: signed.user.id, email: signed.email, cookie: signed.cookie, phone: nextPhone(), contact: nextPhone(), on };
  members.push(m);
  const res = await call('PUT', `/users/${m.id}`, { as: m, payload: { phone: m.phone.national } }, on);
  expect(res.statusCode, res.body).toBe(200);
  return m;
}

interface Logged {
  on: TestContext;
  method: string;
  url: string;
  status: number;
  body: string;
  viewer: Member | null;
}

/** Every call made through `send`, with who made it. */
const log: Logged[] = [];

async function send(on: TestContext, opts: InjectOptions & { method: string; url: string }, viewer: Member | null) {
  const res = await on.app.inject({ ...opts, headers: { ...opts.headers, ...(viewer ? { cookie: viewer.cookie } : {}) } });
  log.push({ on, method: opts.method, url: opts.url, status: res.statusCode, body: res.body, viewer });
  return res;
}

interface CallOptions {
  as?: Member;
  payload?: unknown;
  headers?: Record<string, string>;
}

function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, { as, payload, headers = {} }: CallOptions = {}, on = ctx) {
  return send(on, { method, url: `${API}${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) }, as ?? null);
}

function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  const body = res.json();
  expect(body).toMatchObject({ success: false, code });
  expect(typeof body.message).toBe('string');
  return body;
}

function expectFieldError(res: LightMyRequestResponse, field: string, code: string | RegExp) {
  const body = expectError(res, 400, 'VALIDATION_ERROR');
  expect(body.errors).toEqual(
    expect.arrayContaining([expect.objectContaining({ path: field, code: typeof code === 'string' ? code : expect.stringMatching(code) })]),
  );
  for (const error of body.errors) expect(error.message).not.toBe('');
  return body;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

function fileOf(url: string, on = ctx): string {
  expect(url).toMatch(UPLOAD_URL);
  return path.join(on.config.uploadsDir, url.slice('/uploads/'.length));
}

interface UploadedImage {
  url: string;
  key: string;
  width: number;
  height: number;
  variants: Record<string, string>;
}

function filesOf(image: Pick<UploadedImage, 'variants'>, on = ctx): string[] {
  return Object.values(image.variants).map((url) => fileOf(url, on));
}

async function allExist(files: string[]) {
  return (await Promise.all(files.map(exists))).every(Boolean);
}

async function noneExists(files: string[]) {
  return (await Promise.all(files.map(exists))).every((e) => !e);
}

// ---------------------------------------------------------------------------
// Images and uploads

const pngCache = new Map<string, Buffer>();
async function pngOf(width = 800, height = 600, background = '#3a7'): Promise<Buffer> {
  const key = `${width}x${height}${background}`;
  let png = pngCache.get(key);
  if (!png) {
    png = await sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
    pngCache.set(key, png);
  }
  return png;
}

let huge: Buffer | undefined;
/** 10000×6000 = 60 megapixels of one colour: a small file, a decompression bomb. */
async function hugePng(): Promise<Buffer> {
  huge ??= await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#123' } }).png().toBuffer();
  return huge;
}

function uploadRequest(as: Member | null, data: Buffer | string, { filename = 'photo.png', contentType = 'image/png', field = 'image' } = {}, on = ctx) {
  const body = multipartBody([{ name: field, filename, contentType, data }]);
  return send(on, { method: 'POST', url: `${API}/products/upload`, payload: body.payload, headers: body.headers }, as);
}

/** Uploads a PNG (expects 201) and returns the Image. */
async function upload(as: Member, data?: Buffer, on = ctx): Promise<UploadedImage> {
  const res = await uploadRequest(as, data ?? (await pngOf()), {}, on);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** The GPS IFD pointer tag (0x8825) of an EXIF block, in either byte order. */
function hasGps(exif: Buffer | undefined): boolean {
  return !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
}

async function imageRows(on = ctx) {
  return on.database.db.select().from(images);
}

// ---------------------------------------------------------------------------
// Listings

function productBody(owner: Member, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Vélo de ville en très bon état',
    desc: 'Vends mon vélo de ville, très peu utilisé, avec panier et antivol.',
    category: 'sport-fitness',
    condition: 'good',
    img: externalImg(),
    price: 15000,
    contact: owner.contact.national,
    address: 'alger',
    ...overrides,
  };
}

interface ApiProduct {
  id: string;
  userId: string;
  title: string;
  img: string | null;
  images: string[];
  status: string;
  contact?: string;
  [key: string]: unknown;
}

/** Publishes a listing through the API (expects 201). */
async function publish(owner: Member, overrides: Record<string, unknown> = {}, on = ctx): Promise<ApiProduct> {
  const res = await call('POST', '/products', { as: owner, payload: productBody(owner, overrides) }, on);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function productRow(id: string, on = ctx) {
  const [row] = await on.database.db.select().from(products).where(eq(products.id, id));
  return row;
}

async function eventsOf(productId: string, on = ctx) {
  return on.database.db.select().from(events).where(eq(events.productId, productId)).orderBy(events.id);
}

function expectProduct(
  data: Record<string, unknown>,
  { contact, seller = false, favourites = false }: { contact: boolean; seller?: boolean; favourites?: boolean },
) {
  // The owner's view: the phone, and the moderation state with its reason and checks.
  const owner = contact ? ['contact', 'moderation', 'moderationChecks', 'moderationReason'] : [];
  // The owner's single read also says how many saved it, and (as for any signed-in reader) whether they did.
  const saved = favourites ? ['favourites', 'isFavourite'] : [];
  const keys = [...PRODUCT_KEYS, ...owner, ...saved, ...(seller ? ['seller'] : [])].sort();
  expect(Object.keys(data).sort()).toEqual(keys);
  expect(data.createdAt).toMatch(ISO);
  expect(data.expiresAt).toMatch(ISO);
  expect(data.updatedAt).toMatch(ISO);
  expect(data.isActive).toBe(data.status === 'active');
  expect(data.img).toBe((data.images as string[])[0] ?? null);
}

// ===========================================================================

describe('POST /products/upload', () => {
  it.each([
    ['800×600', 800, 600, ['320', '640', '800'], 800, 600],
    ['2000×1500', 2000, 1500, ['320', '640', '1200'], 1200, 900],
    ['1200×400', 1200, 400, ['320', '640', '1200'], 1200, 400],
    ['200×100', 200, 100, ['200'], 200, 100],
  ])('stores a %s PNG as WebP variants capped at the source width', async (_label, w, h, widths, width, height) => {
    const m = await member();
    const res = await uploadRequest(m, await pngOf(w, h));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.success).toBe(true);
    const image: UploadedImage = body.data;
    expect(Object.keys(image).sort()).toEqual(IMAGE_KEYS);
    expect(image).toMatchObject({ width, height });
    expect(Object.keys(image.variants).sort((a, b) => Number(a) - Number(b))).toEqual(widths);
    expect(image.url).toBe(image.variants[String(width)]);
    expect(image.key).toMatch(/^listings\/[0-9a-f-]{36}$/);
    for (const [variantWidth, url] of Object.entries(image.variants)) {
      expect(url).toMatch(UPLOAD_URL);
      expect(url.startsWith(`/uploads/${image.key}/`)).toBe(true);
      const file = fileOf(url);
      expect(file.startsWith(ctx.config.uploadsDir + path.sep)).toBe(true);
      const meta = await sharp(await readFile(file)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(Number(variantWidth));
      expect(meta.height).toBe(Math.round((h * Number(variantWidth)) / w));
    }
    // Served as a static file.
    const served = await ctx.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    // One row, the uploader's, not attached yet.
    const rows = await imageRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: image.key, userId: m.id, productId: null });
  });

  it('judges by the bytes, not the name: a PNG named notes.txt is accepted', async () => {
    const m = await member();
    const res = await uploadRequest(m, await pngOf(), { filename: 'notes.txt', contentType: 'text/plain' });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('accepts JPEG and WebP sources', async () => {
    const m = await member();
    const base = sharp({ create: { width: 500, height: 400, channels: 3, background: '#c60' } });
    for (const data of [await base.clone().jpeg().toBuffer(), await base.clone().webp().toBuffer()]) {
      const res = await uploadRequest(m, data, { filename: 'x.bin', contentType: 'application/octet-stream' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ width: 500, height: 400 });
    }
  });

  it('removes EXIF (GPS included) from every stored variant', async () => {
    const m = await member();
    const source = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2a6' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'TestCam', Model: 'GPS-1', Copyright: 'Amina' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '36/1 45/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '3/1 3/1 0/1' },
      })
      .toBuffer();
    const sourceMeta = await sharp(source).metadata();
    expect(sourceMeta.exif).toBeDefined();
    expect(hasGps(sourceMeta.exif)).toBe(true);
    expect(sourceMeta.exif!.toString('latin1')).toContain('TestCam');

    const res = await uploadRequest(m, source, { filename: 'IMG_0001.jpg', contentType: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(201);
    const image: UploadedImage = res.json().data;
    expect(Object.keys(image.variants)).toHaveLength(3);
    for (const file of filesOf(image)) {
      const bytes = await readFile(file);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      if (meta.icc) expect(hasGps(meta.icc)).toBe(false);
      expect(bytes.includes(Buffer.from('TestCam'))).toBe(false);
      expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
    }
  });

  it('applies EXIF orientation 6: a 300×200 JPEG comes out 200 wide × 300 high', async () => {
    const m = await member();
    const source = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#36c' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const sourceMeta = await sharp(source).metadata();
    expect(sourceMeta).toMatchObject({ width: 300, height: 200, orientation: 6 });

    const res = await uploadRequest(m, source, { filename: 'portrait.jpg', contentType: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(201);
    const image: UploadedImage = res.json().data;
    expect(image).toMatchObject({ width: 200, height: 300 });
    expect(Object.keys(image.variants)).toEqual(['200']);
    const meta = await sharp(await readFile(fileOf(image.url))).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 200, height: 300 });
    expect(meta.orientation ?? 1).toBe(1);
  });

  it.each([
    ['a text file named photo.jpg', async () => Buffer.from('just some text, not a picture\n'), 'photo.jpg', 'image/jpeg'],
    ['a GIF', async () => sharp({ create: { width: 40, height: 40, channels: 3, background: '#f00' } }).gif().toBuffer(), 'anim.gif', 'image/gif'],
    [
      'an SVG',
      async () =>
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100" fill="red"/></svg>'),
      'logo.svg',
      'image/svg+xml',
    ],
    ['an empty file', async () => Buffer.alloc(0), 'empty.png', 'image/png'],
    ['a truncated PNG', async () => (await pngOf()).subarray(0, 64), 'cut.png', 'image/png'],
  ])('answers 415 for %s and stores nothing', async (_label, make, filename, contentType) => {
    const m = await member();
    expectError(await uploadRequest(m, await make(), { filename, contentType }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(await imageRows()).toHaveLength(0);
  });

  it('answers 413 for a 60-megapixel PNG (small file, too many pixels)', async () => {
    const m = await member();
    const big = await hugePng();
    expect(big.length).toBeLessThan(10 * 1024 * 1024);
    expectError(await uploadRequest(m, big, { filename: 'huge.png' }), 413, 'PAYLOAD_TOO_LARGE');
    expect(await imageRows()).toHaveLength(0);
  });

  it('answers 413 for an 11 MB file', async () => {
    const m = await member();
    const png = await pngOf();
    const big = Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024 - png.length, 7)]);
    expectError(await uploadRequest(m, big, { filename: 'big.png' }), 413, 'PAYLOAD_TOO_LARGE');
    expect(await imageRows()).toHaveLength(0);
  });

  it('answers 401 without a session', async () => {
    expectError(await uploadRequest(null, await pngOf()), 401, 'UNAUTHENTICATED');
    expect(await imageRows()).toHaveLength(0);
  });

  it('answers 415 for a body that is not multipart', async () => {
    const m = await member();
    expectError(await call('POST', '/products/upload', { as: m, payload: { image: 'data:image/png;base64,AAAA' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const raw = await send(ctx, { method: 'POST', url: `${API}/products/upload`, payload: await pngOf(), headers: { 'content-type': 'image/png' } }, m);
    expectError(raw, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(await imageRows()).toHaveLength(0);
  });

  it('answers 400 when the image field is missing', async () => {
    const m = await member();
    expectError(await uploadRequest(m, await pngOf(), { field: 'photo' }), 400, 'VALIDATION_ERROR');
    expect(await imageRows()).toHaveLength(0);
  });

  it('answers 403 EMAIL_NOT_VERIFIED to an unverified account, storing nothing', async () => {
    const m = await member({ verified: false });
    expectError(await uploadRequest(m, await pngOf()), 403, 'EMAIL_NOT_VERIFIED');
    expect(await imageRows()).toHaveLength(0);
  });

  it(`answers 429 past ${MAX_UNATTACHED_UPLOADS} photos attached to no listing, until some are used or deleted`, async () => {
    const m = await member();
    const png = await pngOf(40, 30);
    const keys: string[] = [];
    for (let i = 0; i < MAX_UNATTACHED_UPLOADS; i++) {
      const res = await uploadRequest(m, png);
      expect(res.statusCode, res.body).toBe(201);
      keys.push(res.json().data.key);
    }
    const over = await uploadRequest(m, png);
    const body = expectError(over, 429, 'RATE_LIMITED');
    expect(body.message).toContain(String(MAX_UNATTACHED_UPLOADS));
    // Until the oldest one is cleaned: at most a day.
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(ORPHAN_UPLOAD_TTL_MS / 1000);
    expect(await imageRows()).toHaveLength(MAX_UNATTACHED_UPLOADS);
    // Another seller is not affected; deleting one frees a place.
    expect((await uploadRequest(await member(), png)).statusCode).toBe(201);
    expect((await call('DELETE', '/products/upload', { as: m, payload: { key: keys[0] } })).statusCode).toBe(200);
    expect((await uploadRequest(m, png)).statusCode).toBe(201);
  });

  it('answers 429 RATE_LIMITED past the hourly upload rate, before reading the file', async () => {
    const m = await member({ on: limited });
    const png = await pngOf(40, 30);
    for (let i = 0; i < 2; i++) expect((await uploadRequest(m, png, {}, limited)).statusCode).toBe(201);
    const over = await uploadRequest(m, png, {}, limited);
    expectError(over, 429, 'RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('DELETE /products/upload', () => {
  it('deletes your upload: 200, row and files gone', async () => {
    const m = await member();
    const image = await upload(m);
    const files = filesOf(image);
    expect(await allExist(files)).toBe(true);
    const res = await call('DELETE', '/products/upload', { as: m, payload: { key: image.key } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { message: 'Image deleted' } });
    expect(await noneExists(files)).toBe(true);
    expect(await imageRows()).toHaveLength(0);
    expect((await ctx.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404);
  });

  it("answers 403 for another user's key, whose files stay", async () => {
    const owner = await member();
    const other = await member();
    const image = await upload(owner);
    expectError(await call('DELETE', '/products/upload', { as: other, payload: { key: image.key } }), 403, 'FORBIDDEN');
    expect(await allExist(filesOf(image))).toBe(true);
    expect(await imageRows()).toHaveLength(1);
  });

  it('answers 404 for an unknown key', async () => {
    const m = await member();
    expectError(await call('DELETE', '/products/upload', { as: m, payload: { key: `listings/${randomUUID()}` } }), 404, 'NOT_FOUND');
    expectError(await call('DELETE', '/products/upload', { as: m, payload: { key: '../../etc/passwd' } }), 404, 'NOT_FOUND');
  });

  it('answers 400 without a key', async () => {
    const m = await member();
    expectError(await call('DELETE', '/products/upload', { as: m, payload: {} }), 400, 'VALIDATION_ERROR');
  });

  it('answers 401 without a session', async () => {
    const m = await member();
    const image = await upload(m);
    expectError(await call('DELETE', '/products/upload', { payload: { key: image.key } }), 401, 'UNAUTHENTICATED');
    expect(await allExist(filesOf(image))).toBe(true);
  });
});

describe('POST /products', () => {
  it('publishes for a verified user: 201 Product, photos attached cover first without duplicates, contact in international form', async () => {
    const m = await member();
    const [a, b, c] = [await upload(m, await pngOf(800, 600, '#a00')), await upload(m, await pngOf(800, 600, '#0a0')), await upload(m, await pngOf(800, 600, '#00a'))];
    const res = await call('POST', '/products', {
      as: m,
      payload: productBody(m, { img: b!.url, images: [a!.url, b!.url, c!.url, a!.url], contact: '0550 12 34 56', price: '15000' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.success).toBe(true);
    const data = body.data;
    expectProduct(data, { contact: true });
    expect(data).toMatchObject({
      userId: m.id,
      category: 'sport-fitness',
      condition: 'good',
      title: 'Vélo de ville en très bon état',
      price: 15000,
      address: 'alger',
      status: 'active',
      isActive: true,
      contact: '+213550123456',
    });
    expect(data.images).toEqual([b!.url, a!.url, c!.url]);
    expect(data.img).toBe(b!.url);
    expect(data.photos.map((p: { url: string }) => p.url)).toEqual(data.images);
    expect(data.photos[0]).toMatchObject({ width: 800, height: 600, variants: b!.variants });

    const rows = await ctx.database.db.select().from(images).where(eq(images.productId, data.id)).orderBy(images.position);
    expect(rows.map((r) => [r.key, r.position])).toEqual([
      [b!.key, 0],
      [a!.key, 1],
      [c!.key, 2],
    ]);
    const row = await productRow(data.id);
    expect(row).toMatchObject({ contact: '+213550123456', views: 0, phoneReveals: 0, userId: m.id });
  });

  it('ignores fields a client must not set (owner, status, counters)', async () => {
    const m = await member();
    const other = await member();
    const res = await call('POST', '/products', {
      as: m,
      payload: { ...productBody(m), userId: other.id, status: 'inactive', views: 999, phoneReveals: 7, id: randomUUID() },
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ userId: m.id, status: 'active' });
    expect(await productRow(data.id)).toMatchObject({ userId: m.id, views: 0, phoneReveals: 0, status: 'active' });
  });

  it.each([
    [
      'French',
      'Vélo de ville en très bon état',
      'Vends mon vélo de ville, très peu utilisé, avec panier et antivol.',
      'fr',
    ],
    ['Arabic', 'دراجة هوائية للبيع', 'دراجة في حالة جيدة جدا مع سلة وقفل، استعمال خفيف.', 'ar'],
    ['English', 'City bike in great condition', 'Selling my city bike with a basket and a lock, used for a year.', 'en'],
  ])('puts a %s title and description into their language fields', async (_label, title, desc, lang) => {
    const m = await member();
    const data = await publish(m, { title, desc });
    expect(data.title).toBe(title);
    expect(data.desc).toBe(desc);
    for (const l of ['ar', 'fr', 'en']) {
      expect(data[`title_${l}`]).toBe(l === lang ? title : null);
      expect(data[`desc_${l}`]).toBe(l === lang ? desc : null);
    }
    expect((await productRow(data.id))!.originalLang).toBe(lang);
  });

  it('keeps the explicit translations in the other fields', async () => {
    const m = await member();
    const data = await publish(m, {
      title_ar: 'دراجة مدينة في حالة جيدة',
      title_en: 'City bike in good condition',
      desc_ar: 'دراجة مع سلة وقفل.',
      desc_en: 'Bike with a basket and a lock.',
      title_fr: '   ',
    });
    expect(data).toMatchObject({
      title_fr: 'Vélo de ville en très bon état',
      title_ar: 'دراجة مدينة في حالة جيدة',
      title_en: 'City bike in good condition',
      desc_fr: 'Vends mon vélo de ville, très peu utilisé, avec panier et antivol.',
      desc_ar: 'دراجة مع سلة وقفل.',
      desc_en: 'Bike with a basket and a lock.',
    });
  });

  it('answers 403 EMAIL_NOT_VERIFIED for an unverified user and stores nothing', async () => {
    const m = await member({ verified: false });
    expectError(await call('POST', '/products', { as: m, payload: productBody(m) }), 403, 'EMAIL_NOT_VERIFIED');
    expect(await ctx.database.db.select().from(products)).toHaveLength(0);
  });

  it('answers 401 without a session', async () => {
    const m = await member();
    expectError(await call('POST', '/products', { payload: productBody(m) }), 401, 'UNAUTHENTICATED');
    expect(await ctx.database.db.select().from(products)).toHaveLength(0);
  });

  const elevenUrls = Array.from({ length: 11 }, (_, i) => `https://cdn.example.dz/photos/${i}.jpg`);
  it.each<[string, Record<string, unknown>, string, string | RegExp]>([
    ['an empty title', { title: '' }, 'body.title', 'titleRequired'],
    ['a blank title', { title: '    ' }, 'body.title', 'titleRequired'],
    ['a title over 120 characters', { title: 'v'.repeat(121) }, 'body.title', 'titleMax'],
    ['a description over 5000 characters', { desc: 'd'.repeat(5001) }, 'body.desc', 'descMax'],
    ['no description', { desc: undefined }, 'body.desc', 'descRequired'],
    ['an unknown category', { category: 'weapons' }, 'body.category', 'categoryRequired'],
    ['the "all" category', { category: 'all' }, 'body.category', 'categoryRequired'],
    ['an unknown condition', { condition: 'broken' }, 'body.condition', 'conditionRequired'],
    ['an unknown wilaya', { address: 'paris' }, 'body.address', 'addressInvalid'],
    ['a price of 0', { price: 0 }, 'body.price', 'priceMin'],
    ['a negative price', { price: -5 }, 'body.price', 'priceMin'],
    ['a decimal price', { price: 12.5 }, 'body.price', 'priceInteger'],
    ['a non-numeric price', { price: 'abc' }, 'body.price', /^price/],
    ['a price over a billion', { price: 1_000_000_001 }, 'body.price', 'priceMax'],
    ['no price', { price: undefined }, 'body.price', /^price/],
    ['a bad phone', { contact: '12345' }, 'body.contact', 'phoneInvalid'],
    ['a foreign phone', { contact: '+33 6 12 34 56 78' }, 'body.contact', 'phoneInvalid'],
    ['no phone', { contact: undefined }, 'body.contact', 'contactRequired'],
    ['an img that is not a URL', { img: 'not a url' }, 'body.img', 'imageInvalid'],
    ['a javascript: img', { img: 'javascript:alert(1)' }, 'body.img', 'imageInvalid'],
    ['no img', { img: undefined }, 'body.img', 'imageRequired'],
    ['more than 10 images', { images: elevenUrls }, 'body.images', 'imagesMax'],
    ['an images entry that is not a URL', { images: ['https://cdn.example.dz/photos/velo.jpg', 'ftp://x'] }, 'body.images.1', 'imageInvalid'],
  ])('answers 400 for %s', async (_label, override, field, code) => {
    const m = await member();
    const res = await call('POST', '/products', { as: m, payload: productBody(m, override) });
    expectFieldError(res, field, code);
    expect(await ctx.database.db.select().from(products)).toHaveLength(0);
  });

  it("answers 400 for an img that is another user's upload, which stays theirs", async () => {
    const m = await member();
    const other = await member();
    const theirs = await upload(other);
    expectFieldError(await call('POST', '/products', { as: m, payload: productBody(m, { img: theirs.url }) }), 'body.img', 'imageInvalid');
    const mine = await upload(m);
    expectFieldError(
      await call('POST', '/products', { as: m, payload: productBody(m, { img: mine.url, images: [mine.url, theirs.url] }) }),
      'body.images.1',
      'imageInvalid',
    );
    expect(await ctx.database.db.select().from(products)).toHaveLength(0);
    const [row] = await ctx.database.db.select().from(images).where(eq(images.key, theirs.key));
    expect(row).toMatchObject({ userId: other.id, productId: null });
    expect(await allExist(filesOf(theirs))).toBe(true);
  });

  it('answers 400 for an upload URL that is not ours, or a photo already used by another listing', async () => {
    const m = await member();
    expectFieldError(
      await call('POST', '/products', { as: m, payload: productBody(m, { img: `/uploads/listings/${randomUUID()}/800.webp` }) }),
      'body.img',
      'imageInvalid',
    );
    expectFieldError(await call('POST', '/products', { as: m, payload: productBody(m, { img: '/uploads/../../etc/passwd' }) }), 'body.img', 'imageInvalid');
    const photo = await upload(m);
    const first = await publish(m, { img: photo.url });
    expectFieldError(await call('POST', '/products', { as: m, payload: productBody(m, { img: photo.url }) }), 'body.img', 'imageInvalid');
    expect((await call('GET', `/products/${first.id}`)).json().data.images).toEqual([photo.url]);
  });

  it('answers 400 for a body that is not an object', async () => {
    const m = await member();
    expectError(await call('POST', '/products', { as: m }), 400, 'VALIDATION_ERROR');
    expectError(await call('POST', '/products', { as: m, payload: '[]', headers: { 'content-type': 'application/json' } }), 400, 'VALIDATION_ERROR');
  });
});

describe('GET /products/{id}', () => {
  it('answers visitors 200 with the public seller and no contact, and counts their views', async () => {
    const owner = await member();
    const visitor = await member();
    const p = await publish(owner);

    const anonymous = await call('GET', `/products/${p.id}`);
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const data = anonymous.json().data;
    expectProduct(data, { contact: false, seller: true });
    expect(data).toMatchObject({ id: p.id, userId: owner.id, title: p.title });
    expect(Object.keys(data.seller).sort()).toEqual(PUBLIC_KEYS);
    expect(data.seller).toMatchObject({ id: owner.id, isVerified: true });
    for (const secret of [owner.email, owner.phone.international, owner.phone.national, owner.contact.international, owner.contact.national, owner.contact.digits]) {
      expect(anonymous.body).not.toContain(secret);
    }
    expect((await productRow(p.id))!.views).toBe(1);

    const signedIn = await call('GET', `/products/${p.id}`, { as: visitor });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.contact).toBeUndefined();
    expect((await productRow(p.id))!.views).toBe(2);
    const viewEvents = await eventsOf(p.id);
    expect(viewEvents.map((e) => [e.type, e.category])).toEqual([
      ['view', 'sport-fitness'],
      ['view', 'sport-fitness'],
    ]);
  });

  it('shows the owner the contact and does not count their views', async () => {
    const owner = await member();
    const p = await publish(owner);
    const res = await call('GET', `/products/${p.id}`, { as: owner });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expectProduct(data, { contact: true, seller: true, favourites: true });
    expect(data.contact).toBe(owner.contact.international);
    expect(data).toMatchObject({ favourites: 0, isFavourite: false });
    expect(Object.keys(data.seller).sort()).toEqual(PUBLIC_KEYS);
    expect((await productRow(p.id))!.views).toBe(0);
    expect(await eventsOf(p.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown uuid and for a malformed id', async () => {
    await member();
    expectError(await call('GET', `/products/${randomUUID()}`), 404, 'NOT_FOUND');
    expectError(await call('GET', '/products/abc'), 404, 'NOT_FOUND');
    expectError(await call('GET', `/products/${'x'.repeat(150)}`), 404, 'NOT_FOUND');
    expectError(await call('GET', "/products/1'%20OR%20'1'='1"), 404, 'NOT_FOUND');
  });

  it('answers 404 for an inactive listing to visitors and others, 200 to its owner', async () => {
    const owner = await member();
    const other = await member();
    const p = await publish(owner);
    expect((await call('PATCH', `/products/status/${p.id}`, { as: owner })).statusCode).toBe(200);
    expectError(await call('GET', `/products/${p.id}`), 404, 'NOT_FOUND');
    expectError(await call('GET', `/products/${p.id}`, { as: other }), 404, 'NOT_FOUND');
    const own = await call('GET', `/products/${p.id}`, { as: owner });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ status: 'inactive', isActive: false });
    expect((await productRow(p.id))!.views).toBe(0);
  });
});

describe('PUT /products/{id}', () => {
  it('lets the owner change the price and other fields: 200 Product with contact', async () => {
    const owner = await member();
    const p = await publish(owner);
    const res = await call('PUT', `/products/${p.id}`, {
      as: owner,
      payload: { price: 12000, condition: 'fair', address: 'oran', category: 'automobile', contact: '0661 22 33 44' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expectProduct(data, { contact: true });
    expect(data).toMatchObject({ id: p.id, price: 12000, condition: 'fair', address: 'oran', category: 'automobile', contact: '+213661223344', title: p.title });
    expect(data.images).toEqual(p.images);
    expect(new Date(data.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(p.updatedAt as string).getTime());
    expect(await productRow(p.id)).toMatchObject({ price: 12000, contact: '+213661223344' });
  });

  it('re-detects the language when the title and description change', async () => {
    const owner = await member();
    const p = await publish(owner);
    expect(p).toMatchObject({ title_fr: p.title, title_en: null });
    const title = 'City bike in great condition';
    const desc = 'Selling my city bike with a basket and a lock, used for a year.';
    const res = await call('PUT', `/products/${p.id}`, { as: owner, payload: { title, desc } });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ title, desc, title_en: title, desc_en: desc, title_ar: null, desc_ar: null });
    // The old French text is no longer the listing: it must not be shown to French readers.
    expect(data.title_fr).toBeNull();
    expect(data.desc_fr).toBeNull();
    expect((await productRow(p.id))!.originalLang).toBe('en');

    const arabic = await call('PUT', `/products/${p.id}`, {
      as: owner,
      payload: { title: 'دراجة هوائية للبيع', desc: 'دراجة في حالة جيدة جدا مع سلة وقفل.', title_fr: 'Vélo à vendre' },
    });
    expect(arabic.statusCode, arabic.body).toBe(200);
    expect(arabic.json().data).toMatchObject({ title_ar: 'دراجة هوائية للبيع', title_fr: 'Vélo à vendre', title_en: null, desc_en: null });
  });

  it('keeps explicit translations when only the price changes', async () => {
    const owner = await member();
    const p = await publish(owner, { title_en: 'City bike', desc_en: 'A city bike.' });
    const data = (await call('PUT', `/products/${p.id}`, { as: owner, payload: { price: 9000 } })).json().data;
    expect(data).toMatchObject({ title_fr: p.title, title_en: 'City bike', desc_en: 'A city bike.', price: 9000 });
  });

  it("replaces the photos: the dropped ones' files and rows are removed, the kept ones re-ordered", async () => {
    const owner = await member();
    const [a, b, c] = [await upload(owner, await pngOf(640, 480, '#a00')), await upload(owner, await pngOf(640, 480, '#0a0')), await upload(owner, await pngOf(640, 480, '#00a'))];
    const p = await publish(owner, { img: a!.url, images: [a!.url, b!.url] });
    expect(p.images).toEqual([a!.url, b!.url]);

    const res = await call('PUT', `/products/${p.id}`, { as: owner, payload: { img: c!.url, images: [b!.url, c!.url] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.images).toEqual([c!.url, b!.url]);
    expect(await noneExists(filesOf(a!))).toBe(true);
    expect(await allExist([...filesOf(b!), ...filesOf(c!)])).toBe(true);
    const rows = await imageRows();
    expect(rows.map((r) => r.key).sort()).toEqual([b!.key, c!.key].sort());
    const attached = await ctx.database.db.select().from(images).where(eq(images.productId, p.id)).orderBy(images.position);
    expect(attached.map((r) => r.key)).toEqual([c!.key, b!.key]);
    expect((await call('GET', `/products/${p.id}`)).json().data.images).toEqual([c!.url, b!.url]);
  });

  it('keeps the other photos behind a new cover sent alone', async () => {
    const owner = await member();
    const [a, b, c] = [await upload(owner, await pngOf(640, 480, '#a00')), await upload(owner, await pngOf(640, 480, '#0a0')), await upload(owner, await pngOf(640, 480, '#00a'))];
    const p = await publish(owner, { img: a!.url, images: [a!.url, b!.url] });
    const res = await call('PUT', `/products/${p.id}`, { as: owner, payload: { img: c!.url } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.images).toEqual([c!.url, a!.url, b!.url]);
    const moved = await call('PUT', `/products/${p.id}`, { as: owner, payload: { img: b!.url } });
    expect(moved.json().data.images).toEqual([b!.url, c!.url, a!.url]);
    expect(await allExist([...filesOf(a!), ...filesOf(b!), ...filesOf(c!)])).toBe(true);
  });

  it("refuses another user's upload as a photo and changes nothing", async () => {
    const owner = await member();
    const other = await member();
    const mine = await upload(owner);
    const theirs = await upload(other);
    const p = await publish(owner, { img: mine.url });
    expectFieldError(await call('PUT', `/products/${p.id}`, { as: owner, payload: { images: [theirs.url] } }), 'body.img', 'imageInvalid');
    expectFieldError(await call('PUT', `/products/${p.id}`, { as: owner, payload: { images: [] } }), 'body.img', 'imageRequired');
    expect(await allExist([...filesOf(mine), ...filesOf(theirs)])).toBe(true);
    expect((await call('GET', `/products/${p.id}`)).json().data.images).toEqual([mine.url]);
  });

  it('answers 403 for another user, 401 without a session, and leaves the listing alone', async () => {
    const owner = await member();
    const other = await member();
    const p = await publish(owner);
    expectError(await call('PUT', `/products/${p.id}`, { as: other, payload: { price: 1 } }), 403, 'FORBIDDEN');
    expectError(await call('PUT', `/products/${p.id}`, { payload: { price: 1 } }), 401, 'UNAUTHENTICATED');
    expect((await productRow(p.id))!.price).toBe(15000);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const owner = await member();
    expectError(await call('PUT', `/products/${randomUUID()}`, { as: owner, payload: { price: 10 } }), 404, 'NOT_FOUND');
    expectError(await call('PUT', '/products/abc', { as: owner, payload: { price: 10 } }), 404, 'NOT_FOUND');
  });

  it.each<[string, Record<string, unknown>, string, string | RegExp]>([
    ['a price of 0', { price: 0 }, 'body.price', 'priceMin'],
    ['a decimal price', { price: 3.5 }, 'body.price', 'priceInteger'],
    ['an empty title', { title: '' }, 'body.title', 'titleRequired'],
    ['a long title', { title: 't'.repeat(121) }, 'body.title', 'titleMax'],
    ['an unknown category', { category: 'nope' }, 'body.category', 'categoryRequired'],
    ['an unknown wilaya', { address: 'lyon' }, 'body.address', 'addressInvalid'],
    ['a bad phone', { contact: '0123' }, 'body.contact', 'phoneInvalid'],
    ['a null phone', { contact: null }, 'body.contact', /./],
    ['a bad img', { img: 'file:///etc/passwd' }, 'body.img', 'imageInvalid'],
  ])('answers 400 for %s', async (_label, patch, field, code) => {
    const owner = await member();
    const p = await publish(owner);
    expectFieldError(await call('PUT', `/products/${p.id}`, { as: owner, payload: patch }), field, code);
    expect(await productRow(p.id)).toMatchObject({ price: 15000, title: p.title, contact: owner.contact.international });
  });
});

describe('PATCH /products/status/{id}', () => {
  it('flips active → inactive → active for the owner', async () => {
    const owner = await member();
    const p = await publish(owner);
    const off = await call('PATCH', `/products/status/${p.id}`, { as: owner });
    expect(off.statusCode, off.body).toBe(200);
    expectProduct(off.json().data, { contact: true });
    expect(off.json().data).toMatchObject({ id: p.id, status: 'inactive', isActive: false });
    expect((await productRow(p.id))!.status).toBe('inactive');
    const on = await call('PATCH', `/products/status/${p.id}`, { as: owner });
    expect(on.json().data).toMatchObject({ status: 'active', isActive: true });
    expect((await call('GET', `/products/${p.id}`)).statusCode).toBe(200);
  });

  it('answers 403 for another user, 401 without a session, 404 for unknown ids', async () => {
    const owner = await member();
    const other = await member();
    const p = await publish(owner);
    expectError(await call('PATCH', `/products/status/${p.id}`, { as: other }), 403, 'FORBIDDEN');
    expectError(await call('PATCH', `/products/status/${p.id}`), 401, 'UNAUTHENTICATED');
    expectError(await call('PATCH', `/products/status/${randomUUID()}`, { as: owner }), 404, 'NOT_FOUND');
    expectError(await call('PATCH', '/products/status/abc', { as: owner }), 404, 'NOT_FOUND');
    expect((await productRow(p.id))!.status).toBe('active');
  });
});

describe('DELETE /products/{id}', () => {
  it('deletes the listing, its photo rows and files, and its events', async () => {
    const owner = await member();
    const [a, b] = [await upload(owner, await pngOf(900, 600, '#a0a')), await upload(owner, await pngOf(900, 600, '#0aa'))];
    const p = await publish(owner, { img: a!.url, images: [b!.url] });
    const keep = await publish(owner);
    expect((await call('GET', `/products/${p.id}`)).statusCode).toBe(200);
    expect(await eventsOf(p.id)).toHaveLength(1);

    const res = await call('DELETE', `/products/${p.id}`, { as: owner });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { message: 'Product deleted' } });
    expectError(await call('GET', `/products/${p.id}`, { as: owner }), 404, 'NOT_FOUND');
    expect(await productRow(p.id)).toBeUndefined();
    expect(await noneExists([...filesOf(a!), ...filesOf(b!)])).toBe(true);
    expect(await ctx.database.db.select().from(images).where(eq(images.userId, owner.id))).toHaveLength(1); // the fetched photo of `keep`
    expect(await eventsOf(p.id)).toHaveLength(0);
    expect((await call('GET', `/products/${keep.id}`)).statusCode).toBe(200);
    expectError(await call('DELETE', `/products/${p.id}`, { as: owner }), 404, 'NOT_FOUND');
  });

  it('answers 403 for another user, 401 without a session, 404 for unknown ids', async () => {
    const owner = await member();
    const other = await member();
    const photo = await upload(owner);
    const p = await publish(owner, { img: photo.url });
    expectError(await call('DELETE', `/products/${p.id}`, { as: other }), 403, 'FORBIDDEN');
    expectError(await call('DELETE', `/products/${p.id}`), 401, 'UNAUTHENTICATED');
    expectError(await call('DELETE', `/products/${randomUUID()}`, { as: owner }), 404, 'NOT_FOUND');
    expectError(await call('DELETE', '/products/abc', { as: owner }), 404, 'NOT_FOUND');
    expect(await productRow(p.id)).toBeDefined();
    expect(await allExist(filesOf(photo))).toBe(true);
  });
});

describe('POST /products/{id}/contact', () => {
  it('answers the phone in national form, counts the reveal and records an event', async () => {
    const owner = await member();
    const p = await publish(owner, { contact: '+213 550 12 34 56', category: 'electronics' });
    const res = await call('POST', `/products/${p.id}/contact`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { contact: '0550 12 34 56', whatsapp: false, viber: false } });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await productRow(p.id))!.phoneReveals).toBe(1);
    const visitor = await member();
    expect((await call('POST', `/products/${p.id}/contact`, { as: visitor })).statusCode).toBe(200);
    expect((await productRow(p.id))!.phoneReveals).toBe(2);
    const rows = await eventsOf(p.id);
    expect(rows.map((e) => [e.type, e.category, e.shown])).toEqual([
      ['phone_reveal', 'electronics', true],
      ['phone_reveal', 'electronics', true],
    ]);
  });

  it('shows a landline in national form', async () => {
    const owner = await member();
    const p = await publish(owner, { contact: '021 23 45 67' });
    expect((await call('POST', `/products/${p.id}/contact`)).json().data.contact).toBe('021 23 45 67');
  });

  it('answers 404 for an inactive, unknown or malformed listing, counting nothing', async () => {
    const owner = await member();
    const p = await publish(owner);
    await call('PATCH', `/products/status/${p.id}`, { as: owner });
    expectError(await call('POST', `/products/${p.id}/contact`), 404, 'NOT_FOUND');
    expectError(await call('POST', `/products/${randomUUID()}/contact`), 404, 'NOT_FOUND');
    expectError(await call('POST', '/products/abc/contact'), 404, 'NOT_FOUND');
    expect((await productRow(p.id))!.phoneReveals).toBe(0);
    expect(await eventsOf(p.id)).toHaveLength(0);
  });

  it('answers 429 RATE_LIMITED with Retry-After over the limit', async () => {
    const owner = await member({ on: limited });
    const p = await publish(owner, {}, limited);
    for (let i = 0; i < 2; i++) expect((await call('POST', `/products/${p.id}/contact`, {}, limited)).statusCode).toBe(200);
    const res = await call('POST', `/products/${p.id}/contact`, {}, limited);
    expectError(res, 429, 'RATE_LIMITED');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.body).not.toContain(owner.contact.national);
    // The same visitor twice: counted once (a reveal counts once per visitor and listing a day).
    expect((await productRow(p.id, limited))!.phoneReveals).toBe(1);
  });
});

describe('POST /events', () => {
  it("accepts a phone_toggle with 202 and stores the product's category, not the client's", async () => {
    const owner = await member();
    const p = await publish(owner, { category: 'furniture-home' });
    const res = await call('POST', '/events', { payload: { type: 'phone_toggle', productId: p.id, shown: true, category: 'automobile' } });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ success: true, data: { message: 'Accepted' } });
    expect((await call('POST', '/events', { as: owner, payload: { type: 'phone_toggle', productId: p.id, shown: false } })).statusCode).toBe(202);
    const rows = await eventsOf(p.id);
    expect(rows.map((e) => [e.type, e.category, e.shown])).toEqual([
      ['phone_toggle', 'furniture-home', true],
      ['phone_toggle', 'furniture-home', false],
    ]);
    expect((await productRow(p.id))!.phoneReveals).toBe(0);
  });

  it.each<[string, Record<string, unknown> | undefined, string]>([
    ['a bad type', { type: 'view', shown: true }, 'body.type'],
    ['a missing shown', { type: 'phone_toggle' }, 'body.shown'],
    ['a non-boolean shown', { type: 'phone_toggle', shown: 'yes' }, 'body.shown'],
    ['a missing productId', { type: 'phone_toggle', shown: true, productId: undefined }, 'body.productId'],
  ])('answers 400 for %s', async (_label, body, field) => {
    const owner = await member();
    const p = await publish(owner);
    const res = await call('POST', '/events', { payload: { productId: p.id, ...body } });
    const error = expectError(res, 400, 'VALIDATION_ERROR');
    expect(error.errors.map((e: { path: string }) => e.path)).toContain(field);
    expect(await eventsOf(p.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown product', async () => {
    expectError(await call('POST', '/events', { payload: { type: 'phone_toggle', productId: randomUUID(), shown: true } }), 404, 'NOT_FOUND');
    expectError(await call('POST', '/events', { payload: { type: 'phone_toggle', productId: 'abc', shown: true } }), 404, 'NOT_FOUND');
  });
});

describe('GET /users/{id}/products', () => {
  async function setCreatedAt(id: string, date: Date) {
    await ctx.database.db.update(products).set({ createdAt: date }).where(eq(products.id, id));
  }

  it('lists active listings newest first for visitors, all of them with contact for the owner', async () => {
    const owner = await member();
    const other = await member();
    const now = Date.now();
    const oldest = await publish(owner, { title: 'Oldest' });
    const newest = await publish(owner, { title: 'Newest' });
    const middle = await publish(owner, { title: 'Middle' });
    const hidden = await publish(owner, { title: 'Hidden' });
    const foreign = await publish(other, { title: 'Not theirs' });
    await setCreatedAt(oldest.id, new Date(now - 3 * 3600_000));
    await setCreatedAt(middle.id, new Date(now - 2 * 3600_000));
    await setCreatedAt(newest.id, new Date(now - 1 * 3600_000));
    await setCreatedAt(hidden.id, new Date(now - 90 * 60_000));
    await call('PATCH', `/products/status/${hidden.id}`, { as: owner });

    for (const viewer of [undefined, other]) {
      const res = await call('GET', `/users/${owner.id}/products`, { as: viewer });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.data.map((p: ApiProduct) => p.id)).toEqual([newest.id, middle.id, oldest.id]);
      for (const p of body.data) expectProduct(p, { contact: false });
      expect(Object.keys(body.seller).sort()).toEqual(PUBLIC_KEYS);
      expect(body.seller.id).toBe(owner.id);
      expect(res.body).not.toContain(foreign.id);
      expect(res.body).not.toContain(owner.email);
    }

    const own = await call('GET', `/users/${owner.id}/products`, { as: owner });
    expect(own.statusCode).toBe(200);
    const data = own.json().data;
    expect(data.map((p: ApiProduct) => p.id)).toEqual([newest.id, hidden.id, middle.id, oldest.id]);
    for (const p of data) {
      expectProduct(p, { contact: true });
      expect(p.contact).toBe(owner.contact.international);
    }
    expect(data[1]).toMatchObject({ status: 'inactive', isActive: false });
  });

  it('returns 24 listings by default, up to 100 with limit, and refuses limit 0 or 101', async () => {
    const owner = await member();
    for (let i = 0; i < 26; i++) await publish(owner, { title: `Annonce numéro ${i}`, price: 100 + i });
    expect((await call('GET', `/users/${owner.id}/products`)).json().data).toHaveLength(24);
    expect((await call('GET', `/users/${owner.id}/products?limit=5`)).json().data).toHaveLength(5);
    expect((await call('GET', `/users/${owner.id}/products?limit=100`)).json().data).toHaveLength(26);
    for (const limit of ['0', '101', '-1', 'abc', '2.5']) {
      const body = expectError(await call('GET', `/users/${owner.id}/products?limit=${limit}`), 400, 'VALIDATION_ERROR');
      expect(body.errors.map((e: { path: string }) => e.path)).toContain('querystring.limit');
    }
  });

  it('answers an empty list for a seller without listings', async () => {
    const owner = await member();
    const res = await call('GET', `/users/${owner.id}/products`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it('answers 404 for an unknown user', async () => {
    expectError(await call('GET', `/users/${randomUUID()}/products`), 404, 'NOT_FOUND');
    expectError(await call('GET', '/users/abc/products'), 404, 'NOT_FOUND');
  });
});

describe('account deletion', () => {
  it("removes the user's listings, photo rows and every photo file, and nobody else's", async () => {
    const owner = await member();
    const other = await member();
    const [a, b, loose] = [await upload(owner, await pngOf(700, 500, '#111')), await upload(owner, await pngOf(700, 500, '#222')), await upload(owner, await pngOf(700, 500, '#333'))];
    const first = await publish(owner, { img: a!.url });
    const second = await publish(owner, { img: b!.url, images: [externalImg()] });
    const theirsPhoto = await upload(other);
    const theirs = await publish(other, { img: theirsPhoto.url });

    const res = await call('DELETE', `/users/${owner.id}`, { as: owner });
    expect(res.statusCode, res.body).toBe(200);

    for (const p of [first, second]) {
      expect(await productRow(p.id)).toBeUndefined();
      expectError(await call('GET', `/products/${p.id}`), 404, 'NOT_FOUND');
    }
    expect(await noneExists([...filesOf(a!), ...filesOf(b!), ...filesOf(loose!)])).toBe(true);
    expect(await ctx.database.db.select().from(images).where(eq(images.userId, owner.id))).toHaveLength(0);
    expectError(await call('GET', `/users/${owner.id}/products`), 404, 'NOT_FOUND');
    // The other seller is untouched.
    expect((await call('GET', `/products/${theirs.id}`)).statusCode).toBe(200);
    expect(await allExist(filesOf(theirsPhoto))).toBe(true);
  });
});

describe('uploads.cleanOrphans()', () => {
  it('deletes uploads older than a day that were never attached, with their files; keeps fresh and attached ones', async () => {
    const owner = await member();
    const [old, fresh, attached] = [await upload(owner, await pngOf(400, 300, '#a11')), await upload(owner, await pngOf(400, 300, '#1a1')), await upload(owner, await pngOf(400, 300, '#11a'))];
    await publish(owner, { img: attached!.url });
    const longAgo = new Date(Date.now() - DAY - 60_000);
    for (const image of [old!, attached!]) {
      await ctx.database.db.update(images).set({ createdAt: longAgo }).where(eq(images.key, image.key));
    }

    expect(await ctx.services.uploads.cleanOrphans()).toBe(1);

    expect(await noneExists(filesOf(old!))).toBe(true);
    expect(await allExist([...filesOf(fresh!), ...filesOf(attached!)])).toBe(true);
    const keys = (await ctx.database.db.select().from(images).where(eq(images.userId, owner.id))).map((r) => r.key);
    expect(keys).not.toContain(old!.key);
    expect(keys).toEqual(expect.arrayContaining([fresh!.key, attached!.key]));
    // Nothing more to do a second time.
    expect(await ctx.services.uploads.cleanOrphans()).toBe(0);
  });
});

// The profile photo goes through the same image pipeline as listing photos.
describe('POST /users/{id}/profile-image (shared image pipeline)', () => {
  function avatarRequest(m: Member, data: Buffer) {
    const body = multipartBody([{ name: 'image', filename: 'me.png', contentType: 'image/png', data }]);
    return send(ctx, { method: 'POST', url: `${API}/users/${m.id}/profile-image`, payload: body.payload, headers: body.headers }, m);
  }

  it('answers 415 for a truncated PNG', async () => {
    const m = await member();
    expectError(await avatarRequest(m, (await pngOf()).subarray(0, 64)), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 413 for a 60-megapixel PNG', async () => {
    const m = await member();
    expectError(await avatarRequest(m, await hugePng()), 413, 'PAYLOAD_TOO_LARGE');
    expect((await call('GET', '/users/me', { as: m })).json().data.image).toBeNull();
  });
});

describe('sweep', () => {
  it('no request of this file was answered with a 5xx', () => {
    expect(seen.length).toBeGreaterThan(200);
    expect(seen.filter((r) => r.status >= 500).map((r) => `${r.status} ${r.url} ${r.body}`)).toEqual([]);
    expect(log.filter((r) => r.status >= 500).map((r) => `${r.status} ${r.method} ${r.url}`)).toEqual([]);
  });

  it('no response carried a password hash', () => {
    for (const { url, body } of [...seen, ...log]) {
      expect(body, url).not.toContain('passwordHash');
      expect(body, url).not.toContain('password_hash');
      expect(body, url).not.toContain('$argon2');
    }
  });

  it("no response showed a user another user's e-mail or phone", () => {
    let checked = 0;
    for (const entry of log) {
      const reveal = entry.method === 'POST' && /\/products\/[^/]+\/contact$/.test(entry.url);
      for (const m of members) {
        if (m.on !== entry.on || m === entry.viewer) continue;
        const who = `${entry.method} ${entry.url} as ${entry.viewer?.email ?? 'anonymous'}`;
        expect(entry.body.includes(m.email), `${who} shows ${m.email}`).toBe(false);
        for (const form of [m.phone.international, m.phone.national, m.phone.digits]) {
          expect(entry.body.includes(form), `${who} shows the profile phone ${form}`).toBe(false);
        }
        // The listing's phone is only ever given by the counted reveal, in national form.
        for (const form of reveal ? [m.contact.international] : [m.contact.international, m.contact.national, m.contact.digits]) {
          expect(entry.body.includes(form), `${who} shows the listing phone ${form}`).toBe(false);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
