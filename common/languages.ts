// The supported languages and what each one needs to render correctly.
// Arabic is the default (docs/product.md) and the only right-to-left one.

export const LANGS = ['ar', 'fr', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'ar';

/** A text in each supported language. */
export type Localized = Record<Lang, string>;

/** Intl locale per language; Latin digits everywhere, as is usual in Algeria. */
export const INTL_LOCALE: Record<Lang, string> = {
  ar: 'ar-DZ-u-nu-latn',
  fr: 'fr-DZ',
  en: 'en-GB',
};

export const LANG_NAMES: Localized = { ar: 'العربية', fr: 'Français', en: 'English' };

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

export function dirOf(lang: Lang): 'rtl' | 'ltr' {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

/** Picks the text for `lang`, falling back to the first non-empty one. */
export function pick(text: Partial<Localized>, lang: Lang): string {
  return text[lang] || text.fr || text.ar || text.en || '';
}
