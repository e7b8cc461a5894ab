// "Ask for a review" of a hidden listing, from the dashboard: the listing goes back to the
// review queue (pending) and the seller back to the dashboard. POST only.
import { data, redirect } from 'react-router';
import type { Route } from './+types/product-review';
import { isLang } from '../../common/languages.ts';
import { isAppError } from '#errors';
import { requireUser, servicesOf } from '../lib/session.server.ts';

export function loader() {
  throw data(null, { status: 404 });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = isLang(params.lang) ? params.lang : 'ar';
  const user = requireUser(new Request(new URL(`/${lang}/dashboard`, request.url)), context, lang);
  try {
    await servicesOf(context).moderation.askForReview(user, params.productId);
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') throw data(null, { status: 404 });
    if (isAppError(error)) return redirect(`/${lang}/dashboard`);
    throw error;
  }
  return redirect(`/${lang}/dashboard?review=1`);
}
