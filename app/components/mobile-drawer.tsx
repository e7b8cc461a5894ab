import { Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { lazyPart, useLazyPart, type TriggerProps } from './lazy-part.tsx';

const radixPart = lazyPart(() => import('./mobile-drawer-radix.tsx').then((m) => m.MobileDrawerRadix));

/** The phone-width menu button: a plain button until the Radix drawer is wanted (see lazy-part.tsx). */
export function MobileDrawer() {
  const { t } = useTranslation();
  const { Part, partProps, buttonProps } = useLazyPart(radixPart, 'click');
  const trigger: TriggerProps = {
    className: 'grid size-10 place-items-center rounded-full text-ink hover:bg-surface-sunken md:hidden',
    'aria-label': t('menu'),
    'data-testid': 'mobile-menu',
    children: <Menu className="size-6" aria-hidden="true" />,
  };
  if (Part) return <Part {...partProps} trigger={trigger} />;
  return <button {...trigger} {...buttonProps} aria-haspopup="dialog" />;
}
