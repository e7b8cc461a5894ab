import { Compass } from 'lucide-react';
import { useTranslation } from '#i18n';
import { Link } from './link.tsx';
import { localePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';

export function NotFound() {
  const lang = useLang();
  const { t } = useTranslation('notFound');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" data-testid="not-found">
      <span className="grid size-16 place-items-center rounded-2xl bg-brand-soft text-brand-strong" aria-hidden="true">
        <Compass className="size-8" />
      </span>
      <p className="mt-6 text-sm font-semibold text-brand">404</p>
      <h1 className="mt-2 text-3xl font-bold text-ink">{t('title')}</h1>
      <p className="mt-3 text-ink-muted">{t('text')}</p>
      <Link to={localePath(lang)} className="mt-8 rounded-full bg-brand px-6 py-3 font-semibold text-on-brand hover:bg-brand-strong">
        {t('backHome')}
      </Link>
    </section>
  );
}
