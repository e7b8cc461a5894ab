import { Pencil } from 'lucide-react';
import { useTranslation } from '#i18n';
import { Form, useActionData, useNavigation, useSearchParams } from 'react-router';
import { Link } from '../link.tsx';
import { toNational } from '../../../common/phone.ts';
import { UserText } from '../user-text.tsx';
import { profileUpdateSchema } from '../../../common/schemas/user.ts';
import type { SelfUser } from '../../../common/user-views.ts';
import type { FormFailure } from '../../lib/forms.ts';
import { useFormErrors } from '../../lib/use-form-errors.ts';
import { Alert } from '../form/alert.tsx';
import { SelectField, TextAreaField, TextField } from '../form/field.tsx';
import { SubmitButton } from '../form/submit-button.tsx';
import { WilayaOptions } from '../form/wilaya-options.tsx';

/** View mode shows address, phone and bio; `?edit=1` (the edit button) shows the form. */
export function ProfileInfo({ user }: { user: SelfUser }) {
  const { t } = useTranslation(['dashboard', 'cities']);
  const [params] = useSearchParams();
  const actionData = useActionData<FormFailure>();
  const failed = actionData?.formError === 'VALIDATION_ERROR' || Boolean(actionData?.fieldErrors);
  const editing = params.get('edit') === '1' || failed;
  const busy = useNavigation().state === 'submitting';
  const { errors, onSubmit } = useFormErrors(profileUpdateSchema, failed ? actionData : undefined);
  const values = failed ? (actionData?.values ?? {}) : {};
  return (
    <section className="rounded-2xl border border-line bg-surface-raised p-6 shadow-sm" aria-labelledby="profile-info-title" data-testid="profile-info">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id="profile-info-title" className="text-lg font-semibold text-ink">
          {t('profileInfo')}
        </h2>
        {editing ? null : (
          <Link to="?edit=1" replace preventScrollReset className="inline-flex items-center gap-1.5 rounded-xl border border-line px-3 py-1.5 text-sm font-semibold text-ink hover:bg-surface-sunken">
            <Pencil className="size-4" aria-hidden="true" />
            {t('edit')}
          </Link>
        )}
      </div>
      {params.get('saved') && !editing ? (
        <div className="mb-4">
          <Alert tone="success">{t('profileSaved')}</Alert>
        </div>
      ) : null}
      {editing ? (
        <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4" preventScrollReset>
          {failed ? <Alert tone="error">{t('profileFailed')}</Alert> : null}
          <input type="hidden" name="intent" value="updateProfile" />
          <TextField label={t('auth:name')} name="name" autoComplete="name" defaultValue={values.name ?? user.name} error={errors.name} dir="auto" />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label={t('address')} name="address" defaultValue={values.address ?? user.address ?? ''} error={errors.address}>
              <WilayaOptions placeholder={t('chooseWilaya')} />
            </SelectField>
            <TextField
              label={t('phone')}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="0550 12 34 56"
              defaultValue={values.phone ?? (user.phone ? toNational(user.phone) : '')}
              error={errors.phone}
              dir="ltr"
            />
          </div>
          <TextAreaField label={t('bio')} name="bio" rows={4} maxLength={500} defaultValue={values.bio ?? user.bio ?? ''} error={errors.bio} />
          <div className="flex flex-wrap gap-3">
            <SubmitButton busy={busy} label={t('save')} busyLabel={t('saving')} />
            <Link to="." replace preventScrollReset className="inline-flex items-center rounded-xl border border-line px-5 py-3 font-semibold text-ink hover:bg-surface-sunken">
              {t('cancel')}
            </Link>
          </div>
        </Form>
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-ink-muted">{t('address')}</dt>
            <dd className="mt-0.5 font-medium text-ink">{user.address ? t(`cities:${user.address}`) : t('notProvided')}</dd>
          </div>
          <div>
            <dt className="text-sm text-ink-muted">{t('phone')}</dt>
            {/* Aligned with its label (the start side); only the number itself reads left to right. */}
            <dd className="mt-0.5 text-start font-medium text-ink" data-testid="profile-phone">
              {user.phone ? <bdi dir="ltr">{toNational(user.phone)}</bdi> : t('notProvided')}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-sm text-ink-muted">{t('bio')}</dt>
            <dd className="mt-0.5 text-ink">{user.bio ? <UserText text={user.bio} testId="profile-bio" /> : t('notProvided')}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
