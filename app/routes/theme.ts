// The theme toggle is a form posting here, so that it works before the page's JavaScript has
// arrived (decision 0012); once React is there, the toggle switches the theme in place.
import { redirect } from 'react-router';
import type { Route } from './+types/theme';
import { THEMES, type Theme } from '../../common/constants.ts';
import { themeCookie } from '../../common/cookies.ts';
import { safeRedirect } from '../../common/safe-redirect.ts';
import { servicesOf } from '../lib/session.server.ts';

const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const theme = form.get('theme');
  if (!isTheme(theme)) {
    // Only a hand-made request gets here: the toggle always sends one of them.
    return new Response(`theme must be one of: ${THEMES.join(', ')}`, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  // Back to the page the form was on, on this site only.
  return redirect(safeRedirect(form.get('returnTo'), '/', servicesOf(context).config.publicUrl), { status: 303, headers: { 'Set-Cookie': themeCookie(theme) } });
}

export function loader() {
  // Only the form's POST changes the theme; a GET just goes home.
  return redirect('/');
}
