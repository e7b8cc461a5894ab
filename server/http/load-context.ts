// The context every page loader and action receives (`#app-context`), built once per
// request: the services and the caller, whose session is looked up here, once (the root
// loader and the route loaders read it from the context). Fastify's getLoadContext calls
// this, and so do the in-process page tests, so both hand the routes exactly the same thing.
import { RouterContextProvider } from 'react-router';
import { appContext } from '#app-context';
import type { Services } from '../services/index.ts';
import { callerOf, type RequestFacts } from './caller.ts';

export interface PageRequestFacts extends RequestFacts {
  requestId: string;
  /** This response's Content-Security-Policy nonce. */
  nonce: string;
}

export async function createLoadContext(services: Services, facts: PageRequestFacts): Promise<RouterContextProvider> {
  const context = new RouterContextProvider();
  context.set(appContext, { services, requestId: facts.requestId, nonce: facts.nonce, caller: await callerOf(services, facts) });
  return context;
}
