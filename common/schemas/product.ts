// Listing rules (docs/product.md, docs/api.md), shared by the product form, its action and the REST routes.
import { z } from 'zod';
import { MAX_PHOTOS, PRICE_MAX, PRICE_MIN } from '../constants.ts';
import { isCommuneKey } from '../communes.ts';
import { CATEGORY_KEYS, CONDITION_KEYS, WILAYA_KEYS } from '../reference-data.ts';
import { isStorableText } from './text.ts';
import { phoneSchema } from './user.ts';

/** Our upload URLs (rooted at /uploads/) or absolute http(s) URLs. */
export const imageUrlSchema = z
  .string({ error: 'imageRequired' })
  .trim()
  .min(1, 'imageRequired')
  .max(2000, 'imageInvalid')
  .refine((v) => /^\/uploads\/[\w./-]+$/.test(v) || (/^https?:\/\/[^\s]+$/i.test(v) && isStorableText(v)), 'imageInvalid');

const title = z.string({ error: 'titleRequired' }).trim().min(1, 'titleRequired').max(120, 'titleMax').refine(isStorableText, 'invalidValue');
const desc = z.string({ error: 'descRequired' }).trim().min(1, 'descRequired').max(5000, 'descMax').refine(isStorableText, 'invalidValue');
const optionalTitle = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), title.nullish());
const optionalDesc = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), desc.nullish());

const price = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.replace(/[\s\u00a0.,](?=\d{3}\b)/g, ''))) : v),
  z
    .number({ error: 'priceRequired' })
    .int('priceInteger')
    .min(PRICE_MIN, 'priceMin')
    .max(PRICE_MAX, 'priceMax'),
);

export const productFieldsSchema = z.object({
  title,
  desc,
  category: z.enum(CATEGORY_KEYS, { error: 'categoryRequired' }),
  condition: z.enum(CONDITION_KEYS, { error: 'conditionRequired' }),
  img: imageUrlSchema,
  images: z.array(imageUrlSchema, { error: 'imageInvalid' }).max(MAX_PHOTOS, 'imagesMax').optional(),
  price,
  // Not `.optional().refine(…)`: zod skips an optional field whose key is absent, refine included.
  contact: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string({ error: (issue) => (issue.input === undefined ? 'contactRequired' : 'phoneInvalid') }).pipe(phoneSchema),
  ),
  address: z.enum(WILAYA_KEYS, { error: 'addressInvalid' }),
  // A commune key (common/communes.ts) or null; that it lies in `address` is the listing
  // service's check, since an edit may change either one alone.
  commune: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string({ error: 'communeInvalid' }).refine(isCommuneKey, 'communeInvalid').nullish(),
  ),
  title_ar: optionalTitle,
  title_fr: optionalTitle,
  title_en: optionalTitle,
  desc_ar: optionalDesc,
  desc_fr: optionalDesc,
  desc_en: optionalDesc,
});

export const createProductSchema = productFieldsSchema;
export const updateProductSchema = productFieldsSchema.partial();

export type ProductInput = z.infer<typeof createProductSchema>;
export type ProductPatch = z.infer<typeof updateProductSchema>;

/** The photos of a listing in order, the cover (`img`) first, without duplicates. */
export function orderedPhotos(img: string, images: string[] | undefined): string[] {
  return [...new Set([img, ...(images ?? [])])].slice(0, MAX_PHOTOS);
}
