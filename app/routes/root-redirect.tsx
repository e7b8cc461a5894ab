import { redirect } from 'react-router';
import type { Route } from './+types/root-redirect';
import { detectLanguage } from '../../common/detect-language.ts';

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = detectLanguage(request);
  url.searchParams.delete('lng');
  const search = url.searchParams.toString();
  return redirect(`/${lang}${search ? `?${search}` : ''}`, { headers: { Vary: 'Cookie, Accept-Language' } });
}
