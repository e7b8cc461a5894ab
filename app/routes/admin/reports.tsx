// The report queue: open reports grouped by what they are about, the most reported and then
// the oldest first, with the listing, the seller's history and the reasons; each group is
// acted on at once (keep, hide, remove), always with a reason.
import { useTranslation } from '#i18n';
import { data, Form, useNavigation } from 'react-router';
import { Link } from '../../components/link.tsx';
import type { Route } from './+types/reports';
import { formatDate } from '../../../common/format.ts';
import { ADMIN_PAGE_SIZE, REPORT_ACTIONS } from '../../../common/reports.ts';
import { resolveReportSchema } from '../../../common/schemas/report.ts';
import { Alert } from '../../components/form/alert.tsx';
import { AccountCard, ListingSummary, Pager, ReasonField } from '../../components/admin/parts.tsx';
import { actionFailure, noStore, requireStaffPage } from '../../lib/admin.server.ts';
import { fail, parseForm } from '../../lib/forms.ts';
import { servicesOf } from '../../lib/session.server.ts';
import { useLang } from '../../lib/root-data.ts';

const pageOf = (request: Request) => Math.min(100_000, Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1));

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaffPage(context);
  const queue = await servicesOf(context).moderation.reportQueue(user, { page: pageOf(request) });
  return data(queue, noStore);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaffPage(context);
  const form = await request.formData();
  const reportId = String(form.get('reportId') ?? '');
  const parsed = parseForm(resolveReportSchema, form);
  if (!parsed.ok) return fail({ ...parsed.failure, reportId } as never);
  try {
    await servicesOf(context).moderation.resolveReport(user, reportId, parsed.data);
  } catch (error) {
    const failure = actionFailure(error, form);
    return data({ ...failure.data, reportId }, { status: failure.init?.status ?? 400 });
  }
  return { ok: true as const, reportId };
}

type Excerpt = NonNullable<Route.ComponentProps['loaderData']['items'][number]['target']['conversation']>;

