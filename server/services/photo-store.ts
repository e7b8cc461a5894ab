// Stores a listing photo: WebP variants in the file storage and a row in `images`.
import { randomUUID } from 'node:crypto';
import type { AppDb } from '../../db/client.ts';
import { images, type Image } from '../../db/schema.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { toWebpVariants } from './image-pipeline.ts';

export async function storeListingPhoto(
  db: AppDb,
  storage: FileStorage,
  input: Buffer,
  owner: { userId: string; productId?: string; position?: number },
): Promise<Image> {
  const processed = await toWebpVariants(input);
  const id = randomUUID();
  const variants: Record<string, string> = {};
  const keys: string[] = [];
  // The row is written only once every file is there, so no row ever names a missing file; the
  // files of a failed attempt go at once, or, when the store is down, later (withDeferredDeletes).
  try {
    for (const variant of processed.variants) {
      const key = `listings/${id}/${variant.width}.webp`;
      keys.push(key);
      await storage.put(key, variant.data, 'image/webp');
      variants[String(variant.width)] = storage.url(key);
    }
  } catch (error) {
    await storage.delete(keys);
    throw error;
  }
  try {
    const [row] = await db
      .insert(images)
      .values({
        id,
        key: `listings/${id}`,
        userId: owner.userId,
        productId: owner.productId ?? null,
        position: owner.position ?? 0,
        width: processed.width,
        height: processed.height,
        bytes: processed.variants.reduce((sum, v) => sum + v.data.length, 0),
        variants,
        phash: processed.phash,
      })
      .returning();
    if (!row) throw new Error('image row not returned');
    return row;
  } catch (error) {
    await storage.delete(keys);
    throw error;
  }
}
