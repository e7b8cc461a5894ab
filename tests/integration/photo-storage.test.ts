// Photos through each store the server can use: the local folder and an S3-compatible bucket
// (s3rver, started here). The same cases run against both; the bucket adds an outage in the
// middle of an upload, and PHOTO_PUBLIC_URL is checked on both.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { images, products } from '../../db/schema.ts';
import { copyLocalToStore } from '../../server/storage/copy-to-store.ts';
import { DELETE_FILES_JOB } from '../../server/storage/deferred-deletes.ts';
import { createLocalDiskStorage } from '../../server/storage/local-disk.ts';
import { API, multipartBody, verifiedUser, type SignedIn } from '../helpers/api-client.ts';
import { manualClock } from '../helpers/clock.ts';
import { startTestS3, type TestS3 } from '../helpers/s3-server.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';
import { distinctPhone, listingBody, smallPng, type Person } from '../helpers/world.ts';

const CDN = 'https://photos.cdn.example/ecosouk';
const VARIANT_URL = /^\/uploads\/listings\/[0-9a-f-]{36}\/\d+\.webp$/;

type StoreName = 'local' | 's3';

/** A listing's body; its photo is fetched from the stand-in site unless `img` says otherwise. */
const listingOf = (overrides: Record<string, unknown> = {}) => listingBody({ role: 'seller', contact: distinctPhone() } as Person, overrides);

