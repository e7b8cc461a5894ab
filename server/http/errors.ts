// The error codes of docs/api.md and the one exception type services throw to produce them.

export const ERROR_STATUS = {
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
  USER_EXISTS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldError {
  path: string;
  code: string;
  message: string;
}

// The pages' server bundle carries its own copy of this module, so `instanceof`
// fails across the two; a global symbol brand works for both copies.
const BRAND = Symbol.for('ecosouk.AppError');

export function isAppError(error: unknown): error is AppError {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[BRAND] === true;
}

export class AppError extends Error {
  readonly [BRAND] = true;
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: FieldError[] | undefined;
  constructor(code: ErrorCode, message: string, errors?: FieldError[]) {
    super(message);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.errors = errors;
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
