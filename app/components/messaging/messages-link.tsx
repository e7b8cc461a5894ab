import { MessageCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '#i18n';
import { useLocation } from 'react-router';
import { Link } from '../link.tsx';
import { localePath } from '../../lib/paths.ts';
import { useLang, useRootData } from '../../lib/root-data.ts';
import { setUnreadTotal, useUnreadTotal } from '../../lib/unread-store.ts';

/**
 * The header's link to the inbox with the unread count. The count comes with the page; it is
 * asked again on each navigation and when the tab comes back to the front (the messages pages
 * keep it live through their stream), so no page holds a connection open for a badge.
 */
export function MessagesLink() {
  const lang = useLang();
  const { unread = 0 } = useRootData();
  const total = useUnreadTotal(unread);
  const { pathname } = useLocation();
  const { t } = useTranslation('layout');
  useEffect(() => {
    // Asked again on every navigation (`pathname`): the root data is not.
    if (!pathname) return;
    const refresh = () => {
      fetch('/api/v1/users/me/unread', { credentials: 'same-origin' })
        .then((res) => (res.ok ? (res.json() as Promise<{ data: { total: number } }>) : null))
        .then((body) => body && setUnreadTotal(body.data.total))
        .catch(() => {});
    };
    refresh();
    const onVisible = () => document.visibilityState === 'visible' && refresh();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [pathname]);
  return (
    <Link
      to={localePath(lang, '/messages')}
      className="relative inline-flex size-10 items-center justify-center rounded-full text-ink-muted hover:bg-surface-sunken hover:text-ink"
      aria-label={total > 0 ? t('shell.messagesUnread', { count: total }) : t('shell.messages')}
      data-testid="messages-link"
    >
      <MessageCircle className="size-5" aria-hidden="true" />
      {total > 0 ? (
        <span className="absolute -end-0.5 -top-0.5 grid min-w-5 place-items-center rounded-full bg-brand px-1 text-xs font-bold text-on-brand" data-testid="unread-badge" aria-hidden="true">
          {total > 99 ? '99+' : total}
        </span>
      ) : null}
    </Link>
  );
}
