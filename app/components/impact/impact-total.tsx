import { Leaf } from 'lucide-react';
import { useTranslation } from '#i18n';
import { Link } from '../link.tsx';
import { formatCo2e } from '../../../common/impact.ts';
import { localePath } from '../../lib/paths.ts';
import { useLang } from '../../lib/root-data.ts';

export interface ImpactTotalData {
  co2eKgAvoided: number;
  soldListings: number;
}

/**
 * The CO₂ avoided by sold listings: the whole site's (home) or one seller's (shop). Nothing
 * while nothing with an estimate has been sold: "≈ 0 kg" would say nothing.
 */
export function ImpactTotal({ total, scope }: { total: ImpactTotalData | null; scope: 'site' | 'seller' }) {
  const lang = useLang();
  const { t } = useTranslation('impact');
  if (!total || total.co2eKgAvoided <= 0) return null;
  const amount = formatCo2e(total.co2eKgAvoided, lang);
  return (
    // The leaf keeps to the first line; on a narrow screen the words wrap beside it, not under it.
    <p className="flex items-start gap-2 text-sm text-ink" data-testid={`impact-total-${scope}`}>
      <Leaf className="mt-0.5 size-4 shrink-0 text-brand-strong" aria-hidden="true" />
      <span className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="font-semibold">{scope === 'site' ? t('siteAvoided', { amount }) : t('sellerAvoided', { amount })}</span>
        <span className="text-ink-muted">{`(${t('soldListings', { count: total.soldListings })})`}</span>
        <Link to={localePath(lang, '/impact')} className="font-semibold text-brand-strong underline underline-offset-4">
          {t('howComputed')}
        </Link>
      </span>
    </p>
  );
}
