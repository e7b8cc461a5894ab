// The listing form's fields for the chosen category's details (common/category-attributes.ts):
// a list for a choice, a number field with its unit, a short text. Named `attributes.KEY`;
// form-data.ts gathers them into the `attributes` object the API takes.
import { useTranslation } from '#i18n';
import { ATTRIBUTE_UNITS, attributesOf, type Attribute } from '../../../common/category-attributes.ts';
import type { FieldErrors } from '../../../common/schemas/field-errors.ts';
import { useLang } from '../../lib/root-data.ts';
import { FieldShell, inputClass, SelectField, TextField } from '../form/field.tsx';

export const ATTRIBUTE_FIELD_PREFIX = 'attributes.';

function AttributeField({ attribute, value, error }: { attribute: Attribute; value: string; error: string | undefined }) {
  const lang = useLang();
  const { t } = useTranslation('details');
  const name = `${ATTRIBUTE_FIELD_PREFIX}${attribute.key}`;
  if (attribute.type === 'enum') {
    return (
      <SelectField label={attribute.name[lang]} name={name} defaultValue={value} error={error}>
        <option value="">{t('chooseOption')}</option>
        {attribute.options.map((o) => (
          <option key={o.key} value={o.key}>
            {o.name[lang]}
          </option>
        ))}
      </SelectField>
    );
  }
  if (attribute.type === 'text') {
    return <TextField label={attribute.name[lang]} name={name} defaultValue={value} error={error} maxLength={attribute.maxLength} dir="auto" />;
  }
  const unit = attribute.unit ? ATTRIBUTE_UNITS[attribute.unit][lang] : null;
  return (
    <FieldShell label={attribute.name[lang]} error={error}>
      {({ id, describedBy, invalid }) => (
        <div className="relative">
          <input
            id={id}
            name={name}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={value}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            dir="ltr"
            className={`${inputClass} tabular-nums rtl:text-right ${unit ? 'pe-20' : ''}`}
          />
          {unit ? (
            <span className="pointer-events-none absolute inset-y-0 end-0 flex items-center pe-3.5 text-sm font-semibold text-ink-muted">{unit}</span>
          ) : null}
        </div>
      )}
    </FieldShell>
  );
}

export function AttributeFields({ category, values, errors }: { category: string; values: Record<string, string>; errors: FieldErrors }) {
  const { t } = useTranslation('details');
  const attributes = attributesOf(category);
  if (attributes.length === 0) return null;
  return (
    <fieldset className="space-y-3 rounded-xl border border-line p-4" data-testid="attribute-fields" data-category={category}>
      <legend className="px-1 text-sm font-semibold text-ink">{t('categoryDetails')}</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        {attributes.map((a) => (
          <AttributeField key={`${category}.${a.key}`} attribute={a} value={values[`${ATTRIBUTE_FIELD_PREFIX}${a.key}`] ?? ''} error={errors[`${ATTRIBUTE_FIELD_PREFIX}${a.key}`]} />
        ))}
      </div>
    </fieldset>
  );
}
