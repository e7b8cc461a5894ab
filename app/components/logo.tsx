import { Leaf } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { localePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';

export function Logo() {
  const lang = useLang();
  const { t } = useTranslation();
  return (
    <Link to={localePath(lang)} className="flex items-center gap-2 rounded-lg font-bold text-ink" aria-label={`${t('appName')} — ${t('home')}`}>
      <span className="grid size-9 place-items-center rounded-xl bg-brand text-on-brand" aria-hidden="true">
        <Leaf className="size-5" />
      </span>
      <span className="text-lg tracking-tight">{t('appName')}</span>
    </Link>
  );
}
