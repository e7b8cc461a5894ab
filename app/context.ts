// The CSP nonce for components, provided by entry.server.tsx around the whole render. It
// stays out of loader data; in the browser it is undefined (app/lib/csp-browser.ts reads the
// page's nonce there). The server's request context is `#app-context`
// (server/http/request-context.ts).
import { createContext } from 'react';

export const CspNonce = createContext<string | undefined>(undefined);
