// The reason and comment of a report, shared by the disclosure on listings and shops and the report page.
import { useTranslation } from '#i18n';
import { REPORT_COMMENT_MAX, REPORT_REASONS } from '../../common/reports.ts';
import { TextAreaField } from './form/field.tsx';

export function ReportFields({ values = {}, errors = {} }: { values?: Record<string, string>; errors?: Record<string, string | undefined> }) {
  const { t } = useTranslation(['report', 'validation']);
  return (
    <>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink">{t('reason')}</legend>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {REPORT_REASONS.map((reason, i) => (
            <label key={reason} className="flex items-center gap-2 rounded-lg px-2 py-1 text-sm text-ink hover:bg-surface-sunken">
              <input type="radio" name="reason" value={reason} required defaultChecked={values.reason ? values.reason === reason : i === 0} className="accent-brand" />
              {t(`reason_${reason}`)}
            </label>
          ))}
        </div>
        {errors.reason ? <p className="text-sm font-medium text-danger">{t(`validation:${errors.reason}`)}</p> : null}
      </fieldset>
      <TextAreaField label={t('comment')} name="comment" rows={3} maxLength={REPORT_COMMENT_MAX} defaultValue={values.comment} error={errors.comment} placeholder={t('commentHint')} />
    </>
  );
}
