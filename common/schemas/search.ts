// The search parameters of GET /api/v1/products and of the home page URL: one schema,
// so the API, the page loader and the search form agree on every rule.
import { z } from 'zod';
import { ALL, CATEGORY_KEYS, CONDITION_KEYS, WILAYA_KEYS } from '../reference-data.ts';
import { isId } from '../ids.ts';
import { isStorableText } from './text.ts';
import { attributeFiltersSchema } from './attributes.ts';
import { isCommuneKey } from '../communes.ts';
import { PRICE_TYPES } from '../pricing.ts';
import { exchangeSchema } from './pricing.ts';

import { MAX_PAGE, SORTS } from '../search-options.ts';

export { COUNT_CAP, MAX_PAGE, SORTS, type Sort } from '../search-options.ts';

const emptyToUndefined = (v: unknown) => (v === '' || v === null || v === ALL ? undefined : v);
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const price = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: 'priceInvalid' })
    .refine((n) => Number.isFinite(n), 'priceInvalid')
    .refine((n) => n >= 0, 'priceNegative')
    .refine((n) => n <= 1_000_000_000, 'priceMax')
    .optional(),
);

export const searchParamsSchema = z
  // Loose: the `attr.KEY…` parameters, named after the category's details, are read below.
  .looseObject({
    title: z.preprocess(blankToUndefined, z.string().trim().max(200, 'searchTooLong').refine(isStorableText, 'invalidValue').optional()),
    category: z.preprocess(emptyToUndefined, z.enum(CATEGORY_KEYS, { error: 'categoryRequired' }).optional()),
    address: z.preprocess(emptyToUndefined, z.enum(WILAYA_KEYS, { error: 'addressInvalid' }).optional()),
    condition: z.preprocess(emptyToUndefined, z.enum(CONDITION_KEYS, { error: 'conditionRequired' }).optional()),
    /** One seller's listings (their user id): where a shop's "see all" link leads. */
    seller: z.preprocess(blankToUndefined, z.string().refine(isId, 'sellerInvalid').optional()),
    /** A commune key; one of another wilaya than `address` finds nothing. */
    commune: z.preprocess(emptyToUndefined, z.string({ error: 'communeInvalid' }).refine(isCommuneKey, 'communeInvalid').optional()),
    priceType: z.preprocess(emptyToUndefined, z.enum(PRICE_TYPES, { error: 'priceTypeInvalid' }).optional()),
    /** `true` keeps the listings open to an exchange; `false` or empty is no filter. */
    exchange: z.preprocess(blankToUndefined, exchangeSchema.optional()),
    minPrice: price,
    maxPrice: price,
    sortBy: z.preprocess(blankToUndefined, z.enum(SORTS, { error: 'invalidValue' }).default('date_desc')),
    currentPage: z.preprocess(
      blankToUndefined,
      z.coerce.number({ error: 'pageInvalid' }).int('pageInvalid').min(1, 'pageInvalid').max(MAX_PAGE, 'pageTooDeep').default(1),
    ),
  })
  .refine((p) => p.minPrice === undefined || p.maxPrice === undefined || p.minPrice <= p.maxPrice, {
    path: ['minPrice'],
    message: 'priceRange',
  })
  .transform((p, ctx) => {
    const { title, category, address, condition, seller, commune, priceType, exchange, minPrice, maxPrice, sortBy, currentPage } = p;
    const filters = attributeFiltersSchema(category).safeParse(p);
    if (!filters.success) for (const issue of filters.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: undefined });
    return {
      title,
      category,
      address,
      condition,
      seller,
      commune,
      priceType,
      exchange: exchange === true ? true : undefined,
      minPrice,
      maxPrice,
      sortBy,
      currentPage,
      /** Filters on the category's details, from `attr.KEY=VALUE`, `attr.KEY.min`, `attr.KEY.max`. */
      attributes: filters.success ? filters.data : [],
    };
  });

export type SearchParams = z.infer<typeof searchParamsSchema>;
