import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { callerOf, servicesOf } from '../lib/session.server.ts';

export async function action({ context, params }: Route.ActionArgs) {
  const cookie = await servicesOf(context).users.logout(callerOf(context));
  return redirect(`/${params.lang}`, { headers: { 'Set-Cookie': cookie } });
}

export function loader({ params }: Route.LoaderArgs) {
  // Log-out changes state: only POST does it. A GET just goes home.
  return redirect(`/${params.lang}`);
}
