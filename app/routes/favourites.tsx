import { Heart, ImageOff, MapPin } from 'lucide-react';
import { useTranslation } from '#i18n';
import { data, redirect } from 'react-router';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/favourites';
import { formatPrice } from '../../common/format.ts';
import { isLang } from '../../common/languages.ts';
import { localizedTitle } from '../../common/product.ts';
import { safeRedirect } from '../../common/safe-redirect.ts';
import { isAppError } from '#errors';
import { FavouriteButton } from '../components/buyers/favourite-button.tsx';
import { srcSetOf } from '../components/product-card.tsx';
import { seoContext, translatorFor } from '../lib/meta.ts';
import { localePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';
import { seoMeta } from '../lib/seo.ts';
import { currentUser, requireUser, servicesOf } from '../lib/session.server.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { lang, publicUrl } = seoContext(matches);
  return seoMeta({ lang, publicUrl, path: '/favourites', title: translatorFor(lang)('buyers:favouritesTitle'), noindex: true });
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = isLang(params.lang) ? params.lang : 'ar';
  const user = requireUser(request, context, lang);
  const page = Math.min(1000, Math.max(1, Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10) || 1));
  const result = await servicesOf(context).favourites.list(user, page);
  return data(result, { headers: { 'Cache-Control': 'private, no-store' } });
}

/** The hearts' form (before or without JavaScript): save or remove, then back where the tap was. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = isLang(params.lang) ? params.lang : 'ar';
  const services = servicesOf(context);
  const form = await request.formData();
  const productId = String(form.get('productId') ?? '');
  const back = safeRedirect(form.get('redirectTo'), `/${lang}/favourites`, services.config.publicUrl);
  const user = currentUser(context);
  if (!user) {
    const then = `/${lang}/favourites/save?${new URLSearchParams({ productId, back })}`;
    return redirect(`/${lang}/login?redirectTo=${encodeURIComponent(then)}`);
  }
  try {
    if (form.get('intent') === 'remove') await services.favourites.remove(user, productId);
    else await services.favourites.add(user, productId);
  } catch (error) {
    if (!isAppError(error) || error.code !== 'NOT_FOUND') throw error;
  }
  return redirect(back);
}

export default function Favourites({ loaderData }: Route.ComponentProps) {
  const lang = useLang();
  const { t } = useTranslation(['buyers', 'cities', 'search']);
  const { products, pagination } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight text-ink">
        <Heart className="size-7 text-danger" aria-hidden="true" />
        {t('favouritesTitle')}
      </h1>
      <p className="mt-2 text-ink-muted">{t('favouritesIntro')}</p>
      {products.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-line px-6 py-12 text-center" data-testid="favourites-empty">
          <p className="text-ink">{t('favouritesEmpty')}</p>
          <Link to={localePath(lang, '/')} className="mt-4 inline-block font-semibold text-brand-strong underline-offset-4 hover:underline">
            {t('browse')}
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-6 text-sm text-ink-muted">{t('favouritesCount', { count: pagination.totalItems })}</p>
          <ul className="mt-3 grid gap-4 sm:grid-cols-2" data-testid="favourites-list">
            {products.map((product) => {
              const cover = product.photos[0];
              const title = localizedTitle(product, lang);
              const available = product.availability === 'available';
              return (
                <li key={product.id} className="relative flex gap-3 rounded-2xl border border-line bg-surface-raised p-3 shadow-sm" data-testid="favourite-item" data-availability={product.availability}>
                  <div className={`relative h-20 w-28 shrink-0 overflow-hidden rounded-xl bg-surface-sunken ${available ? '' : 'opacity-60 grayscale'}`}>
                    {cover ? (
                      <img src={cover.variants['320'] ?? cover.url} srcSet={srcSetOf(cover.variants)} sizes="112px" alt="" loading="lazy" className="size-full object-cover" />
                    ) : (
                      <ImageOff className="m-auto mt-6 size-8 text-ink-muted" aria-hidden="true" />
                    )}
                  </div>
                  <div className="min-w-0 flex-1">
                    {available ? (
                      <Link to={localePath(lang, `/products/${product.id}`)} className="line-clamp-2 font-semibold text-ink hover:underline" dir="auto">
                        {title}
                      </Link>
                    ) : (
                      <p className="line-clamp-2 font-semibold text-ink-muted" dir="auto">
                        {title}
                      </p>
                    )}
                    <p className="mt-1 font-bold text-brand-strong" dir="ltr">
                      <bdi>{formatPrice(product.price, lang)}</bdi>
                    </p>
                    <p className="mt-1 flex items-center gap-1 text-sm text-ink-muted">
                      <MapPin className="size-4 shrink-0" aria-hidden="true" />
                      {t(`cities:${product.address}`)}
                    </p>
                    {available ? null : (
                      <span className="mt-2 inline-block rounded-full bg-danger-soft px-2.5 py-0.5 text-xs font-semibold text-danger" data-testid="favourite-state">
                        {t(`state_${product.availability}`)}
                      </span>
                    )}
                  </div>
                  <div className="shrink-0">
                    <FavouriteButton productId={product.id} isFavourite variant="icon" />
                  </div>
                </li>
              );
            })}
          </ul>
          {pagination.totalPages > 1 ? (
            <nav className="mt-8 flex justify-center gap-3" aria-label={t('search:pagination')}>
              {pagination.currentPage > 1 ? (
                <Link to={`${localePath(lang, '/favourites')}?page=${pagination.currentPage - 1}`} rel="prev" className="rounded-xl border border-line px-4 py-2 font-semibold text-ink hover:bg-surface-sunken">
                  {t('search:previous')}
                </Link>
              ) : null}
              {pagination.currentPage < pagination.totalPages ? (
                <Link to={`${localePath(lang, '/favourites')}?page=${pagination.currentPage + 1}`} rel="next" className="rounded-xl border border-line px-4 py-2 font-semibold text-ink hover:bg-surface-sunken">
                  {t('search:next')}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
