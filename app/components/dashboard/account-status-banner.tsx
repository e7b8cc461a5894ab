import { ShieldAlert } from 'lucide-react';
import { useTranslation } from '#i18n';
import { formatDate } from '../../../common/format.ts';
import type { SelfUser } from '../../../common/user-views.ts';
import { useLang } from '../../lib/root-data.ts';

/** A suspended seller sees until when and why (a lapsed suspension shows nothing). */
export function AccountStatusBanner({ user, now }: { user: SelfUser; now: string }) {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  if (user.status !== 'suspended') return null;
  if (user.suspendedUntil && user.suspendedUntil <= now) return null;
  return (
    <section
      className="flex gap-3 rounded-2xl border border-danger/40 bg-danger-soft p-5"
      aria-labelledby="status-banner-title"
      data-testid="account-status-banner"
    >
      <ShieldAlert className="size-8 shrink-0 text-danger" aria-hidden="true" />
      <div className="flex-1">
        <h2 id="status-banner-title" className="font-semibold text-danger">
          {user.suspendedUntil ? t('suspendedUntil', { date: formatDate(user.suspendedUntil, lang) }) : t('suspended')}
        </h2>
        <p className="mt-1 text-sm text-ink">{t('suspendedText')}</p>
        {user.statusReason ? (
          <p className="mt-1 text-sm text-ink">
            {t('suspendedReason')} <bdi>{user.statusReason}</bdi>
          </p>
        ) : null}
      </div>
    </section>
  );
}
