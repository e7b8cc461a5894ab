// The console's pages: moderators and admins only; anyone else gets the ordinary 404 page,
// never a hint that the console exists (nor a redirect to log-in).
import { data, type RouterContextProvider } from 'react-router';
import { isStaffAccount } from '../../common/reports.ts';
import { isLang, type Lang } from '../../common/languages.ts';
import { isAppError } from '#errors';
import type { User } from '../../db/schema.ts';
import { failFromError, formValues } from './forms.ts';
import { currentUser } from './session.server.ts';

export function requireStaffPage(context: Readonly<RouterContextProvider>): User {
  const user = currentUser(context);
  if (!isStaffAccount(user)) throw data(null, { status: 404 });
  return user!;
}

export function langParam(params: { lang?: string }): Lang {
  return isLang(params.lang) ? params.lang : 'ar';
}

/** A service error as a form failure; a NOT_FOUND of the console itself stays a 404 page. */
export function actionFailure(error: unknown, form: FormData) {
  if (isAppError(error) && error.code === 'VALIDATION_ERROR' && error.errors?.length) {
    const fieldErrors = Object.fromEntries(error.errors.map((e) => [e.path.replace(/^body\./, ''), e.code]));
    return data({ fieldErrors, values: formValues(form) }, { status: 400 });
  }
  return failFromError(error, form);
}

export const noStore = { headers: { 'Cache-Control': 'private, no-store' } };
