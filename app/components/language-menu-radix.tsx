import { Check } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link, useLocation } from 'react-router';
import { LANG_NAMES, LANGS, dirOf } from '../../common/languages.ts';
import { switchLanguagePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';
import { useInitialFocus } from './radix-focus.ts';
import type { PartProps } from './lazy-part.tsx';

/** The Radix half of the language menu, fetched on first intent by language-menu.tsx. */
export function LanguageMenuRadix({ open, onOpenChange, initialFocus, trigger }: PartProps) {
  const lang = useLang();
  const location = useLocation();
  const { triggerRef, onContentFocus } = useInitialFocus(initialFocus);
  return (
    <DropdownMenu.Root dir={dirOf(lang)} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger ref={triggerRef} {...trigger} />
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          onFocus={onContentFocus}
          className="z-50 min-w-40 rounded-xl border border-line bg-surface-raised p-1 shadow-lg"
        >
          {LANGS.map((code) => (
            <DropdownMenu.Item key={code} asChild>
              <Link
                to={switchLanguagePath(location.pathname, location.search, code)}
                lang={code}
                dir={dirOf(code)}
                hrefLang={code}
                className="flex items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-surface-sunken"
              >
                {LANG_NAMES[code]}
                {code === lang ? <Check className="size-4 text-brand" aria-hidden="true" /> : null}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
