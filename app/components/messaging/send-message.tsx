import { MessageCircle } from 'lucide-react';
import { useTranslation } from '#i18n';
import { Form, useNavigation, useSearchParams } from 'react-router';
import { Link } from '../link.tsx';
import type { PublicUser } from '../../../common/user-views.ts';
import { localePath } from '../../lib/paths.ts';
import { useLang, useSessionUser } from '../../lib/root-data.ts';
import { Alert } from '../form/alert.tsx';
import { SubmitButton } from '../form/submit-button.tsx';

interface Listing {
  id: string;
  userId: string;
  isActive: boolean;
  soldAt?: string | null;
  seller: Pick<PublicUser, 'messagesEnabled'>;
}

/**
 * "Send a message" on a listing: a plain form posting to the inbox's action (no JavaScript
 * needed), which opens the conversation; a visitor is sent to log in and back here. Nothing
 * for the seller's own listing, a listing that cannot be asked about, or a seller who keeps
 * the phone only.
 */
export function SendMessage({ product }: { product: Listing }) {
  const lang = useLang();
  const user = useSessionUser();
  const { t } = useTranslation('messaging');
  const [params] = useSearchParams();
  const busy = useNavigation().formAction === localePath(lang, '/messages');
  if (user?.id === product.userId || !product.seller.messagesEnabled || !product.isActive || product.soldAt) return null;
  const error = params.get('messageError');
  const here = localePath(lang, `/products/${product.id}`);
  return (
    <section id="send-message" className="space-y-3 rounded-2xl border border-line bg-surface-raised p-4 shadow-sm" aria-labelledby="send-message-title" data-testid="send-message">
      <h2 id="send-message-title" className="flex items-center gap-2 font-semibold text-ink">
        <MessageCircle className="size-5 text-brand-strong" aria-hidden="true" />
        {t('sendAMessageTitle')}
      </h2>
      {error ? <Alert tone="error">{t(`errors.${error}`, { defaultValue: t('sendFailed') })}</Alert> : null}
      {!user ? (
        <Link
          to={`${localePath(lang, '/login')}?redirectTo=${encodeURIComponent(here)}`}
          className="inline-flex w-full items-center justify-center gap-2 rounded-xl bg-brand px-5 py-3 font-semibold text-on-brand hover:bg-brand-strong"
        >
          {t('loginToMessage')}
        </Link>
      ) : !user.isVerified ? (
        <p className="text-sm text-ink-muted">{t('verifyToMessage')}</p>
      ) : (
        <Form method="post" action={localePath(lang, '/messages')} className="space-y-3">
          <input type="hidden" name="productId" value={product.id} />
          <label className="block">
            <span className="sr-only">{t('writeLabel')}</span>
            <textarea
              name="message"
              rows={3}
              required
              maxLength={2000}
              defaultValue={t('sendAMessageDefault')}
              dir="auto"
              className="w-full resize-y rounded-xl border border-line bg-surface px-3 py-2 text-ink focus:border-brand focus:outline-none"
            />
          </label>
          <SubmitButton busy={busy} label={t('sendAMessage')} busyLabel={t('sending')} className="w-full" />
        </Form>
      )}
    </section>
  );
}
