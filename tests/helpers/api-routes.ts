// The routes the app really has, read from its router, and the error contract of
// docs/api.md, so that tests covering "every endpoint" notice a new one.
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../server/app.ts';

export const API_PREFIX = '/api/v1/';
export const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface RouteRef {
  method: string;
  /** The router's pattern, e.g. /api/v1/users/:id */
  path: string;
}

export const routeKey = (r: RouteRef) => `${r.method} ${r.path}`;

const LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every route under /api/v1/ for these methods. printRoutes is the router's own
 * tree (hidden routes included, unlike the OpenAPI document); with one method at a
 * time, each line is a segment to append to its parent's path.
 */
export function apiRoutes(app: App, methods: readonly string[]): RouteRef[] {
  const found: RouteRef[] = [];
  for (const method of methods) {
    const stack: string[] = [];
    for (const line of app.printRoutes({ method, commonPrefix: false }).split('\n')) {
      const m = LINE.exec(line);
      if (!m) continue;
      const depth = (m[1] ?? '').length / 4;
      const path = (stack[depth - 1] ?? '') + (m[2] ?? '');
      stack[depth] = path;
      stack.length = depth + 1;
      const listed = (m[3] ?? '').split(', ');
      if (listed.includes(method) && path.startsWith(API_PREFIX)) found.push({ method, path });
    }
  }
  return found.sort((a, b) => routeKey(a).localeCompare(routeKey(b)));
}

/** The error codes and statuses of docs/api.md (`Conventions` and the tables); 5xx left out on purpose. */
export const DOCUMENTED_ERRORS: Record<string, number> = {
  VALIDATION_ERROR: 400,
  TOKEN_REQUIRED: 400,
  ALREADY_VERIFIED: 400,
  VERIFICATION_TOKEN_INVALID: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  RESET_TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  RESET_TOKEN_INVALID: 404,
  // Messaging (docs/api.md, "Conversations and messages").
  OWN_LISTING: 400,
  BLOCKED: 403,
  MESSAGES_DISABLED: 403,
  NOT_AVAILABLE: 404,
  // A method the path does not take (issue #13: unsupported methods answer 405, with Allow).
  METHOD_NOT_ALLOWED: 405,
  USER_EXISTS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
};

/**
 * What is wrong with a response against the envelope of docs/api.md, or null. A success
 * must use one of `successStatuses`; an error a documented code with its status, and
 * `errors` (only with VALIDATION_ERROR) must be a list of {path, code, message}.
 */
export function envelopeProblem(res: LightMyRequestResponse, successStatuses: readonly number[]): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  if (!/^application\/json\b/.test(String(res.headers['content-type']))) return `content-type ${res.headers['content-type']}`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return 'body is not JSON';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body is not an object';
  const b = body as Record<string, unknown>;
  if (b.success === true) {
    return successStatuses.includes(res.statusCode) ? null : `success with undocumented status ${res.statusCode}`;
  }
  if (b.success !== false) return 'no success flag';
  if (typeof b.code !== 'string' || !(b.code in DOCUMENTED_ERRORS)) return `undocumented code ${String(b.code)}`;
  if (DOCUMENTED_ERRORS[b.code] !== res.statusCode) return `${b.code} with status ${res.statusCode}`;
  if (typeof b.message !== 'string' || b.message === '') return 'no message';
  const extra = Object.keys(b).filter((k) => !['success', 'code', 'message', 'errors'].includes(k));
  if (extra.length > 0) return `extra keys ${extra.join(',')}`;
  if ('errors' in b) {
    if (b.code !== 'VALIDATION_ERROR') return `errors with ${b.code}`;
    if (!Array.isArray(b.errors)) return 'errors is not an array';
    for (const e of b.errors as unknown[]) {
      const fe = e as Record<string, unknown>;
      if (typeof e !== 'object' || e === null || Object.keys(fe).sort().join() !== 'code,message,path') return `bad field error ${JSON.stringify(e)}`;
      if (typeof fe.path !== 'string' || typeof fe.code !== 'string' || typeof fe.message !== 'string') return `bad field error ${JSON.stringify(e)}`;
    }
  }
  return null;
}

/** Own property names of the built-in prototypes, to compare before and after untrusted input. */
export function prototypeFingerprint(): string {
  const protos = [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype, Boolean.prototype];
  return protos.map((p) => Object.getOwnPropertyNames(p).sort().join(',')).join('|');
}
