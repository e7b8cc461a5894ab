import { ImageOff, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListingPrice, usePlace } from './listing-price.tsx';
import { localizedTitle, type ApiProduct } from '../../common/product.ts';
import { localePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';

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

export function ProductCard({ product, eager = false }: { product: ApiProduct; eager?: boolean }) {
  const lang = useLang();
  const { t } = useTranslation(['common', 'categories', 'cities', 'conditions']);
  const cover = product.photos[0];
  const title = localizedTitle(product, lang);
  const place = usePlace(product);
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-2xl border border-line bg-surface-raised shadow-sm transition hover:shadow-md">
      <div className="relative aspect-[3/2] bg-surface-sunken">
        {cover ? (
          <img
            src={cover.variants['640'] ?? cover.url}
            srcSet={srcSetOf(cover.variants)}
            sizes={`(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, ${PHONE_PHOTO_WIDTH}`}
            width={cover.width}
            height={cover.height}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <div className="absolute inset-0 grid place-items-center text-ink-muted">
            <ImageOff className="size-10" aria-hidden="true" />
            <span className="sr-only">{t('noImage')}</span>
          </div>
        )}
        <span className="absolute start-3 top-3 rounded-full bg-surface-raised/90 px-2.5 py-1 text-xs font-semibold text-brand-strong shadow-sm">
          {t(`categories:${product.category}`)}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 font-semibold text-ink" dir="auto">
          <Link to={localePath(lang, `/products/${product.id}`)} className="after:absolute after:inset-0">
            {title}
          </Link>
        </h3>
        <p className="flex items-center gap-1 text-sm text-ink-muted">
          <MapPin className="size-4 shrink-0" aria-hidden="true" />
          <span data-testid="card-place">{place}</span>
          <span aria-hidden="true" className="mx-1">
            ·
          </span>
          <span>{t(`conditions:${product.condition}`)}</span>
        </p>
        <div className="mt-auto pt-1">
          <ListingPrice product={product} size="card" />
        </div>
      </div>
    </article>
  );
}
