import { X } from 'lucide-react';
import { useTranslation } from '#i18n';
import { Link } from '../link.tsx';
import { formatPrice } from '../../../common/format.ts';
import { useLang } from '../../lib/root-data.ts';
import { chosenFilters, searchQuery, withoutFilter, type SearchField, type SearchValues } from '../../lib/search-url.ts';

/** How a chosen filter reads on its chip. */
export function useFilterLabel() {
  const lang = useLang();
  const { t } = useTranslation(['browse', 'categories', 'cities', 'conditions']);
  return (field: SearchField, value: string): string => {
    switch (field) {
      case 'title':
        return t('browse:searchWords', { text: `\u2068${value}\u2069` });
      case 'category':
        return t(`categories:${value}`, { defaultValue: value });
      case 'address':
        return t(`cities:${value}`, { defaultValue: value });
      case 'condition':
        return t(`conditions:${value}`, { defaultValue: value });
      case 'minPrice':
      case 'maxPrice': {
        const amount = Number(value);
        const shown = Number.isFinite(amount) ? `\u2066${formatPrice(amount, lang)}\u2069` : value;
        return t(field === 'minPrice' ? 'browse:priceFrom' : 'browse:priceUpTo', { amount: shown });
      }
      default:
        return value;
    }
  };
}

/**
 * The chosen filters as chips; each is a link to the same search without it, so a tap removes
 * it, with or without JavaScript. The seller's filter has its own chip (SellerFilter).
 */
export function ActiveFilters({ values }: { values: SearchValues }) {
  const lang = useLang();
  const { t } = useTranslation('browse');
  const label = useFilterLabel();
  const chosen = chosenFilters(values);
  if (chosen.length === 0) return null;
  return (
    <nav aria-label={t('activeFilters')} className="mb-4" data-testid="active-filters">
      <ul className="flex flex-wrap items-center gap-2">
        {chosen.map(({ field, value }) => {
          const text = label(field, value);
          return (
            <li key={field}>
              <Link
                to={`/${lang}${searchQuery(withoutFilter(values, field))}`}
                className="inline-flex max-w-[80vw] items-center gap-1.5 rounded-full border border-brand bg-brand-soft py-1.5 ps-3 pe-2 text-sm font-medium text-ink hover:bg-surface-sunken"
                aria-label={t('removeFilter', { name: text })}
                data-testid="filter-chip"
                data-field={field}
              >
                <span className="min-w-0 truncate">
                  {text}
                </span>
                <X className="size-4 shrink-0 text-ink-muted" aria-hidden="true" />
              </Link>
            </li>
          );
        })}
        {chosen.length > 1 ? (
          <li>
            <Link
              to={`/${lang}${searchQuery({ seller: values.seller, sortBy: values.sortBy })}`}
              className="inline-flex items-center rounded-full px-3 py-1.5 text-sm font-semibold text-brand-strong underline-offset-4 hover:underline"
              data-testid="clear-filters"
            >
              {t('clearFilters')}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
