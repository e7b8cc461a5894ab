import { MessageCircle } from 'lucide-react';
import { useTranslation } from '#i18n';
import { toInternational } from '../../../common/phone.ts';
import { useLang, useRootData } from '../../lib/root-data.ts';

/**
 * After the reveal, when the seller said their number takes WhatsApp (or Viber): a link that
 * opens the app with a message naming the listing, ready to send.
 */
export function MessagingApps({ phone, productId, productTitle, whatsapp, viber }: { phone: string; productId: string; productTitle: string; whatsapp: boolean; viber: boolean }) {
  const lang = useLang();
  const { publicUrl } = useRootData();
  const { t } = useTranslation('buyers');
  const international = toInternational(phone);
  if (!international || (!whatsapp && !viber)) return null;
  const url = `${publicUrl}/${lang}/products/${productId}`;
  const message = t('whatsappMessage', { title: productTitle, url });
  const button = 'inline-flex flex-1 items-center justify-center gap-2 rounded-xl px-4 py-2.5 font-semibold text-white';
  return (
    <div className="mt-3 flex gap-2" data-testid="messaging-apps">
      {whatsapp ? (
        <a
          href={`https://wa.me/${international.replace(/^\+/, '')}?text=${encodeURIComponent(message)}`}
          target="_blank"
          rel="noopener noreferrer"
          className={`${button} bg-[#1f7a4d] hover:bg-[#17603c]`}
          data-testid="whatsapp-link"
        >
          <MessageCircle className="size-4" aria-hidden="true" />
          {t('whatsappSeller')}
        </a>
      ) : null}
      {viber ? (
        <a href={`viber://chat?number=${encodeURIComponent(international)}&draft=${encodeURIComponent(message)}`} className={`${button} bg-[#665ca7] hover:bg-[#574e91]`} data-testid="viber-link">
          <MessageCircle className="size-4" aria-hidden="true" />
          {t('viberSeller')}
        </a>
      ) : null}
    </div>
  );
}
