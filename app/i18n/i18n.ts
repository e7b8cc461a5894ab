// The page's translator, made synchronously from the page's language and texts, so the server
// and the browser produce the same first render.
//
// It does what the site's texts need of i18next and nothing more (`ns:key.path` lookups,
// `{{name}}` interpolation without escaping, React does that, and `defaultValue`), in a few
// hundred bytes: i18next and react-i18next were some 17 KB of compressed JavaScript on every
// page, a tenth of it (docs/performance.md). The React side is in react.tsx.
//
// The texts of a language reach the browser with the root loader's data, so a page
// carries its own language only, never the other two, and of it only the namespaces the
// page shows (page-namespaces.ts); the registry below keeps, for each language, every
// namespace that has arrived, for the next pages and for code that runs outside React
// (route `meta`). The server's registry holds every text (root.tsx's loader registers them).
import type { Lang } from '../../common/languages.ts';
import type { Resources } from './messages.ts';
import { NAMESPACES } from './page-namespaces.ts';

const registry = new Map<Lang, Resources>();

// The root loader's JSON strings, read once each: a few dozen (languages × pages' lists).
const read = new Map<string, Resources>();

/** The server: every text of `lang`, for the translators of route `meta`. */
export function registerAllMessages(lang: Lang, messages: Resources) {
  registry.set(lang, messages);
}

/**
 * The translator's texts for a page from the root loader's `messages` JSON. On the server,
 * exactly the page's namespaces, as the browser will have them when it hydrates; in the
 * browser, those merged into the namespaces that arrived with earlier pages.
 */
export function pageMessages(lang: Lang, json: string): Resources {
  let texts = read.get(json);
  if (!texts) {
    texts = JSON.parse(json) as Resources;
    read.set(json, texts);
  }
  if (typeof document === 'undefined') return texts;
  const known = registry.get(lang);
  const arrived = texts as Record<string, unknown>;
  if (!known) registry.set(lang, texts);
  else if (Object.keys(arrived).some((ns) => (known as Record<string, unknown>)[ns] !== arrived[ns])) registry.set(lang, { ...known, ...texts });
  return registry.get(lang)!;
}

/** The browser: whether every one of `namespaces` of `lang` has arrived. */
export function hasNamespaces(lang: Lang, namespaces: readonly string[]): boolean {
  const known = registry.get(lang) as Record<string, unknown> | undefined;
  return !!known && namespaces.every((ns) => known[ns] !== undefined);
}

/** The texts of `lang`; those of another language that has arrived rather than nothing at all. */
export function messagesOf(lang: Lang): Resources | undefined {
  return registry.get(lang) ?? registry.values().next().value;
}

export interface TOptions {
  defaultValue?: string;
  [name: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

export interface Translator {
  language: Lang;
  /** `t('key')` looks in `common`; `t('ns:key.sub')` in `ns`. */
  t: TFunction;
  /** The same lookups with another default namespace (a component's own). */
  withNamespace(ns: string): TFunction;
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

const KNOWN = new Set<string>(NAMESPACES);
const reported = new Set<string>();

/**
 * A page showed a text of a namespace it was not sent: page-namespaces.ts lacks it for the
 * page's route. The key shows instead of the text; e2e/page-texts.spec.ts fails on this message.
 */
function reportMissing(ns: string, key: string) {
  if (reported.has(ns)) return;
  reported.add(ns);
  console.error(`Texts missing: the namespace "${ns}" (for "${key}") was not sent to this page; add it to its route in app/i18n/page-namespaces.ts`);
}

export function createI18n(lang: Lang, messages: Resources | undefined = messagesOf(lang)): Translator {
  const texts = (messages ?? {}) as unknown as Record<string, unknown>;
  const lookup = (ns: string, key: string): string | undefined => {
    let node: unknown = texts[ns];
    for (const part of key.split('.')) {
      if (node === null || typeof node !== 'object') return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return typeof node === 'string' ? node : undefined;
  };
  const withNamespace =
    (defaultNs: string): TFunction =>
    (key, options) => {
      const colon = key.indexOf(':');
      // A colon inside the key's own text (a validation code never has one) is not a namespace.
      const [ns, path] = colon > 0 && !key.slice(0, colon).includes('.') ? [key.slice(0, colon), key.slice(colon + 1)] : [defaultNs, key];
      const found = lookup(ns, path);
      if (found !== undefined) return interpolate(found, options);
      if (messages && texts[ns] === undefined && KNOWN.has(ns)) reportMissing(ns, key);
      // As i18next: the default value if given, else the key itself.
      return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options) : path;
    };
  return { language: lang, t: withNamespace('common'), withNamespace };
}
