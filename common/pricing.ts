// How a listing is priced beyond its amount (docs/product.md): fixed, negotiable or free (a
// give-away at 0 DA), and whether the seller accepts an exchange. Constants, names and schemas
// in one place for the form, the API, the filters and the cards.
import { z } from 'zod';
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

/** A price type, optional: blank or absent is "not given", so that the caller's default applies. */
export const priceTypeSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.enum(PRICE_TYPES, { error: 'priceTypeInvalid' }).optional(),
);

/** JSON booleans, and what HTML forms and query strings send: a checked box is `on`. */
export const exchangeSchema = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const text = v.trim().toLowerCase();
  if (['true', 'on', '1', 'yes'].includes(text)) return true;
  if (['false', 'off', '0', 'no', ''].includes(text)) return false;
  return v;
}, z.boolean({ error: 'exchangeInvalid' }));

/** The cross-field rule: a give-away costs 0 DA, every other listing at least PRICE_MIN. */
export function priceTypeIssue(priceType: PriceType, price: number): ValidationKey | null {
  if (priceType === 'free') return price === 0 ? null : 'priceFree';
  return price >= PRICE_MIN ? null : 'priceMin';
}

/** Categories whose prices Algerians quote in millions of centimes (formatMillions) as well. */
export const QUOTED_IN_MILLIONS: readonly string[] = ['automobile', 'real-estate'];
