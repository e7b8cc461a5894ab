// The photo store named by the configuration: the local folder by default, a bucket for STORAGE_URL=s3://…
import type { Config } from '../config.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import { createS3Storage, type S3StorageOptions } from './s3.ts';

export function createStorage(config: Config, extra: Pick<S3StorageOptions, 'credentials' | 'connectTimeoutMs' | 'requestTimeoutMs'> = {}): FileStorage {
  if (config.storage.kind === 's3') return createS3Storage({ ...config.storage, publicUrl: config.photoPublicUrl, ...extra });
  return createLocalDiskStorage(config.uploadsDir, { publicUrl: config.photoPublicUrl });
}
