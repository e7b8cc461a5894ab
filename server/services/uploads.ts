// Listing photos uploaded before the listing exists: stored at once (so the form
// can show them), attached on create/update, and cleaned if never attached.
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { images, type Image } from '../../db/schema.ts';
import { AppError } from '#errors';
import type { FileStorage } from '../storage/file-storage.ts';
import { requireOwner } from './access.ts';
import { MAX_INPUT_PIXELS, sniffImage } from './image-pipeline.ts';
import { storeListingPhoto } from './photo-store.ts';

export const ORPHAN_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

export function fileKeysOf(image: Pick<Image, 'variants'>, storage: FileStorage): string[] {
  return Object.values(image.variants)
    .map((url) => storage.keyOf(url))
    .filter((key): key is string => key !== null);
}

export function createUploadService(db: AppDb, storage: FileStorage) {
  /** The rows only, in the caller's transaction; their files go with deleteFiles once it has committed. */
  async function deleteRows(tx: AppDb, rows: Pick<Image, 'id'>[]) {
    if (rows.length === 0) return;
    await tx.delete(images).where(inArray(images.id, rows.map((r) => r.id)));
  }

  async function deleteFiles(rows: Pick<Image, 'variants'>[]) {
    if (rows.length === 0) return;
    await storage.delete(rows.flatMap((r) => fileKeysOf(r, storage)));
  }

  async function removeImages(rows: Pick<Image, 'id' | 'variants'>[]) {
    await deleteRows(db, rows);
    await deleteFiles(rows);
  }

  return {
    removeImages,
    deleteRows,
    deleteFiles,

    /** Checks what the bytes are (never the name), refuses bombs, stores WebP variants. */
    async store(userId: string, data: Buffer): Promise<Image> {
      const sniffed = await sniffImage(data);
      if (!sniffed) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only JPEG, PNG, WebP or AVIF images are accepted');
      if (sniffed.width * sniffed.height > MAX_INPUT_PIXELS) {
        throw new AppError('PAYLOAD_TOO_LARGE', 'The image has too many pixels (40 megapixels at most)');
      }
      return storeListingPhoto(db, storage, data, { userId });
    },

    /** Deletes one of the caller's own uploads by its key. */
    async remove(userId: string, key: string): Promise<void> {
      const [row] = await db.select().from(images).where(eq(images.key, key)).limit(1);
      if (!row) throw new AppError('NOT_FOUND', 'Image not found');
      requireOwner({ id: userId }, row.userId, 'You can only delete your own uploads');
      await removeImages([row]);
    },

    /** Uploads never attached to a listing, older than a day. Returns how many went. */
    async cleanOrphans(now = new Date()): Promise<number> {
      const rows = await db
        .select({ id: images.id, variants: images.variants })
        .from(images)
        .where(and(isNull(images.productId), lt(images.createdAt, new Date(now.getTime() - ORPHAN_UPLOAD_TTL_MS))))
        .limit(1000);
      await removeImages(rows);
      return rows.length;
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
