// The listing lifecycle on the dashboard: a badge for the state buyers cannot see (under
// review with why, hidden, removed, expired, sold) and the Renew / Mark as sold buttons.
// Each button posts to the dashboard's action through the row's own fetcher.
import { BadgeCheck, RefreshCw, Undo2 } from 'lucide-react';
import { useTranslation } from '#i18n';
import { useFetcher } from 'react-router';
import { formatDate } from '../../../common/format.ts';
import type { ApiProduct } from '../../../common/product.ts';
import { localePath } from '../../lib/paths.ts';
import { useLang } from '../../lib/root-data.ts';

export type LifecycleFields = Pick<ApiProduct, 'id' | 'status' | 'expiresAt' | 'expired' | 'soldAt' | 'moderation' | 'moderationReason' | 'moderationChecks'>;

type State = 'pending' | 'hidden' | 'removed' | 'expired' | 'sold' | null;

/** What the seller must be told first: a moderator's or the checks' verdict, then expiry, then a sale. */
export function lifecycleState(listing: LifecycleFields): State {
  if (listing.moderation && listing.moderation !== 'approved') return listing.moderation;
  if (listing.expired) return 'expired';
  if (listing.soldAt) return 'sold';
  return null;
}

const TONE: Record<Exclude<State, null>, string> = {
  pending: 'bg-surface-sunken text-accent ring-1 ring-accent',
  hidden: 'bg-surface-sunken text-ink ring-1 ring-line',
  removed: 'bg-danger-soft text-danger',
  expired: 'bg-surface-sunken text-ink-muted ring-1 ring-line',
  sold: 'bg-brand-soft text-brand-strong',
};

/** The state badge, and for a listing held back, why (the checks it tripped, or the moderator's reason). */
export function LifecycleBadge({ listing }: { listing: LifecycleFields }) {
  const { t } = useTranslation('lifecycle');
  const state = lifecycleState(listing);
  if (!state) return null;
  const reasons =
    state === 'pending'
      ? (listing.moderationChecks ?? []).map((c) => t(`check.${c.check}`, { detail: c.detail ?? '' }))
      : listing.moderationReason && (state === 'hidden' || state === 'removed')
        ? [t('reason', { reason: listing.moderationReason })]
        : [];
  return (
    <span className="inline-flex flex-col items-start gap-1" data-testid="lifecycle-state" data-state={state}>
      <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE[state]}`}>{t(state)}</span>
      {reasons.map((reason) => (
        <span key={reason} className="max-w-64 text-xs text-ink-muted" dir="auto" data-testid="lifecycle-reason">
          {reason}
        </span>
      ))}
    </span>
  );
}

/** Renew (expired or ending) and Mark as sold / not sold, for listings a moderator has not taken down. */
export function LifecycleButtons({ listing }: { listing: LifecycleFields }) {
  const lang = useLang();
  const { t } = useTranslation('lifecycle');
  const fetcher = useFetcher<{ ok?: boolean }>({ key: `lifecycle:${listing.id}` });
  const busy = fetcher.state !== 'idle';
  if (listing.moderation === 'removed') return null;
  const action = localePath(lang, '/dashboard');
  const button = 'inline-flex items-center gap-1.5 rounded-lg border border-line px-2.5 py-1 text-xs font-semibold text-ink hover:bg-surface-sunken disabled:opacity-50';
  const sold = Boolean(listing.soldAt);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {!sold ? (
        <button
          type="button"
          className={button}
          disabled={busy}
          onClick={() => void fetcher.submit({ intent: 'renewListing', productId: listing.id }, { method: 'post', action })}
          data-testid="renew-listing"
          title={t('expiresOn', { date: formatDate(listing.expiresAt, lang, 'medium') })}
        >
          <RefreshCw className="size-3.5" aria-hidden="true" />
          {t('renew')}
        </button>
      ) : null}
      <button
        type="button"
        className={button}
        disabled={busy}
        onClick={() => void fetcher.submit({ intent: 'markSold', productId: listing.id, sold: String(!sold) }, { method: 'post', action })}
        data-testid="mark-sold"
        data-sold={sold}
      >
        {sold ? <Undo2 className="size-3.5" aria-hidden="true" /> : <BadgeCheck className="size-3.5" aria-hidden="true" />}
        {sold ? t('markUnsold') : t('markSold')}
      </button>
    </span>
  );
}

/** The end date under the state, for listings still up. */
export function ExpiryLine({ listing }: { listing: LifecycleFields }) {
  const lang = useLang();
  const { t } = useTranslation('lifecycle');
  if (lifecycleState(listing)) return null;
  return (
    <span className="block text-xs text-ink-muted" data-testid="listing-expires">
      {t('expiresOn', { date: formatDate(listing.expiresAt, lang, 'medium') })}
    </span>
  );
}
