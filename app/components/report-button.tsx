// "Report" on a listing or a shop: a disclosure holding a plain form that posts to the report
// page (app/routes/report.tsx), so it works before and without JavaScript; the page answers
// with the confirmation, or the form again with what was typed and the error.
import { Flag } from 'lucide-react';
import { useTranslation } from '#i18n';
import { Form } from 'react-router';
import type { ReportTarget } from '../../common/reports.ts';
import { localePath } from '../lib/paths.ts';
import { useLang, useSessionUser } from '../lib/root-data.ts';
import { ReportFields } from './report-fields.tsx';

export function ReportButton({ targetType, targetId, ownerId }: { targetType: Exclude<ReportTarget, 'conversation'>; targetId: string; ownerId: string }) {
  const lang = useLang();
  const user = useSessionUser();
  const { t } = useTranslation('report');
  // Nobody reports their own listing or shop.
  if (user?.id === ownerId) return null;
  return (
    <details className="group mt-8" data-testid="report">
      <summary className="inline-flex cursor-pointer items-center gap-1.5 rounded-lg px-2 py-1 text-sm text-ink-muted hover:bg-surface-sunken hover:text-ink">
        <Flag className="size-4" aria-hidden="true" />
        {t(targetType === 'product' ? 'buttonProduct' : 'buttonUser')}
      </summary>
      <Form method="post" action={localePath(lang, '/report')} className="mt-3 max-w-xl space-y-4 rounded-2xl border border-line bg-surface-raised p-5 shadow-sm">
        <p className="text-sm text-ink-muted">{t('intro')}</p>
        <input type="hidden" name="targetType" value={targetType} />
        <input type="hidden" name="targetId" value={targetId} />
        <ReportFields />
        <button type="submit" className="rounded-xl border border-danger/50 bg-danger-soft px-4 py-2.5 font-semibold text-danger hover:border-danger">
          {t('send')}
        </button>
      </Form>
    </details>
  );
}
