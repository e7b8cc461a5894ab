import { ArrowLeft, ArrowRight, BadgeCheck, CalendarDays, MapPin, PackageOpen, Store } from 'lucide-react';
import { useTranslation } from '#i18n';
import { data, isRouteErrorResponse } from 'react-router';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/shop';
import { SHOP_PAGE_LIMIT } from '../../common/constants.ts';
import { searchParamsSchema } from '../../common/schemas/search.ts';
import { formatDate } from '../../common/format.ts';
import { DEFAULT_LANG, isLang } from '../../common/languages.ts';
import { isAppError } from '#errors';
import { toPublicUser } from '../../common/user-views.ts';
import { Avatar } from '../components/avatar.tsx';
import { UserText } from '../components/user-text.tsx';
import { NotFound } from '../components/not-found.tsx';
import { LoadError } from '../components/product/load-error.tsx';
import { ProductCard } from '../components/product-card.tsx';
import { ImpactTotal } from '../components/impact/impact-total.tsx';
import { ReportButton } from '../components/report-button.tsx';
import { langOfMatches, pageMeta, publicUrlOfMatches, translatorFor } from '../lib/meta.ts';
import { seoMeta } from '../lib/seo.ts';
import { useLang } from '../lib/root-data.ts';
import { searchQuery } from '../lib/search-url.ts';
import { currentUser, servicesOf } from '../lib/session.server.ts';
import { toListingCard } from '../lib/listing-card.ts';

export async function loader({ context, params }: Route.LoaderArgs) {
  try {
    // The public shop: active listings only, even when the seller looks at their own shop.
    const services = servicesOf(context);
    const { seller, products } = await services.listings.byUser(null, params.userId, SHOP_PAGE_LIMIT);
    // The count is the seller-filtered search's, the one "see all" opens (its first page is
    // then in the search cache already).
    const total = products.length < SHOP_PAGE_LIMIT ? { items: products.length, capped: false } : await countOf(services, seller.id, products.length);
    const impact = await services.impact.sellerTotal(seller.id);
    // The cards' fields only (listing-card.ts), not whole listings.
    const lang = isLang(params.lang) ? params.lang : DEFAULT_LANG;
    const cards = (await services.favourites.mark(currentUser(context), products)).map((product) => toListingCard(product, lang));
    return { seller: toPublicUser(seller), products: cards, total, impact };
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') throw data(null, { status: 404 });
    throw error;
  }
}

/** The seller's active listings as the "see all" search counts them; "N+" if it is too slow just now. */
async function countOf(services: ReturnType<typeof servicesOf>, sellerId: string, shown: number) {
  try {
    const all = await services.search.search(searchParamsSchema.parse({ seller: sellerId }));
    return { items: all.pagination.totalItems, capped: all.pagination.totalIsCapped };
  } catch (error) {
    if (isAppError(error) && error.code === 'SERVICE_UNAVAILABLE') return { items: shown, capped: true };
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params, error }) => {
  const lang = isLang(params.lang) ? params.lang : langOfMatches(matches);
  const t = translatorFor(lang);
  if (!loaderData) return pageMeta(isRouteErrorResponse(error) && error.status === 404 ? t('notFound:title') : t('listings:loadFailed'));
  const name = loaderData.seller.name;
  return seoMeta({
    lang,
    publicUrl: publicUrlOfMatches(matches),
    path: `/shop/${params.userId}`,
    title: t('listings:shopMetaTitle', { name }),
    description: t('listings:shopMetaDescription', { name }),
    image: loaderData.seller.image ?? undefined,
    type: 'website',
  });
};

export default function Shop({ loaderData }: Route.ComponentProps) {
  const lang = useLang();
  const { t } = useTranslation(['listings', 'cities']);
  const { seller, products, total } = loaderData;
  // Isolated, so that "72" or "1000+" keeps its shape inside Arabic text.
  const totalText = `\u2066${total.items}${total.capped ? '+' : ''}\u2069`;
  const more = total.capped || total.items > products.length;
  const Forward = lang === 'ar' ? ArrowLeft : ArrowRight;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10" data-testid="shop-page">
      <header className="flex flex-col gap-5 rounded-2xl border border-line bg-surface-raised p-6 shadow-sm sm:flex-row sm:items-start">
        <Avatar name={seller.name} image={seller.image} size="lg" />
        <div className="min-w-0 flex-1 space-y-2">
          <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-strong">
            <Store className="size-4" aria-hidden="true" />
            {t('shopLabel')}
          </p>
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            <span dir="auto">{seller.name}</span>
            {seller.isVerified ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-brand-soft px-2.5 py-0.5 text-xs font-semibold text-brand-strong">
                <BadgeCheck className="size-3.5" aria-hidden="true" />
                {t('verifiedSeller')}
              </span>
            ) : null}
          </h1>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-muted">
            <span className="inline-flex items-center gap-1.5">
              <MapPin className="size-4" aria-hidden="true" />
              <span className="sr-only">{`${t('wilaya')}: `}</span>
              {seller.address ? t(`cities:${seller.address}`) : t('unavailable')}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden="true" />
              {t('memberSince', { date: formatDate(seller.createdAt, lang) })}
            </span>
          </p>
          <ImpactTotal total={loaderData.impact} scope="seller" />
          {seller.bio ? (
            <UserText text={seller.bio} className="max-w-3xl text-ink" testId="shop-bio" />
          ) : null}
        </div>
      </header>

      <section className="mt-10" aria-labelledby="shop-listings-title">
        <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="shop-listings-title" className="text-2xl font-bold text-ink">
            {t('shopListings')}
          </h2>
          <p className="text-sm text-ink-muted">{t('activeCount', { total: totalText })}</p>
        </div>
        {products.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line p-10 text-center text-ink-muted" data-testid="shop-empty">
            <PackageOpen className="size-10" aria-hidden="true" />
            <p>{t('noProducts')}</p>
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="product-grid">
            {products.map((product, index) => (
              <li key={product.id} className="flex">
                <ProductCard product={product} position={index} />
              </li>
            ))}
          </ul>
        )}
        {more ? (
          <div className="mt-8 flex flex-col items-center gap-2 text-center">
            <p className="text-sm text-ink-muted">{t('shopLimit', { count: products.length })}</p>
            <Link
              to={`/${lang}${searchQuery({ seller: seller.id })}`}
              className="inline-flex items-center gap-2 rounded-xl bg-brand px-5 py-2.5 font-semibold text-on-brand hover:bg-brand-strong"
              data-testid="shop-see-all"
            >
              {t('seeAll', { total: totalText })}
              <Forward className="size-4" aria-hidden="true" />
            </Link>
          </div>
        ) : null}
      </section>
      <ReportButton targetType="user" targetId={seller.id} ownerId={seller.id} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation('listings');
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (typeof console !== 'undefined') console.error(error);
  return <LoadError title={t('loadFailed')} testId="shop-error" />;
}
