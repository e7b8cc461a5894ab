// A saved search (issue #15): its query is the search of GET /api/v1/products, validated by the
// same schema, stored without the page number and without defaults, so that two saves of one
// search store the same thing and its results link is the search page's own URL.
import { z } from 'zod';
import { searchParamsSchema, type SearchParams } from './schemas/search.ts';
import { isStorableText } from './schemas/text.ts';

export const ALERT_MODES = ['off', 'instant', 'daily'] as const;
export type AlertMode = (typeof ALERT_MODES)[number];

/** A saved search's filters: the search parameters that are set, page and default order left out. */
export type SavedQuery = Partial<Record<Exclude<keyof SearchParams, 'currentPage'>, string | number>>;

export function savedQueryOf(params: SearchParams): SavedQuery {
  const query: SavedQuery = {};
  for (const [key, value] of Object.entries(params) as [keyof SearchParams, unknown][]) {
    if (key === 'currentPage' || value === undefined || value === '') continue;
    // Filters added later (attribute filters) come parsed: an empty list means none.
    if (Array.isArray(value) && value.length === 0) continue;
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    if (key === 'sortBy' && value === 'date_desc') continue;
    query[key] = value as string | number;
  }
  return query;
}

/** `?title=…&category=…` of a saved query ('' when it has no filter): the search page shows its results. */
export function savedQueryString(query: SavedQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query).sort(([a], [b]) => a.localeCompare(b))) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const name = z.string().trim().max(80, 'nameTooLong').refine(isStorableText, 'invalidValue');

export const createSavedSearchSchema = z.object({
  // An object, as GET /api/v1/products takes its query string; every rule of that search applies.
  query: z.record(z.string(), z.unknown()).pipe(searchParamsSchema),
  alert: z.enum(ALERT_MODES).default('off'),
  name: name.optional(),
});

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
