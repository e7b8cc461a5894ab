// The page's translator, made synchronously from the page's language and texts, so the server
// and the browser produce the same first render.
//
// It does what the site's texts need of i18next and nothing more (`ns:key.path` lookups,
// `{{name}}` interpolation without escaping, React does that, and `defaultValue`), in a few
// hundred bytes: i18next and react-i18next were some 17 KB of compressed JavaScript on every
// page, a tenth of it (docs/performance.md). The React side is in react.tsx.
//
// The texts of a language reach the browser with the root loader's data, so a page
// carries its own language only, never the other two; the registry below keeps each
// language that has arrived for code that runs outside React (route `meta`).
import type { Lang } from '../../common/languages.ts';
import type { Resources } from './messages.ts';

const registry = new Map<Lang, Resources>();

const registeredJson = new Map<Lang, string>();

/**
 * The texts of `lang` as the root loader sends them, JSON (messages.server.ts); read once for
 * each text that arrives, not on every render. `messages`: the same, already read.
 */
export function registerMessagesJson(lang: Lang, json: string, messages?: Resources) {
  if (registeredJson.get(lang) === json && registry.has(lang)) return;
  registry.set(lang, messages ?? (JSON.parse(json) as Resources));
  registeredJson.set(lang, json);
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
      // As i18next: the default value if given, else the key itself.
      return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options) : path;
    };
  return { language: lang, t: withNamespace('common'), withNamespace };
}
