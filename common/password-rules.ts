// Password lengths and the sign-up form's live hints, apart from the zod schemas
// (schemas/user.ts) so that the password field does not bring zod to every form page.

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/** The live hints of the sign-up form, in display order. */
export const PASSWORD_HINTS = [
  { key: 'passwordNumber', test: (v: string) => /\d/.test(v) },
  { key: 'passwordUppercase', test: (v: string) => /\p{Lu}/u.test(v) },
  { key: 'passwordMin', test: (v: string) => v.length >= PASSWORD_MIN },
] as const;
