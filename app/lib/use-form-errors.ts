// Validates in the browser with the same zod schema the action uses, so mistakes
// show at once; the action still validates (JavaScript may be off).
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrorsOf, type FieldErrors } from '../../common/schemas/field-errors.ts';
import type { FormFailure } from './forms.ts';

export function useFormErrors(schema: z.ZodType, actionData: FormFailure | undefined) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [lastAction, setLastAction] = useState(actionData);
  // A new server answer replaces what the browser found.
  if (actionData !== lastAction) {
    setLastAction(actionData);
    setClientErrors(null);
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const parsed = schema.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')));
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(fieldErrorsOf(parsed.error));
  };
  const errors: FieldErrors = clientErrors ?? actionData?.fieldErrors ?? {};
  return { errors, onSubmit };
}

/** Translation key (auth namespace) for an API error code returned by an action. */
export function formErrorKey(code: string | undefined, fallback = 'errorOccurred'): string | null {
  if (!code) return null;
  const known: Record<string, string> = {
    USER_EXISTS: 'userExists',
    INVALID_CREDENTIALS: 'invalidCredentials',
    RATE_LIMITED: 'rateLimited',
    FORBIDDEN: 'crossSite',
    RESET_TOKEN_INVALID: 'resetTokenInvalid',
    RESET_TOKEN_EXPIRED: 'resetTokenExpired',
    TOKEN_REQUIRED: 'resetTokenMissing',
  };
  return known[code] ?? fallback;
}
