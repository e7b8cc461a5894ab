import { PackageX, TriangleAlert } from 'lucide-react';
import { useTranslation } from '#i18n';
import { useRevalidator } from 'react-router';
import { Link } from '../link.tsx';
import { localePath } from '../../lib/paths.ts';
import { useLang } from '../../lib/root-data.ts';

/** A listing that does not exist, is inactive, or whose id is malformed (HTTP 404). */
export function ProductNotFound({ invalidId = false }: { invalidId?: boolean }) {
  const lang = useLang();
  const { t } = useTranslation('listings');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" data-testid="not-found">
      <span className="grid size-16 place-items-center rounded-2xl bg-brand-soft text-brand-strong" aria-hidden="true">
        <PackageX className="size-8" />
      </span>
      <p className="mt-6 text-sm font-semibold text-brand-strong">404</p>
      <h1 className="mt-2 text-3xl font-bold text-ink">{invalidId ? t('invalidId') : t('productNotFound')}</h1>
      <p className="mt-3 text-ink-muted">{t('productNotFoundText')}</p>
      <Link to={localePath(lang)} className="mt-8 rounded-full bg-brand px-6 py-3 font-semibold text-on-brand hover:bg-brand-strong">
        {t('backHome')}
      </Link>
    </section>
  );
}

/** A failed load (not a 404): the message and a Retry button that runs the loaders again. */
export function LoadError({ title, text, testId = 'load-error' }: { title: string; text?: string; testId?: string }) {
  const { t } = useTranslation('listings');
  const revalidator = useRevalidator();
  const busy = revalidator.state !== 'idle';
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" role="alert" data-testid={testId}>
      <span className="grid size-16 place-items-center rounded-2xl bg-danger-soft text-danger" aria-hidden="true">
        <TriangleAlert className="size-8" />
      </span>
      <h1 className="mt-6 text-2xl font-bold text-ink">{title}</h1>
      {text ? <p className="mt-3 text-ink-muted">{text}</p> : null}
      <button
        type="button"
        disabled={busy}
        onClick={() => void revalidator.revalidate()}
        className="mt-8 rounded-full bg-brand px-6 py-3 font-semibold text-on-brand hover:bg-brand-strong disabled:opacity-70"
      >
        {busy ? t('retrying') : t('retry')}
      </button>
    </section>
  );
}
