// The photo store named by the configuration: the local folder by default, a bucket for STORAGE_URL=s3://…
// The AWS SDK is loaded only when a bucket is configured (it costs about a second at start).
import type { Config } from '../config.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import type { S3StorageOptions } from './s3.ts';

export async function createStorage(config: Config, extra: Pick<S3StorageOptions, 'credentials' | 'connectTimeoutMs' | 'requestTimeoutMs'> = {}): Promise<FileStorage> {
  if (config.storage.kind === 's3') {
    const { createS3Storage } = await import('./s3.ts');
    return createS3Storage({ ...config.storage, publicUrl: config.photoPublicUrl, ...extra });
  }
  return createLocalDiskStorage(config.uploadsDir, { publicUrl: config.photoPublicUrl });
}
