// The caller of one request, for either door: the API (server/plugins/auth.ts) and the
// pages (server/http/load-context.ts) both build it here, once per request.
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../common/constants.ts';
import type { Caller } from '../services/access.ts';
import type { Services } from '../services/index.ts';

export function callerOfRequest(services: Pick<Services, 'sessions'>, request: FastifyRequest): Promise<Caller> {
  return services.sessions.callerOf({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    token: request.cookies[SESSION_COOKIE],
  });
}
