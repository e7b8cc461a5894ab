// How a listing is priced beyond its amount (docs/product.md): fixed, negotiable or free (a
// give-away at 0 DA), and whether the seller accepts an exchange. Constants, names and schemas
// in one place for the form, the API, the filters and the cards. The zod schemas live in
// schemas/pricing.ts, so that a card showing a price does not bring zod to every page.
import { PRICE_MIN } from './constants.ts';
import type { Localized } from './languages.ts';
import type { ValidationKey } from './schemas/messages.ts';

export const PRICE_TYPES = ['fixed', 'negotiable', 'free'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];
export const DEFAULT_PRICE_TYPE: PriceType = 'fixed';

export const PRICE_TYPE_NAMES: Record<PriceType, Localized> = {
  fixed: { ar: 'سعر ثابت', fr: 'Prix fixe', en: 'Fixed price' },
  negotiable: { ar: 'قابل للتفاوض', fr: 'Négociable', en: 'Negotiable' },
  free: { ar: 'مجاناً', fr: 'Gratuit', en: 'Free' },
};

export const EXCHANGE_NAME: Localized = { ar: 'التبادل ممكن', fr: 'Échange possible', en: 'Exchange possible' };

export function isPriceType(value: unknown): value is PriceType {
  return typeof value === 'string' && (PRICE_TYPES as readonly string[]).includes(value);
}

/** The cross-field rule: a give-away costs 0 DA, every other listing at least PRICE_MIN. */
export function priceTypeIssue(priceType: PriceType, price: number): ValidationKey | null {
  if (priceType === 'free') return price === 0 ? null : 'priceFree';
  return price >= PRICE_MIN ? null : 'priceMin';
}

/** Categories whose prices Algerians quote in millions of centimes (formatMillions) as well. */
export const QUOTED_IN_MILLIONS: readonly string[] = ['automobile', 'real-estate'];
