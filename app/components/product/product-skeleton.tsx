import { useEffect } from 'react';
import { useTranslation } from '#i18n';
import { useNavigation } from 'react-router';

const PRODUCT_PATH = /^\/[a-z]{2}\/products\/(?!new$)[^/]+\/?$/;

/** True while a client navigation is loading a product page (not the product form). */
export function useProductPending(): boolean {
  const navigation = useNavigation();
  return navigation.state === 'loading' && PRODUCT_PATH.test(navigation.location.pathname);
}

/** The product page's shape while its data loads. */
export function ProductSkeleton() {
  const { t } = useTranslation('layout');
  // The page it replaces may have been scrolled far down (a shop's last cards). Braces: newer
  // Chromium returns a Promise from scrollTo, which React would call as the effect's cleanup.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);
  const bar = 'animate-pulse rounded-lg bg-surface-sunken';
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10" role="status" aria-busy="true" data-testid="product-skeleton">
      <span className="sr-only">{t('shell.loadingProduct')}</span>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-8" aria-hidden="true">
        <div className="space-y-3">
          <div className={`aspect-[3/2] w-full rounded-2xl ${bar}`} />
          <div className="flex gap-2">
            <div className={`h-12 w-[4.5rem] ${bar}`} />
            <div className={`h-12 w-[4.5rem] ${bar}`} />
            <div className={`h-12 w-[4.5rem] ${bar}`} />
          </div>
        </div>
        <div className="space-y-4">
          <div className={`h-6 w-28 rounded-full ${bar}`} />
          <div className={`h-8 w-full ${bar}`} />
          <div className={`h-8 w-2/3 ${bar}`} />
          <div className={`h-9 w-40 ${bar}`} />
          <div className={`h-4 w-1/2 ${bar}`} />
          <div className={`h-4 w-1/3 ${bar}`} />
          <div className={`mt-6 h-64 w-full rounded-2xl ${bar}`} />
        </div>
        <div className="space-y-2 lg:col-start-1">
          <div className={`h-5 w-32 ${bar}`} />
          <div className={`h-4 w-full ${bar}`} />
          <div className={`h-4 w-full ${bar}`} />
          <div className={`h-4 w-3/4 ${bar}`} />
        </div>
      </div>
    </div>
  );
}
