// One i18next instance per render, initialised synchronously with the page's
// language so the server and the browser produce the same first render.
//
// The texts of a language reach the browser with the root loader's data, so a page
// carries its own language only, never the other two; the registry below keeps each
// language that has arrived for code that runs outside React (route `meta`).
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '../../common/languages.ts';
import type { Resources } from './messages.ts';

const registry = new Map<Lang, Resources>();

export function registerMessages(lang: Lang, messages: Resources) {
  registry.set(lang, messages);
}

/** The texts of `lang`; those of another language that has arrived rather than nothing at all. */
export function messagesOf(lang: Lang): Resources | undefined {
  return registry.get(lang) ?? registry.values().next().value;
}

export function createI18n(lang: Lang, messages: Resources | undefined = messagesOf(lang)): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: messages ? { [lang]: messages } : {},
    ns: messages ? Object.keys(messages) : [],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
