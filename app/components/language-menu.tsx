import { Check, Languages } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LANG_NAMES, LANGS, dirOf } from '../../common/languages.ts';
import { switchLanguagePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';

export function LanguageMenu() {
  const lang = useLang();
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <DropdownMenu.Root dir={dirOf(lang)}>
      <DropdownMenu.Trigger
        className="flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-ink-muted hover:bg-surface-sunken hover:text-ink"
        aria-label={`${t('language')}: ${lang.toUpperCase()}`}
        data-testid="language-menu"
      >
        <Languages className="size-5" aria-hidden="true" />
        <span className="uppercase">{lang}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
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
