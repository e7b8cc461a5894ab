// How a page's texts reach the browser (decision 0042). A document carries them in a JSON
// script of its own, written once for each language and list of namespaces
// (messages.server.ts) and put in the page as it is. In the root loader's data they went
// through React Router's stream and then into a script as a string: escaped twice on every
// page, a quarter of the product page's bytes, and its largest cost of its own (issue #18's
// profile). A client navigation's data request still brings the texts that the next page
// lacks in the root loader's data, where they are a small part of a JSON answer.
// The server's side is in page-texts.server.ts.
import { createContext, useContext } from 'react';
import type { Resources } from './messages.ts';

/** The id of the JSON script that carries a document's texts. */
export const PAGE_TEXTS_ID = 'page-texts';

export interface DocumentTexts {
  /** The texts, for the server's render. */
  messages: Resources;
  /** The same as JSON that is safe inside a <script>: every `<` written `\u003c`. */
  html: string;
}

/** entry.server.tsx hands the render the document's texts through this. */
export const DocumentTextsProvider = createContext<DocumentTexts | null>(null);

// The browser's document texts, read from the page once: hydration must render the script
// with what the server wrote, and later renders keep it as it is.
let pageScriptText: string | null | undefined;

function pageScript(): string | null {
  if (pageScriptText === undefined) pageScriptText = document.getElementById(PAGE_TEXTS_ID)?.textContent ?? null;
  return pageScriptText;
}

/**
 * The document's texts: on the server, what the root loader chose; in the browser, the
 * script's JSON (read by i18n.ts's `pageMessages` as the root loader's JSON would be).
 */
export function useDocumentTexts(): { messages?: Resources; json?: string; html?: string } {
  const server = useContext(DocumentTextsProvider);
  if (server) return { messages: server.messages, html: server.html };
  if (typeof document === 'undefined') return {};
  const text = pageScript();
  return text === null ? {} : { json: text, html: text };
}
