import { BellPlus } from 'lucide-react';
import { useTranslation } from '#i18n';
import { localePath } from '../../lib/paths.ts';
import { useLang } from '../../lib/root-data.ts';
import { searchQuery, type SearchValues } from '../../lib/search-url.ts';

/**
 * "Save this search" above search results: a form posting the page's own query string (every
 * filter of the URL, the category details too) to the saved searches page (a visitor is sent
 * to log in first and comes back to the results).
 */
export function SaveSearchButton({ values }: { values: SearchValues }) {
  const lang = useLang();
  const { t } = useTranslation('buyers');
  return (
    <form method="post" action={localePath(lang, '/saved-searches')}>
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="search" value={searchQuery(values)} />
      <button
        type="submit"
        className="inline-flex items-center gap-2 rounded-xl border border-brand px-3 py-1.5 text-sm font-semibold text-brand-strong hover:bg-brand-soft"
        data-testid="save-search"
      >
        <BellPlus className="size-4" aria-hidden="true" />
        {t('saveSearch')}
      </button>
    </form>
  );
}
