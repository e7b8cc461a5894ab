// One conversation: the messages, newest at the bottom, older ones loaded on scroll (or by a
// link, without JavaScript); a send form that posts to this page's action and, once React runs,
// to the API instead, with new messages arriving live through the stream.
import { Ban, ChevronLeft, ChevronRight, Flag } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '#i18n';
import { data, Form, redirect, useNavigation } from 'react-router';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/conversation';
import { MESSAGE_MAX_CHARS, MESSAGES_PAGE_MAX } from '../../common/constants.ts';
import { formatDate, formatPrice } from '../../common/format.ts';
import { dirOf, isLang } from '../../common/languages.ts';
import { isDeletedMember, linkHref, messageParts, type MessageView } from '../../common/messaging.ts';
import { localizedTitle } from '../../common/product.ts';
import { isAppError } from '#errors';
import { Avatar } from '../components/avatar.tsx';
import { Alert } from '../components/form/alert.tsx';
import { SubmitButton } from '../components/form/submit-button.tsx';
import { ReportFields } from '../components/report-fields.tsx';
import { fail, failFromError, formValues } from '../lib/forms.ts';
import { seoContext, translatorFor } from '../lib/meta.ts';
import { seoMeta } from '../lib/seo.ts';
import { localePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';
import { callerOf, requireUser, servicesOf } from '../lib/session.server.ts';
import { setUnreadTotal } from '../lib/unread-store.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { useMessageStream } from '../lib/use-message-stream.ts';

export const meta: Route.MetaFunction = ({ matches, params }) => {
  const { lang, publicUrl } = seoContext(matches);
  return seoMeta({ lang, publicUrl, path: `/messages/${params.conversationId}`, title: translatorFor(lang)('messaging:metaInbox'), noindex: true });
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = isLang(params.lang) ? params.lang : 'ar';
  const user = requireUser(request, context, lang);
  const services = servicesOf(context);
  const before = new URL(request.url).searchParams.get('before') ?? undefined;
  try {
    const cursor = await services.messaging.cursor();
    const conversation = await services.messaging.one(user, params.conversationId);
    const messages = await services.messaging.messagesOf(user, params.conversationId, { before, limit: MESSAGES_PAGE_MAX });
    // Opening the conversation reads it.
    const { total } = before ? { total: null } : await services.messaging.markRead(user, params.conversationId);
    return data(
      { conversation: { ...conversation, unreadCount: 0 }, messages, cursor, me: user.id, unread: total, older: Boolean(before) },
      { headers: { 'Cache-Control': 'private, no-store' } },
    );
  } catch (error) {
    if (isAppError(error) && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION_ERROR')) throw data({ reason: 'notFound' }, { status: 404 });
    throw error;
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = isLang(params.lang) ? params.lang : 'ar';
  const user = requireUser(request, context, lang);
  const services = servicesOf(context);
  const form = await request.formData();
  const intent = form.get('intent');
  const here = `/${lang}/messages/${params.conversationId}`;
  try {
    if (intent === 'send') {
      await services.messaging.send(callerOf(context), params.conversationId, String(form.get('body') ?? ''));
      return redirect(here);
    }
    const conversation = await services.messaging.one(user, params.conversationId);
    const otherId = isDeletedMember(conversation.otherUser) ? null : conversation.otherUser.id;
    if (intent === 'block' && otherId) await services.messaging.block(user, otherId);
    else if (intent === 'unblock' && otherId) await services.messaging.unblock(user, otherId);
    else if (intent === 'report') {
      await services.moderation.report(callerOf(context), {
        targetType: 'conversation',
        targetId: params.conversationId,
        reason: String(form.get('reason') ?? '') as never,
        comment: String(form.get('comment') ?? '') || undefined,
      });
      return { reported: true as const };
    } else return fail({ formError: 'VALIDATION_ERROR' });
    return redirect(here);
  } catch (error) {
    if (isAppError(error) && error.code === 'VALIDATION_ERROR' && intent === 'send') return fail({ formError: 'VALIDATION_ERROR', values: formValues(form) });
    return failFromError(error, form);
  }
}

/** Oldest first; a message already there (from the loader, the stream or the send) once. */
function merge(list: MessageView[], more: MessageView[]): MessageView[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => (a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? -1 : 1));
}

function MessageBody({ body, links }: { body: string; links: boolean }) {
  return (
    <p className="whitespace-pre-wrap break-words" dir="auto">
      {messageParts(body).map((part, i) =>
        'text' in part ? (
          <span key={i}>{part.text}</span>
        ) : links ? (
          <a key={i} href={linkHref(part.link)} target="_blank" rel="nofollow noopener noreferrer ugc" className="underline">
            {part.link}
          </a>
        ) : (
          <span key={i} data-testid="inert-link">
            {part.link}
          </span>
        ),
      )}
    </p>
  );
}

export default function ConversationPage({ loaderData, actionData }: Route.ComponentProps) {
  const lang = useLang();
  const { t } = useTranslation(['messaging', 'report']);
  const hydrated = useHydrated();
  const { conversation: c, me, cursor } = loaderData;
  const [items, setItems] = useState(loaderData.messages);
  const [hasOlder, setHasOlder] = useState(loaderData.messages.length === MESSAGES_PAGE_MAX);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [draft, setDraft] = useState((actionData as { values?: Record<string, string> } | undefined)?.values?.body ?? '');
  const list = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const keepFrom = useRef<number | null>(null);
  const busy = useNavigation().state === 'submitting';

  // A revalidation (after blocking, say) brings the loader's messages again: merged, not replaced.
  const [fromLoader, setFromLoader] = useState(loaderData.messages);
  if (fromLoader !== loaderData.messages) {
    setFromLoader(loaderData.messages);
    setItems(merge(items, loaderData.messages));
  }
  useEffect(() => {
    if (loaderData.unread !== null) setUnreadTotal(loaderData.unread);
  }, [loaderData.unread]);

  // Newest at the bottom: stay there as messages arrive, unless the reader scrolled up; after
  // older ones are put on top, keep the reader's place.
  useLayoutEffect(() => {
    const box = list.current;
    if (!box || items.length === 0) return;
    if (keepFrom.current !== null) {
      box.scrollTop = box.scrollHeight - keepFrom.current;
      keepFrom.current = null;
    } else if (stick.current) box.scrollTop = box.scrollHeight;
  }, [items]);

  const markRead = useCallback(() => {
    fetch(`/api/v1/conversations/${c.id}/read`, { method: 'POST', credentials: 'same-origin' })
      .then((res) => (res.ok ? (res.json() as Promise<{ data: { total: number } }>) : null))
      .then((body) => body && setUnreadTotal(body.data.total))
      .catch(() => {});
  }, [c.id]);

  const streamState = useMessageStream(cursor, (event) => {
    if (event.conversationId !== c.id) return;
    setItems((now) => merge(now, [event.message]));
    if (event.message.senderId !== me && document.visibilityState === 'visible') markRead();
  });

  async function loadOlder() {
    const first = items[0];
    if (!first || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const res = await fetch(`/api/v1/conversations/${c.id}/messages?before=${first.id}&limit=${MESSAGES_PAGE_MAX}`, { credentials: 'same-origin' });
      if (!res.ok) return;
      const older = ((await res.json()) as { data: MessageView[] }).data;
      setHasOlder(older.length === MESSAGES_PAGE_MAX);
      if (list.current) keepFrom.current = list.current.scrollHeight - list.current.scrollTop;
      setItems((now) => merge(older, now));
    } finally {
      setLoadingOlder(false);
    }
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    // Without React the form posts to the action; with it, to the API, and the page stays.
    event.preventDefault();
    const body = draft.trim();
    if (!body || body.length > MESSAGE_MAX_CHARS) return setSendError('VALIDATION_ERROR');
    setSending(true);
    setSendError(null);
    try {
      const res = await fetch(`/api/v1/conversations/${c.id}/messages`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ body }),
      });
      const answer = (await res.json()) as { success: boolean; data?: MessageView; code?: string };
      if (!answer.success || !answer.data) return setSendError(answer.code ?? 'sendFailed');
      stick.current = true;
      setItems((now) => merge(now, [answer.data!]));
      setDraft('');
    } catch {
      setSendError('sendFailed');
    } finally {
      setSending(false);
    }
  }

  const other = isDeletedMember(c.otherUser) ? null : c.otherUser;
  const title = c.product.state === 'deleted' ? c.product.title : localizedTitle(c.product, lang);
  const links = c.linksEnabled || (items.some((m) => m.senderId === me) && items.some((m) => m.senderId !== me));
  const failure = actionData as { formError?: string; reported?: true } | undefined;
  const shownError = sendError ?? (failure?.formError && !failure.reported ? failure.formError : null);
  const Back = dirOf(lang) === 'rtl' ? ChevronRight : ChevronLeft;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-4 sm:px-6 sm:py-8" data-testid="conversation-page" data-stream={hydrated ? streamState : 'off'}>
      <div className="flex items-center gap-3">
        <Link to={localePath(lang, '/messages')} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-strong hover:underline">
          <Back className="size-4" aria-hidden="true" />
          {t('backToInbox')}
        </Link>
      </div>
      <header className="flex items-center gap-3 rounded-2xl border border-line bg-surface-raised p-3">
        {c.product.img ? <img src={c.product.img} alt="" width={64} height={64} className="size-14 shrink-0 rounded-xl object-cover" /> : null}
        <div className="min-w-0 flex-1">
          <p className="text-xs text-ink-muted">{t('aboutListing')}</p>
          {c.product.id && c.product.state === 'available' ? (
            <Link to={localePath(lang, `/products/${c.product.id}`)} className="block truncate font-semibold text-ink hover:underline">
              {/* Isolated, not dir="auto": a French title on an Arabic page starts where the page's lines start. */}
              <bdi>{title}</bdi>
            </Link>
          ) : (
            <p className="truncate font-semibold text-ink">
              <bdi>{title}</bdi> · <span className="font-normal text-ink-muted">{c.product.state === 'deleted' ? t('listingDeleted') : t('listingUnavailable')}</span>
            </p>
          )}
          {c.product.price ? <p className="text-sm text-brand-strong"><bdi dir="ltr">{formatPrice(c.product.price, lang)}</bdi></p> : null}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {other ? <Avatar name={other.name} image={other.image} size="sm" /> : null}
          <span className="max-w-32 truncate text-sm font-medium text-ink" dir="auto" data-testid="other-member">
            {other ? other.name : t('deletedMember')}
          </span>
        </div>
      </header>

      <div ref={list} onScroll={(e) => {
        const box = e.currentTarget;
        stick.current = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
        if (box.scrollTop < 40 && hasOlder && hydrated) void loadOlder();
      }} className="h-[58dvh] overflow-y-auto rounded-2xl border border-line bg-surface p-3 sm:p-4" data-testid="message-list" aria-live="polite">
        {hasOlder ? (
          <div className="mb-3 text-center">
            {hydrated ? (
              <button type="button" onClick={() => void loadOlder()} className="text-sm font-semibold text-brand-strong hover:underline" disabled={loadingOlder}>
                {loadingOlder ? t('loadingOlder') : t('loadOlder')}
              </button>
            ) : (
              <Link to={`?before=${items[0]?.id ?? ''}`} className="text-sm font-semibold text-brand-strong hover:underline">
                {t('loadOlder')}
              </Link>
            )}
          </div>
        ) : null}
        <ol className="space-y-2">
          {items.map((m) => {
            const mine = m.senderId === me;
            return (
              <li key={m.id} className={`flex ${mine ? 'justify-end' : 'justify-start'}`} data-testid="message" data-mine={mine ? 'true' : 'false'}>
                <div className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm sm:max-w-[75%] ${mine ? 'rounded-ee-sm bg-brand text-on-brand' : 'rounded-es-sm border border-line bg-surface-sunken text-ink'}`}>
                  <MessageBody body={m.body} links={links} />
                  <time className={`mt-1 block text-end text-[11px] ${mine ? 'text-on-brand/80' : 'text-ink-muted'}`} dateTime={m.createdAt}>
                    {formatDate(m.createdAt, lang, 'medium')} {new Date(m.createdAt).toLocaleTimeString(lang === 'ar' ? 'ar-DZ-u-nu-latn' : lang, { hour: '2-digit', minute: '2-digit' })}
                  </time>
                </div>
              </li>
            );
          })}
        </ol>
      </div>

      {hydrated && streamState === 'reconnecting' ? <p className="text-sm text-ink-muted" role="status">{t('liveReconnecting')}</p> : null}
      {!links ? <p className="text-xs text-ink-muted">{t('linksHidden')}</p> : null}

      {c.blocked ? (
        <Alert tone="info">{other ? t('blockedNotice') : t('deletedNotice')}</Alert>
      ) : (
        <Form method="post" onSubmit={hydrated ? send : undefined} className="flex flex-col gap-2 sm:flex-row sm:items-end" data-testid="send-form">
          <input type="hidden" name="intent" value="send" />
          <label className="flex-1">
            <span className="sr-only">{t('writeLabel')}</span>
            <textarea
              name="body"
              rows={2}
              required
              maxLength={MESSAGE_MAX_CHARS}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && hydrated) {
                  e.preventDefault();
                  e.currentTarget.form?.requestSubmit();
                }
              }}
              placeholder={t('writePlaceholder')}
              dir="auto"
              className="w-full resize-y rounded-xl border border-line bg-surface-raised px-3 py-2 text-ink focus:border-brand focus:outline-none"
            />
          </label>
          <SubmitButton busy={busy || sending} label={t('send')} busyLabel={t('sending')} />
        </Form>
      )}
      {shownError ? (
        <Alert tone="error">{t(`errors.${shownError}`, { defaultValue: t('sendFailed') })}</Alert>
      ) : null}

      {other ? (
        <div className="flex flex-wrap items-start gap-3 border-t border-line pt-4 text-sm">
          <Form method="post">
            <input type="hidden" name="intent" value={c.blockedByMe ? 'unblock' : 'block'} />
            <button
              type="submit"
              className="inline-flex items-center gap-1.5 rounded-xl border border-line px-3 py-1.5 font-semibold text-ink hover:bg-surface-sunken"
              onClick={(e) => {
                if (!c.blockedByMe && !window.confirm(t('blockConfirm'))) e.preventDefault();
              }}
            >
              <Ban className="size-4" aria-hidden="true" />
              {c.blockedByMe ? t('unblock') : t('block')}
            </button>
          </Form>
          {failure?.reported ? (
            <Alert tone="success">{t('reported')}</Alert>
          ) : (
            <details className="min-w-0 flex-1">
              <summary className="inline-flex cursor-pointer items-center gap-1.5 rounded-xl border border-line px-3 py-1.5 font-semibold text-ink hover:bg-surface-sunken">
                <Flag className="size-4" aria-hidden="true" />
                {t('report')}
              </summary>
              <Form method="post" className="mt-3 space-y-3 rounded-2xl border border-line bg-surface-raised p-4">
                <input type="hidden" name="intent" value="report" />
                <ReportFields />
                <SubmitButton busy={busy} label={t('report:send')} busyLabel={t('report:sending')} />
              </Form>
            </details>
          )}
        </div>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  const lang = useLang();
  const { t } = useTranslation(['messaging', 'notFound']);
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-2xl font-bold text-ink">{t('notFound:title')}</h1>
      <Link to={localePath(lang, '/messages')} className="mt-6 inline-block font-semibold text-brand-strong hover:underline">
        {t('backToInbox')}
      </Link>
    </div>
  );
}
