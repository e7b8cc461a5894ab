// The full texts of every language, for the server only: the root loader sends the
// browser the page's language, and of it the namespaces the page shows (page-namespaces.ts).
import type { Lang } from '../../common/languages.ts';
import { resourcesFor, type Resources } from './messages.ts';
import type { Namespace } from './page-namespaces.ts';
import type { DocumentTexts } from './page-texts.ts';
import { scriptSafeJson } from './page-texts.server.ts';

export { resourcesFor };

const full = new Map<Lang, Resources>();
/** A document's texts (page-texts.ts), and the same JSON for a data request's root loader data. */
export interface PageTextsEntry extends DocumentTexts {
  json: string;
}

const made = new Map<string, PageTextsEntry>();

/** Every text of `lang`, made once a language: the server's own translators (route `meta`) read them. */
export function allMessagesOf(lang: Lang): Resources {
  let messages = full.get(lang);
  if (!messages) {
    messages = resourcesFor(lang);
    full.set(lang, messages);
  }
  return messages;
}

/**
 * The texts of `lang` in `namespaces`, and the same as JSON for a data request and for a
 * document's script, made once for each language and list (a few dozen), so that no page
 * serializes them again (decision 0042).
 */
export function messagesFor(lang: Lang, namespaces: readonly Namespace[]): PageTextsEntry {
  const key = `${lang}:${namespaces.join(',')}`;
  let entry = made.get(key);
  if (!entry) {
    const all = allMessagesOf(lang) as Record<string, unknown>;
    const messages = Object.fromEntries(namespaces.map((ns) => [ns, all[ns]])) as Resources;
    const json = JSON.stringify(messages);
    entry = { messages, json, html: scriptSafeJson(json) };
    made.set(key, entry);
  }
  return entry;
}
