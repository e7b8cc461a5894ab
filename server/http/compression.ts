// How answers are compressed (@fastify/compress), in one place: app.ts registers it, and
// http/serialized-once.ts compresses shared answers itself by the same rules.
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { isApi } from '../plugins/page-caching.ts';

/** Bodies under this many bytes go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

export type Encoding = 'br' | 'gzip';
export interface Quality {
  brotli: number;
  gzip: number;
}
/** Routes under `/api/v1/`: gzip first when the client takes it (decision 0039). */
export const API_ENCODINGS: Encoding[] = ['gzip', 'br'];
/** What compress uses on each answer (its own defaults), for those compressed outside it. */
export const PER_REQUEST_QUALITY: Quality = { brotli: 4, gzip: 6 };

// Pages (70-150 KB) are compressed in one call on the event loop, not through a stream: above
// `syncThreshold` (8 KB on two cores, by default) compress pipes the body through a zlib stream
// on the thread pool, which cost a product page 11 ms of CPU more than the 1.5-2.5 ms of
// compressing it in one go (issue #18). The render holds the event loop as long, and every
// browser asks for the compressed page.
const COMMON = { threshold: COMPRESSION_THRESHOLD, syncThreshold: 512 * 1024 };

/**
 * Pages prefer brotli (quality 4, compress's default): on HTML it is the smaller. JSON prefers
 * gzip (level 6) when the client takes it: on the API's answers it is as small as brotli's
 * quality 4 or smaller, for a quarter to half less CPU (a listing: 1,422 bytes against 1,434;
 * a page of results: 4,995 against 5,014; decision 0039).
 */
export async function registerCompression(app: FastifyInstance) {
  // Before compress registers, so that compress's own onRoute hook sees the route's choice.
  app.addHook('onRoute', (route) => {
    if (isApi(route.url) && route.compress === undefined) route.compress = { ...COMMON, encodings: API_ENCODINGS };
  });
  await app.register(compress, { ...COMMON, encodings: ['br', 'gzip'] });
}
