import { data, Outlet } from 'react-router';
import type { Route } from './+types/lang-layout';
import { isLang } from '../../common/languages.ts';

export function loader({ params }: Route.LoaderArgs) {
  // An unknown language prefix is an unknown page: 404, shown in the detected language.
  if (!isLang(params.lang)) throw data(null, { status: 404 });
  return null;
}

export default function LangLayout() {
  return <Outlet />;
}
