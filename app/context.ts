// The one React Router context token shared by the Fastify server and the route
// modules. It is imported through the `#app-context` package import on both sides
// and kept external in the SSR build, so both see the same token instance.
import { createContext as createReactContext } from 'react';
import { createContext } from 'react-router';
import type { Services } from '../server/services/index.ts';

export interface AppContext {
  services: Services;
  requestId: string;
  /** The caller's address as rate limits count it: IPv4 as is, IPv6 by its /64 (server/services/client-address.ts). */
  clientIp: string;
  /** This response's Content-Security-Policy nonce (server/plugins/security-headers.ts). */
  nonce: string;
}

export const appContext = createContext<AppContext>();

/**
 * The CSP nonce for components, provided by entry.server.tsx around the whole render. It
 * stays out of loader data; in the browser it is undefined (app/lib/csp-browser.ts reads the
 * page's nonce there).
 */
export const CspNonce = createReactContext<string | undefined>(undefined);
