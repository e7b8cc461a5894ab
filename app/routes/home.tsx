import { LoaderCircle } from 'lucide-react';
import { useTranslation } from '#i18n';
import { data, useNavigation } from 'react-router';
import type { Route } from './+types/home';
import { fieldErrorsOf, type FieldErrors } from '../../common/schemas/field-errors.ts';
import { hasSearchFilter } from '../../common/saved-search.ts';
import { searchParamsSchema } from '../../common/schemas/search.ts';
import { COUNT_CAP } from '../../common/search-options.ts';
import { ProductCard } from '../components/product-card.tsx';
import { ImpactTotal } from '../components/impact/impact-total.tsx';
import { Alert } from '../components/form/alert.tsx';
import { Pagination } from '../components/search/pagination.tsx';
import { SearchPanel } from '../components/search/search-panel.tsx';
import { SellerFilter } from '../components/search/seller-filter.tsx';
import { ActiveFilters } from '../components/search/active-filters.tsx';
import { CategoryTiles } from '../components/search/category-tiles.tsx';
import { EmptySearch } from '../components/search/empty-search.tsx';
import { SortForm } from '../components/search/sort-form.tsx';
import { seoContext, translatorFor } from '../lib/meta.ts';
import { absoluteUrl, jsonLd, pageUrl, seoMeta, SITE_NAME } from '../lib/seo.ts';
import { searchInputOf, searchQuery, searchValuesOf } from '../lib/search-url.ts';
import { communeChoices } from '../lib/communes.server.ts';
import { communeBelongsTo } from '../../common/communes.ts';
import { DEFAULT_LANG, isLang } from '../../common/languages.ts';
import { AttributeFilters } from '../components/search/attribute-filters.tsx';
import { isAppError } from '#errors';
import { callerOf, currentUser, servicesOf } from '../lib/session.server.ts';
import { SaveSearchButton } from '../components/buyers/save-search-button.tsx';
import { toListingCard } from '../lib/listing-card.ts';

