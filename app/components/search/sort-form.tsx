import { useTranslation } from '#i18n';
import { Form, useNavigate } from 'react-router';
import { SORTS } from '../../../common/search-options.ts';
import { useLang } from '../../lib/root-data.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { searchQuery, searchValuesOf, SEARCH_FIELDS, type SearchValues } from '../../lib/search-url.ts';

/**
 * The order, beside the result count: with JavaScript a choice reloads the results at once;
 * without it, its own small GET form (the other filters as hidden fields) and a button.
 */
export function SortForm({ values }: { values: SearchValues }) {
  const lang = useLang();
  const { t } = useTranslation(['search', 'browse']);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  return (
    <Form method="get" action={`/${lang}`} className="flex items-center gap-2" data-testid="sort-form">
      {SEARCH_FIELDS.filter((f) => f !== 'sortBy' && values[f]).map((f) => (
        <input key={f} type="hidden" name={f} value={values[f]} />
      ))}
      <label htmlFor="sort-by" className="sr-only">
        {t('sortBy')}
      </label>
      <select
        key={values.sortBy ?? 'date_desc'}
        id="sort-by"
        name="sortBy"
        defaultValue={values.sortBy ?? 'date_desc'}
        // From the address bar, not the props: right after a search the URL is already the new
        // one while React is still rendering it (a transition), and its filters must be kept.
        onChange={(event) => void navigate(`/${lang}${searchQuery({ ...searchValuesOf(new URLSearchParams(window.location.search)), sortBy: event.currentTarget.value })}`)}
        className="rounded-xl border border-line bg-surface-raised py-2 ps-3 pe-8 text-sm font-medium text-ink focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
      >
        {SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t(`sort_${sort}`)}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="rounded-xl border border-line px-3 py-2 text-sm font-semibold text-ink hover:bg-surface-sunken">
          {t('browse:sortSubmit')}
        </button>
      )}
    </Form>
  );
}
