import { Check, Languages } from 'lucide-react';
import { useTranslation } from '#i18n';
import { useLocation } from 'react-router';
import { Link } from './link.tsx';
import { LANG_NAMES, LANGS, dirOf } from '../../common/languages.ts';
import { switchLanguagePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';
import { HeaderPopover, MENU_ITEM } from './header-popover.tsx';

/** The language menu: the same page in each language, as links that work without JavaScript. */
export function LanguageMenu() {
  const lang = useLang();
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <HeaderPopover
      id="language-menu"
      testId="language-menu"
      label={`${t('language')}: ${lang.toUpperCase()}`}
      buttonClass="flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-ink-muted hover:bg-surface-sunken hover:text-ink"
      anchorClass="[anchor-name:--language-menu]"
      panelClass="[position-anchor:--language-menu] min-w-40"
      button={
        <>
          <Languages className="size-5" aria-hidden="true" />
          <span className="uppercase">{lang}</span>
        </>
      }
    >
      <ul>
        {LANGS.map((code) => (
          <li key={code}>
            <Link
              to={switchLanguagePath(location.pathname, location.search, code)}
              lang={code}
              dir={dirOf(code)}
              hrefLang={code}
              aria-current={code === lang ? 'true' : undefined}
              className={`${MENU_ITEM} justify-between gap-3`}
            >
              {LANG_NAMES[code]}
              {code === lang ? <Check className="size-4 text-brand" aria-hidden="true" /> : null}
            </Link>
          </li>
        ))}
      </ul>
    </HeaderPopover>
  );
}
