// Reads the session cookie of API requests into `request.user`, and writes it.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { User } from '../../db/schema.ts';
import type { Services } from '../services/index.ts';
import { SESSION_COOKIE } from '../services/sessions.ts';
import { AppError } from '../http/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
  }
}

export function registerAuth(app: FastifyInstance, services: Services) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    request.user = await services.sessions.userOf(request.cookies[SESSION_COOKIE]);
  });
}

export function setSessionCookie(reply: FastifyReply, secure: boolean, token: string, expires: Date) {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

export function requireUser(user: User | null): User {
  if (!user) throw new AppError('UNAUTHENTICATED', 'You must be logged in');
  return user;
}
