import { Store, X } from 'lucide-react';
import { useTranslation } from '#i18n';
import { Link } from '../link.tsx';
import { useLang } from '../../lib/root-data.ts';
import { searchQuery, type SearchValues } from '../../lib/search-url.ts';

/** Says whose listings these are (a shop's "see all" link), with a way back to everyone's. */
export function SellerFilter({ name, values }: { name: string | null; values: SearchValues }) {
  const lang = useLang();
  const { t } = useTranslation('search');
  const { seller: _seller, ...others } = values;
  return (
    <p className="mb-4 flex" data-testid="seller-filter">
      <span className="inline-flex max-w-full items-center gap-2 rounded-full border border-brand bg-brand-soft py-1 ps-3 pe-1 text-sm text-ink">
        <Store className="size-4 shrink-0 text-brand-strong" aria-hidden="true" />
        <span className="min-w-0 truncate">
          {t('sellerLabel')} {name ? <bdi className="font-semibold">{name}</bdi> : <span className="italic">{t('sellerUnknown')}</span>}
        </span>
        <Link
          to={`/${lang}${searchQuery(others)}`}
          aria-label={t('removeSeller')}
          title={t('removeSeller')}
          className="inline-flex size-7 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-surface-sunken hover:text-ink"
          data-testid="remove-seller-filter"
        >
          <X className="size-4" aria-hidden="true" />
        </Link>
      </span>
    </p>
  );
}
