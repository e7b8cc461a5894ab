import { Bell, Heart, LayoutDashboard, LogOut, Settings, ShieldCheck } from 'lucide-react';
import { useTranslation } from '#i18n';
import { Form } from 'react-router';
import { Link } from './link.tsx';
import { localePath } from '../lib/paths.ts';
import { useLang, type SessionUser } from '../lib/root-data.ts';
import { Avatar, NameAndEmail } from './avatar.tsx';
import { HeaderPopover, MENU_ITEM } from './header-popover.tsx';

/** The signed-in header's avatar menu: the dashboard link and the log-out form. */
export function UserMenu({ user }: { user: SessionUser }) {
  const lang = useLang();
  const { t } = useTranslation(['common', 'account', 'layout']);
  return (
    <HeaderPopover
      id="user-menu"
      testId="user-menu"
      buttonClass="rounded-full"
      anchorClass="[anchor-name:--user-menu]"
      panelClass="[position-anchor:--user-menu] w-64"
      button={
        <>
          <Avatar name={user.name} image={user.image} size="sm" />
          <span className="sr-only">{`${t('account:menuLabel')}: ${user.name}`}</span>
        </>
      }
    >
      <div className="px-3 py-2">
        <NameAndEmail name={user.name} email={user.email} />
      </div>
      <hr className="my-1 border-line" />
      <Link to={localePath(lang, '/dashboard')} className={MENU_ITEM}>
        <LayoutDashboard className="size-4" aria-hidden="true" />
        {t('dashboard')}
      </Link>
      <Link to={localePath(lang, '/settings')} className={MENU_ITEM} data-testid="menu-settings">
        <Settings className="size-4" aria-hidden="true" />
        {t('layout:shell.settings')}
      </Link>
      {user.staff ? (
        <Link to={localePath(lang, '/admin')} className={MENU_ITEM} data-testid="menu-admin">
          <ShieldCheck className="size-4" aria-hidden="true" />
          {t('layout:shell.moderation')}
        </Link>
      ) : null}
      <Link to={localePath(lang, '/favourites')} className={MENU_ITEM} data-testid="menu-favourites">
        <Heart className="size-4" aria-hidden="true" />
        {t('layout:shell.favourites')}
      </Link>
      <Link to={localePath(lang, '/saved-searches')} className={MENU_ITEM} data-testid="menu-saved-searches">
        <Bell className="size-4" aria-hidden="true" />
        {t('layout:shell.savedSearches')}
      </Link>
      <Form method="post" action={localePath(lang, '/logout')}>
        <button type="submit" className={`${MENU_ITEM} cursor-pointer`}>
          <LogOut className="size-4" aria-hidden="true" />
          {t('logout')}
        </button>
      </Form>
    </HeaderPopover>
  );
}
