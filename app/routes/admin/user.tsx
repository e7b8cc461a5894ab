// One account in the console: who it is, what moderators did before, and the actions on it
// (warn, suspend for N days, ban, restore; the role for admins), each with a reason.
import { useTranslation } from '#i18n';
import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/user';
import { USER_ROLES } from '../../../common/accounts.ts';
import { formatDate } from '../../../common/format.ts';
import { SUSPENSION_DAYS_MAX } from '../../../common/reports.ts';
import { fieldErrorsOf } from '../../../common/schemas/field-errors.ts';
import { moderateUserSchema } from '../../../common/schemas/report.ts';
import { Alert } from '../../components/form/alert.tsx';
import { AccountCard, ReasonField } from '../../components/admin/parts.tsx';
import { actionFailure, noStore, requireStaffPage } from '../../lib/admin.server.ts';
import { fail, formValues } from '../../lib/forms.ts';
import { servicesOf } from '../../lib/session.server.ts';
import { useLang } from '../../lib/root-data.ts';
import { isAppError } from '#errors';

const ACTIONS = ['warn', 'suspend', 'ban', 'restore'] as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = requireStaffPage(context);
  try {
    const { user, history } = await servicesOf(context).moderation.account(viewer, params.userId);
    return data(
      {
        viewerRole: viewer.role,
        self: viewer.id === user.id,
        user: { id: user.id, name: user.name, email: user.email, role: user.role, status: user.status, suspendedUntil: user.suspendedUntil?.toISOString() ?? null, statusReason: user.statusReason },
        history,
      },
      noStore,
    );
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const viewer = requireStaffPage(context);
  const form = await request.formData();
  const chosen = String(form.get('action') ?? '');
  const days = String(form.get('days') ?? '').trim();
  const role = String(form.get('role') ?? '');
  const input = {
    ...(chosen === 'warn' ? { warn: true } : {}),
    ...(chosen === 'suspend' ? { status: 'suspended', ...(days ? { days } : {}) } : {}),
    ...(chosen === 'ban' ? { status: 'banned' } : {}),
    ...(chosen === 'restore' ? { status: 'active' } : {}),
    ...(role ? { role } : {}),
    reason: form.get('reason') ?? '',
  };
  const parsed = moderateUserSchema.safeParse(input);
  if (!parsed.success) return fail({ fieldErrors: fieldErrorsOf(parsed.error), values: formValues(form) });
  try {
    await servicesOf(context).moderation.moderateUser(viewer, params.userId, parsed.data);
  } catch (error) {
    return actionFailure(error, form);
  }
  return { ok: true as const };
}

type Answer = { ok?: true; formError?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> } | undefined;

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const lang = useLang();
  const { t } = useTranslation(['admin', 'validation']);
  const busy = useNavigation().state === 'submitting';
  const answer = actionData as Answer;
  const { user, history, viewerRole, self } = loaderData;
  const values = answer?.values ?? {};
  const mayAct = !self && (viewerRole === 'admin' || user.role === 'member');
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="admin-user">
      <section className="space-y-3 rounded-2xl border border-line bg-surface-raised p-5 shadow-sm">
        <h2 className="text-xl font-semibold text-ink">
          <bdi>{user.name}</bdi>
        </h2>
        <p className="text-sm text-ink-muted" dir="ltr">
          {user.email}
        </p>
        <p className="text-sm">
          {`${t('statusLabel')}: `}
          <strong data-testid="user-status">{t(`accountStatus_${user.status}`)}</strong>
          {user.status === 'suspended' && user.suspendedUntil ? ` ${t('suspendedUntil', { date: formatDate(user.suspendedUntil, lang) })}` : null}
          {` · ${t('roleLabel')}: ${t(`role_${user.role}`)}`}
        </p>
        {user.statusReason ? (
          <p className="text-sm text-ink-muted" dir="auto">
            {user.statusReason}
          </p>
        ) : null}
        <AccountCard account={history} heading={t('history')} />
      </section>
      <section className="rounded-2xl border border-line bg-surface-raised p-5 shadow-sm">
        <h2 className="mb-3 text-lg font-semibold text-ink">{t('userActions')}</h2>
        {answer?.ok ? <Alert tone="success">{t('done')}</Alert> : null}
        {answer?.formError ? <Alert tone="error">{t('failed', { code: answer.formError })}</Alert> : null}
        {!mayAct ? (
          <Alert tone="info">{t('staffOnlyAdmin')}</Alert>
        ) : (
          <Form method="post" className="mt-3 space-y-4">
            <fieldset className="space-y-1.5">
              <legend className="mb-1 text-sm font-medium text-ink">{t('action')}</legend>
              {[...ACTIONS, ...(viewerRole === 'admin' ? (['none'] as const) : [])].map((choice, i) => (
                <label key={choice} className="flex items-center gap-2 text-sm text-ink">
                  <input type="radio" name="action" value={choice} defaultChecked={values.action ? values.action === choice : i === 0} className="accent-brand" />
                  {t(`userAction_${choice}`)}
                </label>
              ))}
              {answer?.fieldErrors?.status ? <p className="text-sm font-medium text-danger">{t(`validation:${answer.fieldErrors.status}`)}</p> : null}
            </fieldset>
            <label className="block space-y-1 text-sm">
              <span className="font-medium text-ink">{t('days')}</span>
              <input
                type="number"
                name="days"
                min={1}
                max={SUSPENSION_DAYS_MAX}
                defaultValue={values.days ?? '7'}
                aria-invalid={Boolean(answer?.fieldErrors?.days)}
                className="block w-32 rounded-xl border border-line bg-surface-raised px-3 py-2 text-ink aria-[invalid=true]:border-danger"
              />
              {answer?.fieldErrors?.days ? <span className="block font-medium text-danger">{t(`validation:${answer.fieldErrors.days}`)}</span> : null}
            </label>
            {viewerRole === 'admin' ? (
              <label className="block space-y-1 text-sm">
                <span className="font-medium text-ink">{t('role')}</span>
                <select name="role" defaultValue={values.role ?? ''} className="block rounded-xl border border-line bg-surface-raised px-3 py-2 text-ink">
                  <option value="">{t('keepRole')}</option>
                  {USER_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {t(`role_${role}`)}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <ReasonField error={answer?.fieldErrors?.reason} value={values.reason} />
            <button type="submit" disabled={busy} className="rounded-xl bg-brand px-4 py-2 font-semibold text-on-brand hover:bg-brand-strong disabled:opacity-70">
              {t('apply')}
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}
