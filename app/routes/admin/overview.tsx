// The console's overview: new accounts, listings, reports and phone reveals a day over 30 days,
// listings by state, open reports and the job queue's backlog (now, and a day over 30 days).
import { useTranslation } from '#i18n';
import { data } from 'react-router';
import { Link } from '../../components/link.tsx';
import type { Route } from './+types/overview';
import { STATS_DAYS_DEFAULT } from '../../../common/reports.ts';
import { DayChart } from '../../components/admin/day-chart.tsx';
import { noStore, requireStaffPage } from '../../lib/admin.server.ts';
import { servicesOf } from '../../lib/session.server.ts';
import { useLang } from '../../lib/root-data.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireStaffPage(context);
  return data(await servicesOf(context).moderation.stats(user, STATS_DAYS_DEFAULT), noStore);
}

function Figure({ label, value, tone = 'plain', to, testId }: { label: string; value: number; tone?: 'plain' | 'warn'; to?: string; testId: string }) {
  const body = (
    <>
      <span className={`block text-3xl font-bold ${tone === 'warn' && value > 0 ? 'text-danger' : 'text-ink'}`}>{value}</span>
      <span className="text-sm text-ink-muted">{label}</span>
    </>
  );
  const cls = 'block rounded-2xl border border-line bg-surface-raised p-4 shadow-sm';
  return to ? (
    <Link to={to} className={`${cls} hover:border-brand`} data-testid={testId}>
      {body}
    </Link>
  ) : (
    <div className={cls} data-testid={testId}>
      {body}
    </div>
  );
}

export default function Overview({ loaderData: stats }: Route.ComponentProps) {
  const lang = useLang();
  const { t } = useTranslation('admin');
  return (
    <div className="space-y-8">
      <section className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label={t('openReports')} value={stats.openReports} tone="warn" to={`/${lang}/admin/reports`} testId="stat-open-reports" />
        <Figure label={t('jobsWaiting')} value={stats.jobs.waiting} testId="stat-jobs-waiting" />
        <Figure label={t('jobsFailed')} value={stats.jobs.failed} tone="warn" testId="stat-jobs-failed" />
        <Figure label={t('jobsDead')} value={stats.jobs.dead} tone="warn" testId="stat-jobs-dead" />
      </section>
      <section aria-labelledby="charts-title">
        <h2 id="charts-title" className="mb-3 text-lg font-semibold text-ink">
          {t('last30')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <DayChart name={t('newUsers')} days={stats.days} values={stats.users} testId="chart-users" />
          <DayChart name={t('newListings')} days={stats.days} values={stats.listings} testId="chart-listings" />
          <DayChart name={t('newReports')} days={stats.days} values={stats.reports} testId="chart-reports" />
          <DayChart name={t('reveals')} days={stats.days} values={stats.reveals} testId="chart-reveals" />
          <DayChart name={t('jobsWaitingByDay')} days={stats.days} values={stats.jobsWaiting} testId="chart-jobs-waiting" />
          <DayChart name={t('jobsDeadByDay')} days={stats.days} values={stats.jobsDead} testId="chart-jobs-dead" />
        </div>
      </section>
      <section aria-labelledby="states-title">
        <h2 id="states-title" className="mb-3 text-lg font-semibold text-ink">
          {t('listingsByState')}
        </h2>
        <table className="w-full max-w-lg overflow-hidden rounded-2xl border border-line bg-surface-raised text-sm" data-testid="listings-by-state">
          <thead className="bg-surface-sunken text-start">
            <tr>
              <th className="px-4 py-2 text-start font-semibold">{t('state')}</th>
              <th className="px-4 py-2 text-end font-semibold">{t('count')}</th>
            </tr>
          </thead>
          <tbody>
            {stats.listingsByState.map((row) => (
              <tr key={`${row.moderation}-${row.status}`} className="border-t border-line">
                <td className="px-4 py-2">{`${t(`moderation_${row.moderation}`)} · ${t(`status_${row.status}`)}`}</td>
                <td className="px-4 py-2 text-end tabular-nums">{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
