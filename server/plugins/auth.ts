// Every API request learns its caller (address, user agent, session) before its handler runs.
import type { FastifyInstance } from 'fastify';
import { callerOf, requestFactsOf } from '../http/caller.ts';
import type { Caller } from '../services/access.ts';
import type { Services } from '../services/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
}

export function registerAuth(app: FastifyInstance, services: Services) {
  app.decorateRequest('caller', null as unknown as Caller);
  app.addHook('onRequest', async (request) => {
    request.caller = await callerOf(services, requestFactsOf(request));
  });
}
