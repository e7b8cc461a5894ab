// Prices and dates in the user's language (docs/product.md: two decimals, Latin digits, a
// translated dinar label).
import { INTL_LOCALE, type Lang } from './languages.ts';
import { CURRENCY_LABEL } from './constants.ts';

const priceFormats = new Map<Lang, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function formatPrice(amount: number, lang: Lang): string {
  let format = priceFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    priceFormats.set(lang, format);
  }
  const number = format.format(amount);
  return lang === 'ar' ? `${number} ${CURRENCY_LABEL.ar}` : `${number} ${CURRENCY_LABEL[lang]}`;
}

/** Long local date ("21 novembre 2026"), in UTC so server and browser agree. */
export function formatDate(value: string | Date, lang: Lang, style: 'long' | 'medium' = 'long'): string {
  const key = `${lang}:${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: style, timeZone: 'Africa/Algiers' });
    dateFormats.set(key, format);
  }
  return format.format(typeof value === 'string' ? new Date(value) : value);
}

/** The least amount shown in millions: 10 000 DA is 1 million centimes. */
const DINARS_PER_MILLION_CENTIMES = 10_000;
const millionsFormats = new Map<Lang, Intl.NumberFormat>();

/**
 * A price in "millions" of centimes, as Algerians quote cars and property: 1 650 000 DA is
 * "165 millions" / "165 مليون" / "165 million centimes", 1 655 000 DA "165,5 millions".
 * Null below one million centimes, where nobody counts that way.
 */
export function formatMillions(amount: number, lang: Lang): string | null {
  if (!Number.isFinite(amount) || amount < DINARS_PER_MILLION_CENTIMES) return null;
  let format = millionsFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[lang], { maximumFractionDigits: 2 });
    millionsFormats.set(lang, format);
  }
  const millions = amount / DINARS_PER_MILLION_CENTIMES;
  const number = format.format(millions);
  if (lang === 'ar') return `${number} مليون`;
  if (lang === 'fr') return `${number} ${millions < 2 ? 'million' : 'millions'}`;
  return `${number} million centimes`;
}
