// Photos in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Ceph RGW, Garage, s3rver in the
// tests) through the AWS SDK v3. Credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID /
// AWS_SECRET_ACCESS_KEY, AWS_PROFILE, an instance role…), never from STORAGE_URL.
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { AppError } from '#errors';
import { checkKey, fileUrls, IMMUTABLE, type FileStorage } from './file-storage.ts';
import type { S3Location } from './s3-url.ts';


export interface S3StorageOptions extends S3Location {
  /** PHOTO_PUBLIC_URL: the browser loads photos from there instead of the server's /uploads/. */
  publicUrl?: string;
  /** Tests give s3rver's keys; otherwise the SDK's chain. */
  credentials?: S3ClientConfig['credentials'];
  /** Milliseconds before a request to the store is given up (connection, then the whole request). */
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

const isMissing = (error: unknown) => {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
};

export function unavailable(cause: unknown): AppError {
  const error = new AppError('STORAGE_UNAVAILABLE', 'Photos cannot be stored right now, please try again in a few minutes');
  (error as Error & { cause?: unknown }).cause = cause;
  return error;
}

export function createS3Storage(options: S3StorageOptions): FileStorage & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where S3 requires them: several S3-compatible services (and s3rver) refuse
    // the CRC32 trailers the SDK sends by default since 2025.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An upload waits on the store: an outage must become an answer within seconds, not a hang.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: options.connectTimeoutMs ?? 2000, requestTimeout: options.requestTimeoutMs ?? 15_000 },
  });
  const Bucket = options.bucket;
  const objectKey = (key: string) => `${options.prefix}${checkKey(key)}`;
  return {
    kind: 's3',
    client,
    async put(key, data, contentType) {
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: data, ContentType: contentType, CacheControl: IMMUTABLE }));
      } catch (error) {
        throw unavailable(error);
      }
    },
    // One request a key: DeleteObjects needs a Content-MD5 or checksum header that not every
    // S3-compatible service checks the same way, and a photo has three files.
    async delete(keys) {
      const results = await Promise.allSettled(keys.map((key) => client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }))));
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected' && !isMissing(r.reason));
      if (failed) throw unavailable(failed.reason);
    },
    async open(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!object.Body) return null;
        return {
          body: object.Body instanceof Readable ? object.Body : Readable.fromWeb(object.Body.transformToWebStream() as never),
          contentType: object.ContentType ?? 'application/octet-stream',
          length: object.ContentLength,
          etag: object.ETag,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailable(error);
      }
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return { size: head.ContentLength ?? 0, etag: head.ETag };
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailable(error);
      }
    },
    ...fileUrls(options.publicUrl),
  };
}
