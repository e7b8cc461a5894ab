import { Mail } from 'lucide-react';
import { useTranslation } from '#i18n';
import { Form, useNavigation } from 'react-router';
import type { Route } from './+types/contact';
import { contactSchema } from '../../common/schemas/user.ts';
import { Alert } from '../components/form/alert.tsx';
import { TextAreaField, TextField } from '../components/form/field.tsx';
import { SubmitButton } from '../components/form/submit-button.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { fail, failFromError, parseForm } from '../lib/forms.ts';
import { seoContext, translatorFor } from '../lib/meta.ts';
import { seoMeta } from '../lib/seo.ts';
import { useRootData } from '../lib/root-data.ts';
import { callerOf, servicesOf } from '../lib/session.server.ts';
import { useFormErrors } from '../lib/use-form-errors.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { lang, publicUrl } = seoContext(matches);
  const t = translatorFor(lang);
  return seoMeta({ lang, publicUrl, path: '/contact', title: t('contactPage:title'), description: t('contactPage:intro') });
};

export function loader({ context }: Route.LoaderArgs) {
  return { contactEmail: servicesOf(context).config.contactEmail };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(contactSchema, form);
  if (!parsed.ok) return fail(parsed.failure);
  const services = servicesOf(context);
  try {
    await services.users.contact(callerOf(context), parsed.data);
  } catch (error) {
    return failFromError(error, form);
  }
  return { sent: true as const };
}

export default function Contact({ actionData, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('contactPage');
  const { user } = useRootData();
  const busy = useNavigation().state === 'submitting';
  const sent = Boolean(actionData && 'sent' in actionData);
  const failure = actionData && !('sent' in actionData) ? actionData : undefined;
  const { errors, onSubmit } = useFormErrors(contactSchema, failure);
  const values = failure?.values ?? {};
  return (
    <>
      <PageHeader title={t('title')}>{t('intro')}</PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <div className="rounded-3xl border border-line bg-surface-raised p-6 shadow-sm sm:p-8">
          {/* A new key after success empties the form for the next message. */}
          <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4" key={sent ? 'sent' : 'form'}>
            {sent ? <Alert tone="success">{t('sent')}</Alert> : null}
            {failure?.formError ? <Alert tone="error">{t('failed')}</Alert> : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label={t('name')} name="name" autoComplete="name" required defaultValue={values.name ?? user?.name} error={errors.name} dir="auto" />
              <TextField
                label={t('email')}
                name="email"
                type="email"
                autoComplete="email"
                required
                defaultValue={values.email ?? user?.email}
                error={errors.email}
                dir="ltr"
              />
            </div>
            <TextAreaField label={t('message')} name="message" rows={6} required maxLength={5000} defaultValue={values.message} error={errors.message} />
            <SubmitButton busy={busy} label={t('send')} busyLabel={t('sending')} />
          </Form>
        </div>
        <p className="mt-6 flex items-center gap-2 text-sm text-ink-muted">
          <Mail className="size-4" aria-hidden="true" />
          <a href={`mailto:${loaderData.contactEmail}`} className="hover:underline" dir="ltr">
            {loaderData.contactEmail}
          </a>
        </p>
      </div>
    </>
  );
}
