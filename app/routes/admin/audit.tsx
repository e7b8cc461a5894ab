// The audit log: every moderator's and admin's action, newest first, filtered by who acted or
// on what (a GET form, so a filtered view is a link). Read-only, like the table behind it.
import { useTranslation } from '#i18n';
import { data, Form } from 'react-router';
import { Link } from '../../components/link.tsx';
import type { Route } from './+types/audit';
import { formatDate } from '../../../common/format.ts';
import { ADMIN_PAGE_SIZE } from '../../../common/reports.ts';
import { actionKey, Pager } from '../../components/admin/parts.tsx';
import { noStore, requireStaffPage } from '../../lib/admin.server.ts';
import { servicesOf } from '../../lib/session.server.ts';
import { useLang } from '../../lib/root-data.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaffPage(context);
  const url = new URL(request.url);
  const actorId = url.searchParams.get('actorId')?.trim() || undefined;
  const targetId = url.searchParams.get('targetId')?.trim() || undefined;
  const page = Math.min(100_000, Math.max(1, Number(url.searchParams.get('page')) || 1));
  const log = await servicesOf(context).moderation.audit(user, { actorId, targetId, page });
  return data({ ...log, filter: { actorId: actorId ?? '', targetId: targetId ?? '' } }, noStore);
}

/** A cell; on a phone a line of the entry's card, with its column's name in front. */
const CELL =
  'px-3 py-2 max-md:flex max-md:gap-3 max-md:py-0.5 max-md:before:w-20 max-md:before:shrink-0 max-md:before:font-semibold max-md:before:text-ink-muted max-md:before:content-[attr(data-label)]';

export default function Audit({ loaderData }: Route.ComponentProps) {
  const lang = useLang();
  const { t } = useTranslation('admin');
  const { items, total, page, filter } = loaderData;
  const input = 'block w-full rounded-xl border border-line bg-surface-raised px-3 py-2 font-mono text-sm text-ink';
  const query = (p: number) => `/${lang}/admin/audit?${new URLSearchParams({ ...(filter.actorId ? { actorId: filter.actorId } : {}), ...(filter.targetId ? { targetId: filter.targetId } : {}), page: String(p) })}`;
  const targetLink = (type: string, id: string) => (type === 'product' ? `/${lang}/products/${id}` : type === 'user' ? `/${lang}/admin/users/${id}` : null);
  return (
    <div className="space-y-5" data-testid="admin-audit">
      <Form method="get" className="grid gap-3 rounded-2xl border border-line bg-surface-raised p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <label className="space-y-1 text-sm">
          <span className="font-medium text-ink">{t('actorId')}</span>
          <input name="actorId" defaultValue={filter.actorId} className={input} dir="ltr" />
        </label>
        <label className="space-y-1 text-sm">
          <span className="font-medium text-ink">{t('targetId')}</span>
          <input name="targetId" defaultValue={filter.targetId} className={input} dir="ltr" />
        </label>
        <div className="flex gap-2">
          <button type="submit" className="rounded-xl bg-brand px-4 py-2 font-semibold text-on-brand hover:bg-brand-strong">
            {t('filter')}
          </button>
          <Link to={`/${lang}/admin/audit`} className="rounded-xl border border-line px-4 py-2 text-ink hover:bg-surface-sunken">
            {t('clear')}
          </Link>
        </div>
      </Form>
      {items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-8 text-center text-ink-muted">{t('auditEmpty')}</p>
      ) : (
        // On a phone each entry is a small card of labelled lines instead of a row to scroll sideways.
        <div className="overflow-x-auto rounded-2xl border border-line bg-surface-raised">
          <table className="w-full text-sm max-md:block" data-testid="audit-table">
            <thead className="bg-surface-sunken max-md:hidden">
              <tr>
                {(['when', 'who', 'what', 'on', 'why'] as const).map((key) => (
                  <th key={key} className="px-3 py-2 text-start font-semibold text-ink">
                    {t(key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="max-md:block">
              {items.map((entry) => {
                const href = targetLink(entry.targetType, entry.targetId);
                return (
                  <tr key={entry.id} className="border-t border-line align-top first:border-t-0 max-md:block max-md:px-1 max-md:py-2" data-testid="audit-row">
                    <td className={`whitespace-nowrap text-ink-muted ${CELL}`} data-label={t('when')}>{formatDate(entry.at, lang, 'medium')}</td>
                    <td className={CELL} data-label={t('who')}>
                      {entry.actor ? (
                        <Link to={`/${lang}/admin/audit?actorId=${entry.actor.id}`} className="text-brand-strong hover:underline">
                          <bdi>{entry.actor.name ?? entry.actor.id}</bdi>
                        </Link>
                      ) : (
                        <span className="text-ink-muted">{t('commandLine')}</span>
                      )}
                    </td>
                    <td className={`text-ink ${CELL}`} data-label={t('what')}>{t(actionKey(entry.action), { defaultValue: entry.action })}</td>
                    <td className={CELL} data-label={t('on')}>
                      {href ? (
                        <Link to={href} className="font-mono text-xs text-brand-strong hover:underline" dir="ltr">
                          {entry.targetId.slice(0, 8)}
                        </Link>
                      ) : (
                        <span className="font-mono text-xs" dir="ltr">
                          {entry.targetId.slice(0, 8)}
                        </span>
                      )}
                    </td>
                    <td className={`text-ink ${CELL}`} data-label={t('why')}>
                      <bdi>{entry.reason}</bdi>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} total={total} pageSize={ADMIN_PAGE_SIZE} href={query} />
    </div>
  );
}
