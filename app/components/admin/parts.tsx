// Pieces the console's pages share: an account's history, the required reason, a listing's summary.
import { useTranslation } from '#i18n';
import { Link } from '../link.tsx';
import { formatDate, formatPrice } from '../../../common/format.ts';
import { localizedTitle, type ApiProduct } from '../../../common/product.ts';
import { MODERATION_REASON_MAX } from '../../../common/reports.ts';
import { srcSetOf } from '../product-card.tsx';
import { useLang } from '../../lib/root-data.ts';
import { UserText } from '../user-text.tsx';

export interface AccountHistory {
  id: string;
  name: string;
  role: string;
  status: string;
  createdAt: string;
  listings: number;
  previousActions: { action: string; reason: string | null; at: string }[];
}

/** `product.hide` → the `auditAction_product_hide` key. */
export const actionKey = (action: string) => `auditAction_${action.replace(/[.-]/g, '_')}`;

export function AccountCard({ account, heading }: { account: AccountHistory; heading: string }) {
  const lang = useLang();
  const { t } = useTranslation('admin');
  return (
    <div className="space-y-2 rounded-xl bg-surface-sunken p-3 text-sm" data-testid="account-history">
      <p className="font-semibold text-ink">
        {heading}
        {': '}
        <Link to={`/${lang}/admin/users/${account.id}`} className="text-brand-strong hover:underline">
          <bdi>{account.name}</bdi>
        </Link>
        <span className="ms-2 rounded-full bg-surface-raised px-2 py-0.5 text-xs text-ink-muted">{t(`accountStatus_${account.status}`)}</span>
      </p>
      <p className="text-ink-muted">
        {t('memberSince', { date: formatDate(account.createdAt, lang) })} · {t('listingCount', { count: account.listings })}
      </p>
      <div>
        <p className="font-medium text-ink">{t('previousActions')}</p>
        {account.previousActions.length === 0 ? (
          <p className="text-ink-muted">{t('noPreviousActions')}</p>
        ) : (
          <ul className="list-disc space-y-0.5 ps-5 text-ink-muted">
            {account.previousActions.map((a, i) => (
              <li key={i}>
                {`${formatDate(a.at, lang, 'medium')} — ${t(actionKey(a.action))}`}
                {a.reason ? (
                  <>
                    {': '}
                    <bdi>{a.reason}</bdi>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

export function ReasonField({ error, value }: { error?: string; value?: string }) {
  const { t } = useTranslation(['admin', 'validation']);
  return (
    <label className="block space-y-1 text-sm">
      <span className="font-medium text-ink">{t('moderationReason')}</span>
      <textarea
        name="reason"
        required
        minLength={3}
        maxLength={MODERATION_REASON_MAX}
        rows={2}
        dir="auto"
        defaultValue={value}
        aria-invalid={Boolean(error)}
        className="block w-full rounded-xl border border-line bg-surface-raised px-3 py-2 text-ink focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-danger"
      />
      {error ? <span className="block font-medium text-danger">{t(`validation:${error}`, { defaultValue: error })}</span> : null}
    </label>
  );
}

export function ListingSummary({ product }: { product: ApiProduct & { moderation?: string } }) {
  const lang = useLang();
  const { t } = useTranslation('admin');
  const cover = product.photos[0];
  return (
    <div className="flex flex-col gap-4 sm:flex-row">
      <div className="flex shrink-0 flex-col gap-1">
        {cover ? (
          <img
            src={cover.variants['320'] ?? cover.url}
            srcSet={srcSetOf(cover.variants)}
            sizes="10rem"
            alt=""
            width={160}
            height={120}
            className="h-30 w-40 rounded-xl object-cover"
            loading="lazy"
          />
        ) : null}
        {product.photos.length > 1 ? (
          <div className="flex gap-1">
            {product.photos.slice(1, 4).map((p) => (
              <img key={p.url} src={p.variants['320'] ?? p.url} alt="" width={52} height={39} className="h-10 w-[3.25rem] rounded-md object-cover" loading="lazy" />
            ))}
          </div>
        ) : null}
      </div>
      <div className="min-w-0 space-y-1">
        <p className="font-semibold text-ink">
          <Link to={`/${lang}/products/${product.id}`} className="hover:underline">
            <bdi>{localizedTitle(product, lang)}</bdi>
          </Link>
        </p>
        <p className="text-sm text-ink-muted">
          {formatPrice(product.price, lang)}
          {product.moderation ? ` · ${t(`moderation_${product.moderation}`)}` : null}
        </p>
        <UserText text={product.desc.length > 400 ? `${product.desc.slice(0, 400)}…` : product.desc} className="text-sm text-ink" />
      </div>
    </div>
  );
}

export function Pager({ page, total, pageSize, href }: { page: number; total: number; pageSize: number; href: (page: number) => string }) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="mt-6 flex items-center justify-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className="rounded-xl border border-line px-3 py-1.5 hover:bg-surface-sunken" rel="prev">
          {t('previous')}
        </Link>
      ) : null}
      <span className="text-ink-muted">{t('page', { page, pages })}</span>
      {page < pages ? (
        <Link to={href(page + 1)} className="rounded-xl border border-line px-3 py-1.5 hover:bg-surface-sunken" rel="next">
          {t('next')}
        </Link>
      ) : null}
    </nav>
  );
}
