// The React Router load context of one page request: the services and the caller (its
// session looked up here, once; the root loader and the route loaders read it from here).
import type { FastifyRequest } from 'fastify';
import { RouterContextProvider } from 'react-router';
import { appContext } from '#app-context';
import { cspNonceFor } from '../plugins/security-headers.ts';
import type { Services } from '../services/index.ts';
import { callerOfRequest } from './caller.ts';

export async function createLoadContext(services: Services, request: FastifyRequest): Promise<RouterContextProvider> {
  const context = new RouterContextProvider();
  context.set(appContext, {
    services,
    requestId: String(request.id),
    caller: await callerOfRequest(services, request),
    nonce: cspNonceFor(request),
  });
  return context;
}
