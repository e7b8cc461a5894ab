// The full texts of every language, for the server only: the root loader sends the
// browser the page's language, and of it the namespaces the page shows (page-namespaces.ts).
import type { Lang } from '../../common/languages.ts';
import { resourcesFor, type Resources } from './messages.ts';
import type { Namespace } from './page-namespaces.ts';

export { resourcesFor };

const full = new Map<Lang, Resources>();
const made = new Map<string, { messages: Resources; json: string }>();

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
 * The texts of `lang` in `namespaces` and the same as JSON, made once for each language and
 * list (a few dozen): the root loader sends the JSON, one string, which React Router
 * serializes into the page at once, where the tree of texts cost it a walk over every one of
 * them on every page (issue #18's profile).
 */
export function messagesFor(lang: Lang, namespaces: readonly Namespace[]): { messages: Resources; json: string } {
  const key = `${lang}:${namespaces.join(',')}`;
  let entry = made.get(key);
  if (!entry) {
    const all = allMessagesOf(lang) as Record<string, unknown>;
    const messages = Object.fromEntries(namespaces.map((ns) => [ns, all[ns]])) as Resources;
    entry = { messages, json: JSON.stringify(messages) };
    made.set(key, entry);
  }
  return entry;
}
