// The CSP nonce for components, provided by entry.server.tsx around the whole render. It
// stays out of loader data; in the browser it is undefined (app/lib/csp-browser.ts reads the
// page's nonce there). The server's request context is `#app-context`
// (server/http/request-context.ts).
import { createContext } from 'react';

export const CspNonce = createContext<string | undefined>(undefined);

/**
 * The text of the site's stylesheet, provided by entry.server.tsx in the production build: the
 * head carries it in a <style> instead of a <link>, which would cost a slow line a request
 * before the first paint (decision 0031). In the browser, the page's own <style> supplies it.
 */
export const StylesheetText = createContext<string | undefined>(undefined);
