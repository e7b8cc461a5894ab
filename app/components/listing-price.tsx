// A listing's price as cards and the product page show it: whole dinars with ",00" and the
// label (docs/product.md), "Free" for a give-away, the amount in millions of centimes for cars
// and property, and the negotiable and exchange marks. The place line ("Commune, Wilaya") too.
import { ArrowLeftRight, Handshake } from 'lucide-react';
import { useTranslation } from '#i18n';
import { formatMillions, formatPrice } from '../../common/format.ts';
import type { ApiProduct } from '../../common/product.ts';
import { EXCHANGE_NAME, PRICE_TYPE_NAMES, QUOTED_IN_MILLIONS } from '../../common/pricing.ts';
import { useLang } from '../lib/root-data.ts';

type Priced = Pick<ApiProduct, 'price' | 'priceType' | 'exchange' | 'category'>;

export function ListingPrice({ product, size }: { product: Priced; size: 'card' | 'page' }) {
  const lang = useLang();
  const free = product.priceType === 'free';
  const millions = !free && QUOTED_IN_MILLIONS.includes(product.category) ? formatMillions(product.price, lang) : null;
  const big = size === 'page';
  return (
    <div className={big ? 'space-y-2' : 'space-y-1.5'} data-testid="listing-price">
      <p className={`flex flex-wrap items-baseline gap-x-2 font-bold text-brand-strong ${big ? 'text-3xl' : 'text-lg'}`}>
        {free ? (
          <span data-testid="price-free">{PRICE_TYPE_NAMES.free[lang]}</span>
        ) : (
          <bdi dir="ltr" data-testid="price-amount">
            {formatPrice(product.price, lang)}
          </bdi>
        )}
        {millions ? (
          <span className={`font-semibold text-ink-muted ${big ? 'text-lg' : 'text-sm'}`} data-testid="price-millions">
            {`(${millions})`}
          </span>
        ) : null}
      </p>
      {product.priceType === 'negotiable' || product.exchange ? (
        <p className="flex flex-wrap gap-1.5">
          {product.priceType === 'negotiable' ? (
            <span className="inline-flex items-center gap-1 rounded-full border border-line bg-surface-sunken px-2.5 py-0.5 text-xs font-semibold text-ink" data-testid="mark-negotiable">
              <Handshake className="size-3.5" aria-hidden="true" />
              {PRICE_TYPE_NAMES.negotiable[lang]}
            </span>
          ) : null}
          {product.exchange ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-soft px-2.5 py-0.5 text-xs font-semibold text-brand-strong" data-testid="mark-exchange">
              <ArrowLeftRight className="size-3.5" aria-hidden="true" />
              {EXCHANGE_NAME[lang]}
            </span>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

/** "Commune, Wilaya", or the wilaya alone: `commune` is the commune's name in the page's language. */
export function usePlace(address: string, commune: string | null): string {
  const lang = useLang();
  const { t } = useTranslation('cities');
  const wilaya = t(`cities:${address}`);
  return commune ? `${commune}${lang === 'ar' ? '، ' : ', '}${wilaya}` : wilaya;
}
