import { data, Outlet } from 'react-router';
import type { Route } from './+types/lang-layout';
import { isLang } from '../../common/languages.ts';
import { ProductSkeleton, useProductPending } from '../components/product/product-skeleton.tsx';

export function loader({ params }: Route.LoaderArgs) {
  // An unknown language prefix is an unknown page: 404, shown in the detected language.
  if (!isLang(params.lang)) throw data(null, { status: 404 });
  return null;
}

export default function LangLayout() {
  // Whatever page a product is opened from, its shape shows while its data loads.
  return useProductPending() ? <ProductSkeleton /> : <Outlet />;
}
