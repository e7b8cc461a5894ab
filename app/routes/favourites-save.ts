import { redirect } from 'react-router';
import type { Route } from './+types/favourites-save';
import { isLang } from '../../common/languages.ts';
import { safeRedirect } from '../../common/safe-redirect.ts';
import { isAppError } from '#errors';
import { requireUser, servicesOf } from '../lib/session.server.ts';

/**
 * The end of "a visitor taps the heart": log-in sends them here (a GET, as every log-in
 * return is), the listing is saved, and they are back on the page they tapped it on. Only
 * a navigation from this site saves: another site's link or image cannot add favourites.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = isLang(params.lang) ? params.lang : 'ar';
  const user = requireUser(request, context, lang);
  const services = servicesOf(context);
  const url = new URL(request.url);
  const productId = url.searchParams.get('productId') ?? '';
  const back = safeRedirect(url.searchParams.get('back'), `/${lang}/favourites`, services.config.publicUrl);
  const site = request.headers.get('sec-fetch-site');
  if (site === null || site === 'same-origin' || site === 'none') {
    try {
      await services.favourites.add(user, productId);
    } catch (error) {
      // A listing gone meanwhile: back to where they were, nothing saved.
      if (!isAppError(error) || error.code !== 'NOT_FOUND') throw error;
    }
  }
  return redirect(back, { headers: { 'Cache-Control': 'private, no-store' } });
}
