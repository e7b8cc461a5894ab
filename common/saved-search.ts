// A saved search (issue #15): its query is the search of GET /api/v1/products, validated by the
// same schema, stored with every filter the search URL carries (the category-detail filters
// too) but without the page number and defaults, so that two saves of one search store the
// same thing and its results link is the search page's own URL.
import { z } from 'zod';
import { searchParamsSchema, type SearchParams } from './schemas/search.ts';
import { isStorableText } from './schemas/text.ts';

export const ALERT_MODES = ['off', 'instant', 'daily'] as const;
export type AlertMode = (typeof ALERT_MODES)[number];

/**
 * A saved search's filters, as the search page's URL carries them: the search parameters that
 * are set (page and default order left out), typed as the search schema reads them, and the
 * category-detail filters under their URL names: `attr.fuel` (the options chosen, in order)
 * and `attr.year.min` / `attr.year.max` (integers).
 */
export type SavedQuery = Partial<Record<Exclude<keyof SearchParams, 'currentPage' | 'attributes' | 'exchange'>, string | number>> & {
  /** Only `true` is a filter ("open to an exchange"). */
  exchange?: true;
} & { [param: `attr.${string}`]: string[] | number };

export function savedQueryOf(params: SearchParams): SavedQuery {
  const query: SavedQuery = {};
  const { attributes, exchange, currentPage: _page, ...scalars } = params;
  for (const [key, value] of Object.entries(scalars) as [keyof typeof scalars, string | number | undefined][]) {
    if (value === undefined || value === '') continue;
    if (key === 'sortBy' && value === 'date_desc') continue;
    query[key] = value;
  }
  if (exchange) query.exchange = true;
  for (const filter of attributes) {
    if (filter.type === 'enum') query[`attr.${filter.key}`] = filter.values;
    else for (const bound of ['min', 'max'] as const) if (filter[bound] !== undefined) query[`attr.${filter.key}.${bound}`] = filter[bound];
  }
  return query;
}

/**
 * `?title=…&category=…&attr.fuel=diesel` of a saved query ('' when it has no filter): the
 * search page's URL for the same search (a choice of several options repeats its parameter).
 */
export function savedQueryString(query: SavedQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query).sort(([a], [b]) => a.localeCompare(b))) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, String(one));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Whether a search narrows anything: some filter besides the order. A saved search without one
 * would be "every new listing on the site": its alert would match all of them, one stored match
 * and one e-mail line per listing and member (docs/performance.md, search alerts), and it is no
 * search a buyer comes back to. The results page offers "Save this search" only when this holds.
 */
export function hasSearchFilter(params: SearchParams): boolean {
  return Object.keys(savedQueryOf(params)).some((key) => key !== 'sortBy');
}

const name = z.string().trim().max(80, 'nameTooLong').refine(isStorableText, 'invalidValue');

export const createSavedSearchSchema = z
  .object({
    // An object, as GET /api/v1/products takes its query string; every rule of that search applies.
    query: z.record(z.string(), z.unknown()).pipe(searchParamsSchema),
    alert: z.enum(ALERT_MODES).default('off'),
    name: name.optional(),
  })
  // Only once the query is a valid search (zod would otherwise run it on the raw input too).
  .refine((v) => hasSearchFilter(v.query), { path: ['query'], message: 'searchNeedsFilter', when: (payload) => (payload.issues ?? []).length === 0 });

export const updateSavedSearchSchema = z
  .object({ alert: z.enum(ALERT_MODES).optional(), name: name.nullable().optional() })
  .refine((v) => v.alert !== undefined || v.name !== undefined, { message: 'nothingToChange' });

export type CreateSavedSearch = z.infer<typeof createSavedSearchSchema>;
export type UpdateSavedSearch = z.infer<typeof updateSavedSearchSchema>;

/** A saved search as the API gives it. */
export interface ApiSavedSearch {
  id: string;
  name: string | null;
  query: SavedQuery;
  alert: AlertMode;
  /** Listings matching it published since the member last opened it (capped at SAVED_SEARCH_NEW_CAP + 1). */
  newCount: number;
  createdAt: string;
  lastNotifiedAt: string | null;
}
