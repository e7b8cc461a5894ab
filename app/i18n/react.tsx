// `useTranslation` for the components, in the shape they had with react-i18next:
// `const { t } = useTranslation('ns')` or `useTranslation(['ns', 'other'])`, the first namespace
// being the default one for keys without `ns:`.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { DEFAULT_LANG } from '../../common/languages.ts';
import { createI18n, type TFunction, type Translator } from './i18n.ts';

const I18nContext = createContext<Translator | null>(null);

export function I18nProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

let fallback: Translator | undefined;

export function useTranslation(ns?: string | readonly string[]): { t: TFunction; i18n: Translator } {
  // Outside the provider (a test rendering one component) the keys show, as i18next did.
  const i18n = useContext(I18nContext) ?? (fallback ??= createI18n(DEFAULT_LANG, undefined));
  const first = (Array.isArray(ns) ? ns[0] : ns) as string | undefined;
  const t = useMemo(() => (first ? i18n.withNamespace(first) : i18n.t), [i18n, first]);
  return { t, i18n };
}
