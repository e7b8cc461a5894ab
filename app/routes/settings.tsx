import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useTranslation } from '#i18n';
import { data, redirect } from 'react-router';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/settings';
import { isLang } from '../../common/languages.ts';
import { AppError } from '#errors';
import { DeleteAccount } from '../components/dashboard/delete-account.tsx';
import { failFromError } from '../lib/forms.ts';
import { seoContext, translatorFor } from '../lib/meta.ts';
import { localePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';
import { seoMeta } from '../lib/seo.ts';
import { requireUser, servicesOf } from '../lib/session.server.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { lang, publicUrl } = seoContext(matches);
  return seoMeta({ lang, publicUrl, path: '/settings', title: translatorFor(lang)('browse:settingsMeta'), noindex: true });
};

export function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = isLang(params.lang) ? params.lang : 'ar';
  const user = requireUser(request, context, lang);
  return data({ email: user.email }, { headers: { 'Cache-Control': 'private, no-store' } });
}

/** The account's settings; for now its deletion, which used to sit under the dashboard's listings. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = isLang(params.lang) ? params.lang : 'ar';
  const user = requireUser(request, context, lang);
  const services = servicesOf(context);
  const form = await request.formData();
  try {
    if (form.get('intent') !== 'deleteAccount') throw new AppError('VALIDATION_ERROR', 'Unknown action');
    await services.users.deleteAccount(user, user.id);
    return redirect(`/${lang}`, { headers: { 'Set-Cookie': services.sessions.clearedCookie() } });
  } catch (error) {
    return failFromError(error, form);
  }
}

export default function Settings() {
  const lang = useLang();
  const { t } = useTranslation('browse');
  const Back = lang === 'ar' ? ArrowRight : ArrowLeft;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-10" data-testid="settings-page">
      <Link to={localePath(lang, '/dashboard')} className="inline-flex items-center gap-2 text-sm font-semibold text-brand-strong underline-offset-4 hover:underline">
        <Back className="size-4" aria-hidden="true" />
        {t('backToDashboard')}
      </Link>
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-ink">{t('settingsTitle')}</h1>
        <p className="mt-2 text-ink-muted">{t('settingsIntro')}</p>
      </div>
      <DeleteAccount />
    </div>
  );
}
