// One i18next instance per render, initialised synchronously with the page's
// language so the server and the browser produce the same first render.
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '../../common/languages.ts';
import { NAMESPACES, resourcesFor } from './messages.ts';

export function createI18n(lang: Lang): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: resourcesFor(lang) },
    ns: NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
