import { Leaf } from 'lucide-react';
import { useTranslation } from '#i18n';
import { Link } from '../link.tsx';
import { formatCo2e, IMPACT_FIGURES, type Impact } from '../../../common/impact.ts';
import { localePath } from '../../lib/paths.ts';
import { useLang } from '../../lib/root-data.ts';

/** The product page's "≈ 43 kg CO₂e avoided compared with buying new", with the method's link; nothing without an estimate. */
export function ImpactLine({ impact }: { impact: Impact | null }) {
  const lang = useLang();
  const { t } = useTranslation('impact');
  if (!impact) return null;
  return (
    <div className="flex items-start gap-3 rounded-xl border border-brand/30 bg-brand-soft px-4 py-3 text-sm" data-testid="impact-line">
      <Leaf className="mt-0.5 size-5 shrink-0 text-brand-strong" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-semibold text-ink">{t('avoided', { amount: formatCo2e(impact.co2eKg, lang) })}</p>
        <p className="text-ink-muted">
          {t('avoidedBasis', { item: IMPACT_FIGURES[impact.basis].item[lang] })}{' '}
          <Link to={`${localePath(lang, '/impact')}#${impact.basis}`} className="font-semibold text-brand-strong underline underline-offset-4" data-testid="impact-link">
            {t('howComputed')}
          </Link>
        </p>
      </div>
    </div>
  );
}
