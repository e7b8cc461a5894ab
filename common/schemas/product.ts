// Listing rules (docs/product.md, docs/api.md), shared by the product form, its action and the REST routes.
import { z } from 'zod';
import { MAX_PHOTOS, PRICE_MAX } from '../constants.ts';
import { isCommuneKey } from '../communes.ts';
import { CATEGORY_KEYS, CONDITION_KEYS, WILAYA_KEYS } from '../reference-data.ts';
import { isStorableText } from './text.ts';
import { attributesSchema } from './attributes.ts';
import { DEFAULT_PRICE_TYPE, priceTypeIssue, type PriceType } from '../pricing.ts';
import { exchangeSchema, priceTypeSchema } from './pricing.ts';
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

// 0 is a give-away's price; whether the amount suits the price type is checked with both
// (priceTypeIssue), here for a new listing and in the listing service for an edit.
const price = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.replace(/[\s\u00a0.,](?=\d{3}\b)/g, ''))) : v),
  z
    .number({ error: 'priceRequired' })
    .int('priceInteger')
    .min(0, 'priceMin')
    .max(PRICE_MAX, 'priceMax'),
);

/** Details arrive as an object; each is checked against the category (attributeIssues). */
const attributes = z.preprocess(
  (v) => (v === null ? {} : v),
  z.record(z.string(), z.unknown(), { error: 'attributesInvalid' }).optional(),
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
  attributes,
  priceType: priceTypeSchema,
  exchange: exchangeSchema.optional(),
  title_ar: optionalTitle,
  title_fr: optionalTitle,
  title_en: optionalTitle,
  desc_ar: optionalDesc,
  desc_fr: optionalDesc,
  desc_en: optionalDesc,
});

/**
 * Issues of a listing's details and price for its (new) category and price type, with their
 * paths (`attributes.year`, `price`); the values parsed: option keys, integers, texts.
 */
export function listingDetailIssues(category: string, priceType: PriceType, amount: number | undefined, raw: unknown) {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const parsed = attributesSchema(category).safeParse(raw ?? {});
  if (!parsed.success) for (const issue of parsed.error.issues) issues.push({ path: ['attributes', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))], message: issue.message });
  if (amount !== undefined) {
    const priceIssue = priceTypeIssue(priceType, amount);
    if (priceIssue) issues.push({ path: ['price'], message: priceIssue });
  }
  return { issues, attributes: parsed.success ? parsed.data : {} };
}

/** A new listing: a give-away may leave its price out (it is 0). */
export const createProductSchema = productFieldsSchema
  .extend({ price: price.optional() })
  .transform((input, ctx) => {
    const priceType = input.priceType ?? DEFAULT_PRICE_TYPE;
    const givenPrice = input.price ?? (priceType === 'free' ? 0 : undefined);
    if (givenPrice === undefined) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'priceRequired', input: undefined });
      return z.NEVER;
    }
    const checked = listingDetailIssues(input.category, priceType, givenPrice, input.attributes);
    for (const issue of checked.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: undefined });
    if (checked.issues.length > 0) return z.NEVER;
    return { ...input, price: givenPrice, priceType, exchange: input.exchange ?? false, attributes: checked.attributes };
  });
/** An edit: the details and the price are checked against the listing's values by the service. */
export const updateProductSchema = productFieldsSchema.partial();

export type ProductInput = z.infer<typeof createProductSchema>;
export type ProductPatch = z.infer<typeof updateProductSchema>;

/** The photos of a listing in order, the cover (`img`) first, without duplicates. */
export function orderedPhotos(img: string, images: string[] | undefined): string[] {
  return [...new Set([img, ...(images ?? [])])].slice(0, MAX_PHOTOS);
}
