// The expiry reminder's renew link. Starts by itself when the URL has a token (a POST: link
// scanners that only GET the page change nothing); a button does the same without JavaScript.
// No log-in needed: the token names the listing (docs/decisions/0014-renew-link.md).
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from '#i18n';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/renew';
import { formatDate } from '../../common/format.ts';
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
  return seoMeta({ lang, publicUrl, path: '/renew', title: translatorFor(lang)('lifecycle:renewTitle'), noindex: true });
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get('token') ?? '').trim();
  try {
    const renewed = await servicesOf(context).lifecycle.renewWithToken(token || undefined);
    return { ok: true as const, ...renewed };
  } catch (error) {
    if (isAppError(error)) return { ok: false as const, code: error.code };
    throw error;
  }
}

export default function Renew() {
  const lang = useLang();
  const { t } = useTranslation('lifecycle');
  const { token, fetcher, result, pending, state } = useTokenSubmit<Awaited<ReturnType<typeof action>>>();
  return (
    <AuthCard title={t('renewTitle')}>
      <div className="space-y-5" data-testid="renew-state" data-state={state}>
        {!token ? <Alert tone="error">{t('renewMissing')}</Alert> : null}
        {token && pending ? (
          <p className="flex items-center gap-2 text-ink" role="status">
            <LoaderCircle className="size-5 animate-spin text-brand" aria-hidden="true" />
            {t('renewing')}
          </p>
        ) : null}
        {result?.ok ? <Alert tone="success">{t('renewSuccess', { date: formatDate(result.expiresAt, lang) })}</Alert> : null}
        {result && !result.ok ? <Alert tone="error">{t('renewFailed')}</Alert> : null}
        {token && !pending && !result ? (
          <fetcher.Form method="post">
            <input type="hidden" name="token" value={token} />
            <button type="submit" className={`${primaryButtonClass} w-full`}>
              {t('renewButton')}
            </button>
          </fetcher.Form>
        ) : null}
        {result?.ok ? (
          <Link to={localePath(lang, `/products/${result.productId}`)} className={`${primaryButtonClass} w-full`}>
            {t('viewListing')}
          </Link>
        ) : null}
        {result && !result.ok ? (
          <Link to={localePath(lang, '/dashboard')} className={`${primaryButtonClass} w-full`}>
            {t('toDashboard')}
          </Link>
        ) : null}
      </div>
    </AuthCard>
  );
}
