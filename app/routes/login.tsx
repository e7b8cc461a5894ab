import { useTranslation } from '#i18n';
import { Form, redirect, useNavigation, useSearchParams } from 'react-router';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/login';
import { safeRedirect } from '../../common/safe-redirect.ts';
import { loginSchema } from '../../common/schemas/user.ts';
import { Alert } from '../components/form/alert.tsx';
import { AuthCard } from '../components/form/auth-card.tsx';
import { TextField } from '../components/form/field.tsx';
import { PasswordField } from '../components/form/password-field.tsx';
import { SubmitButton } from '../components/form/submit-button.tsx';
import { fail, failFromError, parseForm } from '../lib/forms.ts';
import { seoContext, translatorFor } from '../lib/meta.ts';
import { seoMeta } from '../lib/seo.ts';
import { localePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';
import { callerOf, currentUser, servicesOf } from '../lib/session.server.ts';
import { formErrorKey, useFormErrors } from '../lib/use-form-errors.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { lang, publicUrl } = seoContext(matches);
  const t = translatorFor(lang);
  // Public entry pages: people search for "EcoSouk login", so they are indexable (docs/decisions/0005).
  return seoMeta({ lang, publicUrl, path: '/login', title: t('auth:loginTitle'), description: t('auth:loginDescription') });
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (currentUser(context)) {
    const to = new URL(request.url).searchParams.get('redirectTo');
    throw redirect(safeRedirect(to, `/${params.lang}/dashboard`, servicesOf(context).config.publicUrl));
  }
  return null;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(loginSchema, form);
  if (!parsed.ok) return fail(parsed.failure);
  const services = servicesOf(context);
  try {
    const { cookie } = await services.users.login(callerOf(context), parsed.data.email, parsed.data.password);
    return redirect(safeRedirect(form.get('redirectTo'), `/${params.lang}/dashboard`, services.config.publicUrl), { headers: { 'Set-Cookie': cookie } });
  } catch (error) {
    return failFromError(error, form);
  }
}

export default function Login({ actionData }: Route.ComponentProps) {
  const lang = useLang();
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const busy = useNavigation().state === 'submitting';
  const { errors, onSubmit, onFocus } = useFormErrors(() => import('../../common/schemas/user.ts').then((m) => m.loginSchema), actionData);
  const values = actionData?.values ?? {};
  const formError = formErrorKey(actionData?.formError);
  const registered = params.get('registered');
  const notice = registered ? 'signupSuccess' : params.get('reset') ? 'resetSuccess' : null;
  return (
    <AuthCard
      title={t('loginTitle')}
      intro={t('loginIntro')}
      footer={
        <>
          {t('noAccount')}{' '}
          <Link to={localePath(lang, '/register')} className="font-semibold text-brand hover:underline">
            {t('submitRegister')}
          </Link>
        </>
      }
    >
      <Form method="post" noValidate onSubmit={onSubmit} onFocus={onFocus} className="space-y-4">
        {notice && !formError ? <Alert tone="success">{t(notice)}</Alert> : null}
        {formError ? <Alert tone="error">{t(formError)}</Alert> : null}
        <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
        <TextField label={t('email')} name="email" type="email" autoComplete="email" required defaultValue={values.email} error={errors.email} dir="ltr" />
        <PasswordField name="password" label={t('password')} autoComplete="current-password" error={errors.password} />
        <div className="text-end">
          <Link to={localePath(lang, '/forget-password')} className="text-sm font-semibold text-brand hover:underline">
            {t('forgotLink')}
          </Link>
        </div>
        <SubmitButton busy={busy} label={t('submitLogin')} busyLabel={t('submittingLogin')} className="w-full" />
      </Form>
    </AuthCard>
  );
}
