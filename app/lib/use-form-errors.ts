// Validates in the browser with the same zod schema the action uses, so mistakes
// show at once; the action still validates (JavaScript may be off).
import { useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrorsOf, type FieldErrors } from '../../common/schemas/field-errors.ts';
import type { FormFailure } from './forms.ts';

/**
 * The schema, or a function that imports it: pages that open with a form (log-in, sign-up)
 * then fetch zod when the visitor first focuses a field, not with the page. A form sent
 * before it arrived is checked by the action alone, which answers with the same errors.
 */
export type SchemaSource = z.ZodType | (() => Promise<z.ZodType>);

export function useFormErrors(source: SchemaSource, actionData: FormFailure | undefined) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [lastAction, setLastAction] = useState(actionData);
  const schema = useRef<z.ZodType | null>(typeof source === 'function' ? null : source);
  const requested = useRef(false);
  // A new server answer replaces what the browser found.
  if (actionData !== lastAction) {
    setLastAction(actionData);
    setClientErrors(null);
  }
  const onFocus = () => {
    if (schema.current || requested.current || typeof source !== 'function') return;
    requested.current = true;
    source().then(
      (loaded) => {
        schema.current = loaded;
      },
      () => {
        // Offline or a failed fetch: the action validates; try again on the next focus.
        requested.current = false;
      },
    );
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!schema.current) return;
    const form = new FormData(event.currentTarget);
    const parsed = schema.current.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')));
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(fieldErrorsOf(parsed.error));
  };
  const errors: FieldErrors = clientErrors ?? actionData?.fieldErrors ?? {};
  return { errors, onSubmit, onFocus };
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
