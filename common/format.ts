// Prices and dates in the user's language (docs/product.md: two decimals, Latin digits, a
// translated dinar label).
import { INTL_LOCALE, type Lang } from './languages.ts';
import { CURRENCY_LABEL } from './constants.ts';

const priceFormats = new Map<Lang, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const countFormats = new Map<Lang, Intl.NumberFormat>();
const collators = new Map<Lang, Intl.Collator>();

/**
 * Orders texts as `a.localeCompare(b, lang)` does, with one collator a language: given a
 * locale, localeCompare looks one up on every call. Sorting the 18 categories that way on every
 * search page's render showed in the home page's profile (issue #18): 20 µs a sort with the
 * three languages in turn, where the sorted list kept once a language costs nothing.
 */
export function compareText(lang: Lang): (a: string, b: string) => number {
  let collator = collators.get(lang);
  if (!collator) {
    collator = new Intl.Collator(lang);
    collators.set(lang, collator);
  }
  return collator.compare;
}

/**
 * A whole number (views, a mileage) in the language's digits grouping. The formatter is made
 * once a language: making one costs far more than using it (a tenth of a millisecond, on every
 * product page it was made in, issue #18).
 */
export function formatCount(value: number, lang: Lang): string {
  let format = countFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[lang]);
    countFormats.set(lang, format);
  }
  return format.format(value);
}

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

const relativeFormats = new Map<Lang, Intl.RelativeTimeFormat>();
const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['year', 365 * 24 * 60 * 60],
];

/** "2 h ago" / "il y a 2 h" / "قبل ساعتين": how long ago, in the largest whole unit (at least a minute). */
export function formatAgo(value: string | Date, lang: Lang, now: number = Date.now()): string {
  let format = relativeFormats.get(lang);
  if (!format) {
    format = new Intl.RelativeTimeFormat(INTL_LOCALE[lang], { numeric: 'always', style: 'short' });
    relativeFormats.set(lang, format);
  }
  const seconds = Math.max(60, (now - new Date(value).getTime()) / 1000);
  let unit: Intl.RelativeTimeFormatUnit = 'minute';
  let size = 60;
  for (const [u, s] of RELATIVE_STEPS) if (seconds >= s) [unit, size] = [u, s];
  return format.format(-Math.floor(seconds / size), unit);
}
