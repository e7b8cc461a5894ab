import { Eye, Heart, ImageOff, LoaderCircle, MoreVertical, Pencil, Phone, Plus, Power, PowerOff, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { AlertDialog, DropdownMenu } from 'radix-ui';
import { useTranslation } from '#i18n';
import { useFetcher } from 'react-router';
import { Link } from '../link.tsx';
import { formatPrice } from '../../../common/format.ts';
import { dirOf } from '../../../common/languages.ts';
import { localizedTitle, type ApiImage, type ApiProduct } from '../../../common/product.ts';
import { localePath } from '../../lib/paths.ts';
import { useLang } from '../../lib/root-data.ts';
import { ExpiryLine, LifecycleBadge, LifecycleButtons, lifecycleState, type LifecycleFields } from './listing-lifecycle.tsx';

/** What the dashboard needs of a listing: the table's columns and its counters. */
export type DashboardListing = Pick<ApiProduct, 'id' | 'category' | 'price' | 'status' | 'title' | 'title_ar' | 'title_fr' | 'title_en'> & LifecycleFields & {
  cover: ApiImage | null;
  views: number;
  reveals: number;
  /** How many people saved it. */
  favourites: number;
};

type RowResult = { ok?: boolean; intent?: string; formError?: string };

/** One fetcher per listing, shared by its table row and its card (same key). */
function useListingFetcher(id: string) {
  const fetcher = useFetcher<RowResult>({ key: `listing:${id}` });
  const intent = fetcher.formData?.get('intent');
  return {
    fetcher,
    busy: fetcher.state !== 'idle',
    toggling: fetcher.state !== 'idle' && intent === 'toggleStatus',
    deleting: fetcher.state !== 'idle' && intent === 'deleteListing',
    failed: fetcher.state === 'idle' && fetcher.data !== undefined && !fetcher.data.ok,
  };
}

/**
 * The seller's own on/off switch. "Active" beside "Sold" or "Expired" would contradict it, since
 * buyers no longer find the listing: the lifecycle badge says it alone then. "Inactive" still shows.
 */
function StatusBadge({ active, listing }: { active: boolean; listing: LifecycleFields }) {
  const { t } = useTranslation('listings');
  const state = lifecycleState(listing);
  if (active && (state === 'sold' || state === 'expired')) return null;
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ${active ? 'bg-brand-soft text-brand-strong' : 'bg-surface-sunken text-ink-muted ring-1 ring-line'}`}
      data-testid="listing-status"
      data-status={active ? 'active' : 'inactive'}
    >
      <span className={`size-1.5 rounded-full ${active ? 'bg-brand' : 'bg-ink-muted'}`} aria-hidden="true" />
      {active ? t('active') : t('inactive')}
    </span>
  );
}

function Thumb({ cover, className }: { cover: ApiImage | null; className: string }) {
  if (!cover) {
    return (
      <span className={`grid place-items-center bg-surface-sunken text-ink-muted ${className}`}>
        <ImageOff className="size-5" aria-hidden="true" />
      </span>
    );
  }
  return <img src={cover.variants['320'] ?? cover.url} width={96} height={64} alt="" loading="lazy" decoding="async" className={`bg-surface-sunken object-cover ${className}`} />;
}

/** The row's actions menu: view, edit, (de)activate, delete after a confirmation. */
function ListingActions({ listing, title }: { listing: DashboardListing; title: string }) {
  const lang = useLang();
  const { t } = useTranslation('listings');
  const { fetcher, busy } = useListingFetcher(listing.id);
  const [confirming, setConfirming] = useState(false);
  const action = localePath(lang, '/dashboard');
  const active = listing.status === 'active';
  const item = 'flex w-full cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-surface-sunken';

  if (busy) {
    return (
      <span className="grid size-10 place-items-center text-brand-strong" role="status" data-testid="listing-pending">
        <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
        <span className="sr-only">{t('working')}</span>
      </span>
    );
  }
  return (
    <>
      <DropdownMenu.Root dir={dirOf(lang)}>
        <DropdownMenu.Trigger
          className="grid size-10 place-items-center rounded-full text-ink hover:bg-surface-sunken data-[state=open]:bg-surface-sunken"
          aria-label={t('actionsFor', { title })}
          data-testid="listing-actions"
        >
          <MoreVertical className="size-5" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-44 rounded-xl border border-line bg-surface-raised p-1 shadow-lg">
            <DropdownMenu.Item asChild>
              <Link to={localePath(lang, `/products/${listing.id}`)} className={item}>
                <Eye className="size-4" aria-hidden="true" />
                {t('view')}
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild>
              <Link to={localePath(lang, `/products/${listing.id}/edit`)} className={item}>
                <Pencil className="size-4" aria-hidden="true" />
                {t('edit')}
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={item}
              onSelect={() => void fetcher.submit({ intent: 'toggleStatus', productId: listing.id }, { method: 'post', action })}
            >
              {active ? <PowerOff className="size-4" aria-hidden="true" /> : <Power className="size-4" aria-hidden="true" />}
              {active ? t('deactivate') : t('activate')}
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-line" />
            <DropdownMenu.Item className={`${item} text-danger`} onSelect={() => setConfirming(true)}>
              <Trash2 className="size-4" aria-hidden="true" />
              {t('delete')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <AlertDialog.Content
            dir={dirOf(lang)}
            className="fixed start-1/2 top-1/2 z-50 w-[min(28rem,92vw)] -translate-y-1/2 rounded-2xl bg-surface-raised p-6 shadow-2xl ltr:-translate-x-1/2 rtl:translate-x-1/2"
          >
            <AlertDialog.Title className="text-lg font-semibold text-ink">{t('deleteTitle')}</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-ink-muted">{t('deleteText', { title })}</AlertDialog.Description>
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <AlertDialog.Cancel className="rounded-xl border border-line px-4 py-2.5 text-sm font-semibold text-ink hover:bg-surface-sunken">{t('cancel')}</AlertDialog.Cancel>
              <AlertDialog.Action
                className="rounded-xl bg-danger px-4 py-2.5 text-sm font-semibold text-white hover:opacity-90 dark:text-black"
                onClick={() => void fetcher.submit({ intent: 'deleteListing', productId: listing.id }, { method: 'post', action })}
                data-testid="confirm-delete"
              >
                {t('deleteConfirm')}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}

function RowError({ id }: { id: string }) {
  const { t } = useTranslation('listings');
  const { failed } = useListingFetcher(id);
  return failed ? (
    <p className="mt-1 text-xs font-medium text-danger" role="alert">
      {t('actionFailed')}
    </p>
  ) : null;
}

/** The status as it will be once a pending toggle lands. */
function useShownStatus(listing: DashboardListing): boolean {
  const { toggling } = useListingFetcher(listing.id);
  const active = listing.status === 'active';
  return toggling ? !active : active;
}

function TableRow({ listing }: { listing: DashboardListing }) {
  const lang = useLang();
  const { t } = useTranslation(['listings', 'categories']);
  const { deleting } = useListingFetcher(listing.id);
  const active = useShownStatus(listing);
  const title = localizedTitle(listing, lang) || t('titleUnavailable');
  return (
    <tr className={`border-t border-line align-middle ${deleting ? 'opacity-50' : ''}`} data-testid="listing-row" data-product-id={listing.id}>
      <td className="py-3 pe-3 ps-4">
        <Thumb cover={listing.cover} className="h-12 w-[4.5rem] rounded-lg" />
      </td>
      <td className="max-w-72 px-3 py-3">
        <Link to={localePath(lang, `/products/${listing.id}`)} className="line-clamp-2 font-medium text-ink hover:text-brand-strong hover:underline" dir="auto">
          {title}
        </Link>
        <RowError id={listing.id} />
        <div className="mt-1.5">
          <LifecycleButtons listing={listing} />
        </div>
      </td>
      <td className="px-3 py-3 text-sm text-ink-muted">{t(`categories:${listing.category}`)}</td>
      <td className="whitespace-nowrap px-3 py-3 text-sm font-semibold text-ink">
        <bdi dir="ltr">{formatPrice(listing.price, lang)}</bdi>
      </td>
      <td className="space-y-1 px-3 py-3">
        <StatusBadge active={active} listing={listing} />
        <LifecycleBadge listing={listing} />
        <ExpiryLine listing={listing} />
      </td>
      <td className="px-3 py-3 text-end text-sm tabular-nums text-ink" data-testid="listing-views">
        {listing.views}
      </td>
      <td className="px-3 py-3 text-end text-sm tabular-nums text-ink" data-testid="listing-reveals">
        {listing.reveals}
      </td>
      <td className="px-3 py-3 text-end text-sm tabular-nums text-ink" data-testid="listing-favourites">
        {listing.favourites}
      </td>
      <td className="py-3 pe-4 ps-3 text-end">
        <ListingActions listing={listing} title={title} />
      </td>
    </tr>
  );
}

function ListingCard({ listing }: { listing: DashboardListing }) {
  const lang = useLang();
  const { t } = useTranslation(['listings', 'categories']);
  const { deleting } = useListingFetcher(listing.id);
  const active = useShownStatus(listing);
  const title = localizedTitle(listing, lang) || t('titleUnavailable');
  return (
    <li className={`flex min-w-0 gap-3 rounded-2xl border border-line bg-surface-raised p-3 ${deleting ? 'opacity-50' : ''}`} data-testid="listing-card" data-product-id={listing.id}>
      <Thumb cover={listing.cover} className="h-16 w-24 shrink-0 rounded-lg" />
      <div className="min-w-0 flex-1">
        <Link to={localePath(lang, `/products/${listing.id}`)} className="line-clamp-2 font-medium text-ink hover:text-brand-strong hover:underline" dir="auto">
          {title}
        </Link>
        <p className="mt-0.5 truncate text-sm text-ink-muted">{t(`categories:${listing.category}`)}</p>
        <p className="mt-0.5 text-sm font-semibold text-ink">
          <bdi dir="ltr">{formatPrice(listing.price, lang)}</bdi>
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-muted">
          <StatusBadge active={active} listing={listing} />
          <LifecycleBadge listing={listing} />
          <span className="inline-flex items-center gap-1">
            <Eye className="size-3.5" aria-hidden="true" />
            <span className="sr-only">{`${t('colViews')}: `}</span>
            <span className="tabular-nums">{listing.views}</span>
          </span>
          <span className="inline-flex items-center gap-1">
            <Phone className="size-3.5" aria-hidden="true" />
            <span className="sr-only">{`${t('colReveals')}: `}</span>
            <span className="tabular-nums">{listing.reveals}</span>
          </span>
          <span className="inline-flex items-center gap-1" data-testid="listing-favourites">
            <Heart className="size-3.5" aria-hidden="true" />
            <span className="sr-only">{`${t('buyers:savedByColumn')}: `}</span>
            <span className="tabular-nums">{listing.favourites}</span>
          </span>
        </div>
        <ExpiryLine listing={listing} />
        <div className="mt-2">
          <LifecycleButtons listing={listing} />
        </div>
        <RowError id={listing.id} />
      </div>
      <div className="shrink-0">
        <ListingActions listing={listing} title={title} />
      </div>
    </li>
  );
}

/** The dashboard's products table; stacked cards below the `lg` breakpoint. */
export function ListingsTable({
  listings,
  canPublish,
  tools,
  footer,
  empty,
}: {
  listings: DashboardListing[];
  canPublish: boolean;
  /** Slot under the heading: the list's search and state filter. */
  tools?: ReactNode;
  /** Slot under the list: its pagination. */
  footer?: ReactNode;
  /** What an empty list says (a search that matched nothing says so, with a way back). */
  empty?: ReactNode;
}) {
  const lang = useLang();
  const { t } = useTranslation('listings');
  const th = 'px-3 py-3 text-xs font-semibold uppercase tracking-wide text-ink-muted';
  return (
    <section className="rounded-2xl border border-line bg-surface-raised shadow-sm" aria-labelledby="listings-title" data-testid="listings">
      <div className="flex flex-wrap items-center justify-between gap-3 p-5 sm:p-6">
        <h2 id="listings-title" className="text-lg font-semibold text-ink">
          {t('myListings')}
        </h2>
        {canPublish ? (
          <Link
            to={localePath(lang, '/products/new')}
            className="inline-flex items-center gap-2 rounded-xl bg-brand px-4 py-2.5 text-sm font-semibold text-on-brand hover:bg-brand-strong"
            data-testid="add-product"
          >
            <Plus className="size-4" aria-hidden="true" />
            {t('addProduct')}
          </Link>
        ) : (
          <p className="text-sm text-ink-muted">{t('verifyToPublish')}</p>
        )}
      </div>
      {tools}

      <div className="hidden lg:block">
        <table className="w-full border-collapse" data-testid="listings-table">
          <thead className="bg-surface-sunken">
            <tr>
              <th scope="col" className={`${th} ps-4 text-start`}>
                {t('colPhoto')}
              </th>
              <th scope="col" className={`${th} text-start`}>
                {t('colTitle')}
              </th>
              <th scope="col" className={`${th} text-start`}>
                {t('colCategory')}
              </th>
              <th scope="col" className={`${th} text-start`}>
                {t('colPrice')}
              </th>
              <th scope="col" className={`${th} text-start`}>
                {t('colStatus')}
              </th>
              <th scope="col" className={`${th} text-end`}>
                {t('colViews')}
              </th>
              <th scope="col" className={`${th} text-end`}>
                {t('colReveals')}
              </th>
              <th scope="col" className={`${th} text-end`}>
                {t('buyers:savedByColumn')}
              </th>
              <th scope="col" className={`${th} pe-4 text-end`}>
                <span className="sr-only">{t('colActions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {listings.length === 0 ? (
              <tr className="border-t border-line">
                <td colSpan={8} className="px-4 py-10 text-center text-ink-muted">
                  {empty ?? t('noResults')}
                </td>
              </tr>
            ) : (
              listings.map((listing) => <TableRow key={listing.id} listing={listing} />)
            )}
          </tbody>
        </table>
      </div>

      <div className="border-t border-line p-3 lg:hidden">
        {listings.length === 0 ? (
          <p className="px-2 py-8 text-center text-ink-muted">{empty ?? t('noResults')}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="listings-cards">
            {listings.map((listing) => (
              <ListingCard key={listing.id} listing={listing} />
            ))}
          </ul>
        )}
      </div>
      {footer}
    </section>
  );
}
