import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { clearedSessionCookie, servicesOf, sessionToken } from '../lib/session.server.ts';

export async function action({ request, context, params }: Route.ActionArgs) {
  const services = servicesOf(context);
  await services.sessions.destroy(sessionToken(request));
  return redirect(`/${params.lang}`, { headers: { 'Set-Cookie': clearedSessionCookie(services.config.secureCookies) } });
}

export function loader({ params }: Route.LoaderArgs) {
  // Log-out changes state: only POST does it. A GET just goes home.
  return redirect(`/${params.lang}`);
}