describe.each<StoreName>(['local', 's3'])('photos on the %s store', (store) => {
  let s3: TestS3 | undefined;
  let ctx: TestContext;
  let cdn: TestContext;
  const clock = manualClock();
  let seller: SignedIn;

  beforeAll(async () => {
    if (store === 's3') s3 = await startTestS3();
    const options = { s3, remotePhotos: true, now: clock.now };
    ctx = await createTestContext(`photo_storage_${store}`, options);
  });
  afterAll(async () => {
    await Promise.all([ctx?.close(), cdn?.close()]);
    await s3?.stop();
  });
  beforeEach(async () => {
    s3?.heal();
    await ctx.reset();
    seller = await verifiedUser(ctx);
  });

  async function upload(on = ctx, as = seller, data?: Buffer) {
    const body = multipartBody([{ name: 'image', filename: 'p.png', contentType: 'image/png', data: data ?? (await smallPng()) }]);
    return on.app.inject({ method: 'POST', url: `${API}/products/upload`, payload: body.payload, headers: { ...body.headers, cookie: as.cookie } });
  }

  /** The keys of the files the store holds now (those of earlier cases too: a reset empties the database only). */
  async function storedKeys(on = ctx): Promise<string[]> {
    if (s3) return s3.keys();
    const { readdir } = await import('node:fs/promises');
    const files = await readdir(on.config.uploadsDir, { recursive: true, withFileTypes: true }).catch(() => []);
    return files.filter((f) => f.isFile()).map((f) => `${f.parentPath.slice(on.config.uploadsDir.length + 1)}/${f.name}`).sort();
  }

  it('stores the variants of an upload and serves each with immutable caching', async () => {
    const res = await upload();
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json().data as { url: string; key: string; variants: Record<string, string> };
    const urls = Object.values(image.variants);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toMatch(VARIANT_URL);
    expect((await storedKeys()).filter((k) => k.startsWith(`${image.key}/`))).toHaveLength(urls.length);

    for (const url of urls) {
      const file = await ctx.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
      expect(file.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      const etag = file.headers.etag;
      expect(etag).toBeTruthy();
      const again = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(etag) } });
      expect(again.statusCode).toBe(304);
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${image.key}/9999.webp` })).statusCode).toBe(404);
  });

  it('deleting a listing removes its files from the store', async () => {
    const photo = (await upload()).json().data as { url: string; key: string };
    const created = await ctx.app.inject({ method: 'POST', url: `${API}/products`, headers: { cookie: seller.cookie }, payload: listingOf({ img: photo.url }) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const mine = async () => (await storedKeys()).filter((k) => k.startsWith(`${photo.key}/`));
    expect(await mine()).not.toEqual([]);
    const removed = await ctx.app.inject({ method: 'DELETE', url: `${API}/products/${id}`, headers: { cookie: seller.cookie } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await mine()).toEqual([]);
    expect(await ctx.database.db.select().from(images)).toEqual([]);
  });

  it('with PHOTO_PUBLIC_URL, photos are named under it, the page policy allows its origin, and /uploads/ still serves them', { timeout: 90_000 }, async () => {
    // A context of its own (started here: a second one in beforeAll made that hook slow on a busy machine).
    cdn = await createTestContext(`photo_storage_${store}_cdn`, { s3, remotePhotos: true, env: { PHOTO_PUBLIC_URL: `${CDN}/` } });
    const owner = await verifiedUser(cdn);
    const res = await upload(cdn, owner);
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json().data as { key: string; variants: Record<string, string> };
    for (const url of Object.values(image.variants)) {
      expect(url.startsWith(`${CDN}/${image.key}/`)).toBe(true);
      // The CDN's origin fetches from here (or from the bucket itself).
      const path = `/uploads/${url.slice(CDN.length + 1)}`;
      expect((await cdn.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    }
    // A listing may name its photo by the CDN URL: it is recognised as one of the seller's uploads.
    const created = await cdn.app.inject({
      method: 'POST',
      url: `${API}/products`,
      headers: { cookie: owner.cookie },
      payload: listingOf({ img: Object.values(image.variants).at(-1) }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { pagePolicy } = await import('../../server/plugins/security-headers.ts');
    expect(pagePolicy('n', { publicUrl: 'http://localhost:3000', photoPublicUrl: cdn.config.photoPublicUrl })).toContain(
      "img-src 'self' blob: https://photos.cdn.example;",
    );
    expect(pagePolicy('n', { publicUrl: 'http://localhost:3000' })).toContain("img-src 'self' blob:;");
  });

  it.runIf(store === 's3')('an outage in the middle of an upload answers 503 STORAGE_UNAVAILABLE, keeps no row, and its files go once the store is back', async () => {
    const before = await s3!.keys();
    const added = async () => (await s3!.keys()).filter((k) => !before.includes(k));
    // Wide enough for three variants: the first reaches the bucket, then the store goes away.
    const wide = await sharp({ create: { width: 1400, height: 900, channels: 3, background: '#375' } }).png().toBuffer();
    s3!.failAfter(1, ['PUT', 'DELETE']);
    const res = await upload(ctx, seller, wide);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ success: false, code: 'STORAGE_UNAVAILABLE' });
    expect(res.json().message).toMatch(/try again/i);
    expect(await ctx.database.db.select().from(images)).toEqual([]);
    const left = await added();
    expect(left).toHaveLength(1);

    // Publishing with a photo URL during the outage: the same answer, and no listing.
    const publish = await ctx.app.inject({ method: 'POST', url: `${API}/products`, headers: { cookie: seller.cookie }, payload: listingOf() });
    expect(publish.statusCode, publish.body).toBe(503);
    expect(publish.json().code).toBe('STORAGE_UNAVAILABLE');
    expect(await ctx.database.db.select().from(products)).toEqual([]);
    expect(await ctx.database.db.select().from(images)).toEqual([]);

    // The deletion of the half-stored files waits in the queue and fails while the store is down…
    const { jobs } = await import('../../db/schema.ts');
    const waiting = await ctx.database.db.select().from(jobs).where(eq(jobs.name, DELETE_FILES_JOB));
    expect(waiting.length).toBeGreaterThanOrEqual(1);
    await ctx.services.jobs.drain();
    expect(await added()).toEqual(left);
    // …and succeeds after the backoff, once it is back.
    s3!.heal();
    clock.advance(60 * 60_000);
    await ctx.services.jobs.drain();
    expect(await added()).toEqual([]);

    // Uploads work again.
    expect((await upload()).statusCode).toBe(201);
  });

  it.runIf(store === 's3')('a read while the store is down answers 503, not 500', async () => {
    const image = (await upload()).json().data as { url: string };
    s3!.failAfter(0, ['GET', 'HEAD']);
    const res = await ctx.app.inject({ method: 'GET', url: image.url });
    expect(res.statusCode).toBe(503);
    s3!.heal();
    expect((await ctx.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);
  });

  it.runIf(store === 's3')('storage:migrate copies the local photos once, resumes after an outage, and re-sends a file that differs', async () => {
    const { mkdtemp, rm, writeFile } = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const root = await mkdtemp(path.join(os.tmpdir(), 'ecosouk-migrate-'));
    try {
      const local = createLocalDiskStorage(root);
      const keys = ['320', '640', '1200'].flatMap((w) => ['a', 'b', 'c'].map((id) => `listings/migrate-${id}/${w}.webp`));
      for (const [i, key] of keys.entries()) await local.put(key, Buffer.from(`photo ${i}`), 'image/webp');
      await writeFile(path.join(root, 'listings/migrate-a/320.webp.123.tmp'), 'half');
      const bucket = ctx.services.storage;
      const inBucket = async () => (await s3!.keys()).filter((k) => k.includes('/migrate-'));

      // The store goes away after four files: a partial run, which says what failed.
      s3!.failAfter(4, ['PUT']);
      const partial = await copyLocalToStore(root, bucket, { concurrency: 1 });
      expect(partial.copied).toBe(4);
      expect(partial.failed.length).toBe(keys.length - 4);
      s3!.heal();

      const resumed = await copyLocalToStore(root, bucket);
      expect(resumed).toEqual({ copied: keys.length - 4, skipped: 4, failed: [] });
      expect(await inBucket()).toEqual([...keys].sort());

      const again = await copyLocalToStore(root, bucket);
      expect(again).toEqual({ copied: 0, skipped: keys.length, failed: [] });

      // Same size, other bytes: the ETag (an MD5) tells them apart.
      await local.put(keys[0]!, Buffer.from('photo X'), 'image/webp');
      expect(await copyLocalToStore(root, bucket)).toEqual({ copied: 1, skipped: keys.length - 1, failed: [] });
      const served = await ctx.app.inject({ method: 'GET', url: `/uploads/${keys[0]}` });
      expect(served.body).toBe('photo X');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
