// What loaders and actions know of the request: the services and the caller, both handed
// over by the server in the load context (server/http/load-context.ts), where the session
// was looked up once for the whole request.
import { redirect, type RouterContextProvider } from 'react-router';
import { appContext } from '#app-context';
import type { Lang } from '../../common/languages.ts';
import type { User } from '../../db/schema.ts';

type Context = Readonly<RouterContextProvider>;

export function servicesOf(context: Context) {
  return context.get(appContext).services;
}

/** Address, user agent and session of this request: what services take to apply their limits. */
export function callerOf(context: Context) {
  return context.get(appContext).caller;
}

export function currentUser(context: Context): User | null {
  return callerOf(context).session?.user ?? null;
}

/** The signed-in user, or a redirect to log-in that comes back here afterwards. */
export function requireUser(request: Request, context: Context, lang: Lang): User {
  const user = currentUser(context);
  if (!user) {
    // A client navigation's data request (`/fr/products/new.data?_routes=…`) comes back to the page, not to its data.
    const url = new URL(request.url);
    url.searchParams.delete('_routes');
    const path = url.pathname.replace(/\.data$/, '').replace(/^\/_root$/, '/');
    throw redirect(`/${lang}/login?redirectTo=${encodeURIComponent(path + url.search)}`);
  }
  return user;
}
