// What a listing card shows (product-card.tsx), and nothing else: the one shape that every
// list page's loader sends its cards in. A whole listing (ApiProduct) carries its title and
// description in three languages, its details, expiry, counters… which a card never shows;
// on the home page the ten of them were most of the serialized data (decision 0030).
import type { Lang } from '../../common/languages.ts';
import { localizedTitle, type ApiImage, type ApiProduct } from '../../common/product.ts';

export interface ListingCard extends Pick<ApiProduct, 'id' | 'category' | 'condition' | 'price' | 'priceType' | 'exchange' | 'address' | 'createdAt'> {
  /** In the page's language (or the original). */
  title: string;
  /** The commune's name in the page's language, or null (the wilaya alone). */
  commune: string | null;
  /** The first photo, with its variants for `srcset`. */
  cover: ApiImage | null;
  sold: boolean;
  /** The signed-in reader saved it (absent for visitors). */
  isFavourite?: boolean;
}

export function toListingCard(product: ApiProduct & { isFavourite?: boolean }, lang: Lang): ListingCard {
  const card: ListingCard = {
    id: product.id,
    title: localizedTitle(product, lang),
    category: product.category,
    condition: product.condition,
    price: product.price,
    priceType: product.priceType,
    exchange: product.exchange,
    address: product.address,
    commune: product.communeName?.[lang] ?? null,
    createdAt: product.createdAt,
    cover: product.photos[0] ?? null,
    sold: product.soldAt !== null,
  };
  if (product.isFavourite !== undefined) card.isFavourite = product.isFavourite;
  return card;
}
