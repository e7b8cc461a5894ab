// A method a resource does not implement gets 405 with an Allow header, never a 404 or a 500.
//
// Pages take GET, HEAD and POST (forms). React Router would run a route's action for any
// other method too (PUT, PATCH, DELETE…), and TRACE made it throw (fetch's Request refuses
// the method) into a 500; those never reach it now.
// The API's paths take what their routes declare: the routes are collected as they are
// registered, so `PATCH /api/v1/users/me` answers 405 `Allow: DELETE, GET, HEAD, PUT`, and a
// method the API implements nowhere (TRACE, PROPFIND, SEARCH…) answers 405 on any API path.
// An unknown API path with a method the API does use stays a 404.
// OPTIONS on a page answers 204 with Allow; the API answers every call in its envelope, so
// there OPTIONS is one more method its routes do not take (405 with Allow; nothing here is
// cross-origin, so no preflight ever asks).
//
// Two kinds never reach a route: CONNECT (Node hands it to a `connect` listener, and without
// one drops the connection) and methods Node's parser does not know at all (`FOO`), which
// arrive as a client error; server/http/server-options.ts answers both with 405 as well.
import type { FastifyInstance } from 'fastify';
import { isApiPath, pathOf, refuse } from '../http/refusals.ts';

export const PAGE_METHODS = ['GET', 'HEAD', 'POST'] as const;

interface ApiRoute {
  pattern: RegExp;
  methods: Set<string>;
}

/** Fastify's route syntax as used here: `:param` segments and a trailing `*`. */
function routePattern(url: string): RegExp {
  const body = url
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) return '[^/]+';
      if (segment === '*') return '.*';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${body}$`);
}

function allowHeader(methods: Iterable<string>): string {
  return [...new Set(methods)].sort().join(', ');
}

export function registerMethodNotAllowed(app: FastifyInstance) {
  const apiRoutes = new Map<string, ApiRoute>();
  /** Every method some API route implements. */
  const apiMethods = new Set<string>();

  app.addHook('onRoute', (route) => {
    // The catch-all JSON 404 under /api answers every method; it decides nothing here.
    if (!route.url.startsWith('/api/') || route.url === '/api/*') return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const entry = apiRoutes.get(route.url) ?? { pattern: routePattern(route.url), methods: new Set<string>() };
    for (const method of methods) {
      entry.methods.add(method);
      apiMethods.add(method);
      if (method === 'GET') {
        entry.methods.add('HEAD');
        apiMethods.add('HEAD');
      }
    }
    apiRoutes.set(route.url, entry);
  });

  const allowedOnApi = (path: string): Set<string> => {
    const allowed = new Set<string>();
    for (const { pattern, methods } of apiRoutes.values()) if (pattern.test(path)) for (const m of methods) allowed.add(m);
    return allowed;
  };

  app.addHook('onRequest', async (request, reply) => {
    const { method, url } = request;
    const matched = request.routeOptions.url;
    if (isApiPath(url)) {
      // The router found a route of its own for this method and path: nothing to decide.
      if (matched !== undefined && matched !== '/api/*') return;
      const allowed = allowedOnApi(pathOf(url));
      // An unknown path: a 404 for the methods the API uses (OPTIONS included), a 405 for the others.
      if (allowed.size === 0 && (apiMethods.has(method) || method === 'OPTIONS')) return;
      if (allowed.has(method)) return;
      const allow = allowHeader(allowed.size > 0 ? allowed : apiMethods);
      reply.header('allow', allow);
      return refuse(reply, url, 'METHOD_NOT_ALLOWED', 'methodNotAllowed', 'Method not allowed');
    }
    if ((PAGE_METHODS as readonly string[]).includes(method)) return;
    reply.header('allow', allowHeader([...PAGE_METHODS, 'OPTIONS']));
    if (method === 'OPTIONS') return reply.code(204).header('cache-control', 'no-store').send();
    return refuse(reply, url, 'METHOD_NOT_ALLOWED', 'methodNotAllowed', 'Method not allowed');
  });
}
