import { Recycle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/home';
import { appContext } from '#app-context';
import { HOME_NEWEST_LIMIT } from '../../common/constants.ts';
import { ProductCard } from '../components/product-card.tsx';
import { langOfMatches, translatorFor } from '../lib/meta.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const { products } = context.get(appContext).services;
  const [newest, total] = await Promise.all([products.newest(HOME_NEWEST_LIMIT), products.countActive()]);
  return { newest, total };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFor(langOfMatches(matches));
  return [{ title: t('home:metaTitle') }, { name: 'description', content: t('home:metaDescription') }];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('home');
  const { newest, total } = loaderData;
  return (
    <>
      <section className="border-b border-line bg-gradient-to-b from-brand-soft to-surface">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-12 sm:px-6 sm:py-16">
          <span className="grid size-12 place-items-center rounded-2xl bg-brand text-on-brand" aria-hidden="true">
            <Recycle className="size-6" />
          </span>
          <h1 className="max-w-2xl text-3xl font-bold tracking-tight text-ink sm:text-5xl">{t('heroTitle')}</h1>
          <p className="max-w-xl text-lg text-ink-muted">{t('heroText')}</p>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6" aria-labelledby="newest-heading">
        <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="newest-heading" className="text-2xl font-bold text-ink">
            {t('newest')}
          </h2>
          <p className="text-sm text-ink-muted">{t('listingsCount', { count: total })}</p>
        </div>
        {newest.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line p-10 text-center text-ink-muted">{t('noProducts')}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="product-grid">
            {newest.map((product, index) => (
              <li key={product.id} className="flex">
                <ProductCard product={product} eager={index < 2} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
