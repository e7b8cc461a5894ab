import { Plus } from 'lucide-react';
import { useTranslation } from '#i18n';
import { Link } from './link.tsx';
import { localePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';

/**
 * "Post an ad", on every page: the header's (icon and short label on a phone, where the
 * header has little room) and the drawer's (a full-width button). A visitor is sent to the
 * log-in by the form's page, which comes back to the form afterwards.
 */
export function PostAdLink({ variant }: { variant: 'header' | 'drawer' }) {
  const lang = useLang();
  const { t } = useTranslation('layout');
  const className =
    variant === 'header'
      ? 'inline-flex h-10 shrink-0 items-center gap-1.5 rounded-full bg-brand px-3 text-sm font-semibold text-on-brand hover:bg-brand-strong sm:px-4'
      : 'inline-flex items-center justify-center gap-2 rounded-xl bg-brand px-4 py-3 font-semibold text-on-brand hover:bg-brand-strong';
  return (
    <Link to={localePath(lang, '/products/new')} className={className} data-testid={variant === 'header' ? 'post-ad' : 'drawer-post-ad'}>
      <Plus className="size-5 shrink-0" aria-hidden="true" />
      <span className={variant === 'header' ? 'sr-only min-[400px]:not-sr-only' : undefined}>{t('shell.postAd')}</span>
    </Link>
  );
}
