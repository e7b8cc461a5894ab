import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../lib/root-data.ts';
import { Avatar } from './avatar.tsx';
import { lazyPart, useLazyPart, type TriggerProps } from './lazy-part.tsx';

const radixPart = lazyPart(() => import('./user-menu-radix.tsx').then((m) => m.UserMenuRadix));

/** The signed-in header's avatar menu: a plain button until the Radix menu is wanted (see lazy-part.tsx). */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation(['common', 'account']);
  const { Part, partProps, buttonProps } = useLazyPart(radixPart, 'pointerdown');
  const trigger: TriggerProps = {
    className: 'rounded-full',
    'data-testid': 'user-menu',
    children: (
      <>
        <Avatar name={user.name} image={user.image} size="sm" />
        <span className="sr-only">{`${t('account:menuLabel')}: ${user.name}`}</span>
      </>
    ),
  };
  if (Part) return <Part {...partProps} trigger={trigger} user={user} />;
  return <button {...trigger} {...buttonProps} aria-haspopup="menu" />;
}