/** What a reported conversation said: its listing, both members and its last messages. */
function ConversationExcerpt({ conversation }: { conversation: Excerpt }) {
  const lang = useLang();
  const { t } = useTranslation('admin');
  const { buyer, seller } = conversation;
  const who = (senderId: string) => (senderId === buyer?.id ? { role: t('buyer'), name: buyer.name } : senderId === seller?.id ? { role: t('seller'), name: seller.name } : { role: t('deletedMember'), name: '' });
  return (
    <div className="space-y-3" data-testid="conversation-excerpt">
      <p className="text-sm text-ink">
        {conversation.productId ? (
          <Link to={`/${lang}/products/${conversation.productId}`} className="text-brand-strong hover:underline">
            {t('conversationAbout', { title: '' })}
            <bdi>{conversation.productTitle}</bdi>
          </Link>
        ) : (
          <>
            {t('conversationAbout', { title: '' })}
            <bdi>{conversation.productTitle}</bdi>
          </>
        )}
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        {buyer ? <AccountCard account={buyer} heading={t('buyer')} /> : null}
        {seller ? <AccountCard account={seller} heading={t('seller')} /> : null}
      </div>
      <div>
        <h3 className="text-sm font-medium text-ink">{t('lastMessages')}</h3>
        {conversation.messages.length === 0 ? (
          <p className="mt-1 text-sm text-ink-muted">{t('noMessages')}</p>
        ) : (
          <ol className="mt-2 max-h-96 space-y-2 overflow-y-auto rounded-xl border border-line p-3">
            {conversation.messages.map((m) => {
              const sender = who(m.senderId);
              return (
                <li key={m.id} className="text-sm" data-testid="excerpt-message">
                  <p className="text-xs text-ink-muted">
                    <span className="font-semibold text-ink">{sender.role}</span>
                    {sender.name ? (
                      <>
                        {' · '}
                        <bdi>{sender.name}</bdi>
                      </>
                    ) : null}
                    {' · '}
                    {formatDate(m.createdAt, lang, 'medium')}
                  </p>
                  {/* Text only, never a link: moderators read what was written, they do not follow it. */}
                  <p dir="auto" className="whitespace-pre-wrap break-words text-ink">
                    {m.body}
                  </p>
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </div>
  );
}

type Answer = { ok?: true; reportId?: string; formError?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> } | undefined;

export default function Reports({ loaderData, actionData }: Route.ComponentProps) {
  const lang = useLang();
  const { t } = useTranslation(['admin', 'report']);
  const busy = useNavigation().state === 'submitting';
  const answer = actionData as Answer;
  const { items, total, page } = loaderData;
  return (
    <div className="space-y-5" data-testid="admin-reports">
      {answer?.ok ? <Alert tone="success">{t('done')}</Alert> : null}
      {items.length === 0 ? <p className="rounded-2xl border border-dashed border-line p-8 text-center text-ink-muted">{t('reportsEmpty')}</p> : null}
      {items.map((group) => {
        const first = group.reports[0]!;
        const failed = answer && !answer.ok && group.reports.some((r) => r.id === answer.reportId) ? answer : undefined;
        const actions = group.target.type === 'product' && group.target.exists ? REPORT_ACTIONS : (['dismiss'] as const);
        return (
          <article key={`${group.target.type}-${group.target.id}`} className="space-y-4 rounded-2xl border border-line bg-surface-raised p-5 shadow-sm" data-testid="report-group">
            <header className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="font-semibold text-ink">
                {t(group.target.type === 'product' ? 'targetProduct' : group.target.type === 'user' ? 'targetUser' : 'targetConversation')}
                <span className="ms-2 rounded-full bg-danger-soft px-2 py-0.5 text-sm text-danger" data-testid="report-count">
                  {group.count === 1 ? t('reportedOnce') : t('reportedTimes', { count: group.count })}
                </span>
              </h2>
              <span className="text-sm text-ink-muted">{t('firstReport', { date: formatDate(group.firstAt, lang) })}</span>
            </header>
            {!group.target.exists ? <Alert tone="info">{t('targetGone')}</Alert> : null}
            {group.target.product ? <ListingSummary product={group.target.product} /> : null}
            {group.target.user ? <AccountCard account={group.target.user} heading={t(group.target.type === 'product' ? 'seller' : 'account')} /> : null}
            {group.target.conversation ? <ConversationExcerpt conversation={group.target.conversation} /> : null}
            <div>
              <h3 className="text-sm font-medium text-ink">{t('reasons')}</h3>
              <ul className="mt-1 space-y-1 text-sm">
                {group.reports.map((r) => (
                  <li key={r.id} className="flex flex-wrap gap-x-2">
                    <span className="font-semibold text-ink">{t(`report:reason_${r.reason}`)}</span>
                    <span className="text-ink-muted">{formatDate(r.createdAt, lang, 'medium')}</span>
                    {r.comment ? (
                      <span dir="auto" className="basis-full text-ink">
                        {r.comment}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
            <Form method="post" className="space-y-3 border-t border-line pt-4">
              <input type="hidden" name="reportId" value={first.id} />
              {failed?.formError ? <Alert tone="error">{t('failed', { code: failed.formError })}</Alert> : null}
              <fieldset className="flex flex-wrap gap-x-5 gap-y-2">
                <legend className="mb-1 text-sm font-medium text-ink">{t('action')}</legend>
                {actions.map((choice, i) => (
                  <label key={choice} className="flex items-center gap-2 text-sm text-ink">
                    <input type="radio" name="action" value={choice} required defaultChecked={failed?.values?.action ? failed.values.action === choice : i === 0} className="accent-brand" />
                    {t(`action_${choice}`)}
                  </label>
                ))}
              </fieldset>
              <ReasonField error={failed?.fieldErrors?.reason} value={failed?.values?.reason} />
              <div className="flex flex-wrap items-center gap-3">
                <button type="submit" disabled={busy} className="rounded-xl bg-brand px-4 py-2 font-semibold text-on-brand hover:bg-brand-strong disabled:opacity-70">
                  {t('apply')}
                </button>
                {group.target.user && group.target.type === 'user' ? (
                  <Link to={`/${lang}/admin/users/${group.target.user.id}`} className="text-sm text-brand-strong hover:underline">
                    {t('actOnAccount')}
                  </Link>
                ) : null}
              </div>
            </Form>
          </article>
        );
      })}
      <Pager page={page} total={total} pageSize={ADMIN_PAGE_SIZE} href={(p) => `/${lang}/admin/reports?page=${p}`} />
    </div>
  );
}
