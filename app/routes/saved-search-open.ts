import { redirect } from 'react-router';
import type { Route } from './+types/saved-search-open';
import { isLang } from '../../common/languages.ts';
import { savedQueryString } from '../../common/saved-search.ts';
import { isAppError } from '#errors';
import { requireUser, servicesOf } from '../lib/session.server.ts';

/**
 * Opens a saved search's results: what it counted as new is now seen (its count starts again
 * from zero), then the search page with its filters. The alert e-mails link here too.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = isLang(params.lang) ? params.lang : 'ar';
  const user = requireUser(request, context, lang);
  try {
    const query = await servicesOf(context).savedSearches.open(user, params.searchId);
    return redirect(`/${lang}${savedQueryString(query)}`, { headers: { 'Cache-Control': 'private, no-store' } });
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') return redirect(`/${lang}/saved-searches?missing=1`);
    throw error;
  }
}
