// Form handling shared by actions: the same zod schemas as the API, field errors as
// message keys, and the typed values sent back so nothing is lost on failure.
import { data } from 'react-router';
import type { z } from 'zod';
import { fieldErrorsOf, type FieldErrors } from '../../common/schemas/field-errors.ts';
import { isAppError } from '#errors';

export interface FormFailure {
  fieldErrors?: FieldErrors;
  /** An error code of docs/api.md or a page-specific key, translated by the page. */
  formError?: string;
  values?: Record<string, string>;
}

/** Text fields of a form (files and passwords are not echoed back). */
export function formValues(form: FormData, omit: string[] = ['password', 'confirmPassword']): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === 'string' && !omit.includes(key)) values[key] = value;
  return values;
}

export function parseForm<T extends z.ZodType>(schema: T, form: FormData):
  | { ok: true; data: z.infer<T> }
  | { ok: false; failure: FormFailure } {
  const parsed = schema.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')));
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, failure: { fieldErrors: fieldErrorsOf(parsed.error), values: formValues(form) } };
}

export function fail(failure: FormFailure, status = 400) {
  return data(failure, { status });
}

/** Turns a service AppError into a form failure; anything else is rethrown. */
export function failFromError(error: unknown, form: FormData) {
  if (isAppError(error)) return fail({ formError: error.code, values: formValues(form) }, error.status);
  throw error;
}
