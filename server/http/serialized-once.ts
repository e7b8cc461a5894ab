// An answer the search's result cache hands to many anonymous callers is serialized once.
//
// Serializing runs the route's response schema (fastify-type-provider-zod): it validates the
// answer and strips every field the schema does not name, which is what keeps a column added to
// a query from reaching the public API. That work is worth doing once per cached result, not
// once per request: on a popular search it was 38 % of the server's time, and the ETag's hash
// another 9 % (issue #18). The string and its ETag are kept beside the cached result object for
// as long as the cache keeps that object; a result built for one request is dropped with it.
import type { FastifyReply } from 'fastify';
import { weakEtag } from '../plugins/page-caching.ts';

interface Serialized {
  /** Bytes, not a string: a string is encoded to UTF-8 again on every write (a quarter of the time left). */
  body: Buffer;
  etag: string;
}

const byResult = new WeakMap<object, Serialized>();

/**
 * Sends `build()` as the route's 200 JSON, serialized by the route's own serializer the first
 * time `source` is seen. `build` must depend on nothing but `source`: later calls reuse its body.
 */
export function sendSerializedOnce(reply: FastifyReply, source: object, build: () => unknown): FastifyReply {
  let serialized = byResult.get(source);
  if (!serialized) {
    const text = reply.serialize(build());
    const body = typeof text === 'string' ? Buffer.from(text) : Buffer.from(text instanceof ArrayBuffer ? new Uint8Array(text) : text);
    serialized = { body, etag: weakEtag(body) };
    byResult.set(source, serialized);
  }
  // page-caching keeps an ETag the route set, and Fastify sends bytes as they are.
  reply.header('etag', serialized.etag);
  return reply.type('application/json; charset=utf-8').send(serialized.body);
}
