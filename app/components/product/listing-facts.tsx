import { Eye, Hash } from 'lucide-react';
import { useTranslation } from '#i18n';
import { formatCount, formatDate } from '../../../common/format.ts';
import { formatRelativeTime } from '../../../common/relative-time.ts';
import { useLang } from '../../lib/root-data.ts';

/**
 * "Published 2 hours ago" (against the time the server rendered the page, `now`, which the
 * browser hydrates with too), the reference and the views.
 */
export function PublishedAgo({ createdAt, now }: { createdAt: string; now: string }) {
  const lang = useLang();
  return (
    <time dateTime={createdAt} title={formatDate(createdAt, lang)} data-testid="published-ago">
      {formatRelativeTime(createdAt, now, lang)}
    </time>
  );
}

export function ListingFacts({ reference, views }: { reference: string; views: number }) {
  const lang = useLang();
  const { t } = useTranslation('impact');
  return (
    <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-muted" data-testid="listing-facts">
      <div className="flex items-center gap-1.5">
        <dt className="flex items-center gap-1.5">
          <Hash className="size-4" aria-hidden="true" />
          {t('reference')}
        </dt>
        <dd className="font-medium text-ink" dir="ltr" data-testid="listing-reference">
          {reference}
        </dd>
      </div>
      <div className="flex items-center gap-1.5">
        <dt className="flex items-center gap-1.5">
          <Eye className="size-4" aria-hidden="true" />
          {t('views')}
        </dt>
        <dd className="font-medium text-ink" data-testid="listing-views">
          {formatCount(views, lang)}
        </dd>
      </div>
    </dl>
  );
}
