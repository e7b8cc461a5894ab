// The caller of one request, for either door: the API (server/plugins/auth.ts) and the
// pages (server/http/load-context.ts) both build it here, once per request.
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../common/constants.ts';
import { readCookie } from '../../common/cookies.ts';
import type { Caller } from '../services/access.ts';
import type { Services } from '../services/index.ts';

/** What a request says about who sends it. */
export interface RequestFacts {
  ip: string;
  userAgent: string | undefined;
  /** The Cookie header. */
  cookie: string | undefined;
}

export function requestFactsOf(request: FastifyRequest): RequestFacts {
  return { ip: request.ip, userAgent: request.headers['user-agent'], cookie: request.headers.cookie };
}

/** The caller, its session looked up (the one lookup of the request). */
export function callerOf(services: Pick<Services, 'sessions'>, facts: RequestFacts): Promise<Caller> {
  return services.sessions.callerOf({ ip: facts.ip, userAgent: facts.userAgent, token: readCookie(facts.cookie, SESSION_COOKIE) });
}
