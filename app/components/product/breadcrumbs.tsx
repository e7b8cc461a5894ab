import { ChevronRight } from 'lucide-react';
import { useTranslation } from '#i18n';
import { Link } from '../link.tsx';
import type { Crumb } from '../../lib/breadcrumbs.ts';

/** Home › category › listing; the last one is the page itself (aria-current), not a link. */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const { t } = useTranslation('impact');
  return (
    <nav aria-label={t('breadcrumbs')} className="mb-4 text-sm" data-testid="breadcrumbs">
      <ol className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1 text-ink-muted">
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={crumb.path} className={`flex items-center gap-1.5 ${last ? 'min-w-0' : ''}`}>
              {last ? (
                <span aria-current="page" className="block max-w-[60vw] truncate font-medium text-ink sm:max-w-md" dir="auto">
                  {crumb.name}
                </span>
              ) : (
                <Link to={crumb.path} className="underline-offset-4 hover:text-ink hover:underline">
                  {crumb.name}
                </Link>
              )}
              {last ? null : <ChevronRight className="size-3.5 shrink-0 rtl:rotate-180" aria-hidden="true" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
