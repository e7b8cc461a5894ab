// The server's side of a document's texts (page-texts.ts, decision 0042).
import { createContext } from 'react-router';
import type { DocumentTexts } from './page-texts.ts';

/** The root loader's texts for a document request, for entry.server.tsx (null for a data request). */
export const documentTextsContext = createContext<DocumentTexts | null>(null);

/** The JSON in a <script>: `<` only appears inside JSON's strings, where `\u003c` means the same. */
export function scriptSafeJson(json: string): string {
  return json.replaceAll('<', '\\u003c');
}

/** True for a single-fetch data request (a client navigation or revalidation), whose URL ends in `.data`. */
export function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith('.data');
}
