// Starts by itself when the URL has a token (a POST, so link scanners that only
// GET the page cannot use up the token); a button does the same without JavaScript.
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from '#i18n';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/verify-email';
import { Alert } from '../components/form/alert.tsx';
import { AuthCard } from '../components/form/auth-card.tsx';
import { primaryButtonClass } from '../components/form/submit-button.tsx';
import { seoContext, translatorFor } from '../lib/meta.ts';
import { seoMeta } from '../lib/seo.ts';
import { localePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';
import { useTokenSubmit } from '../lib/use-token-submit.ts';
import { servicesOf } from '../lib/session.server.ts';
import { isAppError } from '#errors';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { lang, publicUrl } = seoContext(matches);
  return seoMeta({ lang, publicUrl, path: '/verify-email', title: translatorFor(lang)('auth:verifyTitle'), noindex: true });
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get('token') ?? '').trim();
  try {
    await servicesOf(context).users.verifyEmail(token || undefined);
    return { ok: true as const };
  } catch (error) {
    if (isAppError(error)) return { ok: false as const, code: error.code };
    throw error;
  }
}

export default function VerifyEmail() {
  const lang = useLang();
  const { t } = useTranslation('auth');
  const { token, fetcher, result, pending, state } = useTokenSubmit<Awaited<ReturnType<typeof action>>>();
  return (
    <AuthCard title={t('verifyTitle')}>
      <div className="space-y-5" data-testid="verify-state" data-state={state}>
        {!token ? <Alert tone="error">{t('verifyMissing')}</Alert> : null}
        {token && pending ? (
          <p className="flex items-center gap-2 text-ink" role="status">
            <LoaderCircle className="size-5 animate-spin text-brand" aria-hidden="true" />
            {t('verifying')}
          </p>
        ) : null}
        {result?.ok ? <Alert tone="success">{t('verifySuccess')}</Alert> : null}
        {result && !result.ok ? <Alert tone="error">{t('verifyFailed')}</Alert> : null}
        {token && !pending && !result ? (
          <fetcher.Form method="post">
            <input type="hidden" name="token" value={token} />
            <button type="submit" className={`${primaryButtonClass} w-full`}>
              {t('verifyButton')}
            </button>
          </fetcher.Form>
        ) : null}
        {result?.ok ? (
          <Link to={localePath(lang, '/dashboard')} className={`${primaryButtonClass} w-full`}>
            {t('goToDashboard')}
          </Link>
        ) : null}
      </div>
    </AuthCard>
  );
}
