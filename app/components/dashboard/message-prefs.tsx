import { useTranslation } from '#i18n';
import { Form, useActionData, useNavigation } from 'react-router';
import type { SelfUser } from '../../../common/user-views.ts';
import { Alert } from '../form/alert.tsx';
import { SubmitButton } from '../form/submit-button.tsx';

/** Whether buyers may message the member, and whether unread messages are e-mailed. */
export function MessagePrefs({ user }: { user: SelfUser }) {
  const { t } = useTranslation('messaging');
  const answer = useActionData<{ intent?: string; ok?: boolean }>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'messagePrefs';
  return (
    <section className="rounded-2xl border border-line bg-surface-raised p-6 shadow-sm" aria-labelledby="message-prefs-title" data-testid="message-prefs">
      <h2 id="message-prefs-title" className="mb-4 text-lg font-semibold text-ink">
        {t('prefsTitle')}
      </h2>
      {answer?.intent === 'messagePrefs' && answer.ok ? (
        <div className="mb-4">
          <Alert tone="success">{t('prefsSaved')}</Alert>
        </div>
      ) : null}
      <Form method="post" className="space-y-3" preventScrollReset>
        <input type="hidden" name="intent" value="messagePrefs" />
        <label className="flex items-start gap-3 text-ink">
          <input type="checkbox" name="messagesEnabled" defaultChecked={user.messagesEnabled} className="mt-1 size-4 accent-brand" />
          <span>{t('prefsEnabled')}</span>
        </label>
        <label className="flex items-start gap-3 text-ink">
          <input type="checkbox" name="messageEmails" defaultChecked={user.messageEmails} className="mt-1 size-4 accent-brand" />
          <span>{t('prefsEmails')}</span>
        </label>
        <SubmitButton busy={busy} label={t('prefsSave')} busyLabel={t('sending')} />
      </Form>
    </section>
  );
}
