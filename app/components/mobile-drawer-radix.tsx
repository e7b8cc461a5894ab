import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Form, Link, NavLink } from 'react-router';
import { dirOf } from '../../common/languages.ts';
import { localePath } from '../lib/paths.ts';
import { useLang, useSessionUser } from '../lib/root-data.ts';
import { Avatar, NameAndEmail } from './avatar.tsx';
import { Logo } from './logo.tsx';
import { LEGAL_NAV, MAIN_NAV } from './nav-links.ts';
import { useInitialFocus } from './radix-focus.ts';
import type { PartProps } from './lazy-part.tsx';

/** The Radix half of the mobile drawer, fetched on first intent by mobile-drawer.tsx. */
export function MobileDrawerRadix({ open, onOpenChange, initialFocus, trigger }: PartProps) {
  const lang = useLang();
  const user = useSessionUser();
  const { t } = useTranslation();
  // Only the trigger hand-over matters here: Dialog focuses its first control however it opened.
  const { triggerRef } = useInitialFocus(initialFocus);
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger ref={triggerRef} {...trigger} />
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          dir={dirOf(lang)}
          className="fixed inset-y-0 end-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-6 overflow-y-auto bg-surface-raised p-5 shadow-2xl"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title asChild>
              <div>
                <Logo />
              </div>
            </Dialog.Title>
            <Dialog.Close
              className="grid size-10 place-items-center rounded-full text-ink-muted hover:bg-surface-sunken"
              aria-label={t('closeMenu')}
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('tagline')}</Dialog.Description>
          {user ? (
            <div className="grid gap-3">
              <div className="flex items-center gap-3 rounded-xl bg-surface-sunken p-3">
                <Avatar name={user.name} image={user.image} size="sm" />
                <NameAndEmail name={user.name} email={user.email} />
              </div>
              <Link to={localePath(lang, '/dashboard')} onClick={close} className="rounded-xl bg-brand px-4 py-3 text-center font-semibold text-on-brand">
                {t('dashboard')}
              </Link>
              <Form method="post" action={localePath(lang, '/logout')} onSubmit={close}>
                <button type="submit" className="w-full rounded-xl border border-line px-4 py-3 font-semibold text-ink">
                  {t('logout')}
                </button>
              </Form>
            </div>
          ) : (
            <div className="grid gap-2">
              <Link
                to={localePath(lang, '/login')}
                onClick={close}
                className="rounded-xl border border-line px-4 py-3 text-center font-semibold text-ink"
              >
                {t('login')}
              </Link>
              <Link
                to={localePath(lang, '/register')}
                onClick={close}
                className="rounded-xl bg-brand px-4 py-3 text-center font-semibold text-on-brand"
              >
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
                onClick={close}
                className={({ isActive }) =>
                  `rounded-xl px-4 py-3 font-medium ${isActive ? 'bg-brand-soft text-brand-strong' : 'text-ink hover:bg-surface-sunken'}`
                }
              >
                {t(item.label)}
              </NavLink>
            ))}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
