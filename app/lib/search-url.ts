// The home page keeps its search in the URL (`?title=…&category=…&page=…`):
// shareable, server-rendered, and restored by back/forward.
import { ALL } from '../../common/reference-data.ts';

export const SEARCH_FIELDS = ['title', 'address', 'commune', 'category', 'condition', 'seller', 'priceType', 'exchange', 'minPrice', 'maxPrice', 'sortBy'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
/** The fields, and the category detail filters (`attr.year.min`, `attr.fuel`…) in their order, repeatable. */
export type SearchValues = Partial<Record<SearchField, string>> & { attr?: [string, string][] };

/** The category the detail filters were shown for: a form sent without JavaScript may have changed category since. */
export const FILTERS_FOR = 'filtersFor';
const ATTR_PREFIX = 'attr.';

/** Detail filters, kept only when shown for the category chosen (a category change drops them). */
function detailFilters(entries: Iterable<[string, FormDataEntryValue]>, category: string | null, shownFor: FormDataEntryValue | null): [string, string][] {
  if (shownFor !== null && shownFor !== category) return [];
  const found: [string, string][] = [];
  for (const [key, value] of entries) if (key.startsWith(ATTR_PREFIX) && typeof value === 'string') found.push([key, value]);
  return found;
}

export function searchValuesOf(params: URLSearchParams): SearchValues {
  const values: SearchValues = {};
  for (const field of SEARCH_FIELDS) {
    const value = params.get(field);
    if (value !== null) values[field] = value;
  }
  const attr = detailFilters(params.entries(), params.get('category'), params.get(FILTERS_FOR));
  if (attr.length > 0) values.attr = attr;
  return values;
}

/** The detail filters as the search schema reads them: `{ 'attr.fuel': ['diesel', 'lpg'], 'attr.year.min': '2010' }`. */
export function detailFilterParams(values: SearchValues): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const [key, value] of values.attr ?? []) {
    const previous = params[key];
    params[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return params;
}

/** What the search schema reads for these values (without the page): the fields and the detail filters. */
export function searchInputOf(values: SearchValues): Record<string, string | string[]> {
  const { attr: _attr, ...fields } = values;
  return { ...fields, ...detailFilterParams(values) };
}

/** Whether the values hold a filter beyond text, wilaya and category (the filter panel opens for it). */
export function hasDetailFilter(values: SearchValues): boolean {
  return Boolean((values.attr ?? []).some(([, v]) => v.trim() !== '') || (values.commune && values.commune !== ALL) || (values.priceType && values.priceType !== ALL) || values.exchange);
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
  for (const [key, value] of values.attr ?? []) if (value.trim() !== '') params.append(key, value.trim());
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
  const attr = detailFilters(form.entries(), typeof values.category === 'string' ? values.category : null, form.get(FILTERS_FOR));
  if (attr.length > 0) values.attr = attr;
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
