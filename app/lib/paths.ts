import { isLang, type Lang } from '../../common/languages.ts';

/** `/fr/about` from ('fr', '/about'). */
export function localePath(lang: Lang, path = ''): string {
  const clean = path === '/' ? '' : path;
  return `/${lang}${clean}`;
}

/** The same page and query in another language. */
export function switchLanguagePath(pathname: string, search: string, lang: Lang): string {
  const segments = pathname.split('/');
  if (isLang(segments[1])) segments[1] = lang;
  else segments.splice(1, 0, lang);
  const path = segments.join('/').replace(/\/$/, '') || `/${lang}`;
  return `${path}${search}`;
}
