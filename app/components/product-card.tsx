import { ImageOff, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '#i18n';
import { Link } from './link.tsx';
import { formatAgo } from '../../common/format.ts';
import { ListingPrice, usePlace } from './listing-price.tsx';
import type { ListingCard } from '../lib/listing-card.ts';
import { localePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';
import { SoldRibbon } from './product/lifecycle-notice.tsx';
import { FavouriteButton } from './buyers/favourite-button.tsx';
import { CARDS_ON_FIRST_SCREEN, CARDS_WITH_PHOTO_FIRST } from '../../common/constants.ts';

/** `srcset` from the stored WebP variants (width → URL). */
export function srcSetOf(variants: Record<string, string>): string {
  return Object.entries(variants)
    .map(([width, url]) => `${url} ${width}w`)
    .join(', ');
}

/**
 * The width of a full-width photo on a phone, for `sizes`. A little under the real width
 * (100vw less the page's padding): a typical 1.75× phone then takes the 640 px file (about
 * half the bytes of the 1200 px one) for a box that needs ~660 device pixels.
 */
export const PHONE_PHOTO_WIDTH = 'calc(100vw - 3rem)';

/**
 * A listing in a list. On a phone a compact row (photo at the start side, then title, price,
 * place and age), so that a screen shows four or five; from `sm` up a card with the photo on top.
 * `action` is a slot above the link's layer (the buyers branch's heart).
 */
export function ProductCard({
  product,
  position = Number.POSITIVE_INFINITY,
  headingLevel = 3,
  action,
}: {
  product: ListingCard;
  /** The card's place in its list, from 0: the first screen's photos load at once, the first ones with high priority (common/constants.ts). */
  position?: number;
  /** One below the heading of the list: a search's results heading is the page's h1. */
  headingLevel?: 2 | 3;
  action?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const eager = position < CARDS_ON_FIRST_SCREEN;
  const photoFirst = position < CARDS_WITH_PHOTO_FIRST;
  const lang = useLang();
  const { t } = useTranslation(['common', 'categories', 'cities', 'conditions']);
  const cover = product.cover;
  const title = product.title;
  const place = usePlace(product.address, product.commune);
  return (
    <article
      className="group relative flex w-full flex-row overflow-hidden rounded-xl border border-line bg-surface-raised shadow-sm transition hover:shadow-md sm:flex-col sm:rounded-2xl"
      data-testid="product-card"
    >
      <div className="relative aspect-square w-28 shrink-0 bg-surface-sunken sm:aspect-[3/2] sm:w-auto">
        {cover ? (
          <img
            src={cover.variants['640'] ?? cover.url}
            srcSet={srcSetOf(cover.variants)}
            sizes={`(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, 112px`}
            width={cover.width}
            height={cover.height}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={photoFirst ? 'high' : 'auto'}
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <div className="absolute inset-0 grid place-items-center text-ink-muted">
            <ImageOff className="size-8 sm:size-10" aria-hidden="true" />
            <span className="sr-only">{t('noImage')}</span>
          </div>
        )}
        <span className="absolute start-3 top-3 hidden rounded-full bg-surface-raised/90 px-2.5 py-1 text-xs font-semibold text-brand-strong shadow-sm sm:inline">
          {t(`categories:${product.category}`)}
        </span>
        {product.sold ? <SoldRibbon /> : null}
        <FavouriteButton productId={product.id} isFavourite={product.isFavourite} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5 px-3 py-2 sm:gap-2 sm:p-4">
        <Heading className="line-clamp-2 pe-6 text-[0.9375rem] font-semibold leading-snug text-ink sm:pe-0 sm:text-base" dir="auto">
          <Link to={localePath(lang, `/products/${product.id}`)} className="after:absolute after:inset-0">
            {title}
          </Link>
        </Heading>
        <div className="sm:order-last sm:mt-auto sm:pt-1">
          <ListingPrice product={product} size="card" />
        </div>
        <p className="mt-auto flex min-w-0 items-center gap-1 text-xs text-ink-muted sm:mt-0 sm:text-sm">
          <MapPin className="size-3.5 shrink-0 sm:size-4" aria-hidden="true" />
          <span className="truncate" data-testid="card-place">{place}</span>
          <span aria-hidden="true" className="mx-0.5">
            ·
          </span>
          <span className="hidden sm:inline">{t(`conditions:${product.condition}`)}</span>
          <span aria-hidden="true" className="mx-0.5 hidden sm:inline">
            ·
          </span>
          {/* Relative to the reader's clock: the server's "2 h" may read "3 h" once hydrated. */}
          <time dateTime={product.createdAt} className="shrink-0" suppressHydrationWarning>
            {formatAgo(product.createdAt, lang)}
          </time>
        </p>
      </div>
      {action ? <div className="absolute end-1.5 top-1.5 z-10">{action}</div> : null}
    </article>
  );
}
