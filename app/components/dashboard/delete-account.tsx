import { Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useTranslation } from '#i18n';
import { Form, useNavigation } from 'react-router';
import { dirOf } from '../../../common/languages.ts';
import { useLang } from '../../lib/root-data.ts';

/** Account deletion, only after the user confirms in a dialog. */
export function DeleteAccount() {
  const lang = useLang();
  const { t } = useTranslation('dashboard');
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'deleteAccount';
  return (
    <section className="rounded-2xl border border-danger/30 bg-surface-raised p-6" aria-labelledby="delete-title">
      <h2 id="delete-title" className="text-lg font-semibold text-danger">
        {t('dangerZone')}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t('deleteText')}</p>
      <AlertDialog.Root>
        <AlertDialog.Trigger className="mt-4 inline-flex items-center gap-2 rounded-xl border border-danger px-4 py-2.5 text-sm font-semibold text-danger hover:bg-danger-soft">
          <Trash2 className="size-4" aria-hidden="true" />
          {t('deleteButton')}
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <AlertDialog.Content
            dir={dirOf(lang)}
            className="fixed start-1/2 top-1/2 z-50 w-[min(28rem,92vw)] -translate-y-1/2 rounded-2xl bg-surface-raised p-6 shadow-2xl ltr:-translate-x-1/2 rtl:translate-x-1/2"
          >
            <AlertDialog.Title className="text-lg font-semibold text-ink">{t('deleteConfirmTitle')}</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-ink-muted">{t('deleteConfirmText')}</AlertDialog.Description>
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <AlertDialog.Cancel className="rounded-xl border border-line px-4 py-2.5 text-sm font-semibold text-ink hover:bg-surface-sunken">
                {t('cancel')}
              </AlertDialog.Cancel>
              <Form method="post">
                <input type="hidden" name="intent" value="deleteAccount" />
                <button type="submit" disabled={busy} className="rounded-xl bg-danger px-4 py-2.5 text-sm font-semibold text-white disabled:opacity-60 dark:text-black">
                  {t('deleteConfirm')}
                </button>
              </Form>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </section>
  );
}
