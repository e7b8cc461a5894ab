// How many bytes a page's form may send (server/plugins/page-body-limit.ts enforces them on
// the request stream, before React Router reads a byte of it). The API has its own: 1 MB of
// JSON, one file of MAX_UPLOAD_BYTES per multipart request.
import { MAX_UPLOAD_BYTES } from './constants.ts';

/** Log-in, sign-up, contact, reset, verification, profile: a few fields of a few hundred characters. */
export const TEXT_FORM_BYTES = 64 * 1024;

/**
 * The product form sends text only (its photos are uploaded through the API first), but a lot
 * of it: four descriptions of 5,000 characters (Arabic is 6 bytes a character once
 * URL-encoded: 120 KB), and up to ten photo URLs of 2,000 characters three times over (the
 * `img`/`images` fields and the picker's JSON: about 80 KB encoded). 256 KB holds the largest
 * valid listing with room to spare.
 */
export const PRODUCT_FORM_BYTES = 256 * 1024;

/** The dashboard's avatar form: one image of MAX_UPLOAD_BYTES and its multipart envelope. */
export const FILE_FORM_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

const LARGER_FORMS: [RegExp, number][] = [
  // `.data` is React Router's URL for the same action when the browser runs JavaScript.
  [/^\/[^/]+\/dashboard(?:\.data)?\/?$/, FILE_FORM_BYTES],
  [/^\/[^/]+\/products\/(?:new|[^/]+\/edit)(?:\.data)?\/?$/, PRODUCT_FORM_BYTES],
];

/** The byte limit of a page's form, by the page's path (without query). */
export function pageBodyLimit(path: string): number {
  for (const [pattern, bytes] of LARGER_FORMS) if (pattern.test(path)) return bytes;
  return TEXT_FORM_BYTES;
}
