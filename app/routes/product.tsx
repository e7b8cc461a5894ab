import { CalendarDays, EyeOff, MapPin, Pencil, Sparkles, Tag } from 'lucide-react';
import { useTranslation } from '#i18n';
import { createContext, data, isRouteErrorResponse } from 'react-router';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/product';
import { formatPrice } from '../../common/format.ts';
import { isLang } from '../../common/languages.ts';
import { localizedDesc, localizedTitle } from '../../common/product.ts';
import { isAppError } from '#errors';
import { isId } from '../../common/ids.ts';
import { ContactCard } from '../components/product/contact-card.tsx';
import { SendMessage } from '../components/messaging/send-message.tsx';
import { OwnerLifecycleNotice, SoldBanner } from '../components/product/lifecycle-notice.tsx';
import { ImpactLine } from '../components/impact/impact-line.tsx';
import { Breadcrumbs } from '../components/product/breadcrumbs.tsx';
import { ListingFacts, PublishedAgo } from '../components/product/listing-facts.tsx';
import { productTrail } from '../lib/breadcrumbs.ts';
import { Gallery } from '../components/product/gallery.tsx';
import { AttributeTable } from '../components/product/attribute-table.tsx';
import { ListingPrice, usePlace } from '../components/listing-price.tsx';
import { ReportButton } from '../components/report-button.tsx';
import { UserText } from '../components/user-text.tsx';
import { LoadError, ProductNotFound } from '../components/product/load-error.tsx';
import { langOfMatches, pageMeta, publicUrlOfMatches, translatorFor } from '../lib/meta.ts';
import { absoluteUrl, itemCondition, jsonLd, pageUrl, seoMeta } from '../lib/seo.ts';
import { localePath } from '../lib/paths.ts';
import { useLang, useRootData } from '../lib/root-data.ts';
import { FavouriteButton } from '../components/buyers/favourite-button.tsx';
import { ShareButtons } from '../components/buyers/share-buttons.tsx';
import { callerOf, currentUser, servicesOf } from '../lib/session.server.ts';

// Set by the action: the page it returns is not another view.
const revealedByAction = createContext(false);

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!params.productId || !isId(params.productId)) throw data({ reason: 'invalidId' }, { status: 404 });
  const viewer = currentUser(context);
  try {
    const product = await servicesOf(context).listings.read(
      viewer,
      params.productId,
      context.get(revealedByAction) ? { countView: false } : { countView: true, caller: callerOf(context) },
    );
    const own = viewer?.id === product.userId;
    // Counted views and the owner's private data: never stored by a shared cache.
    // The clock "published 2 hours ago" is read against, the same for the server and the hydration;
    // whole minutes (the text is no finer), so that two renders within a minute are the same page
    // and keep their ETag.
    const now = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
    return data({ product, own, now }, { headers: { 'Cache-Control': 'private, no-store' } });
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') throw data({ reason: 'notFound' }, { status: 404 });
    throw error;
  }
}

