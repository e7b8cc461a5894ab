import { TriangleAlert } from 'lucide-react';
import { useTranslation } from '#i18n';

export function UnexpectedError() {
  const { t } = useTranslation('errors');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" role="alert">
      <span className="grid size-16 place-items-center rounded-2xl bg-danger-soft text-danger" aria-hidden="true">
        <TriangleAlert className="size-8" />
      </span>
      <h1 className="mt-6 text-2xl font-bold text-ink">{t('unexpected')}</h1>
      <p className="mt-3 text-ink-muted">{t('unexpectedText')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-8 rounded-full bg-brand px-6 py-3 font-semibold text-on-brand hover:bg-brand-strong"
      >
        {t('retry')}
      </button>
    </section>
  );
}
