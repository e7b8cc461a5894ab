// docs/api.md: a request that changes state and carries an Origin from another site is
// refused (403). Requests without Origin (scripts, mobile apps) are allowed; the
// session cookie is SameSite=Lax on top of this.
import type { FastifyInstance, FastifyReply } from 'fastify';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) {
      // Browsers send Origin on every cross-site POST/PUT/DELETE, so a missing one means a
      // script or an app, which never send Sec-Fetch-Site either. A browser request that says
      // it is cross-site (or from a sibling host) yet lacks Origin (an extension or proxy
      // stripped it) is refused too: nothing legitimate arrives that way.
      const site = request.headers['sec-fetch-site'];
      if (site !== 'cross-site' && site !== 'same-site') return;
      return refuse(reply);
    }
    const own = `${request.protocol}://${request.host}`;
    if (origin === allowed || origin === own) return;
    return refuse(reply);
  });
}

function refuse(reply: FastifyReply) {
  return reply.status(403).send({ success: false, code: 'FORBIDDEN', message: 'Cross-site request refused' });
}
