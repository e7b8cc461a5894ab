// "published 2 hours ago" in the page's language. The reference time is passed in, never read
// here: the server renders with its clock and the browser hydrates with the same value, so the
// two renders agree (no hydration mismatch) whatever the visitor's clock says.
import { INTL_LOCALE, type Lang } from './languages.ts';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const formats = new Map<Lang, Intl.RelativeTimeFormat>();

/** How long ago `date` was at `now`, e.g. "il y a 2 heures", "منذ ساعتين", "yesterday". */
export function formatRelativeTime(date: string | Date, now: string | Date | number, lang: Lang): string {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.RelativeTimeFormat(INTL_LOCALE[lang], { numeric: 'auto' });
    formats.set(lang, format);
  }
  const then = new Date(date).getTime();
  const reference = new Date(now).getTime();
  // A date slightly in the future (clocks of two servers) reads as "now", not "in 3 seconds".
  const seconds = Math.max(0, Math.round((reference - then) / 1000));
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(0, 'second');
}
