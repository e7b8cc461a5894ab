// Account rules (docs/product.md), shared by the forms, the server
// actions and the REST routes. Messages are keys of ./messages.ts.
import { z } from 'zod';
import { isCommonPassword } from '../common-passwords.ts';
import { toInternational } from '../phone.ts';
import { WILAYA_KEYS } from '../reference-data.ts';
import { LANGS } from '../languages.ts';
import { isStorableText } from './text.ts';

import { PASSWORD_MAX, PASSWORD_MIN } from '../password-rules.ts';

export { PASSWORD_HINTS, PASSWORD_MAX, PASSWORD_MIN } from '../password-rules.ts';

export const emailSchema = z
  .string({ error: 'emailRequired' })
  .trim()
  .min(1, 'emailRequired')
  .max(254, 'emailInvalid')
  .pipe(z.email('emailInvalid'))
  .transform((v) => v.toLowerCase());

/** Password rules for a new password (sign-up, reset). */
export const newPasswordSchema = z
  .string({ error: 'passwordRequired' })
  .min(1, 'passwordRequired')
  .min(PASSWORD_MIN, 'passwordMin')
  .max(PASSWORD_MAX, 'passwordMax')
  .regex(/\d/, 'passwordNumber')
  .regex(/\p{Lu}/u, 'passwordUppercase')
  .refine((v) => !isCommonPassword(v), 'passwordCommon');

export const nameSchema = z.string({ error: 'required' }).trim().min(2, 'nameMin').max(80, 'nameMax').refine(isStorableText, 'invalidValue');

export const langSchema = z.enum(LANGS).optional();

export const signupSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  lang: langSchema,
});

/** The page adds the terms checkbox; the API contract has no such field. */
export const signupFormSchema = signupSchema.extend({
  terms: z.literal('on', { error: 'termsRequired' }),
});

export const loginSchema = z.object({
  email: emailSchema,
  // Never apply the new-password rules at log-in: old accounts must still get in.
  password: z.string({ error: 'passwordRequired' }).min(1, 'passwordRequired').max(PASSWORD_MAX, 'passwordMax'),
});

export const forgotPasswordSchema = z.object({ email: emailSchema, lang: langSchema });

export const resetPasswordSchema = z.object({
  password: newPasswordSchema,
  token: z.string({ error: 'tokenMissing' }).trim().min(1, 'tokenMissing').max(200, 'invalidValue'),
});

export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirmPassword: z.string({ error: 'passwordRequired' }) })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'passwordMismatch' });

/** Empty strings mean "not sent" (the specification drops empty fields). */
const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

export const phoneSchema = z
  .string({ error: 'phoneInvalid' })
  .max(30, 'phoneInvalid')
  .transform((v, ctx) => {
    const international = toInternational(v);
    if (!international) {
      ctx.addIssue({ code: 'custom', message: 'phoneInvalid' });
      return z.NEVER;
    }
    return international;
  });

export const profileUpdateSchema = z.object({
  name: optionalText(nameSchema),
  address: optionalText(z.enum(WILAYA_KEYS, { error: 'addressInvalid' })),
  phone: optionalText(phoneSchema),
  bio: optionalText(z.string().trim().min(10, 'bioMin').max(500, 'bioMax').refine(isStorableText, 'invalidValue')),
  // Whether buyers may message (else the phone only), and the e-mail about unread messages.
  messagesEnabled: z.boolean({ error: 'invalidValue' }).optional(),
  messageEmails: z.boolean({ error: 'invalidValue' }).optional(),
  /** The phone is reachable on WhatsApp / Viber (offered to buyers after the reveal). */
  whatsapp: z.boolean({ error: 'invalidValue' }).optional(),
  viber: z.boolean({ error: 'invalidValue' }).optional(),
});

export const contactSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  message: z.string({ error: 'messageMin' }).trim().min(10, 'messageMin').max(5000, 'messageMax').refine(isStorableText, 'invalidValue'),
});

export type SignupInput = z.infer<typeof signupSchema>;
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
