// Listings: reading and serializing them to the Product shape of docs/api.md.
// Ordering always repeats the index's `DESC NULLS LAST` so PostgreSQL can walk the index.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { images, products, type Image, type Product } from '../../db/schema.ts';
import type { ApiImage, ApiProduct } from '../../common/product.ts';

export const newestFirst = [sql`${products.createdAt} desc nulls last`, sql`${products.id} desc nulls last`];

export function toApiProduct(row: Product, photos: ApiImage[], options: { withContact?: boolean } = {}): ApiProduct {
  const urls = photos.map((p) => p.url);
  return {
    id: row.id,
    userId: row.userId,
    category: row.category,
    condition: row.condition,
    title: row.title,
    title_ar: row.titleAr,
    title_fr: row.titleFr,
    title_en: row.titleEn,
    desc: row.desc,
    desc_ar: row.descAr,
    desc_fr: row.descFr,
    desc_en: row.descEn,
    img: urls[0] ?? null,
    images: urls,
    photos,
    price: row.price,
    address: row.address,
    status: row.status,
    isActive: row.status === 'active',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(options.withContact ? { contact: row.contact } : {}),
  };
}

export function toApiImage(image: Pick<Image, 'variants' | 'width' | 'height'>): ApiImage {
  const widths = Object.keys(image.variants).map(Number).sort((a, b) => a - b);
  const largest = widths[widths.length - 1];
  return {
    url: largest === undefined ? '' : (image.variants[String(largest)] ?? ''),
    width: image.width,
    height: image.height,
    variants: image.variants,
  };
}

export function createProductService(db: AppDb) {
  /** Photos of several listings in one query, in their order. */
  async function photosOf(productIds: string[]): Promise<Map<string, ApiImage[]>> {
    const byProduct = new Map<string, ApiImage[]>();
    if (productIds.length === 0) return byProduct;
    const rows = await db
      .select({ productId: images.productId, variants: images.variants, width: images.width, height: images.height })
      .from(images)
      .where(inArray(images.productId, productIds))
      .orderBy(asc(images.productId), asc(images.position));
    for (const row of rows) {
      if (!row.productId) continue;
      const list = byProduct.get(row.productId) ?? [];
      list.push(toApiImage(row));
      byProduct.set(row.productId, list);
    }
    return byProduct;
  }

  async function withPhotos(rows: Product[]): Promise<ApiProduct[]> {
    const photos = await photosOf(rows.map((r) => r.id));
    return rows.map((row) => toApiProduct(row, photos.get(row.id) ?? []));
  }

  return {
    photosOf,
    withPhotos,
    /** The newest active listings (home page before the search is used). */
    async newest(limit: number): Promise<ApiProduct[]> {
      const rows = await db
        .select()
        .from(products)
        .where(eq(products.status, 'active'))
        .orderBy(...newestFirst)
        .limit(limit);
      return withPhotos(rows);
    },
    async countActive(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(and(eq(products.status, 'active')));
      return row?.n ?? 0;
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
