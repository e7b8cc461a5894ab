import { PackagePlus, Plus, Search } from 'lucide-react';
import { useTranslation } from '#i18n';
import { Form } from 'react-router';
import { Link } from '../link.tsx';
import { dashboardSearch, DASHBOARD_PAGE_SIZE, DASHBOARD_STATES, type DashboardQuery, type DashboardState } from '../../lib/dashboard-query.ts';
import { localePath } from '../../lib/paths.ts';
import { useLang } from '../../lib/root-data.ts';
import { inputClass } from '../form/field.tsx';
import { Pagination } from '../search/pagination.tsx';

/**
 * The list's tools: the states as links (each with its count for the current words) and a
 * search by title, a GET form, so both work without JavaScript and live in the URL.
 */
export function ListingsTools({ query, byState }: { query: DashboardQuery; byState: Record<DashboardState, number> }) {
  const lang = useLang();
  const { t } = useTranslation('browse');
  const base = localePath(lang, '/dashboard');
  return (
    <div className="flex flex-col gap-3 border-t border-line px-4 py-3 sm:px-6 md:flex-row md:items-center md:justify-between" data-testid="listings-tools">
      <nav aria-label={t('dashboardState')}>
        <ul className="flex flex-wrap gap-1.5">
          {DASHBOARD_STATES.map((state) => (
            <li key={state}>
              <Link
                to={`${base}${dashboardSearch({ q: query.q, state })}`}
                aria-current={query.state === state ? 'page' : undefined}
                className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-semibold ${query.state === state ? 'border-brand bg-brand-soft text-brand-strong' : 'border-line text-ink-muted hover:bg-surface-sunken hover:text-ink'}`}
                data-testid={`state-${state}`}
              >
                {t(`state_${state}`)}
                <span className="tabular-nums text-xs">{byState[state]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" action={base} role="search" aria-label={t('dashboardSearch')} className="flex gap-2 md:w-80" data-testid="listings-search">
        {query.state !== 'all' ? <input type="hidden" name="state" value={query.state} /> : null}
        <label htmlFor="listings-q" className="sr-only">
          {t('dashboardSearch')}
        </label>
        <input
          key={query.q}
          id="listings-q"
          name="q"
          type="search"
          defaultValue={query.q}
          placeholder={t('dashboardSearch')}
          maxLength={200}
          dir="auto"
          className={`${inputClass} py-2 text-sm`}
        />
        <button type="submit" className="inline-flex shrink-0 items-center gap-1.5 rounded-xl border border-line px-3 text-sm font-semibold text-ink hover:bg-surface-sunken">
          <Search className="size-4" aria-hidden="true" />
          <span className="sr-only">{t('dashboardSearchSubmit')}</span>
        </button>
      </Form>
    </div>
  );
}

/** Which listings of how many are shown, and the pages; or, for a search that found none, a way back. */
export function ListingsFooter({ query, total, totalPages }: { query: DashboardQuery; total: number; totalPages: number }) {
  const lang = useLang();
  const { t } = useTranslation('browse');
  const base = localePath(lang, '/dashboard');
  if (total === 0) {
    return (
      <p className="border-t border-line px-4 py-4 text-center text-sm sm:px-6" data-testid="listings-no-match">
        <Link to={base} className="font-semibold text-brand-strong underline underline-offset-4">
          {t('dashboardClear')}
        </Link>
      </p>
    );
  }
  const from = (query.page - 1) * DASHBOARD_PAGE_SIZE + 1;
  const to = Math.min(total, query.page * DASHBOARD_PAGE_SIZE);
  return (
    <div className="border-t border-line px-4 pb-5 pt-3 sm:px-6">
      <p className="text-center text-sm text-ink-muted" data-testid="listings-range">
        {t('dashboardShown', { from, to, total })}
      </p>
      <div className="-mt-6">
        <Pagination current={query.page} total={totalPages} hrefOf={(page) => `${base}${dashboardSearch({ ...query, page })}`} />
      </div>
    </div>
  );
}

/** A seller without listings: an invitation to publish the first, not an empty table. */
export function EmptyListings({ canPublish }: { canPublish: boolean }) {
  const lang = useLang();
  const { t } = useTranslation('browse');
  return (
    <section className="flex flex-col items-center rounded-2xl border border-dashed border-brand/50 bg-brand-soft/40 px-6 py-12 text-center" aria-labelledby="empty-listings-title" data-testid="empty-listings">
      <span className="grid size-14 place-items-center rounded-full bg-brand-soft text-brand-strong" aria-hidden="true">
        <PackagePlus className="size-7" />
      </span>
      <h2 id="empty-listings-title" className="mt-4 text-xl font-bold text-ink">
        {t('emptyDashboardTitle')}
      </h2>
      <p className="mt-2 max-w-md text-ink-muted">{t('emptyDashboardText')}</p>
      {canPublish ? (
        <Link
          to={localePath(lang, '/products/new')}
          className="mt-6 inline-flex items-center gap-2 rounded-xl bg-brand px-5 py-3 font-semibold text-on-brand hover:bg-brand-strong"
          data-testid="add-first-product"
        >
          <Plus className="size-5" aria-hidden="true" />
          {t('emptyDashboardCta')}
        </Link>
      ) : (
        <p className="mt-6 text-sm font-medium text-ink">{t('emptyDashboardVerify')}</p>
      )}
    </section>
  );
}
