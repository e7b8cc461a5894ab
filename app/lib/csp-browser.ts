// What the browser side needs to live under the page's Content-Security-Policy
// (server/plugins/security-headers.ts). Imported by root.tsx, the first route module the
// page evaluates, so this runs before any other route module.

/**
 * The page's nonce as the browser has it (undefined on the server). The browser hides the
 * attribute's value from the DOM but keeps it in the element's `nonce` property.
 */
export const pageNonce: string | undefined =
  typeof document === 'undefined' ? undefined : document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;

if (typeof document !== 'undefined') {
  const scope = globalThis as Record<string, unknown>;

  // Radix's scroll lock (dialogs, menus) adds a <style> element; the CSP accepts it only
  // with the page's nonce, which react-style-singleton (through get-nonce) reads from here.
  scope['__webpack_nonce__'] ??= pageNonce;

  // zod probes `new Function` once to decide whether to compile its object parsers. Under a
  // CSP without 'unsafe-eval' the probe fails harmlessly but is reported as a violation on
  // every page with a form or a search. jitless skips the probe. zod keeps its settings on
  // this global and adopts an existing object, which works only if no zod module has run
  // yet: root.tsx must not import zod, directly or not (e2e/security.spec.ts would notice).
  // The server keeps the compiled parsers: this runs only in the browser.
  const zod = (scope['__zod_globalConfig'] ??= {}) as { jitless?: boolean };
  zod.jitless = true;
}
