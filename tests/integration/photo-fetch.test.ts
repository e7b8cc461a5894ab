// Photo URLs given to the API are fetched and stored like uploads. A local HTTP server on
// 127.0.0.1 plays the remote site: refused by default (loopback), fetched only with the
// tests-only PHOTO_FETCH_ALLOW_PRIVATE flag; and the fetcher's limits (size, type, time,
// redirects, the address of every hop) are tried against it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { images } from '../../db/schema.ts';
import { createPhotoFetcher, isPublicAddress, PhotoFetchError } from '../../server/services/photo-fetch.ts';
import { API, verifiedUser, type SignedIn } from '../helpers/api-client.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let server: http.Server;
let base: string;
let png: Buffer;
const hits: string[] = [];

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a7' } }).png().toBuffer();
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    switch (url.pathname) {
      case '/photo.png':
        res.writeHead(200, { 'content-type': 'image/png' }).end(png);
        return;
      case '/text':
        // Says it is an image; the bytes decide.
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>not a photo</html>');
        return;
      case '/declared-huge':
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(50 * 1024 * 1024) });
        res.write(png);
        return; // never ends: the declared size alone must refuse it
      case '/endless': {
        // No Content-Length: the bytes are counted as they come.
        res.writeHead(200, { 'content-type': 'image/png' });
        const chunk = Buffer.alloc(64 * 1024, 1);
        const timer = setInterval(() => res.write(chunk), 1);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case '/slow':
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(png.subarray(0, 10));
        return; // the rest never comes
      case '/missing':
        res.writeHead(404).end();
        return;
      case '/redirect':
        res.writeHead(302, { location: '/photo.png' }).end();
        return;
      case '/to-metadata':
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        return;
      case '/loop':
        res.writeHead(302, { location: '/loop' }).end();
        return;
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  hits.length = 0;
});

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1', '127.255.0.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '64:ff9b::a9fe:a9fe', '2002:7f00:1::1', 'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '41.111.1.1', '2a00:1450:4007:80e::200e', '::ffff:93.184.216.34'])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('the fetcher', () => {
  const localOnly = (options = {}) => createPhotoFetcher({ isAllowedAddress: (a) => a === '127.0.0.1', ...options });
  const reasonOf = (promise: Promise<unknown>) => promise.then(() => 'fetched', (error: unknown) => (error instanceof PhotoFetchError ? error.reason : String(error)));

  it('refuses loopback by default without sending a request, names included', async () => {
    const strict = createPhotoFetcher();
    expect(await reasonOf(strict(`${base}/photo.png`))).toBe('notAllowed');
    expect(await reasonOf(strict(`${base.replace('127.0.0.1', 'localhost')}/photo.png`))).toBe('notAllowed');
    expect(await reasonOf(strict(`${base.replace('127.0.0.1', '[::ffff:127.0.0.1]')}/photo.png`))).toBe('notAllowed');
    expect(await reasonOf(strict('http://169.254.169.254/latest/meta-data/'))).toBe('notAllowed');
    expect(await reasonOf(strict('ftp://example.com/a.png'))).toBe('notAllowed');
    expect(hits).toEqual([]);
  });

  it('fetches an allowed address, following a redirect', async () => {
    expect((await localOnly()(`${base}/photo.png`)).equals(png)).toBe(true);
    expect((await localOnly()(`${base}/redirect`)).equals(png)).toBe(true);
  });

  it('checks every redirect hop, and follows three at most', async () => {
    expect(await reasonOf(localOnly()(`${base}/to-metadata`))).toBe('notAllowed');
    expect(await reasonOf(localOnly()(`${base}/loop`))).toBe('unreachable');
    expect(hits.filter((h) => h === '/loop')).toHaveLength(4);
  });

  it('refuses what is too large, by its declared size or by the bytes that come', async () => {
    expect(await reasonOf(localOnly()(`${base}/declared-huge`))).toBe('tooLarge');
    expect(await reasonOf(localOnly({ maxBytes: 1024 * 1024 })(`${base}/endless`))).toBe('tooLarge');
  });

  it('gives up on a slow server at its time limit', async () => {
    const started = Date.now();
    expect(await reasonOf(localOnly({ timeoutMs: 300 })(`${base}/slow`))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses an error status', async () => {
    expect(await reasonOf(localOnly()(`${base}/missing`))).toBe('status');
  });
});

describe('publishing with a photo URL', () => {
  let strict: TestContext;
  let open: TestContext;
  let strictSeller: SignedIn;
  let openSeller: SignedIn;

  beforeAll(async () => {
    [strict, open] = await Promise.all([createTestContext('photo_fetch_strict'), createTestContext('photo_fetch_open', { env: { PHOTO_FETCH_ALLOW_PRIVATE: 'true' } })]);
    [strictSeller, openSeller] = await Promise.all([verifiedUser(strict), verifiedUser(open)]);
  });
  afterAll(async () => {
    await Promise.all([strict?.close(), open?.close()]);
  });

  const publish = (on: TestContext, seller: SignedIn, img: string, more: string[] = []) =>
    on.app.inject({
      method: 'POST',
      url: `${API}/products`,
      headers: { cookie: seller.cookie },
      payload: {
        title: 'Vélo de ville',
        desc: 'Très peu utilisé, avec panier.',
        category: 'sport-fitness',
        condition: 'good',
        img,
        ...(more.length ? { images: more } : {}),
        price: 15000,
        contact: '0550 12 34 56',
        address: 'alger',
      },
    });
  const fieldError = (res: Awaited<ReturnType<typeof publish>>) => {
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    return body.errors[0] as { path: string; code: string };
  };

  it('refuses a loopback address by default with 400 imageFetchNotAllowed, without a request', async () => {
    const error = fieldError(await publish(strict, strictSeller, `${base}/photo.png`));
    expect(error).toMatchObject({ path: 'body.img', code: 'imageFetchNotAllowed' });
    expect(hits).toEqual([]);
    expect(await strict.database.db.select().from(images)).toHaveLength(0);
  });

  it('stores the fetched photo as our own WebP variants when allowed, so pages load only our files', async () => {
    const res = await publish(open, openSeller, `${base}/photo.png`);
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json().data;
    expect(product.img).toMatch(/^\/uploads\/listings\/[0-9a-f-]{36}\/\d+\.webp$/);
    expect(product.images.every((u: string) => u.startsWith('/uploads/'))).toBe(true);
    expect(JSON.stringify(product)).not.toContain('127.0.0.1');
    expect(hits).toEqual(['/photo.png']);
    const file = await open.app.inject({ method: 'GET', url: product.img });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
  });

  it('answers 400 with the reason for a file that is not an image, too large or missing, and keeps nothing', async () => {
    const before = (await open.database.db.select().from(images)).length;
    expect(fieldError(await publish(open, openSeller, `${base}/text`))).toMatchObject({ path: 'body.img', code: 'imageFetchNotImage' });
    expect(fieldError(await publish(open, openSeller, `${base}/declared-huge`))).toMatchObject({ code: 'imageFetchTooLarge' });
    // The second photo fails: the first one, fetched already, is removed again.
    expect(fieldError(await publish(open, openSeller, `${base}/photo.png`, [`${base}/photo.png`, `${base}/missing`]))).toMatchObject({
      path: 'body.images.1',
      code: 'imageFetchFailed',
    });
    expect(await open.database.db.select().from(images)).toHaveLength(before);
  });
});
