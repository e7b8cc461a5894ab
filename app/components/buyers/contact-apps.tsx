import { MessageCircle } from 'lucide-react';
import { useTranslation } from '#i18n';
import { useFetcher } from 'react-router';
import type { SelfUser } from '../../../common/user-views.ts';

/** The dashboard's WhatsApp / Viber toggles: buyers who reveal the number get those links. */
export function ContactApps({ user }: { user: Pick<SelfUser, 'whatsapp' | 'viber'> }) {
  const { t } = useTranslation('buyers');
  const fetcher = useFetcher<{ ok?: boolean; formError?: string }>();
  const box = 'size-4 accent-[var(--brand)]';
  return (
    <section className="rounded-2xl border border-line bg-surface-raised p-5 shadow-sm" aria-labelledby="contact-apps-title" data-testid="contact-apps">
      <h2 id="contact-apps-title" className="flex items-center gap-2 text-lg font-semibold text-ink">
        <MessageCircle className="size-5 text-brand-strong" aria-hidden="true" />
        {t('contactApps')}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t('contactAppsHint')}</p>
      <fetcher.Form method="post" className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
        <input type="hidden" name="intent" value="contactApps" />
        <label className="flex items-center gap-2 text-ink">
          <input type="checkbox" name="whatsapp" defaultChecked={user.whatsapp} className={box} data-testid="whatsapp-toggle" />
          {t('whatsappToggle')}
        </label>
        <label className="flex items-center gap-2 text-ink">
          <input type="checkbox" name="viber" defaultChecked={user.viber} className={box} data-testid="viber-toggle" />
          {t('viberToggle')}
        </label>
        <button type="submit" disabled={fetcher.state !== 'idle'} className="rounded-xl bg-brand px-4 py-2 text-sm font-semibold text-on-brand hover:bg-brand-strong disabled:opacity-70" data-testid="contact-apps-save">
          {t('saveChanges')}
        </button>
        <span role="status" className="text-sm text-brand-strong">
          {fetcher.state === 'idle' && fetcher.data?.ok ? t('contactAppsSaved') : null}
        </span>
      </fetcher.Form>
    </section>
  );
}
