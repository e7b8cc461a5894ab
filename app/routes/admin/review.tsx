// The review queue: listings the automatic checks held back (and hidden ones whose seller asked
// for another look), oldest first, with what they tripped; approve, reject (hide) or remove.
import { useTranslation } from '#i18n';
import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/review';
import { ADMIN_PAGE_SIZE } from '../../../common/reports.ts';
import { moderateProductSchema } from '../../../common/schemas/report.ts';
import { Alert } from '../../components/form/alert.tsx';
import { AccountCard, ListingSummary, Pager, ReasonField } from '../../components/admin/parts.tsx';
import { actionFailure, noStore, requireStaffPage } from '../../lib/admin.server.ts';
import { fail, parseForm } from '../../lib/forms.ts';
import { servicesOf } from '../../lib/session.server.ts';
import { useLang } from '../../lib/root-data.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaffPage(context);
  const page = Math.min(100_000, Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1));
  return data(await servicesOf(context).moderation.reviewQueue(user, page), noStore);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaffPage(context);
  const form = await request.formData();
  const productId = String(form.get('productId') ?? '');
  const parsed = parseForm(moderateProductSchema, form);
  if (!parsed.ok) return fail({ ...parsed.failure, productId } as never);
  try {
    await servicesOf(context).moderation.moderateProduct(user, productId, parsed.data);
  } catch (error) {
    const failure = actionFailure(error, form);
    return data({ ...failure.data, productId }, { status: failure.init?.status ?? 400 });
  }
  return { ok: true as const, productId };
}

type Answer = { ok?: true; productId?: string; formError?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> } | undefined;

export default function Review({ loaderData, actionData }: Route.ComponentProps) {
  const lang = useLang();
  const { t } = useTranslation('admin');
  const busy = useNavigation().state === 'submitting';
  const answer = actionData as Answer;
  const { items, total, page } = loaderData;
  const button = 'rounded-xl px-4 py-2 font-semibold disabled:opacity-70';
  return (
    <div className="space-y-5" data-testid="admin-review">
      {answer?.ok ? <Alert tone="success">{t('done')}</Alert> : null}
      {items.length === 0 ? <p className="rounded-2xl border border-dashed border-line p-8 text-center text-ink-muted">{t('reviewEmpty')}</p> : null}
      {items.map((item) => {
        const failed = answer && !answer.ok && answer.productId === item.id ? answer : undefined;
        return (
          <article key={item.id} className="space-y-4 rounded-2xl border border-line bg-surface-raised p-5 shadow-sm" data-testid="review-item">
            <ListingSummary product={item} />
            <div>
              <h2 className="text-sm font-medium text-ink">{t('checks')}</h2>
              {item.checks.length === 0 ? (
                <p className="text-sm text-ink-muted">{t('askedReview')}</p>
              ) : (
                <ul className="mt-1 list-disc space-y-0.5 ps-5 text-sm text-ink" data-testid="review-checks">
                  {item.checks.map((c, i) => (
                    <li key={i}>
                      {t(`check_${c.check}`, { defaultValue: c.check })}
                      {c.detail ? (
                        <>
                          {': '}
                          <bdi className="font-mono">{c.detail}</bdi>
                        </>
                      ) : null}
                      {c.group ? ` (${c.group})` : null}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {item.seller ? <AccountCard account={item.seller} heading={t('seller')} /> : null}
            <Form method="post" className="space-y-3 border-t border-line pt-4">
              <input type="hidden" name="productId" value={item.id} />
              {failed?.formError ? <Alert tone="error">{t('failed', { code: failed.formError })}</Alert> : null}
              <ReasonField error={failed?.fieldErrors?.reason} value={failed?.values?.reason} />
              <div className="flex flex-wrap gap-2">
                <button type="submit" name="moderation" value="approved" disabled={busy} className={`${button} bg-brand text-on-brand hover:bg-brand-strong`}>
                  {t('approve')}
                </button>
                <button type="submit" name="moderation" value="hidden" disabled={busy} className={`${button} border border-line text-ink hover:bg-surface-sunken`}>
                  {t('reject')}
                </button>
                <button type="submit" name="moderation" value="removed" disabled={busy} className={`${button} border border-danger/50 bg-danger-soft text-danger`}>
                  {t('remove')}
                </button>
              </div>
            </Form>
          </article>
        );
      })}
      <Pager page={page} total={total} pageSize={ADMIN_PAGE_SIZE} href={(p) => `/${lang}/admin/review?page=${p}`} />
    </div>
  );
}
