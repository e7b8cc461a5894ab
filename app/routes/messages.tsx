// The inbox: the member's conversations, most recent first, with the listing's photo and
// title, the other member, the last message and the unread count; live through the stream.
// Its action starts a conversation from a listing's "Send a message" form (works without JS).
import { useState } from 'react';
import { useTranslation } from '#i18n';
import { data, redirect, useRevalidator } from 'react-router';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/messages';
import { CONVERSATIONS_PAGE_SIZE } from '../../common/constants.ts';
import { formatDate } from '../../common/format.ts';
import { isLang } from '../../common/languages.ts';
import { isDeletedMember, type ConversationView } from '../../common/messaging.ts';
import { localizedTitle } from '../../common/product.ts';
import { isAppError } from '#errors';
import { Avatar } from '../components/avatar.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { seoContext, translatorFor } from '../lib/meta.ts';
import { seoMeta } from '../lib/seo.ts';
import { localePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';
import { callerOf, requireUser, servicesOf } from '../lib/session.server.ts';
import { useMessageStream } from '../lib/use-message-stream.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { lang, publicUrl } = seoContext(matches);
  return seoMeta({ lang, publicUrl, path: '/messages', title: translatorFor(lang)('messaging:metaInbox'), noindex: true });
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = isLang(params.lang) ? params.lang : 'ar';
  const user = requireUser(request, context, lang);
  const services = servicesOf(context);
  const page = Math.max(1, Math.min(100_000, Number(new URL(request.url).searchParams.get('page')) || 1));
  const [{ rows, total }, cursor] = await Promise.all([services.messaging.list(user, page), services.messaging.cursor()]);
  return data(
    { conversations: rows, page, totalPages: Math.max(1, Math.ceil(total / CONVERSATIONS_PAGE_SIZE)), cursor, me: user.id },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

/** "Send a message" from a listing: to the conversation, or back to the listing with the reason. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = isLang(params.lang) ? params.lang : 'ar';
  const form = await request.formData();
  const productId = String(form.get('productId') ?? '');
  const back = `/${lang}/products/${encodeURIComponent(productId)}`;
  requireUser(new Request(new URL(back, request.url)), context, lang);
  try {
    const { conversation } = await servicesOf(context).messaging.start(callerOf(context), productId, String(form.get('message') ?? ''));
    return redirect(`/${lang}/messages/${conversation.id}`);
  } catch (error) {
    if (isAppError(error)) return redirect(`${back}?messageError=${error.code}#send-message`);
    throw error;
  }
}

function ConversationRow({ c, me }: { c: ConversationView; me: string }) {
  const lang = useLang();
  const { t } = useTranslation('messaging');
  const other = isDeletedMember(c.otherUser) ? null : c.otherUser;
  const title = c.product.state === 'deleted' ? c.product.title : localizedTitle(c.product, lang);
  return (
    <li>
      <Link
        to={localePath(lang, `/messages/${c.id}`)}
        className="flex items-center gap-3 rounded-2xl border border-line bg-surface-raised p-3 hover:bg-surface-sunken sm:gap-4"
        data-testid="conversation-row"
        data-unread={c.unreadCount}
      >
        {c.product.img ? (
          <img src={c.product.img} alt="" width={64} height={64} className="size-14 shrink-0 rounded-xl object-cover sm:size-16" />
        ) : (
          <span className="grid size-14 shrink-0 place-items-center rounded-xl bg-surface-sunken text-xs text-ink-muted sm:size-16" aria-hidden="true">
            —
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className="truncate font-semibold text-ink" dir="auto">
              {title}
            </span>
            <time className="shrink-0 text-xs text-ink-muted" dateTime={c.updatedAt}>
              {formatDate(c.updatedAt, lang)}
            </time>
          </span>
          <span className="mt-0.5 flex items-center gap-2 text-sm text-ink-muted">
            {other ? <Avatar name={other.name} image={other.image} size="sm" /> : null}
            <span className="truncate" dir="auto">
              {other ? other.name : t('deletedMember')}
            </span>
            {c.product.state !== 'available' ? (
              <span className="shrink-0 rounded-full bg-surface-sunken px-2 py-0.5 text-xs">{c.product.state === 'deleted' ? t('listingDeleted') : t('listingUnavailable')}</span>
            ) : null}
          </span>
          <span className="mt-1 flex items-center justify-between gap-2">
            <span className={`truncate text-sm ${c.unreadCount > 0 ? 'font-semibold text-ink' : 'text-ink-muted'}`} dir="auto">
              {c.lastMessage ? `${c.lastMessage.senderId === me ? t('you') : ''}${c.lastMessage.body}` : t('noMessageYet')}
            </span>
            {c.unreadCount > 0 ? (
              <span className="shrink-0 rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-on-brand" data-testid="conversation-unread">
                {t('unreadCount', { count: c.unreadCount })}
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('messaging');
  const { conversations, page, totalPages, cursor, me } = loaderData;
  const revalidator = useRevalidator();
  const [seen] = useState(() => new Set<string>());
  // A new message moves its conversation to the top with its count: the list is read again.
  useMessageStream(cursor, (event) => {
    if (seen.has(event.message.id)) return;
    seen.add(event.message.id);
    if (revalidator.state === 'idle') void revalidator.revalidate();
  });
  return (
    <>
      <PageHeader title={t('inboxTitle')} />
      <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10" data-testid="inbox">
        {conversations.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line p-8 text-center text-ink-muted">{t('inboxEmpty')}</p>
        ) : (
          <ul className="space-y-3">
            {conversations.map((c) => (
              <ConversationRow key={c.id} c={c} me={me} />
            ))}
          </ul>
        )}
        {totalPages > 1 ? (
          <nav className="mt-6 flex justify-between gap-3 text-sm font-semibold">
            {page > 1 ? <Link to={`?page=${page - 1}`} className="text-brand-strong hover:underline">{t('previousPage')}</Link> : <span />}
            {page < totalPages ? <Link to={`?page=${page + 1}`} className="text-brand-strong hover:underline">{t('nextPage')}</Link> : null}
          </nav>
        ) : null}
      </div>
    </>
  );
}
