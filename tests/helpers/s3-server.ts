// A local S3-protocol server for the tests (s3rver, files in a temporary folder) behind a small
// proxy that can play an outage: after N more requests of the chosen methods it drops every
// connection, as a store that went away mid-upload does, until heal().
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

/** s3rver's built-in account. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  /** STORAGE_URL for the bucket, through the proxy. */
  storageUrl: string;
  endpoint: string;
  bucket: string;
  /** Keys in the bucket now. */
  keys(): Promise<string[]>;
  /** Lets `allowed` more requests with one of `methods` through, then drops the connections. */
  failAfter(allowed: number, methods?: string[]): void;
  heal(): void;
  stop(): Promise<void>;
}

export async function startTestS3(bucket = 'photos'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'ecosouk-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port: s3Port } = (await server.run()) as AddressInfo;
  let budget = Infinity;
  let failing: Set<string> = new Set();
  const proxy = http.createServer((req, res) => {
    if (failing.has(req.method ?? '') && budget-- <= 0) {
      req.socket.destroy();
      return;
    }
    const upstream = http.request({ host: '127.0.0.1', port: s3Port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  return {
    storageUrl: `s3://${bucket}?endpoint=${encodeURIComponent(endpoint)}&forcePathStyle=true`,
    endpoint,
    bucket,
    // From s3rver's folder (each object is `<key>._S3rver_object`): its ListObjects answers
    // fail the SDK's signature check, and the tests need only the names.
    async keys() {
      const root = path.join(directory, bucket);
      const files = await readdir(root, { recursive: true, withFileTypes: true });
      return files
        .filter((f) => f.isFile() && f.name.endsWith('._S3rver_object'))
        .map((f) => path.relative(root, path.join(f.parentPath, f.name.slice(0, -'._S3rver_object'.length))).split(path.sep).join('/'))
        .sort();
    },
    failAfter(allowed, methods = ['PUT', 'POST', 'DELETE', 'GET', 'HEAD']) {
      budget = allowed;
      failing = new Set(methods);
    },
    heal() {
      budget = Infinity;
      failing = new Set();
    },
    async stop() {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
