import { Check, Link2, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '#i18n';
import { useHydrated } from '../../lib/use-hydrated.ts';

/**
 * Sharing a listing: the phone's own share sheet where the browser has one; otherwise (and
 * before the JavaScript arrives) WhatsApp and Facebook links and, once hydrated, copy-link.
 * The preview comes from the page's Open Graph tags.
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('buyers');
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const native = hydrated && typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const button = 'inline-flex items-center gap-2 rounded-xl border border-line px-3 py-2 text-sm font-semibold text-ink hover:bg-surface-sunken';
  return (
    <section aria-label={t('shareTitle')} className="flex flex-wrap items-center gap-2" data-testid="share">
      {native ? (
        <button type="button" className={button} onClick={() => void navigator.share({ title, url }).catch(() => undefined)} data-testid="share-native">
          <Share2 className="size-4" aria-hidden="true" />
          {t('share')}
        </button>
      ) : (
        <>
          <a className={button} href={`https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`} target="_blank" rel="noopener noreferrer" data-testid="share-whatsapp">
            <Share2 className="size-4" aria-hidden="true" />
            {t('shareWhatsapp')}
          </a>
          <a className={button} href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`} target="_blank" rel="noopener noreferrer" data-testid="share-facebook">
            <Share2 className="size-4" aria-hidden="true" />
            {t('shareFacebook')}
          </a>
          {hydrated ? (
            <button
              type="button"
              className={button}
              data-testid="share-copy"
              onClick={() => {
                void navigator.clipboard
                  ?.writeText(url)
                  .then(() => setCopied(true))
                  .catch(() => undefined);
              }}
            >
              {copied ? <Check className="size-4" aria-hidden="true" /> : <Link2 className="size-4" aria-hidden="true" />}
              <span aria-live="polite">{copied ? t('linkCopied') : t('copyLink')}</span>
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
