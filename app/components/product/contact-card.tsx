import { BadgeCheck, Eye, EyeOff, LoaderCircle, MapPin, Phone, ShieldCheck, Store } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '#i18n';
import { Link } from '../link.tsx';
import { formatDate } from '../../../common/format.ts';
import { toInternational, toNational } from '../../../common/phone.ts';
import type { PublicUser } from '../../../common/user-views.ts';
import { localePath } from '../../lib/paths.ts';
import { useLang } from '../../lib/root-data.ts';
import { Avatar } from '../avatar.tsx';
import { MessagingApps } from './messaging-apps.tsx';

type PhoneState =
  | { status: 'hidden'; phone: string | null; apps?: Apps }
  | { status: 'loading'; phone: null }
  | { status: 'shown'; phone: string; apps?: Apps }
  | { status: 'error'; phone: null; reason: 'rateLimited' | 'gone' | 'failed' };

/** Whether the seller takes WhatsApp / Viber on the number (said by the reveal). */
type Apps = { whatsapp: boolean; viber: boolean };

/** The product page action's answer to the reveal form. */
export type RevealAnswer = ({ phone: string } & Partial<Apps>) | { phoneError: 'rateLimited' | 'gone' };

function initialState(revealed: RevealAnswer | undefined): PhoneState {
  if (!revealed) return { status: 'hidden', phone: null };
  if ('phone' in revealed) return { status: 'shown', phone: revealed.phone, apps: { whatsapp: !!revealed.whatsapp, viber: !!revealed.viber } };
  return { status: 'error', phone: null, reason: revealed.phoneError };
}

/** The contact card's analytics event; a lost event must never bother the buyer. */
function sendToggleEvent(productId: string, shown: boolean) {
  void fetch('/api/v1/events', {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'phone_toggle', productId, shown }),
  }).catch(() => undefined);
}

