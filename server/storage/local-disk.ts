import { createReadStream } from 'node:fs';
import { mkdir, rm, rmdir, stat, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { checkKey, fileUrls, type FileStorage } from './file-storage.ts';

export { UPLOADS_URL_PREFIX } from './file-storage.ts';

function safePath(root: string, key: string) {
  return path.join(root, checkKey(key));
}

async function sizeOf(file: string): Promise<number | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? info.size : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export function createLocalDiskStorage(root: string, { publicUrl }: { publicUrl?: string } = {}): FileStorage {
  return {
    kind: 'local',
    async put(key, data) {
      const file = safePath(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, file);
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(safePath(root, key), { force: true })));
      // Each photo has a folder of its own (listings/<id>/): once empty, it goes too.
      const folders = new Set(keys.map((key) => path.dirname(safePath(root, key))).filter((dir) => dir !== path.resolve(root) && dir !== root));
      await Promise.all([...folders].map((dir) => rmdir(dir).catch(() => {})));
    },
    async open(key) {
      const file = safePath(root, key);
      const length = await sizeOf(file);
      if (length === null) return null;
      return { body: createReadStream(file), contentType: key.endsWith('.webp') ? 'image/webp' : 'application/octet-stream', length, etag: undefined };
    },
    async stat(key) {
      const size = await sizeOf(safePath(root, key));
      return size === null ? null : { size, etag: undefined };
    },
    ...fileUrls(publicUrl),
  };
}
