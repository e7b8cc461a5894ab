// The error codes of docs/api.md and the one exception type services throw to produce them.
// Both doors read it: the API's error handler turns it into the JSON envelope, page actions
// into a form error. Imported everywhere as `#errors`, which the pages' server build keeps
// external (vite.config.ts), so there is one AppError class in the process and `instanceof`
// holds across the two doors.

export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  TOKEN_REQUIRED: 400,
  ALREADY_VERIFIED: 400,
  VERIFICATION_TOKEN_INVALID: 400,
  OWN_LISTING: 400,
  UNSUBSCRIBE_TOKEN_INVALID: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  RESET_TOKEN_EXPIRED: 401,
  ACCOUNT_BANNED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  ACCOUNT_SUSPENDED: 403,
  BLOCKED: 403,
  MESSAGES_DISABLED: 403,
  NOT_FOUND: 404,
  RESET_TOKEN_INVALID: 404,
  NOT_AVAILABLE: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  USER_EXISTS: 409,
  ALREADY_REPORTED: 409,
  LIMIT_REACHED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  STORAGE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldError {
  path: string;
  code: string;
  message: string;
}

export class AppError extends Error {
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

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
