// Every UI text in the three languages. Categories, wilayas and conditions come
// from common/reference-data.ts (their single source) as the `categories`,
// `cities` and `conditions` namespaces.
import type { Lang } from '../../common/languages.ts';
import { CATEGORIES, CONDITIONS, WILAYAS } from '../../common/reference-data.ts';
import { ar } from './locales/ar.ts';
import { en } from './locales/en.ts';
import { fr } from './locales/fr.ts';
import { about } from '../../common/content/about.ts';
import { VALIDATION_MESSAGES } from '../../common/schemas/messages.ts';
import { details } from './namespaces/details.ts';
import { lifecycle } from './namespaces/lifecycle.ts';
import { impact } from './namespaces/impact.ts';
import { listings } from './namespaces/listings.ts';
import { productForm } from './namespaces/product-form.ts';
import { search } from './namespaces/search.ts';
import { messaging } from './namespaces/messaging.ts';
import { browse } from './namespaces/browse.ts';
import { admin, report } from './namespaces/moderation.ts';
import { buyers } from './namespaces/buyers.ts';

/** The shape of en.ts with every leaf widened to string. */
export type Messages = Widen<typeof en>;
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

const UI: Record<Lang, Messages> = { ar, fr, en };

function referenceNamespaces(lang: Lang) {
  return {
    categories: Object.fromEntries([['all', { ar: 'كل الفئات', fr: 'Toutes les catégories', en: 'All categories' }[lang]], ...CATEGORIES.map((c) => [c.key, c.name[lang]])]),
    cities: Object.fromEntries([['all', { ar: 'كل الولايات', fr: 'Toutes les wilayas', en: 'All wilayas' }[lang]], ...WILAYAS.map((w) => [w.key, w.name[lang]])]),
    conditions: Object.fromEntries(CONDITIONS.map((c) => [c.key, c.name[lang]])),
    validation: Object.fromEntries(Object.entries(VALIDATION_MESSAGES).map(([key, text]) => [key, text[lang]])),
  };
}

/** Every namespace of one language: what an i18next instance for that language is given. */
export type Resources = ReturnType<typeof resourcesFor>;

export function resourcesFor(lang: Lang) {
  const ui = UI[lang];
  // The specification reads the about card from layout.aboutContent; its text lives in common/content/about.ts.
  // The header, drawer and loading bar show a few texts of other namespaces; they reach them
  // as `layout:shell.*` (same texts, one source) so that every page carries the shell's
  // texts without those namespaces whole (page-namespaces.ts).
  const shell = {
    postAd: browse[lang].postAd,
    pageLoading: browse[lang].pageLoading,
    settings: browse[lang].settings,
    moderation: admin[lang].title,
    favourites: buyers[lang].favouritesTitle,
    savedSearches: buyers[lang].savedSearchesTitle,
    messages: messaging[lang].headerLink,
    messagesUnread: messaging[lang].headerUnread,
    loadingProduct: listings[lang].loadingProduct,
  };
  const layout = { ...ui.layout, aboutContent: { title: about.title[lang], description: about.description[lang] }, shell };
  return {
    ...ui,
    layout,
    productForm: productForm[lang],
    listings: listings[lang],
    lifecycle: lifecycle[lang],
    search: search[lang],
    details: details[lang],
    browse: browse[lang],
    messaging: messaging[lang],
    report: report[lang],
    admin: admin[lang],
    impact: impact[lang],
    buyers: buyers[lang],
    ...referenceNamespaces(lang),
  };
}

// Listed where the browser can read them without the texts (page-namespaces.ts).
export { NAMESPACES } from './page-namespaces.ts';
