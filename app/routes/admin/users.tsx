// Finding an account by its e-mail, to act on it (GET form: the answer is the account's page).
import { useTranslation } from '#i18n';
import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/users';
import { Alert } from '../../components/form/alert.tsx';
import { langParam, noStore, requireStaffPage } from '../../lib/admin.server.ts';
import { servicesOf } from '../../lib/session.server.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireStaffPage(context);
  const email = new URL(request.url).searchParams.get('email')?.trim() ?? '';
  if (!email) return data({ email, missing: false }, noStore);
  const user = await servicesOf(context).moderation.findAccount(viewer, email);
  if (user) throw redirect(`/${langParam(params)}/admin/users/${user.id}`);
  return data({ email, missing: true }, noStore);
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  return (
    <div className="max-w-xl space-y-4" data-testid="admin-users">
      <h2 className="text-lg font-semibold text-ink">{t('findUser')}</h2>
      {loaderData.missing ? <Alert tone="error">{t('noSuchUser')}</Alert> : null}
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <label className="flex-1 space-y-1 text-sm">
          <span className="font-medium text-ink">{t('email')}</span>
          <input type="email" name="email" required defaultValue={loaderData.email} dir="ltr" className="block w-full rounded-xl border border-line bg-surface-raised px-3 py-2 text-ink" />
        </label>
        <button type="submit" className="rounded-xl bg-brand px-4 py-2 font-semibold text-on-brand hover:bg-brand-strong">
          {t('find')}
        </button>
      </Form>
    </div>
  );
}
