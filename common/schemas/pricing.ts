// The price fields as forms, query strings and JSON send them. Kept apart from ../pricing.ts,
// which cards import: zod should only reach the pages that validate.
import { z } from 'zod';
import { PRICE_TYPES } from '../pricing.ts';

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