/** Why there are no results to show, besides invalid filters. */
type Problem = 'rateLimited' | 'busy' | null;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // The site's CO₂ total (cached by the service); the page does without it if it fails.
  const impact = servicesOf(context).impact.siteTotal().catch(() => null);
  const url = new URL(request.url);
  const values = searchValuesOf(url.searchParams);
  // A commune left over from another wilaya (a form sent without JavaScript) is no filter.
  if (values.commune && values.address && values.commune !== 'all' && !communeBelongsTo(values.commune, values.address)) delete values.commune;
  const lang = isLang(params.lang) ? params.lang : DEFAULT_LANG;
  const communes = communeChoices(values.address, lang);
  const parsed = searchParamsSchema.safeParse({ ...searchInputOf(values), currentPage: url.searchParams.get('page') ?? undefined });
  if (!parsed.success) {
    const errors: FieldErrors = fieldErrorsOf(parsed.error);
    // `currentPage` is `page` in the page's URL.
    if (errors.currentPage) errors.page = errors.currentPage;
    return data({ values, errors, result: null, problem: null as Problem, seller: null, categoryCounts: null, communes, impact: await impact }, { status: 400 });
  }
  const services = servicesOf(context);
  // The seller filter is shown by name; an id of no one still filters (to nothing).
  const named = parsed.data.seller ? services.users.byId(parsed.data.seller) : null;
  const seller = parsed.data.seller ? { id: parsed.data.seller, name: (await named)?.name ?? null } : null;
  // The category tiles show on the home page without a search.
  const browsing = Object.keys(values).length === 0 && !url.searchParams.has('page');
  try {
    const [found, categoryCounts] = await Promise.all([
      services.search.search(parsed.data, callerOf(context)),
      browsing ? services.search.categoryCounts() : null,
    ]);
    // The hearts of a signed-in reader (the search result itself is shared by everyone); the
    // cards' fields only (listing-card.ts).
    const marked = await services.favourites.mark(currentUser(context), found.products);
    const result = { ...found, products: marked.map((product) => toListingCard(product, lang)) };
    // "Save this search" only for a search that narrows something (hasSearchFilter).
    const savable = hasSearchFilter(parsed.data);
    return { values, errors: {} as FieldErrors, result, problem: null as Problem, seller, categoryCounts, communes, impact: await impact, savable };
  } catch (error) {
    if (!isAppError(error) || (error.code !== 'RATE_LIMITED' && error.code !== 'SERVICE_UNAVAILABLE')) throw error;
    const limited = error.code === 'RATE_LIMITED';
    const retryAfter = (error as { retryAfter?: number }).retryAfter;
    const headers: Record<string, string> = retryAfter ? { 'Retry-After': String(retryAfter) } : {};
    return data({ values, errors: {} as FieldErrors, result: null, problem: (limited ? 'rateLimited' : 'busy') as Problem, seller, categoryCounts: null, communes, impact: await impact }, { status: error.status, headers });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { lang, publicUrl } = seoContext(matches);
  const t = translatorFor(lang);
  const home = pageUrl(publicUrl, lang, '');
  return [
    // Search results share the home page's canonical URL (the query is left out).
    ...seoMeta({ lang, publicUrl, path: '', title: t('home:metaTitle'), bareTitle: true, description: t('home:metaDescription') }),
    jsonLd({ '@type': 'Organization', name: SITE_NAME, url: publicUrl || home, logo: absoluteUrl(publicUrl, '/icon-512.png') }),
    jsonLd({
      '@type': 'WebSite',
      name: SITE_NAME,
      url: home,
      inLanguage: lang,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${home}?title={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    }),
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(['home', 'search', 'validation']);
  const { values, errors, result, problem, seller, categoryCounts, communes } = loaderData;
  const navigation = useNavigation();
  // A new search on this page is loading: keep the old results, dimmed, under a spinner.
  const loading = navigation.state === 'loading' && navigation.location.pathname === `/${navigation.location.pathname.split('/')[1]}`;
  const count = result?.pagination.totalItems ?? 0;
  const searching = Object.keys(values).length > 0;
  const panel = (
    <SearchPanel
      // A new URL (a chip removed, a page of the pagination) brings the form's fields back in line with it.
      key={searchQuery(values)}
      values={values}
      errors={errors}
      count={result ? { count, capped: result.pagination.totalIsCapped } : null}
      extraFilters={<AttributeFilters values={values} errors={errors} communes={communes} />}
    />
  );
  return (
    <>
      {searching ? (
        // A search: the bar stays compact at the top, the results start right under it.
        <div className="border-b border-line bg-surface-sunken/60">
          <div className="mx-auto max-w-7xl px-3 py-3 sm:px-6">{panel}</div>
        </div>
      ) : (
        <section className="border-b border-line bg-gradient-to-b from-brand-soft to-surface" data-testid="hero">
          <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 sm:px-6 sm:py-10">
            <div>
              <h1 className="max-w-2xl text-2xl font-bold tracking-tight text-ink sm:text-4xl">{t('heroTitle')}</h1>
              <p className="mt-1 max-w-xl text-ink-muted sm:mt-2 sm:text-lg">{t('heroText')}</p>
              <div className="mt-2">
                <ImpactTotal total={loaderData.impact} scope="site" />
              </div>
            </div>
            {panel}
          </div>
        </section>
      )}
      {categoryCounts ? <CategoryTiles counts={categoryCounts} /> : null}
      <section className="mx-auto max-w-7xl px-3 py-5 sm:px-6 sm:py-8" aria-labelledby="results-heading" aria-busy={loading}>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-baseline gap-3">
            {/* A search has no hero: its results' heading is the page's h1 (read, not shown: the chips say what was searched). */}
            {searching ? (
              <h1 id="results-heading" className="sr-only">
                {t('search:resultsHeading')}
              </h1>
            ) : (
              <h2 id="results-heading" className="text-xl font-bold text-ink sm:text-2xl">
                {t('newest')}
              </h2>
            )}
            {result ? (
              <p className="text-sm font-medium text-ink-muted" data-testid="result-count">
                {result.pagination.totalIsCapped ? t('search:resultsCapped', { count: COUNT_CAP }) : t('search:results', { count })}
              </p>
            ) : null}
          </div>
          {result && 'savable' in loaderData && loaderData.savable ? <SaveSearchButton values={values} /> : null}
          {result && count > 0 ? <SortForm values={values} /> : null}
        </div>
        {seller ? <SellerFilter name={seller.name} values={values} /> : null}
        <ActiveFilters values={values} />
        {loading ? (
          <p className="mb-4 flex items-center gap-2 text-sm text-ink-muted" role="status">
            <LoaderCircle className="size-4 animate-spin text-brand" aria-hidden="true" />
            {t('search:loading')}
          </p>
        ) : null}
        {!result ? (
          <Alert tone="error">
            {t(problem ? `search:${problem}` : 'search:invalid')}
            {/* The seller filter has no field in the panel to show its error beside. */}
            {errors.seller ? ` ${t(`validation:${errors.seller}`)}` : null}
          </Alert>
        ) : result.products.length === 0 ? (
          // Slot: the buyers branch passes its "Save this search" button as `saveSearch`.
          <EmptySearch values={values} />
        ) : (
          <>
            {result.fuzzy ? (
              <div className="mb-4">
                <Alert tone="info">{t('search:fuzzy', { text: `\u2068${values.title ?? ''}\u2069` })}</Alert>
              </div>
            ) : null}
            <ul
              className={`grid grid-cols-1 gap-2.5 transition-opacity sm:grid-cols-2 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4 ${loading ? 'opacity-50' : ''}`}
              data-testid="product-grid"
            >
              {result.products.map((product, index) => (
                <li key={product.id} className="flex">
                  <ProductCard
                    product={product}
                    position={index}
                    headingLevel={searching ? 2 : 3}
                  />
                </li>
              ))}
            </ul>
            <Pagination values={values} current={result.pagination.currentPage} total={result.pagination.totalPages} />
          </>
        )}
      </section>
    </>
  );
}
