// Which font files a page of each language is drawn in, and how the browser says it holds them
// (the `fonts` cookie, decision 0032). The server reads it to draw the page in the web fonts or
// in the system's; the browser writes it once the files are in its cache.
import { WEB_FONTS_COOKIE } from './constants.ts';
import type { Lang } from './languages.ts';

/** The scripts whose font files are fetched ahead for a language: Latin for digits, names and prices everywhere. */
export type FontScript = 'latin' | 'arabic';

export function fontScriptsOf(lang: Lang): FontScript[] {
  return lang === 'ar' ? ['latin', 'arabic'] : ['latin'];
}

/** The scripts a `fonts` cookie value lists (anything else in it is ignored). */
export function fontScriptsHeld(cookie: string | undefined): FontScript[] {
  return (cookie ?? '').split('.').filter((s): s is FontScript => s === 'latin' || s === 'arabic');
}

/** True when the browser holds every font file a page in `lang` is drawn in. */
export function holdsWebFonts(cookie: string | undefined, lang: Lang): boolean {
  const held = fontScriptsHeld(cookie);
  return fontScriptsOf(lang).every((script) => held.includes(script));
}

/** The cookie that records `scripts` as held, for a year (the font files are immutable assets). */
export function webFontsCookie(scripts: FontScript[]): string {
  return `${WEB_FONTS_COOKIE}=${[...new Set(scripts)].sort().join('.')}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
