import { Menu, X } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from '#i18n';
import { Form } from 'react-router';
import { Link, NavLink } from './link.tsx';
import { localePath } from '../lib/paths.ts';
import { useLang, useSessionUser } from '../lib/root-data.ts';
import { Avatar, NameAndEmail } from './avatar.tsx';
import { useCloseOnNavigation } from './header-popover.tsx';
import { Logo } from './logo.tsx';
import { LEGAL_NAV, MAIN_NAV } from './nav-links.ts';
import { PostAdLink } from './post-ad-link.tsx';

const DRAWER_ID = 'mobile-drawer';

// The button opens the modal <dialog> through the HTML invoker commands (`commandfor`), so
// without JavaScript too; a browser without them gets showModal() from React. The dialog
// gives the focus trap, Escape, the focus back to the button and, with `closedby="any"`,
// a tap on the backdrop. React's DOM types do not know these attributes yet.
const OPENS_DRAWER = { commandfor: DRAWER_ID, command: 'show-modal' } as Record<string, string>;
const CLOSED_BY_ANY = { closedby: 'any' } as Record<string, string>;

const supportsCommands = () => typeof HTMLButtonElement !== 'undefined' && 'command' in HTMLButtonElement.prototype;

/** The phone-width menu: account links and every section of the site, in a drawer. */
export function MobileDrawer() {
  const lang = useLang();
  const user = useSessionUser();
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  useCloseOnNavigation(dialog);
  return (
    <>
      <button
        type="button"
        {...OPENS_DRAWER}
        onClick={() => {
          if (!supportsCommands()) dialog.current?.showModal();
        }}
        className="grid size-10 place-items-center rounded-full text-ink hover:bg-surface-sunken md:hidden"
        aria-label={t('menu')}
        aria-haspopup="dialog"
        data-testid="mobile-menu"
      >
        <Menu className="size-6" aria-hidden="true" />
      </button>
      <dialog
        id={DRAWER_ID}
        ref={dialog}
        {...CLOSED_BY_ANY}
        aria-labelledby={`${DRAWER_ID}-title`}
        className="start-auto end-0 m-0 h-dvh max-h-none w-[min(20rem,85vw)] max-w-none overflow-y-auto border-0 bg-surface-raised p-0 text-ink shadow-2xl backdrop:bg-black/40"
      >
        <div className="flex min-h-full flex-col gap-6 p-5">
          <div className="flex items-center justify-between">
            <h2 id={`${DRAWER_ID}-title`}>
              <Logo asTitle />
            </h2>
            {/* A dialog form closes its dialog, with or without JavaScript. */}
            <form method="dialog">
              <button
                type="submit"
                className="grid size-10 place-items-center rounded-full text-ink-muted hover:bg-surface-sunken"
                aria-label={t('closeMenu')}
              >
                <X className="size-5" aria-hidden="true" />
              </button>
            </form>
          </div>
          <PostAdLink variant="drawer" />
          {user ? (
            <div className="grid gap-3">
              <div className="flex items-center gap-3 rounded-xl bg-surface-sunken p-3">
                <Avatar name={user.name} image={user.image} size="sm" />
                <NameAndEmail name={user.name} email={user.email} />
              </div>
              <Link to={localePath(lang, '/dashboard')} className="rounded-xl border border-line px-4 py-3 text-center font-semibold text-ink">
                {t('dashboard')}
              </Link>
              <Link to={localePath(lang, '/settings')} className="rounded-xl border border-line px-4 py-3 text-center font-semibold text-ink" data-testid="drawer-settings">
                {t('layout:shell.settings')}
              </Link>
              <Form method="post" action={localePath(lang, '/logout')}>
                <button type="submit" className="w-full rounded-xl border border-line px-4 py-3 font-semibold text-ink">
                  {t('logout')}
                </button>
              </Form>
            </div>
          ) : (
            <div className="grid gap-2">
              <Link to={localePath(lang, '/login')} className="rounded-xl border border-line px-4 py-3 text-center font-semibold text-ink">
                {t('login')}
              </Link>
              <Link to={localePath(lang, '/register')} className="rounded-xl bg-brand px-4 py-3 text-center font-semibold text-on-brand">
                {t('register')}
              </Link>
            </div>
          )}
          <nav aria-label={t('menu')} className="grid gap-1">
            {[...MAIN_NAV, ...LEGAL_NAV].map((item) => (
              <NavLink
                key={item.label}
                to={localePath(lang, item.path)}
                end={item.path === ''}
                className={({ isActive }) =>
                  `rounded-xl px-4 py-3 font-medium ${isActive ? 'bg-brand-soft text-brand-strong' : 'text-ink hover:bg-surface-sunken'}`
                }
              >
                {t(item.label)}
              </NavLink>
            ))}
          </nav>
        </div>
      </dialog>
    </>
  );
}
