import { useTranslation } from '#i18n';
import { Link, NavLink } from './link.tsx';
import { localePath } from '../lib/paths.ts';
import { useLang, useSessionUser } from '../lib/root-data.ts';
import { UserMenu } from './user-menu.tsx';
import { MessagesLink } from './messaging/messages-link.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { Logo } from './logo.tsx';
import { MobileDrawer } from './mobile-drawer.tsx';
import { MAIN_NAV } from './nav-links.ts';
import { NavigationProgress } from './navigation-progress.tsx';
import { PostAdLink } from './post-ad-link.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

export function SiteHeader() {
  const lang = useLang();
  const user = useSessionUser();
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface-raised/90 backdrop-blur supports-[backdrop-filter]:bg-surface-raised/75">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-brand focus:px-3 focus:py-2 focus:text-on-brand"
      >
        {t('skipToContent')}
      </a>
      <NavigationProgress />
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
        <Logo />
        <nav aria-label={t('menu')} className="ms-6 hidden items-center gap-1 md:flex">
          {MAIN_NAV.map((item) => (
            <NavLink
              key={item.label}
              to={localePath(lang, item.path)}
              end={item.path === ''}
              className={({ isActive }) =>
                `rounded-full px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-soft text-brand-strong' : 'text-ink-muted hover:bg-surface-sunken hover:text-ink'}`
              }
            >
              {t(item.label)}
            </NavLink>
          ))}
        </nav>
        <div className="ms-auto flex items-center gap-1">
          {/* Slot: the messaging branch's unread badge goes before "Post an ad". */}
          <PostAdLink variant="header" />
          <ThemeToggle />
          <LanguageMenu />
          {user ? <MessagesLink /> : null}
          {user ? (
            <div className="ms-1 hidden md:block">
              <UserMenu user={user} />
            </div>
          ) : (
          <div className="ms-2 hidden items-center gap-2 md:flex">
            <Link
              to={localePath(lang, '/login')}
              className="rounded-full px-4 py-2 text-sm font-semibold text-ink hover:bg-surface-sunken"
            >
              {t('login')}
            </Link>
            <Link
              to={localePath(lang, '/register')}
              className="rounded-full border border-line px-4 py-2 text-sm font-semibold text-ink hover:bg-surface-sunken"
            >
              {t('register')}
            </Link>
          </div>
          )}
          <MobileDrawer />
        </div>
      </div>
    </header>
  );
}
