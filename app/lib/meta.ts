// Page titles and descriptions for route `meta` exports, which run outside React
// and so cannot use the translation hook.
import { DEFAULT_LANG, isLang, type Lang } from '../../common/languages.ts';
import { createI18n, messagesOf, type Translator } from '../i18n/i18n.ts';
import type { Resources } from '../i18n/messages.ts';
import type { RootData } from './root-data.ts';

// Keyed by the texts themselves: a translator made before a language's texts arrived
// (with another language's as a stand-in) is not reused once they have.
const instances = new WeakMap<Resources, Translator>();
const EMPTY = {} as Resources;

export function translatorFor(lang: Lang) {
  const messages = messagesOf(lang) ?? EMPTY;
  let instance = instances.get(messages);
  if (!instance) {
    instance = createI18n(lang, messages === EMPTY ? undefined : messages);
    instances.set(messages, instance);
  }
  return instance.t;
}

/** The language of a meta function's matches (the root loader's data). */
export function langOfMatches(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): Lang {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
  return root && isLang(root.lang) ? root.lang : DEFAULT_LANG;
}

export function pageMeta(title: string, description?: string) {
  const t = `${title} · EcoSouk`;
  return [{ title: t }, ...(description ? [{ name: 'description', content: description }] : [])];
}

/** The site's public origin from the root loader's data ('' when it failed). */
export function publicUrlOfMatches(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): string {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
  return typeof root?.publicUrl === 'string' ? root.publicUrl : '';
}

/** What `seoMeta` needs from a meta function's matches: the language and the origin. */
export function seoContext(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]) {
  return { lang: langOfMatches(matches), publicUrl: publicUrlOfMatches(matches) };
}
