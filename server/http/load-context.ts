// The context every page loader and action receives (app/context.ts), built once per
// request. Fastify's getLoadContext calls this, and so do the in-process page tests, so
// both hand the routes exactly the same thing.
import { RouterContextProvider } from 'react-router';
import { appContext, type AppContext } from '#app-context';
import type { Services } from '../services/index.ts';

export type RequestFacts = Omit<AppContext, 'services'>;

export function createLoadContext(services: Services, request: RequestFacts): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, { services, ...request });
  return context;
}
