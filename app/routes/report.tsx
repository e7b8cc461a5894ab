// The report page: where the "Report" form of a listing or a shop posts (it also works as a
// page of its own, ?targetType=&targetId=). Signed-in members only; the answer is the
// confirmation, or the form again with what was typed and why it was refused.
import { Flag } from 'lucide-react';
import { useTranslation } from '#i18n';
import { data, Form, useNavigation } from 'react-router';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/report';
import { isLang, type Lang } from '../../common/languages.ts';
import { localizedTitle } from '../../common/product.ts';
import { reportSchema } from '../../common/schemas/report.ts';
import { isAppError } from '#errors';
import { Alert } from '../components/form/alert.tsx';
import { SubmitButton } from '../components/form/submit-button.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { ReportFields } from '../components/report-fields.tsx';
import { fail, failFromError, parseForm } from '../lib/forms.ts';
import { seoContext, translatorFor } from '../lib/meta.ts';
import { seoMeta } from '../lib/seo.ts';
import { callerOf, requireUser, servicesOf } from '../lib/session.server.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { lang, publicUrl } = seoContext(matches);
  return seoMeta({ lang, publicUrl, path: '/report', title: translatorFor(lang)('report:title'), noindex: true });
};

type Target = { type: 'product' | 'user'; id: string; name: string; back: string } | null;

/** What is being reported, by name, with the page to go back to; null when it is not (or no longer) there. */
async function targetOf(context: Route.LoaderArgs['context'], lang: Lang, type: string | null, id: string | null): Promise<Target> {
  if (!id || (type !== 'product' && type !== 'user')) return null;
  const services = servicesOf(context);
  try {
    if (type === 'product') {
      const product = await services.listings.read(null, id, { countView: false });
      return { type, id, name: localizedTitle(product, lang), back: `/${lang}/products/${id}` };
    }
    const user = await services.users.byId(id);
    return user && user.status !== 'banned' ? { type, id, name: user.name, back: `/${lang}/shop/${id}` } : null;
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = isLang(params.lang) ? params.lang : 'ar';
  requireUser(request, context, lang);
  const url = new URL(request.url);
  const target = await targetOf(context, lang, url.searchParams.get('targetType'), url.searchParams.get('targetId'));
  return data({ target }, { headers: { 'Cache-Control': 'private, no-store' } });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = isLang(params.lang) ? params.lang : 'ar';
  const form = await request.formData();
  const targetType = String(form.get('targetType') ?? '');
  const targetId = String(form.get('targetId') ?? '');
  // Not signed in: log in, then come back to this form (what was chosen is in the address).
  const back = new Request(`${new URL(request.url).origin}/${lang}/report?${new URLSearchParams({ targetType, targetId })}`);
  requireUser(back, context, lang);
  const target = await targetOf(context, lang, targetType, targetId);
  const parsed = parseForm(reportSchema, form);
  if (!parsed.ok) return fail({ ...parsed.failure, target } as never);
  try {
    await servicesOf(context).moderation.report(callerOf(context), parsed.data);
  } catch (error) {
    const failure = failFromError(error, form);
    return data({ ...failure.data, target }, { status: failure.init?.status ?? 400 });
  }
  return { sent: true as const, target };
}

export default function ReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('report');
  const busy = useNavigation().state === 'submitting';
  const answer = actionData as { sent?: true; target?: Target; formError?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> } | undefined;
  const target = answer?.target !== undefined ? answer.target : loaderData.target;
  const values = answer?.values ?? {};
  const title = target ? t(target.type === 'product' ? 'titleProduct' : 'titleUser', { name: target.name }) : t('title');
  return (
    <>
      <PageHeader title={title} />
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6" data-testid="report-page">
        {answer?.sent ? (
          <div className="space-y-6">
            <Alert tone="success">{t('sent')}</Alert>
            {target ? (
              <Link to={target.back} className="inline-block rounded-xl border border-line px-4 py-2 font-semibold text-ink hover:bg-surface-sunken">
                {t('back')}
              </Link>
            ) : null}
          </div>
        ) : !target ? (
          <Alert tone="error">{t('notFound')}</Alert>
        ) : (
          <Form method="post" noValidate className="space-y-5 rounded-3xl border border-line bg-surface-raised p-6 shadow-sm">
            {answer?.formError ? <Alert tone="error">{t(answer.formError, { defaultValue: t('failed') })}</Alert> : null}
            {answer?.fieldErrors ? <Alert tone="error">{t('failed')}</Alert> : null}
            <p className="flex items-center gap-2 text-ink-muted">
              <Flag className="size-4" aria-hidden="true" />
              {t('intro')}
            </p>
            <input type="hidden" name="targetType" value={target.type} />
            <input type="hidden" name="targetId" value={target.id} />
            <ReportFields values={values} errors={answer?.fieldErrors} />
            <div className="flex flex-wrap items-center gap-3">
              <SubmitButton busy={busy} label={t('send')} busyLabel={t('sending')} />
              <Link to={target.back} className="text-sm text-ink-muted hover:underline">
                {t('back')}
              </Link>
            </div>
          </Form>
        )}
      </div>
    </>
  );
}
