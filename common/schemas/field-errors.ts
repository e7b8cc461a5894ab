// Turns zod issues into { field: messageKey } for forms (first issue per field).
import type { z } from 'zod';
import { isValidationKey, type ValidationKey } from './messages.ts';

export type FieldErrors = Partial<Record<string, ValidationKey>>;

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    // A category detail has a field of its own: `attributes.year`.
    const field = issue.path[0] === 'attributes' && issue.path.length > 1 ? `attributes.${String(issue.path[1])}` : String(issue.path[0] ?? 'form');
    if (errors[field]) continue;
    errors[field] = isValidationKey(issue.message) ? issue.message : 'invalidValue';
  }
  return errors;
}
