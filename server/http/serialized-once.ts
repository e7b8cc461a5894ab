// An answer the search's result cache hands to many anonymous callers is serialized once, and
// compressed once per encoding.
//
// Serializing runs the route's response schema (server/http/response-serializer.ts): it writes
// only the fields the schema names, which is what keeps a column added to a query from reaching
// the public API. That work is worth doing once per cached result, not once per request: on a
// popular search it was 38 % of the server's time through zod's serializer, and the ETag's hash
// another 9 % (issue #18). The bytes and their ETag are kept beside the cached result object for
// as long as the cache keeps that object; a result built for one request is dropped with it.
//
// Compressing a 25 KB page of results took 0.35 ms, about half of what a compressed cached
// search cost the server, for bytes that were the same every time. Done once, it can afford
// brotli's quality 5: 7-8 % smaller than the quality 4 @fastify/compress uses per request, for
// a phone on a slow line (decision 0039). But most searches a crowd makes are asked once, and
// for those "once" is every time: brotli 5 then cost 1 ms a search, 14 % of the server's CPU
// in a load of searches no cache had seen (issue #18). So an answer's first request gets what
// any API answer gets (gzip preferred, at compress's level); from its second on, it has shown
// it is shared, and the smaller encodings are made, once.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';
import { weakEtag } from '../plugins/page-caching.ts';
import { API_ENCODINGS, COMPRESSION_THRESHOLD, PER_REQUEST_QUALITY, type Encoding, type Quality } from './compression.ts';

// The server's preference for a shared answer when a client takes both: br is the smaller at these qualities.
const SHARED_ENCODINGS: Encoding[] = ['br', 'gzip'];
const SHARED_QUALITY: Quality = { brotli: 5, gzip: 9 };

interface Serialized {
  /** Bytes, not a string: a string is encoded to UTF-8 again on every write (a quarter of the time left). */
  body: Buffer;
  etag: string;
  /** Made at the first request after the first that asks for each encoding. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

const byResult = new WeakMap<object, Serialized>();

function compress(body: Buffer, encoding: Encoding, quality: Quality): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality.brotli, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: quality.gzip });
}

/** The encoding the request takes, as @fastify/compress would decide whether to compress at all. */
function encodingFor(reply: FastifyReply, size: number, preferred: Encoding[]): Encoding | null {
  const { headers } = reply.request;
  if (size < COMPRESSION_THRESHOLD || headers['x-no-compression'] !== undefined) return null;
  const accepted = headers['accept-encoding'];
  return typeof accepted === 'string' ? negotiate(accepted, preferred) : null;
}

/**
 * Sends `build()` as the route's 200 JSON, serialized by the route's own serializer the first
 * time `source` is seen. `build` must depend on nothing but `source`: later calls reuse its body.
 */
export function sendSerializedOnce(reply: FastifyReply, source: object, build: () => unknown): FastifyReply {
  let serialized = byResult.get(source);
  const first = serialized === undefined;
  if (!serialized) {
    const text = reply.serialize(build());
    const body = typeof text === 'string' ? Buffer.from(text) : Buffer.from(text instanceof ArrayBuffer ? new Uint8Array(text) : text);
    serialized = { body, etag: weakEtag(body), encoded: {} };
    byResult.set(source, serialized);
  }
  // page-caching keeps an ETag the route set (weak, so the same for every encoding), and
  // Fastify sends bytes as they are.
  reply.header('etag', serialized.etag);
  reply.type('application/json; charset=utf-8');
  // The answer depends on the header whether it is compressed or not (as compress says too).
  reply.header('vary', 'accept-encoding');
  const encoding = encodingFor(reply, serialized.body.length, first ? API_ENCODINGS : SHARED_ENCODINGS);
  if (!encoding) return reply.send(serialized.body);
  // compress leaves an answer that already has a Content-Encoding as it is.
  reply.header('content-encoding', encoding);
  if (first) return reply.send(compress(serialized.body, encoding, PER_REQUEST_QUALITY));
  return reply.send((serialized.encoded[encoding] ??= compress(serialized.body, encoding, SHARED_QUALITY)));
}
