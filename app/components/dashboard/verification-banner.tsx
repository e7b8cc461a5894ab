import { MailWarning } from 'lucide-react';
import { useTranslation } from '#i18n';
import { useFetcher } from 'react-router';

/** The red banner of unverified users, with its idle/loading/error/success states. */
export function VerificationBanner() {
  const { t } = useTranslation('dashboard');
  const fetcher = useFetcher<{ ok?: boolean; formError?: string }>();
  const loading = fetcher.state !== 'idle';
  const result = fetcher.data;
  const state = loading ? 'loading' : result?.ok ? 'success' : result ? 'error' : 'idle';
  return (
    <section
      className="flex flex-col gap-3 rounded-2xl border border-danger/40 bg-danger-soft p-5 sm:flex-row sm:items-center"
      aria-labelledby="verify-banner-title"
      data-testid="verification-banner"
      data-state={state}
    >
      <MailWarning className="size-8 shrink-0 text-danger" aria-hidden="true" />
      <div className="flex-1">
        <h2 id="verify-banner-title" className="font-semibold text-danger">
          {t('bannerTitle')}
        </h2>
        <p className="mt-1 text-sm text-ink" role="status">
          {state === 'success' ? t('success') : state === 'error' ? t('error') : state === 'loading' ? t('loading') : t('prompt')}
        </p>
      </div>
      {state === 'success' ? null : (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="sendVerification" />
          <button
            type="submit"
            disabled={loading}
            className="rounded-xl bg-danger px-4 py-2.5 text-sm font-semibold text-white hover:opacity-90 disabled:opacity-60 dark:text-black"
          >
            {loading ? t('loading') : t('sendVerification')}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}
