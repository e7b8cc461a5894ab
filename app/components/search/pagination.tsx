import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from '#i18n';
import { Link } from '../link.tsx';
import { pageWindow, searchQuery, type SearchValues } from '../../lib/search-url.ts';
import { useLang } from '../../lib/root-data.ts';

/** Previous, next, the first and last pages and the current one with a neighbour each side. */
export function Pagination({
  values,
  current,
  total,
  hrefOf,
}: {
  values?: SearchValues;
  current: number;
  total: number;
  /** The address of a page; the home search's by default (the dashboard has its own). */
  hrefOf?: (page: number) => string;
}) {
  const lang = useLang();
  const { t } = useTranslation('search');
  if (total <= 1) return null;
  const href = hrefOf ?? ((page: number) => `/${lang}${searchQuery(values ?? {}, page)}`);
  // Arrows point the way the reading goes.
  const Back = lang === 'ar' ? ChevronRight : ChevronLeft;
  const Forward = lang === 'ar' ? ChevronLeft : ChevronRight;
  // On a phone the row (previous, up to five pages, two gaps, next) must fit 358 px on one
  // line: narrower buttons, and the words "previous"/"next" left to screen readers.
  const base = 'inline-flex h-10 min-w-9 items-center justify-center gap-1 rounded-xl border px-2 text-sm font-semibold sm:min-w-10 sm:px-3';
  const word = 'sr-only sm:not-sr-only';
  const idle = `${base} border-line bg-surface-raised text-ink hover:bg-surface-sunken`;
  const disabled = `${base} border-line text-ink-muted opacity-50`;
  return (
    <nav aria-label={t('pagination')} className="mt-10 flex flex-wrap items-center justify-center gap-1.5 sm:gap-2" data-testid="pagination">
      {current > 1 ? (
        <Link to={href(current - 1)} className={idle} rel="prev" preventScrollReset={false}>
          <Back className="size-4" aria-hidden="true" />
          <span className={word}>{t('previous')}</span>
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          <Back className="size-4" aria-hidden="true" />
          <span className={word}>{t('previous')}</span>
        </span>
      )}
      {pageWindow(current, total).map((page, i) =>
        page === null ? (
          <span key={`gap-${i}`} className="px-0.5 text-ink-muted sm:px-1" aria-hidden="true">
            …
          </span>
        ) : page === current ? (
          <span key={page} aria-current="page" aria-label={t('currentPage', { page })} className={`${base} border-brand bg-brand text-on-brand`}>
            {page}
          </span>
        ) : (
          <Link key={page} to={href(page)} aria-label={t('page', { page })} className={idle}>
            {page}
          </Link>
        ),
      )}
      {current < total ? (
        <Link to={href(current + 1)} className={idle} rel="next">
          <span className={word}>{t('next')}</span>
          <Forward className="size-4" aria-hidden="true" />
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          <span className={word}>{t('next')}</span>
          <Forward className="size-4" aria-hidden="true" />
        </span>
      )}
    </nav>
  );
}
