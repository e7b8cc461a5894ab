// How a listing row and its photos are written, in one place: publishing (listings service)
// and the demo seed, whose listings carry back-dated timestamps and counters, insert through here.
import { eq } from 'drizzle-orm';
import type { AppDb, Transaction } from '../../db/client.ts';
import { images, products, type Image, type NewProduct, type Product } from '../../db/schema.ts';

/**
 * The listing and the attachment of its photos (stored already, given in order). It takes a
 * transaction so that both land or neither; the caller may have locked the photos in it.
 */
export async function insertListing(tx: Transaction, values: NewProduct, photos: Pick<Image, 'id'>[]): Promise<Product> {
  const [inserted] = await tx.insert(products).values(values).returning();
  if (!inserted) throw new Error('insert returned nothing');
  await attachPhotos(tx, inserted.id, photos);
  return inserted;
}

/** Gives the photos to the listing, in this order (their position is their index). */
export async function attachPhotos(tx: AppDb, productId: string, photos: Pick<Image, 'id'>[]): Promise<void> {
  for (const [position, photo] of photos.entries()) {
    await tx.update(images).set({ productId, position }).where(eq(images.id, photo.id));
  }
}
