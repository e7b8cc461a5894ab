import { useTranslation } from '#i18n';
import { Form, useNavigation } from 'react-router';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/forget-password';
import { isLang } from '../../common/languages.ts';
import { forgotPasswordSchema } from '../../common/schemas/user.ts';
import { Alert } from '../components/form/alert.tsx';
import { AuthCard } from '../components/form/auth-card.tsx';
import { TextField } from '../components/form/field.tsx';
import { SubmitButton } from '../components/form/submit-button.tsx';
import { fail, failFromError, parseForm } from '../lib/forms.ts';
import { seoContext, translatorFor } from '../lib/meta.ts';
import { seoMeta } from '../lib/seo.ts';
import { localePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';
import { callerOf, servicesOf } from '../lib/session.server.ts';
import { formErrorKey, useFormErrors } from '../lib/use-form-errors.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { lang, publicUrl } = seoContext(matches);
  return seoMeta({ lang, publicUrl, path: '/forget-password', title: translatorFor(lang)('auth:forgotTitle'), noindex: true });
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(forgotPasswordSchema, form);
  if (!parsed.ok) return fail(parsed.failure);
  const services = servicesOf(context);
  try {
    await services.users.forgotPassword(callerOf(context), parsed.data.email, isLang(params.lang) ? params.lang : 'ar');
  } catch (error) {
    return failFromError(error, form);
  }
  return { sent: true as const };
}

export default function ForgetPassword({ actionData }: Route.ComponentProps) {
  const lang = useLang();
  const { t } = useTranslation('auth');
  const busy = useNavigation().state === 'submitting';
  const failure = actionData && 'sent' in actionData ? undefined : actionData;
  const { errors, onSubmit } = useFormErrors(forgotPasswordSchema, failure);
  const formError = formErrorKey(failure?.formError);
  return (
    <AuthCard
      title={t('forgotTitle')}
      intro={t('forgotIntro')}
      footer={
        <Link to={localePath(lang, '/login')} className="font-semibold text-brand hover:underline">
          {t('backToLogin')}
        </Link>
      }
    >
      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        {actionData && 'sent' in actionData ? <Alert tone="success">{t('forgotSent')}</Alert> : null}
        {formError ? <Alert tone="error">{t(formError)}</Alert> : null}
        <TextField
          label={t('email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={failure?.values?.email}
          error={errors.email}
          dir="ltr"
        />
        <SubmitButton busy={busy} label={t('submitForgot')} busyLabel={t('submittingForgot')} className="w-full" />
      </Form>
    </AuthCard>
  );
}
