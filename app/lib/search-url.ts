// The home page keeps its search in the URL (`?title=…&category=…&page=…`):
// shareable, server-rendered, and restored by back/forward.
import { ALL } from '../../common/reference-data.ts';

export const SEARCH_FIELDS = ['title', 'address', 'category', 'condition', 'seller', 'minPrice', 'maxPrice', 'sortBy'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
export type SearchValues = Partial<Record<SearchField, string>>;

export function searchValuesOf(params: URLSearchParams): SearchValues {
  const values: SearchValues = {};
  for (const field of SEARCH_FIELDS) {
    const value = params.get(field);
    if (value !== null) values[field] = value;
  }
  return values;
}

function meaningful(field: SearchField, value: string | undefined): value is string {
  if (value === undefined) return false;
  const v = value.trim();
  return v !== '' && v !== ALL && !(field === 'sortBy' && v === 'date_desc');
}

/** `?…` for these values and page, without empty fields or defaults ('' when nothing is set). */
export function searchQuery(values: SearchValues, page = 1): string {
  const params = new URLSearchParams();
  for (const field of SEARCH_FIELDS) {
    const value = values[field];
    if (meaningful(field, value)) params.set(field, value.trim());
  }
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function valuesFromForm(form: FormData): SearchValues {
  const values: SearchValues = {};
  for (const field of SEARCH_FIELDS) {
    const value = form.get(field);
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}

/** The pages to show: first, last, current ± 1, with gaps as null. */
export function pageWindow(current: number, total: number): (number | null)[] {
  const pages = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [i, page] of sorted.entries()) {
    const previous = sorted[i - 1];
    if (previous !== undefined && page - previous > 1) out.push(null);
    out.push(page);
  }
  return out;
}

/** The filters a person chose besides the words, the order and the seller: the "Filters" button's badge. */
export function activeFilterCount(values: SearchValues): number {
  return (['address', 'category', 'condition', 'minPrice', 'maxPrice'] as const).filter((f) => meaningful(f, values[f])).length;
}

/** The values without one filter (a chip's link); the price range's two ends go one at a time. */
export function withoutFilter(values: SearchValues, field: SearchField): SearchValues {
  const { [field]: _removed, ...rest } = values;
  return rest;
}

/** The chosen filters, in the order the chips show them. */
export function chosenFilters(values: SearchValues): { field: SearchField; value: string }[] {
  return (['title', 'category', 'address', 'condition', 'minPrice', 'maxPrice'] as const)
    .filter((field) => meaningful(field, values[field]))
    .map((field) => ({ field, value: values[field]!.trim() }));
}
