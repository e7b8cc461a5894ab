import { Leaf } from 'lucide-react';
import { Link } from './link.tsx';
import { useTranslation } from '#i18n';
import { localePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';

/** The brand, as a link home; `asTitle` renders it as a heading's text instead (the drawer's title). */
export function Logo({ asTitle = false }: { asTitle?: boolean }) {
  const lang = useLang();
  const { t } = useTranslation();
  const mark = (
    <>
      <span className="grid size-9 place-items-center rounded-xl bg-brand text-on-brand" aria-hidden="true">
        <Leaf className="size-5" />
      </span>
      <span className="text-lg tracking-tight whitespace-nowrap">{t('appName')}</span>
    </>
  );
  if (asTitle) return <span className="flex items-center gap-2 font-bold text-ink">{mark}</span>;
  return (
    <Link to={localePath(lang)} className="flex shrink-0 items-center gap-2 rounded-lg font-bold text-ink" aria-label={`${t('appName')} — ${t('home')}`}>
      {mark}
    </Link>
  );
}
