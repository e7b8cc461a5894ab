// The one React Router context token shared by the Fastify server and the route
// modules. It is imported through the `#app-context` package import on both sides
// and kept external in the SSR build, so both see the same token instance.
import { createContext } from 'react-router';
import type { Services } from '../server/services/index.ts';

export interface AppContext {
  services: Services;
  requestId: string;
  /** The caller's address as Fastify sees it (for rate limits). */
  clientIp: string;
}

export const appContext = createContext<AppContext>();
