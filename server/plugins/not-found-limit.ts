// Scanners walk word lists of paths (/wp-admin, /.env, /api/v1/<guess>…) and every miss
// still costs a route lookup, often a database read, and for pages a server render. Every
// 404 answer counts against the `notFound` limit of the client's IP; past it, 404 answers
// become 429 with Retry-After until the window ends.
//
// What counts: every response whose status is 404, whoever produced it — unknown paths
// (the JSON 404 under /api, the HTML 404 page, a missing /uploads file) and the 404s of
// real routes (an unknown product id, a reset token that does not exist). Guessing ids and
// tokens is the same enumeration, and a person following stale links never gets near
// 60 a minute, so there is nothing to gain from telling them apart.
//
// What is blocked: only the answers that would have been 404s. Blocking every request of
// an IP over the limit would spare the render too, but mobile carriers put many
// subscribers behind one address (CGNAT), and one scanner would lock all of them out of
// the site; a 429 in place of a 404 costs a legitimate visitor nothing.
import type { FastifyInstance } from 'fastify';
import { RateLimitedError, type Limits } from '../services/rate-limit.ts';
import { rateLimitAddress } from '../services/client-address.ts';

/** Pages answer in plain text: a rendered page would spend the very work the limit is there to save. */
const PAGE_BODY = 'Too many requests, please try again later.\n';

function isApiPath(url: string) {
  const path = url.split('?', 1)[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

/** Register before @fastify/compress: the replacement body must be compressed (or not) after it is set. */
export function registerNotFoundLimit(app: FastifyInstance, limits: Limits) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 404) return payload;
    let limited: RateLimitedError;
    try {
      await limits.check('notFound', rateLimitAddress(request.ip));
      return payload;
    } catch (error) {
      if (!(error instanceof RateLimitedError)) {
        // The limiter falls back to memory on Redis trouble; anything else is a bug, and a 404 is still a fine answer.
        request.log.error({ err: error }, 'not-found limit failed');
        return payload;
      }
      limited = error;
    }
    // A page's 404 is a stream still being rendered: stop pulling it.
    if (payload && typeof (payload as { destroy?: unknown }).destroy === 'function') {
      (payload as { destroy(): void }).destroy();
    }
    const api = isApiPath(request.url);
    reply
      .code(429)
      .header('retry-after', String(limited.retryAfter))
      .header('cache-control', 'no-store')
      .header('content-type', api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8');
    reply.removeHeader('content-length');
    reply.removeHeader('etag');
    reply.removeHeader('last-modified');
    // The API's error shape, as every other API error.
    return api ? JSON.stringify({ success: false, code: limited.code, message: limited.message }) : PAGE_BODY;
  });
}
