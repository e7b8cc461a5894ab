// A small bar chart of one value a day, as inline SVG (no chart library): bars grow upwards and
// the days run in the reading direction, so the chart mirrors in Arabic like the text.
import { useTranslation } from '#i18n';
import { formatDate } from '../../../common/format.ts';
import { useLang } from '../../lib/root-data.ts';

const WIDTH = 300;
const HEIGHT = 80;

export function DayChart({ name, days, values, testId }: { name: string; days: string[]; values: number[]; testId?: string }) {
  const lang = useLang();
  const { t } = useTranslation('admin');
  const max = Math.max(1, ...values);
  const total = values.reduce((a, b) => a + b, 0);
  const slot = WIDTH / Math.max(1, values.length);
  const rtl = lang === 'ar';
  const label = t('chartLabel', {
    name,
    from: days[0] ? formatDate(days[0], lang, 'medium') : '',
    to: days.at(-1) ? formatDate(days.at(-1)!, lang, 'medium') : '',
    total,
    max: Math.max(0, ...values),
  });
  return (
    <figure className="rounded-2xl border border-line bg-surface-raised p-4 shadow-sm" data-testid={testId}>
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="font-semibold text-ink">{name}</span>
        <span className="text-sm text-ink-muted">{t('total', { count: total })}</span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="mt-3 h-20 w-full text-brand" preserveAspectRatio="none">
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="stroke-line" strokeWidth="1" />
        {values.map((value, i) => {
          const h = value === 0 ? 0 : Math.max(2, (value / max) * (HEIGHT - 4));
          const x = (rtl ? values.length - 1 - i : i) * slot + slot * 0.15;
          return (
            <rect key={days[i] ?? i} x={x} y={HEIGHT - h} width={slot * 0.7} height={h} rx="1" fill="currentColor">
              <title>{`${days[i] ? formatDate(days[i]!, lang, 'medium') : ''}: ${value}`}</title>
            </rect>
          );
        })}
      </svg>
    </figure>
  );
}
