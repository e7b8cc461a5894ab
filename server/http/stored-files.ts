// GET /uploads/* for a store that is not a local folder: the file is streamed from the bucket
// with the same headers @fastify/static gives the local one (immutable for a year, an ETag),
// so every instance serves every photo, whichever instance received it.
import type { FastifyInstance } from 'fastify';
import { IMMUTABLE, type FileStorage } from '../storage/file-storage.ts';

export function registerStoredFiles(app: FastifyInstance, storage: FileStorage) {
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes('..')) return reply.callNotFound();
    // Keys never change meaning: a browser holding any copy may keep it.
    if (request.headers['if-none-match']) {
      const info = await storage.stat(key);
      if (!info) return reply.callNotFound();
      if (info.etag && request.headers['if-none-match'].split(/\s*,\s*/).some((tag) => tag.replace(/^W\//, '') === info.etag)) {
        return reply.status(304).header('cache-control', IMMUTABLE).header('etag', info.etag).send();
      }
    }
    const file = await storage.open(key);
    if (!file) return reply.callNotFound();
    reply.header('cache-control', IMMUTABLE).type(file.contentType);
    if (file.etag) reply.header('etag', file.etag);
    if (file.length !== undefined) reply.header('content-length', file.length);
    return reply.send(file.body);
  });
}
