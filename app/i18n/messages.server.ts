// The full texts of every language, for the server only: the root loader sends the
// browser the page's language (see i18n.ts).
import type { Lang } from '../../common/languages.ts';
import { resourcesFor, type Resources } from './messages.ts';

export { resourcesFor };

const made = new Map<Lang, { messages: Resources; json: string }>();

/**
 * The texts of `lang` and the same as JSON, made once a language: the root loader sends the
 * JSON, one string, which React Router serializes into the page at once, where the tree of
 * some 900 texts cost it a walk over every one of them on every page (issue #18's profile).
 */
export function messagesFor(lang: Lang): { messages: Resources; json: string } {
  let entry = made.get(lang);
  if (!entry) {
    const messages = resourcesFor(lang);
    entry = { messages, json: JSON.stringify(messages) };
    made.set(lang, entry);
  }
  return entry;
}
