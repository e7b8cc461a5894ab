// API.md: a request that changes state and carries an Origin from another site is
// refused (403). Requests without Origin (scripts, mobile apps) are allowed; the
// session cookie is SameSite=Lax on top of this.
import type { FastifyInstance } from 'fastify';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const own = `${request.protocol}://${request.host}`;
    if (origin === allowed || origin === own) return;
    return reply.status(403).send({ success: false, code: 'FORBIDDEN', message: 'Cross-site request refused' });
  });
}
