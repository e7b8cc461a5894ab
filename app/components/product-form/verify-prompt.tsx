// What unverified sellers see instead of the form (docs/product.md: only verified e-mails publish).
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from '#i18n';
import { VerificationBanner } from '../dashboard/verification-banner.tsx';

export function VerifyPrompt() {
  const { t } = useTranslation('productForm');
  return (
    <div className="space-y-6" data-testid="verify-prompt">
      <section className="rounded-2xl border border-line bg-surface-raised p-6 text-center shadow-sm sm:p-8">
        <ShieldCheck className="mx-auto size-12 text-brand" aria-hidden="true" />
        <h2 className="mt-3 text-xl font-semibold text-ink">{t('verifyTitle')}</h2>
        <p className="mt-2 text-ink-muted">{t('verifyText')}</p>
      </section>
      <VerificationBanner />
    </div>
  );
}
