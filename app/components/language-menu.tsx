import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LANG_NAMES, LANGS } from '../../common/languages.ts';
import { switchLanguagePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';
import { lazyPart, useLazyPart, type TriggerProps } from './lazy-part.tsx';

const radixPart = lazyPart(() => import('./language-menu-radix.tsx').then((m) => m.LanguageMenuRadix));

/** The language menu: a plain button until the Radix menu is wanted (see lazy-part.tsx). */
export function LanguageMenu() {
  const lang = useLang();
  const { t } = useTranslation();
  const location = useLocation();
  const { Part, partProps, buttonProps } = useLazyPart(radixPart, 'pointerdown');
  const trigger: TriggerProps = {
    className: 'flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-ink-muted hover:bg-surface-sunken hover:text-ink',
    'aria-label': `${t('language')}: ${lang.toUpperCase()}`,
    'data-testid': 'language-menu',
    children: (
      <>
        <Languages className="size-5" aria-hidden="true" />
        <span className="uppercase">{lang}</span>
      </>
    ),
  };
  if (Part) return <Part {...partProps} trigger={trigger} />;
  return (
    <>
      <button {...trigger} {...buttonProps} aria-haspopup="menu" />
      {/* Without JavaScript the button can do nothing; the other languages are plain links then. */}
      <noscript>
        <span className="flex items-center">
          {LANGS.filter((code) => code !== lang).map((code) => (
            <a
              key={code}
              href={switchLanguagePath(location.pathname, location.search, code)}
              hrefLang={code}
              lang={code}
              title={LANG_NAMES[code]}
              className="rounded-full px-1 py-2 text-sm font-medium uppercase text-ink-muted hover:bg-surface-sunken hover:text-ink"
            >
              {code}
            </a>
          ))}
        </span>
      </noscript>
    </>
  );
}
