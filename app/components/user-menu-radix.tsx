import { LayoutDashboard, LogOut } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link, useSubmit } from 'react-router';
import { dirOf } from '../../common/languages.ts';
import { localePath } from '../lib/paths.ts';
import { useLang, type SessionUser } from '../lib/root-data.ts';
import { NameAndEmail } from './avatar.tsx';
import { useInitialFocus } from './radix-focus.ts';
import type { PartProps } from './lazy-part.tsx';

export type UserMenuPartProps = PartProps & { user: SessionUser };

/** The Radix half of the avatar menu, fetched on first intent by user-menu.tsx. */
export function UserMenuRadix({ open, onOpenChange, initialFocus, trigger, user }: UserMenuPartProps) {
  const lang = useLang();
  const { t } = useTranslation(['common', 'account']);
  const submit = useSubmit();
  const { triggerRef, onContentFocus } = useInitialFocus(initialFocus);
  const itemClass = 'flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-surface-sunken';
  return (
    <DropdownMenu.Root dir={dirOf(lang)} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger ref={triggerRef} {...trigger} />
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          onFocus={onContentFocus}
          className="z-50 w-64 rounded-xl border border-line bg-surface-raised p-1 shadow-lg"
        >
          <div className="px-3 py-2">
            <NameAndEmail name={user.name} email={user.email} />
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item asChild>
            <Link to={localePath(lang, '/dashboard')} className={itemClass}>
              <LayoutDashboard className="size-4" aria-hidden="true" />
              {t('dashboard')}
            </Link>
          </DropdownMenu.Item>
          {/* The menu unmounts on select, so the log-out POST is sent from here, not by a form inside it. */}
          <DropdownMenu.Item
            className={`${itemClass} w-full cursor-pointer`}
            onSelect={() => void submit(null, { method: 'post', action: localePath(lang, '/logout') })}
          >
            <LogOut className="size-4" aria-hidden="true" />
            {t('logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
