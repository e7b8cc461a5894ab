// Answers for requests refused before they reach a route: API paths get the error envelope,
// pages a short text in the language of their path (no rendering: the refusal must stay
// cheap, and a form's own errors are for requests that reach it).
import type { FastifyReply } from 'fastify';
import { DEFAULT_LANG, isLang } from '../../common/languages.ts';
import { VALIDATION_MESSAGES, type ValidationKey } from '../../common/schemas/messages.ts';
import { ERROR_STATUS, type ErrorCode } from '#errors';

export function pathOf(url: string): string {
  return url.split('?', 1)[0] ?? '';
}

export function isApiPath(url: string): boolean {
  const path = pathOf(url);
  return path === '/api' || path.startsWith('/api/');
}

export function pageLang(url: string) {
  const first = pathOf(url).split('/')[1];
  return isLang(first) ? first : DEFAULT_LANG;
}

export function refuse(reply: FastifyReply, url: string, code: ErrorCode, pageMessage: ValidationKey, apiMessage: string) {
  reply.code(ERROR_STATUS[code]).header('cache-control', 'no-store');
  if (isApiPath(url)) return reply.type('application/json; charset=utf-8').send({ success: false, code, message: apiMessage });
  return reply.type('text/plain; charset=utf-8').send(`${VALIDATION_MESSAGES[pageMessage][pageLang(url)]}\n`);
}
