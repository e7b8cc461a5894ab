import { BadgeCheck, Eye, LayoutList, Phone, Power, type LucideIcon } from 'lucide-react';
import { useTranslation } from '#i18n';
import { Link } from '../link.tsx';
import { formatDate } from '../../../common/format.ts';
import { INTL_LOCALE, type Lang } from '../../../common/languages.ts';
import { localizedTitle } from '../../../common/product.ts';
import { localePath } from '../../lib/paths.ts';
import { useLang } from '../../lib/root-data.ts';

export interface SellerActivity {
  totals: { listings: number; active: number; sold: number; views: number; reveals: number };
  recent: {
    type: string;
    createdAt: string;
    productId: string;
    title: string;
    titleAr: string | null;
    titleFr: string | null;
    titleEn: string | null;
  }[];
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago" within a week, else a short date. `now` comes from the loader so server and browser agree. */
export function relativeTime(iso: string, now: string, lang: Lang): string {
  const seconds = (new Date(iso).getTime() - new Date(now).getTime()) / 1000;
  if (Math.abs(seconds) >= 7 * 86_400) return formatDate(iso, lang, 'medium');
  const format = new Intl.RelativeTimeFormat(INTL_LOCALE[lang], { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
}

function Stat({ icon: Icon, label, value, testId }: { icon: LucideIcon; label: string; value: number; testId: string }) {
  return (
    <div className="rounded-xl bg-surface-sunken p-4">
      <dt className="flex items-center gap-1.5 text-sm text-ink-muted">
        <Icon className="size-4" aria-hidden="true" />
        {label}
      </dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-ink" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export const ACTIVITY_SHOWN = 10;

type ActivityEntry = SellerActivity['recent'][number] & { times: number };

/** Consecutive identical events (same kind, same listing) as one line with a count. */
export function groupActivity(recent: SellerActivity['recent'], limit = ACTIVITY_SHOWN): ActivityEntry[] {
  const groups: ActivityEntry[] = [];
  for (const event of recent) {
    const last = groups[groups.length - 1];
    if (last && last.type === event.type && last.productId === event.productId) last.times++;
    else groups.push({ ...event, times: 1 });
  }
  return groups.slice(0, limit);
}

/** The dashboard's extra block (docs/product.md): totals and the latest views and phone reveals. */
export function ListingsActivity({ activity, now }: { activity: SellerActivity; now: string }) {
  const lang = useLang();
  const { t } = useTranslation(['listings', 'lifecycle']);
  const { totals } = activity;
  const recent = groupActivity(activity.recent);
  return (
    <section className="grid gap-6 rounded-2xl border border-line bg-surface-raised p-5 shadow-sm sm:p-6 lg:grid-cols-2" aria-labelledby="stats-title" data-testid="listings-activity">
      <div>
        <h2 id="stats-title" className="text-lg font-semibold text-ink">
          {t('statsTitle')}
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-3">
          <Stat icon={LayoutList} label={t('totalListings')} value={totals.listings} testId="total-listings" />
          <Stat icon={Power} label={t('totalActive')} value={totals.active} testId="total-active" />
          <Stat icon={Eye} label={t('totalViews')} value={totals.views} testId="total-views" />
          <Stat icon={Phone} label={t('totalReveals')} value={totals.reveals} testId="total-reveals" />
          <Stat icon={BadgeCheck} label={t('lifecycle:sales')} value={totals.sold} testId="total-sold" />
        </dl>
      </div>
      <div>
        <h2 className="text-lg font-semibold text-ink">{t('activityTitle')}</h2>
        {recent.length === 0 ? (
          <p className="mt-4 text-sm text-ink-muted">{t('noActivity')}</p>
        ) : (
          <ul className="mt-4 divide-y divide-line" data-testid="activity-list">
            {recent.map((event, index) => {
              const title = localizedTitle({ title: event.title, title_ar: event.titleAr, title_fr: event.titleFr, title_en: event.titleEn }, lang);
              const revealed = event.type === 'phone_reveal';
              const Icon = revealed ? Phone : Eye;
              return (
                <li key={`${index}-${event.type}-${event.productId}-${event.createdAt}`} className="flex items-start gap-3 py-2.5 text-sm">
                  <span className="mt-0.5 grid size-7 shrink-0 place-items-center rounded-full bg-brand-soft text-brand-strong" aria-hidden="true">
                    <Icon className="size-3.5" />
                  </span>
                  <p className="min-w-0 flex-1 text-ink">
                    {revealed ? t('activityRevealed') : t('activityViewed')}{' '}
                    <Link to={localePath(lang, `/products/${event.productId}`)} className="font-medium text-brand-strong hover:underline" dir="auto">
                      {title}
                    </Link>
                    {event.times > 1 ? (
                      <span className="ms-1.5 rounded-full bg-surface-sunken px-1.5 py-0.5 text-xs font-semibold text-ink-muted" dir="ltr">
                        {`×${event.times}`}
                      </span>
                    ) : null}
                    <span className="text-ink-muted">
                      {' · '}
                      <time dateTime={event.createdAt}>{relativeTime(event.createdAt, now, lang)}</time>
                    </span>
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
