import { BellOff } from 'lucide-react';
import { useTranslation } from '#i18n';
import { data, Form } from 'react-router';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/alerts-unsubscribe';
import { isAppError } from '#errors';
import { Alert } from '../components/form/alert.tsx';
import { savedSearchName } from '../components/buyers/saved-search-name.tsx';
import { seoContext, translatorFor } from '../lib/meta.ts';
import { localePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';
import { seoMeta } from '../lib/seo.ts';
import { servicesOf } from '../lib/session.server.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { lang, publicUrl } = seoContext(matches);
  return seoMeta({ lang, publicUrl, path: '/alerts/unsubscribe', title: translatorFor(lang)('buyers:unsubscribeTitle'), noindex: true });
};

const noStore = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' };

/**
 * The e-mail's unsubscribe link. Opening it shows one button (a GET changes nothing: mail
 * scanners open links); the button, and a mail client's one-click POST (RFC 8058,
 * `List-Unsubscribe-Post`), turn the alert off. No log-in: the signed token is the proof.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token');
  try {
    const search = await servicesOf(context).alerts.verify(token);
    return data({ token, done: search.alert === 'off', name: search.name, query: search.query, invalid: false }, { headers: noStore });
  } catch (error) {
    if (isAppError(error) && (error.code === 'UNSUBSCRIBE_TOKEN_INVALID' || error.code === 'TOKEN_REQUIRED')) {
      return data({ token, done: false, name: null, query: null, invalid: true }, { status: 400, headers: noStore });
    }
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? undefined;
  try {
    const search = await servicesOf(context).alerts.unsubscribe(token);
    return data({ done: true, name: search.name, query: search.query, invalid: false }, { headers: noStore });
  } catch (error) {
    if (isAppError(error) && (error.code === 'UNSUBSCRIBE_TOKEN_INVALID' || error.code === 'TOKEN_REQUIRED')) {
      return data({ done: false, name: null, query: null, invalid: true }, { status: 400, headers: noStore });
    }
    throw error;
  }
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const lang = useLang();
  const { t } = useTranslation(['buyers', 'categories', 'cities']);
  const state = actionData ?? loaderData;
  const name = state.name ?? savedSearchName(state.query ?? {}, t);
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <div className="rounded-2xl border border-line bg-surface-raised p-6 shadow-sm">
        <h1 className="flex items-center gap-2 text-2xl font-bold text-ink">
          <BellOff className="size-6 text-brand-strong" aria-hidden="true" />
          {t('unsubscribeTitle')}
        </h1>
        <div className="mt-4" data-testid="unsubscribe-state">
          {state.invalid ? (
            <Alert tone="error">{t('unsubscribeInvalid')}</Alert>
          ) : state.done ? (
            <Alert tone="success">{t('unsubscribed', { name: `\u2068${name}\u2069` })}</Alert>
          ) : (
            <Form method="post" action={`${localePath(lang, '/alerts/unsubscribe')}?token=${encodeURIComponent(loaderData.token ?? '')}`}>
              <p className="text-ink">{t('unsubscribeIntro', { name: `\u2068${name}\u2069` })}</p>
              <button type="submit" className="mt-4 rounded-xl bg-brand px-5 py-2.5 font-semibold text-on-brand hover:bg-brand-strong" data-testid="unsubscribe-button">
                {t('unsubscribeButton')}
              </button>
            </Form>
          )}
        </div>
        <Link to={localePath(lang, '/saved-searches')} className="mt-6 inline-block text-sm font-semibold text-brand-strong underline-offset-4 hover:underline">
          {t('manageAlerts')}
        </Link>
      </div>
    </div>
  );
}
