// `npm run storage:migrate`: copies the photos of the local folder into the configured store.
// Each file is independent and checked before it is sent (same size, and the same MD5 where
// the store's ETag is one), so a run that stopped half-way is simply run again: what is there
// is skipped, what is missing or different is sent.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './file-storage.ts';

export interface CopyReport {
  copied: number;
  skipped: number;
  failed: { key: string; error: string }[];
}

const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.avif': 'image/avif' };

/** A plain PUT's ETag is the MD5 of the bytes; multipart uploads (a `-` in it) are compared by size only. */
function sameContent(etag: string | undefined, data: Buffer): boolean {
  const tag = etag?.replace(/"/g, '');
  if (!tag || !/^[0-9a-f]{32}$/i.test(tag)) return true;
  return createHash('md5').update(data).digest('hex') === tag.toLowerCase();
}

export async function copyLocalToStore(root: string, target: FileStorage, { concurrency = 8, log = (_line: string) => {} } = {}): Promise<CopyReport> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  // Half-written files of the local store (`.<pid>.tmp`) are not photos.
  const keys = entries
    .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
  const report: CopyReport = { copied: 0, skipped: 0, failed: [] };
  let next = 0;
  async function worker() {
    while (next < keys.length) {
      const key = keys[next++]!;
      try {
        const data = await readFile(path.join(root, key));
        const there = await target.stat(key);
        if (there && there.size === data.length && sameContent(there.etag, data)) {
          report.skipped++;
          continue;
        }
        await target.put(key, data, CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream');
        report.copied++;
      } catch (error) {
        report.failed.push({ key, error: error instanceof Error ? error.message : String(error) });
      }
      const done = report.copied + report.skipped + report.failed.length;
      if (done % 500 === 0) log(`${done} / ${keys.length} files`);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, keys.length) }, worker));
  return report;
}
