// A local S3-protocol server for the tests (s3rver, files in a temporary folder) behind a small
// proxy that can play an outage: after N more requests of the chosen methods it drops every
// connection, as a store that went away mid-upload does, until heal().
// With TEST_S3_ENDPOINT (and TEST_S3_ACCESS_KEY_ID / TEST_S3_SECRET_ACCESS_KEY), the proxy sits in
// front of that server instead — a real one, such as the radosgw of `npm run test:radosgw` — in a
// bucket of its own, created here and removed by stop().
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/** s3rver's built-in account. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  /** STORAGE_URL for the bucket, through the proxy. */
  storageUrl: string;
  /** The keys the server must be given (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY). */
  credentials: { accessKeyId: string; secretAccessKey: string };
  endpoint: string;
  bucket: string;
  /** Keys in the bucket now. */
  keys(): Promise<string[]>;
  /** Lets `allowed` more requests with one of `methods` through, then drops the connections. */
  failAfter(allowed: number, methods?: string[]): void;
  heal(): void;
  stop(): Promise<void>;
}

interface Upstream {
  bucket: string;
  host: string;
  port: number;
  credentials: TestS3['credentials'];
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

async function startS3rver(bucket: string): Promise<Upstream> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'ecosouk-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = (await server.run()) as AddressInfo;
  return {
    bucket,
    host: '127.0.0.1',
    port,
    credentials: S3RVER_CREDENTIALS,
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
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A fresh bucket on TEST_S3_ENDPOINT, so that no earlier run's files are counted. */
async function bucketOnExternalS3(endpoint: string, name: string): Promise<Upstream> {
  const credentials = { accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? '', secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? '' };
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = `${name}-${randomBytes(4).toString('hex')}`;
  await client.send(new CreateBucketCommand({ Bucket }));
  const url = new URL(endpoint);
  // Straight to the server, past the proxy: the tests count files during an outage too.
  const keys = async () => {
    const found: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
      for (const object of page.Contents ?? []) if (object.Key) found.push(object.Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return found.sort();
  };
  return {
    bucket: Bucket,
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    credentials,
    keys,
    async close() {
      for (const Key of await keys()) await client.send(new DeleteObjectCommand({ Bucket, Key }));
      await client.send(new DeleteBucketCommand({ Bucket }));
      client.destroy();
    },
  };
}

export async function startTestS3(name = 'photos'): Promise<TestS3> {
  const external = process.env.TEST_S3_ENDPOINT;
  const upstream = external ? await bucketOnExternalS3(external, name) : await startS3rver(name);
  const { bucket } = upstream;
  let budget = Infinity;
  let failing: Set<string> = new Set();
  const proxy = http.createServer((req, res) => {
    if (failing.has(req.method ?? '') && budget-- <= 0) {
      req.socket.destroy();
      return;
    }
    const forward = http.request({ host: upstream.host, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  return {
    storageUrl: `s3://${bucket}?endpoint=${encodeURIComponent(endpoint)}&forcePathStyle=true`,
    credentials: upstream.credentials,
    endpoint,
    bucket,
    keys: () => upstream.keys(),
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
      await upstream.close();
    },
  };
}
