// A stand-in for the other sites whose photo URLs listings name: a local HTTP server that
// answers a small PNG for any path. The fetcher refuses loopback unless the test context was
// created with `remotePhotos: true` (config PHOTO_FETCH_ALLOW_PRIVATE, tests only).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

let started: Promise<void> | undefined;
let base = '';

export function startPhotoServer(): Promise<void> {
  started ??= (async () => {
    const png = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#3a8' } }).png().toBuffer();
    const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // The process may end with it open.
    server.unref();
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  })();
  return started;
}

/** The URL of a photo on the stand-in site (startPhotoServer() first; createTestContext does). */
export function remotePhotoUrl(name = 'velo.jpg'): string {
  if (!base) throw new Error('the photo server is not started: create the test context with remotePhotos: true');
  return `${base}/photos/${name}`;
}
