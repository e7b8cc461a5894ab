// The search's fixed options and limits, apart from its zod schema (schemas/search.ts) so
// that pages showing them (the sort menu, "more than 1000 results") do not bring zod along.

export const SORTS = ['date_desc', 'date_asc', 'price_asc', 'price_desc'] as const;
export type Sort = (typeof SORTS)[number];
/** Deep pages cost more with every step; past this a search should be narrowed instead. */
export const MAX_PAGE = 100;
/** Counts stop here; beyond it `pagination.totalIsCapped` says the total is "more than". */
export const COUNT_CAP = 1000;