/**
 * The phone reveal as a plain form, for a tap before the JavaScript has arrived (with it,
 * the contact card asks the API instead): counted and rate-limited as the API's reveal is,
 * and the toggle's analytics event recorded as the card would have sent it.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get('intent') !== 'revealPhone') throw data({ reason: 'unknownIntent' }, { status: 400 });
  context.set(revealedByAction, true);
  const services = servicesOf(context);
  const productId = params.productId ?? '';
  try {
    // The service applies the reveal's rate limit, as for the API.
    const { contact: phone, whatsapp, viber } = await services.listings.revealContact(callerOf(context), productId);
    await services.listings.recordPhoneToggle(callerOf(context), productId, true);
    return data({ phone, whatsapp, viber }, { headers: { 'Cache-Control': 'private, no-store' } });
  } catch (error) {
    if (isAppError(error) && error.code === 'RATE_LIMITED') return data({ phoneError: 'rateLimited' as const }, { status: 429 });
    if (isAppError(error) && error.code === 'NOT_FOUND') return data({ phoneError: 'gone' as const }, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params, error }) => {
  const lang = isLang(params.lang) ? params.lang : langOfMatches(matches);
  const t = translatorFor(lang);
  if (!loaderData) {
    return pageMeta(error && !(isRouteErrorResponse(error) && error.status === 404) ? t('listings:loadError') : t('listings:productNotFound'));
  }
  const { product } = loaderData;
  const publicUrl = publicUrlOfMatches(matches);
  const name = localizedTitle(product, lang) || t('listings:titleUnavailable');
  const hasPrice = Number.isFinite(product.price) && product.price > 0;
  const title = hasPrice ? `${name} – ${formatPrice(product.price, lang)}` : name;
  const description = (localizedDesc(product, lang) || '').replace(/\s+/g, ' ').trim().slice(0, 160);
  const path = `/products/${product.id}`;
  const url = pageUrl(publicUrl, lang, path);
  const images = product.photos.map((photo) => absoluteUrl(publicUrl, photo.variants['1200'] ?? photo.url));
  const category = t(`categories:${product.category}`);
  const trail = productTrail(lang, { home: t('impact:home'), category, title: name }, product);
  const condition = itemCondition(product.condition);
  return [
    ...seoMeta({
      lang,
      publicUrl,
      path,
      title,
      description: description || undefined,
      image: images[0],
      type: 'product',
      noindex: (loaderData.own && !product.isActive) || product.soldAt !== null,
    }),
    jsonLd({
      '@type': 'Product',
      name,
      ...(description ? { description } : {}),
      ...(images.length ? { image: images } : {}),
      sku: product.id,
      category,
      offers: {
        '@type': 'Offer',
        ...(hasPrice ? { price: product.price } : {}),
        priceCurrency: 'DZD',
        availability: product.soldAt ? 'https://schema.org/SoldOut' : product.isActive ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        ...(condition ? { itemCondition: condition } : {}),
        url,
      },
    }),
    jsonLd({
      '@type': 'BreadcrumbList',
      itemListElement: trail.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: absoluteUrl(publicUrl, crumb.path) })),
    }),
  ];
};

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const lang = useLang();
  const { t } = useTranslation(['listings', 'categories', 'cities', 'conditions', 'impact', 'buyers']);
  const { publicUrl } = useRootData();

  const { product, own } = loaderData;
  const title = localizedTitle(product, lang) || t('titleUnavailable');
  const description = localizedDesc(product, lang);
  const price = Number.isFinite(product.price) && product.price > 0 ? formatPrice(product.price, lang) : null;
  const place = usePlace(product.address, product.communeName?.[lang] ?? null);
  const trail = productTrail(lang, { home: t('impact:home'), category: t(`categories:${product.category}`), title }, product);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10" data-testid="product-page" data-product-id={product.id}>
      {own && !product.isActive ? (
        <div className="mb-6 flex flex-col gap-3 rounded-2xl border border-line bg-surface-sunken p-4 sm:flex-row sm:items-center" role="status" data-testid="inactive-notice">
          <EyeOff className="size-5 shrink-0 text-ink-muted" aria-hidden="true" />
          <p className="flex-1 text-sm text-ink">{t('inactiveNotice')}</p>
          <Link to={localePath(lang, '/dashboard')} className="text-sm font-semibold text-brand-strong underline-offset-4 hover:underline">
            {t('common:dashboard')}
          </Link>
        </div>
      ) : null}
      <Breadcrumbs trail={trail} />
      {own ? <OwnerLifecycleNotice product={product} /> : null}
      {product.soldAt ? <SoldBanner /> : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:gap-8">
        <Gallery photos={product.photos} title={title} />

        <aside className="space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div className="space-y-4">
            <span className="inline-flex items-center gap-1.5 rounded-full bg-brand-soft px-3 py-1 text-xs font-semibold text-brand-strong">
              <Tag className="size-3.5" aria-hidden="true" />
              <span className="sr-only">{`${t('category')}: `}</span>
              {t(`categories:${product.category}`)}
            </span>
            <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl" dir="auto" data-testid="product-title">
              {title}
            </h1>
            <div data-testid="product-price">{price || product.priceType === 'free' ? <ListingPrice product={product} size="page" /> : <p className="text-3xl font-bold text-brand-strong">{t('priceUnavailable')}</p>}</div>
            <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-1">
              <div className="flex items-center gap-2">
                <dt className="flex items-center gap-2 text-ink-muted">
                  <MapPin className="size-4 shrink-0" aria-hidden="true" />
                  {t('details:place')}
                </dt>
                <dd className="font-medium text-ink" data-testid="product-place">{product.address ? place : t('unavailable')}</dd>
              </div>
              <div className="flex items-center gap-2">
                <dt className="flex items-center gap-2 text-ink-muted">
                  <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
                  {t('impact:published')}
                </dt>
                <dd className="font-medium text-ink">{product.createdAt ? <PublishedAgo createdAt={product.createdAt} now={loaderData.now} /> : t('unavailable')}</dd>
              </div>
              <div className="flex items-center gap-2">
                <dt className="flex items-center gap-2 text-ink-muted">
                  <Sparkles className="size-4 shrink-0" aria-hidden="true" />
                  {t('condition')}
                </dt>
                <dd className="font-medium text-ink">{t(`conditions:${product.condition}`)}</dd>
              </div>
            </dl>
            <ImpactLine impact={product.impact} />
            <ListingFacts reference={product.reference} views={product.views} />
            <AttributeTable product={product} />
            <div className="flex flex-wrap items-center gap-2">
              {own ? null : <FavouriteButton productId={product.id} isFavourite={product.isFavourite} variant="page" />}
              {own && product.favourites !== undefined ? (
                <p className="text-sm text-ink-muted" data-testid="saved-by">
                  {t('buyers:savedBy', { count: product.favourites })}
                </p>
              ) : null}
              <ShareButtons url={`${publicUrl}/${lang}/products/${product.id}`} title={title} />
            </div>
            {own ? (
              <Link
                to={localePath(lang, `/products/${product.id}/edit`)}
                className="inline-flex items-center gap-2 rounded-xl border border-line px-4 py-2 text-sm font-semibold text-ink hover:bg-surface-sunken"
              >
                <Pencil className="size-4" aria-hidden="true" />
                {t('editListing')}
              </Link>
            ) : null}
          </div>
          {/* A sold item is no longer for sale: nobody asks for the phone (the reveal answers 404). */}
          {product.soldAt && !own ? null : (
            <ContactCard productId={product.id} productTitle={title} seller={loaderData.product.seller} ownContact={own ? product.contact : undefined} revealed={actionData} />
          )}
          <SendMessage product={product} />
        </aside>

        <section aria-labelledby="description-title" className="lg:col-start-1">
          <h2 id="description-title" className="text-lg font-semibold text-ink">
            {t('description')}
          </h2>
          {description ? (
            <UserText text={description} className="mt-3 leading-relaxed text-ink" testId="product-description" />
          ) : (
            <p className="mt-3 text-ink-muted" data-testid="product-description">
              {t('descUnavailable')}
            </p>
          )}
        </section>
      </div>
      <ReportButton targetType="product" targetId={product.id} ownerId={product.userId} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation('listings');
  if (isRouteErrorResponse(error) && error.status === 404) {
    const reason = (error.data as { reason?: string } | null)?.reason;
    return <ProductNotFound invalidId={reason === 'invalidId'} />;
  }
  if (typeof console !== 'undefined') console.error(error);
  return <LoadError title={t('loadError')} text={t('loadErrorText')} />;
}
