import { useTranslation } from '#i18n';
import { Form, redirect, useNavigation, useSearchParams } from 'react-router';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/reset-password';
import { resetPasswordFormSchema } from '../../common/schemas/user.ts';
import { Alert } from '../components/form/alert.tsx';
import { AuthCard } from '../components/form/auth-card.tsx';
import { PasswordField } from '../components/form/password-field.tsx';
import { SubmitButton } from '../components/form/submit-button.tsx';
import { fail, failFromError, parseForm } from '../lib/forms.ts';
import { seoContext, translatorFor } from '../lib/meta.ts';
import { seoMeta } from '../lib/seo.ts';
import { localePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';
import { servicesOf } from '../lib/session.server.ts';
import { formErrorKey, useFormErrors } from '../lib/use-form-errors.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { lang, publicUrl } = seoContext(matches);
  return seoMeta({ lang, publicUrl, path: '/reset-password', title: translatorFor(lang)('auth:resetTitle'), noindex: true });
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(resetPasswordFormSchema, form);
  if (!parsed.ok) return fail(parsed.failure);
  try {
    await servicesOf(context).users.resetPassword(parsed.data.token, parsed.data.password);
  } catch (error) {
    return failFromError(error, form);
  }
  return redirect(`/${params.lang}/login?reset=1`);
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const lang = useLang();
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const busy = useNavigation().state === 'submitting';
  const { errors, onSubmit } = useFormErrors(resetPasswordFormSchema, actionData);
  const formError = formErrorKey(actionData?.formError, 'resetFailed');
  const tokenProblem = !token ? 'resetTokenMissing' : formError;
  return (
    <AuthCard
      title={t('resetTitle')}
      footer={
        <Link to={localePath(lang, '/forget-password')} className="font-semibold text-brand hover:underline">
          {t('askNewLink')}
        </Link>
      }
    >
      {!token ? (
        <Alert tone="error">{t('resetTokenMissing')}</Alert>
      ) : (
        <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
          {tokenProblem ? <Alert tone="error">{t(tokenProblem)}</Alert> : null}
          <input type="hidden" name="token" value={token} />
          <PasswordField name="password" label={t('newPassword')} autoComplete="new-password" error={errors.password} withHints />
          <PasswordField name="confirmPassword" label={t('confirmPassword')} autoComplete="new-password" error={errors.confirmPassword} />
          <SubmitButton busy={busy} label={t('submitReset')} busyLabel={t('submittingReset')} className="w-full" />
        </Form>
      )}
    </AuthCard>
  );
}
