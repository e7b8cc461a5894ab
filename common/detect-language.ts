// docs/product.md: `/` goes to the language from `?lng`, then the i18next cookie,
// then Accept-Language, else Arabic.
import { DEFAULT_LANG, isLang, type Lang } from './languages.ts';
import { LANG_COOKIE } from './constants.ts';
import { readCookie } from './cookies.ts';

export function languageFromAcceptLanguage(header: string | null | undefined): Lang | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: tag.toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLang);
}

export function detectLanguage(request: Request): Lang {
  const url = new URL(request.url);
  const fromQuery = url.searchParams.get('lng');
  if (isLang(fromQuery)) return fromQuery;
  const fromCookie = readCookie(request.headers.get('cookie'), LANG_COOKIE);
  if (isLang(fromCookie)) return fromCookie;
  return languageFromAcceptLanguage(request.headers.get('accept-language')) ?? DEFAULT_LANG;
}
