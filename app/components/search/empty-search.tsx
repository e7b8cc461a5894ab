import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '#i18n';
import { Link } from '../link.tsx';
import { useLang } from '../../lib/root-data.ts';
import { chosenFilters, searchQuery, withoutFilter, type SearchValues } from '../../lib/search-url.ts';
import { useFilterLabel } from './active-filters.tsx';

/**
 * A search that found nothing says what to change: each filter as a link to the search
 * without it, the spelling of the words, all of Algeria instead of one wilaya, and saving the
 * search (`saveSearch`: the buyers branch's button; the advice alone without it).
 */
export function EmptySearch({ values, saveSearch }: { values: SearchValues; saveSearch?: ReactNode }) {
  const lang = useLang();
  const { t } = useTranslation(['browse', 'search']);
  const label = useFilterLabel();
  const filters = chosenFilters(values).filter((f) => f.field !== 'title');
  return (
    <div className="rounded-2xl border border-dashed border-line px-5 py-8 sm:px-8" data-testid="no-results">
      <div className="flex flex-col items-center text-center">
        <SearchX className="size-10 text-ink-muted" aria-hidden="true" />
        <p className="mt-3 text-lg font-semibold text-ink">{t('search:noProducts')}</p>
      </div>
      <div className="mx-auto mt-5 max-w-xl">
        <p className="font-medium text-ink">{t('emptyTry')}</p>
        <ul className="mt-2 list-disc space-y-2 ps-5 text-ink-muted marker:text-brand">
          {filters.length > 0 ? (
            <li data-testid="suggest-remove">
              {t('emptyRemove')}{' '}
              {filters.map(({ field, value }, i) => (
                <span key={field}>
                  {i > 0 ? ', ' : null}
                  <Link to={`/${lang}${searchQuery(withoutFilter(values, field))}`} className="font-semibold text-brand-strong underline underline-offset-4">
                    {label(field, value)}
                  </Link>
                </span>
              ))}
            </li>
          ) : null}
          {values.title?.trim() ? <li data-testid="suggest-spelling">{t('emptySpelling', { text: `\u2068${values.title.trim()}\u2069` })}</li> : null}
          {values.address && values.address !== 'all' ? (
            <li>
              <Link to={`/${lang}${searchQuery(withoutFilter(values, 'address'))}`} className="font-semibold text-brand-strong underline underline-offset-4">
                {t('emptyEverywhere')}
              </Link>
            </li>
          ) : null}
          <li data-testid="suggest-save">{t('emptySave')}</li>
          {filters.length === 0 && !values.title ? (
            <li>
              <Link to={`/${lang}`} className="font-semibold text-brand-strong underline underline-offset-4">
                {t('emptyBrowse')}
              </Link>
            </li>
          ) : null}
        </ul>
        {saveSearch ? <div className="mt-4">{saveSearch}</div> : null}
      </div>
    </div>
  );
}
