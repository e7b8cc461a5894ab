// Listing photos uploaded before the listing exists: stored at once (so the form
// can show them), attached on create/update, and cleaned if never attached.
import { and, count, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { images, type Image, type User } from '../../db/schema.ts';
import { AppError } from '#errors';
import { RateLimitedError, type Limits } from './rate-limit.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { requireOwner } from './access.ts';
import { MAX_INPUT_PIXELS, sniffImage } from './image-pipeline.ts';
import { createPhotoFetcher, PhotoFetchError, type PhotoFetcher, type PhotoFetchFailure } from './photo-fetch.ts';
import { storeListingPhoto } from './photo-store.ts';

export const ORPHAN_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Photos a seller may hold that are attached to no listing yet: three full listings' worth
 * (10 photos each). Past it, publish or delete some first; they are cleaned after a day anyway.
 */
export const MAX_UNATTACHED_UPLOADS = 30;

export function fileKeysOf(image: Pick<Image, 'variants'>, storage: FileStorage): string[] {
  return Object.values(image.variants)
    .map((url) => storage.keyOf(url))
    .filter((key): key is string => key !== null);
}

const PERMIT = Symbol('upload permit');
/** Given by UploadService.permit() once the uploader passed its checks. */
export interface UploadPermit {
  readonly [PERMIT]: true;
  readonly userId: string;
}

const FETCH_FAILURE_KEY: Record<PhotoFetchFailure, string> = {
  unreachable: 'imageFetchFailed',
  timeout: 'imageFetchFailed',
  status: 'imageFetchFailed',
  notAllowed: 'imageFetchNotAllowed',
  tooLarge: 'imageFetchTooLarge',
};

/** What the bytes are, whoever brought them: an accepted format within the pixel limit. */
async function checkImage(data: Buffer): Promise<void> {
  const sniffed = await sniffImage(data);
  if (!sniffed) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only JPEG, PNG, WebP or AVIF images are accepted');
  if (sniffed.width * sniffed.height > MAX_INPUT_PIXELS) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The image has too many pixels (40 megapixels at most)');
  }
}

export function createUploadService(db: AppDb, storage: FileStorage, limits: Limits, fetchPhoto: PhotoFetcher = createPhotoFetcher()) {
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

    /**
     * Who may upload now, checked before the body is read: a verified account (as for
     * publishing), within its upload rate and its quota of photos attached to no listing.
     * The permit it gives is what store() takes: no photo is stored without these checks.
     */
    async permit(user: User): Promise<UploadPermit> {
      if (!user.isVerified) throw new AppError('EMAIL_NOT_VERIFIED', 'Verify your e-mail address to upload photos');
      await limits.check('upload', user.id);
      const [row] = await db
        .select({ n: count(), oldest: sql`min(${images.createdAt})`.mapWith(images.createdAt) })
        .from(images)
        .where(and(eq(images.userId, user.id), isNull(images.productId)));
      if (row && row.n >= MAX_UNATTACHED_UPLOADS) {
        // The wait is until the oldest unattached photo is cleaned, unless the seller acts first.
        const wait = Math.max(1, Math.ceil((row.oldest.getTime() + ORPHAN_UPLOAD_TTL_MS - Date.now()) / 1000));
        throw new RateLimitedError(wait, `You have ${MAX_UNATTACHED_UPLOADS} photos attached to no listing: publish or delete some first`);
      }
      return { [PERMIT]: true, userId: user.id };
    },

    /** Checks what the bytes are (never the name), refuses bombs, stores WebP variants. */
    async store(permit: UploadPermit, data: Buffer): Promise<Image> {
      await checkImage(data);
      return storeListingPhoto(db, storage, data, { userId: permit.userId });
    },

    /**
     * A photo the server itself brings (the demo catalogue): the same checks of the bytes, no
     * per-account limits, which are there for what users send.
     */
    async storeTrusted(userId: string, data: Buffer): Promise<Image> {
      await checkImage(data);
      return storeListingPhoto(db, storage, data, { userId });
    },

    /**
     * A photo named by URL in a listing: fetched (services/photo-fetch.ts) and stored like an
     * upload, unattached. Any failure is a 400 on `path` with a translated field code.
     */
    async storeFromUrl(userId: string, url: string, path: string): Promise<Image> {
      const refuse = (code: string, message: string) => new AppError('VALIDATION_ERROR', 'Invalid request', [{ path, code, message }]);
      let data: Buffer;
      try {
        data = await fetchPhoto(url);
      } catch (error) {
        if (error instanceof PhotoFetchError) throw refuse(FETCH_FAILURE_KEY[error.reason], error.message);
        throw error;
      }
      try {
        await checkImage(data);
        return await storeListingPhoto(db, storage, data, { userId });
      } catch (error) {
        if (error instanceof AppError && error.code === 'UNSUPPORTED_MEDIA_TYPE') throw refuse('imageFetchNotImage', error.message);
        if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') throw refuse('imageFetchTooLarge', error.message);
        throw error;
      }
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