async function fetchContact(productId: string): Promise<{ ok: true; phone: string; apps: Apps } | { ok: false; reason: 'rateLimited' | 'gone' | 'failed' }> {
  try {
    const response = await fetch(`/api/v1/products/${encodeURIComponent(productId)}/contact`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (response.status === 429) return { ok: false, reason: 'rateLimited' };
    if (response.status === 404) return { ok: false, reason: 'gone' };
    if (!response.ok) return { ok: false, reason: 'failed' };
    const body = (await response.json()) as { data?: { contact?: unknown; whatsapp?: unknown; viber?: unknown } };
    const contact = body.data?.contact;
    const apps = { whatsapp: body.data?.whatsapp === true, viber: body.data?.viber === true };
    return typeof contact === 'string' && contact ? { ok: true, phone: contact, apps } : { ok: false, reason: 'failed' };
  } catch {
    return { ok: false, reason: 'failed' };
  }
}

/**
 * The seller and the phone, masked until the buyer asks for it. Revealing is its own
 * request (counted and rate-limited); each toggle also sends the analytics event.
 */
export function ContactCard({
  productId,
  productTitle,
  seller,
  ownContact,
  revealed,
  barActions,
}: {
  productId: string;
  /** Named in the prefilled WhatsApp / Viber message. */
  productTitle: string;
  seller: PublicUser;
  /** The phone as stored, when the owner is looking at their own listing. */
  ownContact?: string;
  /** What the page's action answered to the reveal form (posted before hydration). */
  revealed?: RevealAnswer;
  /** Slot: more buttons for the phone's contact bar ("WhatsApp", "Message"), after the phone's. */
  barActions?: ReactNode;
}) {
  const lang = useLang();
  const { t } = useTranslation(['listings', 'cities', 'browse']);
  const [state, setState] = useState<PhoneState>(() => initialState(revealed));

  async function reveal() {
    if (state.status === 'hidden' && state.phone) {
      setState({ status: 'shown', phone: state.phone, apps: state.apps });
      sendToggleEvent(productId, true);
      return;
    }
    setState({ status: 'loading', phone: null });
    const result = await fetchContact(productId);
    if (result.ok) {
      setState({ status: 'shown', phone: result.phone, apps: result.apps });
      sendToggleEvent(productId, true);
    } else {
      setState({ status: 'error', phone: null, reason: result.reason });
    }
  }

  function hide() {
    if (state.status !== 'shown') return;
    setState({ status: 'hidden', phone: state.phone, apps: state.apps });
    sendToggleEvent(productId, false);
  }

  const memberSince = seller.createdAt ? formatDate(seller.createdAt, lang) : null;
  const shown = ownContact ? toNational(ownContact) : state.status === 'shown' ? state.phone : null;
  const errorText =
    state.status === 'error' ? t(state.reason === 'rateLimited' ? 'phoneRateLimited' : state.reason === 'gone' ? 'phoneGone' : 'phoneError') : null;

  return (
    <section className="rounded-2xl border border-line bg-surface-raised p-5 shadow-sm" aria-labelledby="contact-title" data-testid="contact-card">
      <h2 id="contact-title" className="text-lg font-semibold text-ink">
        {t('contactTitle')}
      </h2>
      <div className="mt-4 flex items-center gap-3">
        <Avatar name={seller.name} image={seller.image} size="md" />
        <div className="min-w-0">
          <p className="flex items-center gap-1 truncate font-semibold text-ink">
            <span className="truncate" dir="auto">
              {seller.name}
            </span>
            {seller.isVerified ? <BadgeCheck className="size-4 shrink-0 text-brand" aria-label={t('verifiedSeller')} role="img" /> : null}
          </p>
          <p className="text-sm text-ink-muted">{memberSince ? t('memberSince', { date: memberSince }) : t('unavailable')}</p>
        </div>
      </div>
      <p className="mt-3 flex items-center gap-1.5 text-sm text-ink-muted">
        <MapPin className="size-4 shrink-0" aria-hidden="true" />
        <span className="sr-only">{`${t('wilaya')}: `}</span>
        {seller.address ? t(`cities:${seller.address}`) : t('unavailable')}
      </p>

      <div className="mt-5 rounded-xl bg-surface-sunken p-3">
        <p className="text-xs font-medium text-ink-muted">{t('phone')}</p>
        <div className="mt-1 flex min-h-8 items-center gap-2" aria-live="polite" data-testid="phone">
          <Phone className="size-4 shrink-0 text-brand-strong" aria-hidden="true" />
          {shown ? (
            <a
              href={`tel:${toInternational(shown) ?? shown.replace(/\s+/g, '')}`}
              className="text-lg font-bold tracking-wide text-brand-strong underline-offset-4 hover:underline"
              dir="ltr"
              aria-label={t('callSeller', { phone: shown })}
              data-testid="phone-number"
            >
              {shown}
            </a>
          ) : (
            <span className="text-lg font-bold tracking-[0.2em] text-ink-muted" dir="ltr">
              <span aria-hidden="true">•••• •• •• ••</span>
              <span className="sr-only">{t('phoneMasked')}</span>
            </span>
          )}
        </div>
      </div>
      {!ownContact && state.status === 'shown' && state.apps ? (
        <MessagingApps phone={state.phone} productId={productId} productTitle={productTitle} whatsapp={state.apps.whatsapp} viber={state.apps.viber} />
      ) : null}
      {ownContact ? (
        <p className="mt-3 text-sm text-ink-muted">{t('ownListing')}</p>
      ) : state.status === 'shown' ? (
        // Without JavaScript, the page again (a GET), masked.
        <form
          method="get"
          action={localePath(lang, `/products/${productId}`)}
          onSubmit={(event) => {
            event.preventDefault();
            hide();
          }}
        >
          <button
            type="submit"
            className="mt-3 inline-flex w-full items-center justify-center gap-2 rounded-xl border border-line px-4 py-2.5 font-semibold text-ink hover:bg-surface-sunken"
            data-testid="phone-toggle"
          >
            <EyeOff className="size-4" aria-hidden="true" />
            {t('hidePhone')}
          </button>
        </form>
      ) : (
        // Without JavaScript the form posts to the page's action, which answers with the number.
        <form
          method="post"
          onSubmit={(event) => {
            event.preventDefault();
            void reveal();
          }}
        >
          <input type="hidden" name="intent" value="revealPhone" />
          <button
            type="submit"
            disabled={state.status === 'loading'}
            className="mt-3 inline-flex w-full items-center justify-center gap-2 rounded-xl bg-brand px-4 py-2.5 font-semibold text-on-brand hover:bg-brand-strong disabled:opacity-70"
            data-testid="phone-toggle"
          >
            {state.status === 'loading' ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
            {state.status === 'loading' ? t('revealing') : t('showPhone')}
          </button>
        </form>
      )}
      {errorText ? (
        <p className="mt-2 text-sm font-medium text-danger" role="alert">
          {errorText}
        </p>
      ) : null}

      <Link
        to={localePath(lang, `/shop/${seller.id}`)}
        className="mt-3 inline-flex w-full items-center justify-center gap-2 rounded-xl border border-brand px-4 py-2.5 font-semibold text-brand-strong hover:bg-brand-soft"
        data-testid="visit-shop"
      >
        <Store className="size-4" aria-hidden="true" />
        {t('visitShop')}
      </Link>
      <p className="mt-4 flex items-start gap-2 text-xs text-ink-muted">
        <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {t('safetyTip')}
      </p>
      {ownContact ? null : (
        <ContactBar
          productId={productId}
          phone={shown}
          loading={state.status === 'loading'}
          errorText={errorText}
          onReveal={() => void reveal()}
          actions={barActions}
        />
      )}
    </section>
  );
}

/**
 * The phone's way to the seller, fixed at the bottom of the screen (the card itself is far
 * down the page there): "Show number", then "Call". The same reveal as the card's (its state,
 * its form without JavaScript). From `lg` up the card sits beside the photos and the bar goes.
 */
function ContactBar({
  productId,
  phone,
  loading,
  errorText,
  onReveal,
  actions,
}: {
  productId: string;
  phone: string | null;
  loading: boolean;
  errorText: string | null;
  onReveal: () => void;
  actions?: ReactNode;
}) {
  const lang = useLang();
  const { t } = useTranslation(['listings', 'browse']);
  const button = 'inline-flex h-12 flex-1 items-center justify-center gap-2 rounded-xl px-4 font-semibold';
  return (
    <div
      className="contact-bar fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface-raised/95 px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(0_0_0/0.08)] backdrop-blur lg:hidden"
      role="region"
      aria-label={t('browse:contactBar')}
      data-testid="contact-bar"
    >
      {errorText ? (
        <p className="mb-1 text-center text-xs font-medium text-danger" data-testid="contact-bar-error">
          {errorText}
        </p>
      ) : null}
      <div className="mx-auto flex max-w-xl gap-2">
        {phone ? (
          <a
            href={`tel:${toInternational(phone) ?? phone.replace(/\s+/g, '')}`}
            className={`${button} bg-brand text-on-brand hover:bg-brand-strong`}
            aria-label={t('callSeller', { phone })}
            data-testid="contact-bar-call"
          >
            <Phone className="size-5" aria-hidden="true" />
            <span>{t('browse:call')}</span>
            <span className="font-bold tracking-wide" dir="ltr">
              {phone}
            </span>
          </a>
        ) : (
          <form
            method="post"
            action={localePath(lang, `/products/${productId}`)}
            className="flex flex-1"
            onSubmit={(event) => {
              event.preventDefault();
              onReveal();
            }}
          >
            <input type="hidden" name="intent" value="revealPhone" />
            <button type="submit" disabled={loading} className={`${button} bg-brand text-on-brand hover:bg-brand-strong disabled:opacity-70`} data-testid="contact-bar-reveal">
              {loading ? <LoaderCircle className="size-5 animate-spin" aria-hidden="true" /> : <Phone className="size-5" aria-hidden="true" />}
              {loading ? t('revealing') : t('browse:showNumber')}
            </button>
          </form>
        )}
        {actions}
      </div>
    </div>
  );
}
