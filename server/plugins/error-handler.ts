// One place turns every failure into the docs/api.md error body. 5xx details stay in the log.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isAppError, type FieldError } from '#errors';
import { RateLimitedError } from '../services/rate-limit.ts';
import { isValidationKey, VALIDATION_MESSAGES } from '../../common/schemas/messages.ts';

const CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'File is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported media type' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'VALIDATION_ERROR', message: 'Request body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'VALIDATION_ERROR', message: 'Request body is not valid JSON' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the file as multipart/form-data' },
  FST_FILES_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Too many files' },
  FST_PARTS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Too many parts' },
  FST_FIELDS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Too many fields' },
  FST_PROTO_VIOLATION: { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid field name' },
};

const MALFORMED_MULTIPART = /^Multipart: |unexpected end of multipart data/i;

export function registerErrorHandler(app: FastifyInstance) {
  // Fastify's own 404 logs "Route GET:<url> not found" with the URL unredacted (tokens and
  // all) and answers in another shape; no route at all is the API's 404. (With pages, React
  // Router's catch-all answers every path first.)
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'Not found' }));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfter));
      return reply.status(error.status).send({
        success: false,
        code: error.code,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((v) => {
        const key = v.message ?? '';
        // Our schemas carry message keys (common/schemas/messages.ts); zod's own messages pass through.
        const issueCode = v.params?.issue && typeof v.params.issue === 'object' && 'code' in v.params.issue ? v.params.issue.code : v.keyword;
        return {
          path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
          code: isValidationKey(key) ? key : String(issueCode),
          message: isValidationKey(key) ? VALIDATION_MESSAGES[key].en : key || 'Invalid value',
        };
      });
      return reply.status(400).send({ success: false, code: 'VALIDATION_ERROR', message: 'Invalid request', errors });
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      return reply.status(known.status).send({ success: false, code: known.code, message: known.message });
    }
    // busboy reports a malformed multipart body (no boundary, cut short) with a bare Error.
    if (!error.code && !error.statusCode && MALFORMED_MULTIPART.test(error.message)) {
      return reply.status(400).send({ success: false, code: 'VALIDATION_ERROR', message: 'Malformed multipart body' });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ success: false, code: 'RATE_LIMITED', message: 'Too many requests' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ success: false, code: 'VALIDATION_ERROR', message: 'Invalid request' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ success: false, code: 'INTERNAL_ERROR', message: 'Internal server error' });
  });
}
