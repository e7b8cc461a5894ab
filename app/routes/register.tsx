import { useTranslation } from '#i18n';
import { Form, redirect, useNavigation } from 'react-router';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/register';
import { isLang } from '../../common/languages.ts';
import { signupFormSchema } from '../../common/schemas/user.ts';
import { Alert } from '../components/form/alert.tsx';
import { AuthCard } from '../components/form/auth-card.tsx';
import { TextField } from '../components/form/field.tsx';
import { PasswordField } from '../components/form/password-field.tsx';
import { SubmitButton } from '../components/form/submit-button.tsx';
import { failFromError, fail, parseForm } from '../lib/forms.ts';
import { seoContext, translatorFor } from '../lib/meta.ts';
import { seoMeta } from '../lib/seo.ts';
import { localePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';
import { callerOf, currentUser, servicesOf } from '../lib/session.server.ts';
import { formErrorKey, useFormErrors } from '../lib/use-form-errors.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { lang, publicUrl } = seoContext(matches);
  const t = translatorFor(lang);
  return seoMeta({ lang, publicUrl, path: '/register', title: t('auth:registerTitle'), description: t('auth:registerIntro') });
};

export async function loader({ context, params }: Route.LoaderArgs) {
  if (currentUser(context)) throw redirect(`/${params.lang}/dashboard`);
  return null;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = isLang(params.lang) ? params.lang : 'ar';
  const form = await request.formData();
  const parsed = parseForm(signupFormSchema, form);
  if (!parsed.ok) return fail(parsed.failure);
  const services = servicesOf(context);
  try {
    const { terms: _terms, ...input } = parsed.data;
    // The verification e-mail is queued with the account; the job queue retries it.
    await services.users.signup(callerOf(context), { ...input, lang });
    return redirect(`/${lang}/login?registered=1`);
  } catch (error) {
    return failFromError(error, form);
  }
}

export default function Register({ actionData }: Route.ComponentProps) {
  const lang = useLang();
  const { t } = useTranslation('auth');
  const busy = useNavigation().state === 'submitting';
  const { errors, onSubmit, onFocus } = useFormErrors(() => import('../../common/schemas/user.ts').then((m) => m.signupFormSchema), actionData);
  const values = actionData?.values ?? {};
  const formError = formErrorKey(actionData?.formError, 'signupFailed');
  return (
    <AuthCard
      title={t('registerTitle')}
      intro={t('registerIntro')}
      footer={
        <>
          {t('haveAccount')}{' '}
          <Link to={localePath(lang, '/login')} className="font-semibold text-brand hover:underline">
            {t('submitLogin')}
          </Link>
        </>
      }
    >
      <Form method="post" noValidate onSubmit={onSubmit} onFocus={onFocus} className="space-y-4">
        {formError ? <Alert tone="error">{t(formError)}</Alert> : null}
        <TextField label={t('name')} name="name" autoComplete="name" required defaultValue={values.name} error={errors.name} dir="auto" />
        <TextField label={t('email')} name="email" type="email" autoComplete="email" required defaultValue={values.email} error={errors.email} dir="ltr" />
        <PasswordField name="password" label={t('password')} autoComplete="new-password" error={errors.password} withHints />
        <div className="space-y-1">
          <label className="flex items-start gap-2 text-sm text-ink">
            <input
              type="checkbox"
              name="terms"
              required
              defaultChecked={values.terms === 'on'}
              aria-invalid={Boolean(errors.terms)}
              className="mt-0.5 size-4 accent-[var(--brand)]"
            />
            <span>
              {t('termsBefore')}
              <Link to={localePath(lang, '/terms-of-service')} target="_blank" className="font-semibold text-brand underline">
                {t('termsLink')}
              </Link>
              {t('termsBetween')}
              <Link to={localePath(lang, '/privacy-policy')} target="_blank" className="font-semibold text-brand underline">
                {t('privacyLink')}
              </Link>
            </span>
          </label>
          {errors.terms ? <TermsError code={errors.terms} /> : null}
        </div>
        <SubmitButton busy={busy} label={t('submitRegister')} busyLabel={t('submittingRegister')} className="w-full" />
      </Form>
    </AuthCard>
  );
}

function TermsError({ code }: { code: string }) {
  const { t } = useTranslation('validation');
  return <p className="text-sm font-medium text-danger">{t(code)}</p>;
}
