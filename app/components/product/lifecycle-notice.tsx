// A listing's lifecycle on its page and its card: the "sold" ribbon everyone sees for the 7
// days a sold listing stays up, and, for its owner, why nobody else sees it.
import { BadgeCheck, EyeOff } from 'lucide-react';
import { useTranslation } from '#i18n';
import { Link } from '../link.tsx';
import type { ApiProduct } from '../../../common/product.ts';
import { localePath } from '../../lib/paths.ts';
import { useLang } from '../../lib/root-data.ts';

/** The ribbon over a sold listing's photo (its card in the shop). */
export function SoldRibbon() {
  const { t } = useTranslation('lifecycle');
  return (
    <span className="absolute end-3 top-3 inline-flex items-center gap-1 rounded-full bg-brand px-2.5 py-1 text-xs font-bold uppercase text-on-brand shadow-sm" data-testid="sold-ribbon">
      <BadgeCheck className="size-3.5" aria-hidden="true" />
      {t('sold')}
    </span>
  );
}

/** The banner on a sold listing's page. */
export function SoldBanner() {
  const { t } = useTranslation('lifecycle');
  return (
    <div className="mb-6 flex items-center gap-3 rounded-2xl bg-brand-soft p-4 text-brand-strong" role="status" data-testid="sold-banner">
      <BadgeCheck className="size-5 shrink-0" aria-hidden="true" />
      <p className="flex-1 text-sm font-semibold">
        <span className="me-2 rounded-full bg-brand px-2 py-0.5 text-xs font-bold uppercase text-on-brand">{t('sold')}</span>
        {t('soldNotice')}
      </p>
    </div>
  );
}

/** For the owner: the listing is under review (and why), hidden or removed (with the reason), or expired. */
export function OwnerLifecycleNotice({ product }: { product: ApiProduct }) {
  const lang = useLang();
  const { t } = useTranslation(['lifecycle', 'common']);
  const moderation = product.moderation ?? 'approved';
  const state = moderation !== 'approved' ? moderation : product.expired ? 'expired' : null;
  if (!state) return null;
  const reasons =
    state === 'pending'
      ? (product.moderationChecks ?? []).map((c) => t(`check.${c.check}`, { detail: c.detail ?? '' }))
      : product.moderationReason && state !== 'expired'
        ? [t('reason', { reason: product.moderationReason })]
        : [];
  return (
    <div className="mb-6 flex flex-col gap-3 rounded-2xl border border-line bg-surface-sunken p-4 sm:flex-row sm:items-start" role="status" data-testid="lifecycle-notice" data-state={state}>
      <EyeOff className="size-5 shrink-0 text-ink-muted" aria-hidden="true" />
      <div className="flex-1 space-y-1 text-sm text-ink">
        <p>{t(`${state}Notice`)}</p>
        {reasons.length > 0 ? (
          <ul className="list-disc space-y-0.5 ps-5 text-ink-muted">
            {reasons.map((reason) => (
              <li key={reason} dir="auto">
                {reason}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <Link to={localePath(lang, '/dashboard')} className="text-sm font-semibold text-brand-strong underline-offset-4 hover:underline">
        {t('common:dashboard')}
      </Link>
    </div>
  );
}
