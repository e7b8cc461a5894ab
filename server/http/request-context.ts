// What the server hands the pages for one request: the services, and who is calling.
// This token is the one thing the page modules import from the server at run time, as the
// `#app-context` package import; the pages' server build keeps it external
// (vite.config.ts), so the server and the route modules share one token instance.
import { createContext } from 'react-router';
import type { Services } from '../services/index.ts';
import type { Caller } from '../services/access.ts';

export interface AppContext {
  services: Services;
  requestId: string;
  /** Address, user agent and session, looked up once for the request (server/http/caller.ts). */
  caller: Caller;
  /** This response's Content-Security-Policy nonce (server/plugins/security-headers.ts). */
  nonce: string;
}

export const appContext = createContext<AppContext>();
