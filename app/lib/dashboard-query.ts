// The dashboard's list in the URL (`?q=…&state=…&page=…`): which of the seller's listings
// show, so that a filtered page can be shared, reloaded and gone back to.

export const DASHBOARD_STATES = ['all', 'active', 'inactive'] as const;
export type DashboardState = (typeof DASHBOARD_STATES)[number];
export const DASHBOARD_PAGE_SIZE = 10;

export interface DashboardQuery {
  q: string;
  state: DashboardState;
  page: number;
}

export function dashboardQueryOf(params: URLSearchParams): DashboardQuery {
  const state = params.get('state');
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    state: (DASHBOARD_STATES as readonly string[]).includes(state ?? '') ? (state as DashboardState) : 'all',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** `?…` for the query, without defaults ('' for the plain dashboard). */
export function dashboardSearch(query: Partial<DashboardQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.state && query.state !== 'all') params.set('state', query.state);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
