// Session handling for loaders and actions (the API has its own plugin).
import { redirect, type RouterContextProvider } from 'react-router';
import { appContext } from '#app-context';
import { readCookie } from '../../common/cookies.ts';
import type { Lang } from '../../common/languages.ts';
import type { User } from '../../db/schema.ts';
import { SESSION_COOKIE } from '../../server/services/sessions.ts';

export function servicesOf(context: Readonly<RouterContextProvider>) {
  return context.get(appContext).services;
}

export function clientIp(context: Readonly<RouterContextProvider>): string {
  return context.get(appContext).clientIp;
}

export function sessionToken(request: Request): string | undefined {
  return readCookie(request.headers.get('cookie'), SESSION_COOKIE);
}

export async function currentUser(request: Request, context: Readonly<RouterContextProvider>): Promise<User | null> {
  return servicesOf(context).sessions.userOf(sessionToken(request));
}

/** The signed-in user, or a redirect to log-in that comes back here afterwards. */
export async function requireUser(request: Request, context: Readonly<RouterContextProvider>, lang: Lang): Promise<User> {
  const user = await currentUser(request, context);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/${lang}/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

export function sessionCookie(token: string, expires: Date, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=${expires.toUTCString()}${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
}
