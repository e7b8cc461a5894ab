// The search's filters on communes, price types, exchange and the chosen category's details
// (common/category-attributes.ts): a range for a number, ticks for a choice, in the URL as
// `attr.year.min`, `attr.fuel` (repeated)… Part of the search form, which works without
// JavaScript: the server renders the filters of the category in the URL; after hydration,
// choosing another category or wilaya in the form shows its filters and communes at once.
import { useRef } from 'react';
import { useTranslation } from '#i18n';
import { ATTRIBUTE_UNITS, attributesOf, type EnumAttribute, type IntAttribute } from '../../../common/category-attributes.ts';
import { PRICE_TYPE_NAMES, PRICE_TYPES, EXCHANGE_NAME } from '../../../common/pricing.ts';
import { ALL } from '../../../common/reference-data.ts';
import type { FieldErrors } from '../../../common/schemas/field-errors.ts';
import { useLang } from '../../lib/root-data.ts';
import { FILTERS_FOR, type SearchValues } from '../../lib/search-url.ts';
import { CommuneSelect, useFormFieldValue, type CommuneChoice } from '../form/commune-select.tsx';
import { inputClass } from '../form/field.tsx';

const labelClass = 'mb-1 block text-sm font-medium text-ink';

function ErrorText({ errors, names }: { errors: FieldErrors; names: string[] }) {
  const { t } = useTranslation('validation');
  const name = names.find((n) => errors[n]);
  return name ? <p className="mt-1 text-sm font-medium text-danger">{t(errors[name]!)}</p> : null;
}

function RangeFilter({ attribute, values, errors }: { attribute: IntAttribute; values: SearchValues; errors: FieldErrors }) {
  const lang = useLang();
  const { t } = useTranslation('details');
  const value = (bound: 'min' | 'max') => values.attr?.find(([k]) => k === `attr.${attribute.key}.${bound}`)?.[1] ?? '';
  const unit = attribute.unit ? ` (${ATTRIBUTE_UNITS[attribute.unit][lang]})` : '';
  const names = [`attr.${attribute.key}.min`, `attr.${attribute.key}.max`];
  return (
    <fieldset data-testid={`filter-${attribute.key}`}>
      <legend className={labelClass}>{`${attribute.name[lang]}${unit}`}</legend>
      <div className="grid grid-cols-2 gap-2">
        {(['min', 'max'] as const).map((bound) => (
          <input
            key={bound}
            name={`attr.${attribute.key}.${bound}`}
            type="number"
            inputMode="numeric"
            min={attribute.min}
            max={attribute.max}
            step={1}
            defaultValue={value(bound)}
            placeholder={t(bound)}
            aria-label={`${attribute.name[lang]} – ${t(bound)}`}
            aria-invalid={Boolean(errors[`attr.${attribute.key}.${bound}`])}
            dir="ltr"
            className={`${inputClass} tabular-nums rtl:text-right`}
          />
        ))}
      </div>
      <ErrorText errors={errors} names={names} />
    </fieldset>
  );
}

function ChoiceFilter({ attribute, values, errors }: { attribute: EnumAttribute; values: SearchValues; errors: FieldErrors }) {
  const lang = useLang();
  const name = `attr.${attribute.key}`;
  const chosen = new Set(values.attr?.filter(([k]) => k === name).map(([, v]) => v));
  return (
    <fieldset data-testid={`filter-${attribute.key}`}>
      <legend className={labelClass}>{attribute.name[lang]}</legend>
      <div className={`flex flex-wrap gap-1.5 ${attribute.options.length > 8 ? 'max-h-36 overflow-y-auto rounded-xl border border-line p-2' : ''}`}>
        {attribute.options.map((option) => (
          <label key={option.key} className="cursor-pointer">
            <input type="checkbox" name={name} value={option.key} defaultChecked={chosen.has(option.key)} className="peer sr-only" />
            <span className="inline-flex rounded-full border border-line bg-surface-raised px-3 py-1.5 text-sm text-ink hover:bg-surface-sunken peer-checked:border-brand peer-checked:bg-brand-soft peer-checked:font-semibold peer-checked:text-brand-strong peer-focus-visible:ring-2 peer-focus-visible:ring-brand">
              {option.name[lang]}
            </span>
          </label>
        ))}
      </div>
      <ErrorText errors={errors} names={[name]} />
    </fieldset>
  );
}

interface Props {
  values: SearchValues;
  errors: FieldErrors;
  /** The communes of the wilaya in `values` (the page's loader knows them). */
  communes: CommuneChoice[];
}

export function AttributeFilters({ values, errors, communes }: Props) {
  const lang = useLang();
  const { t } = useTranslation('details');
  const ref = useRef<HTMLDivElement>(null);
  const category = useFormFieldValue(ref, 'category', values.category ?? ALL);
  const wilaya = useFormFieldValue(ref, 'address', values.address ?? ALL);
  const details = attributesOf(category).filter((a) => a.filter);
  return (
    <div ref={ref} className="grid gap-3 sm:grid-cols-2 md:col-span-4 md:grid-cols-4" data-testid="attribute-filters">
      <input type="hidden" name={FILTERS_FOR} value={details.length > 0 ? category : ''} />
      <CommuneSelect
        label={t('commune')}
        wilaya={wilaya}
        choicesWilaya={values.address ?? ALL}
        choices={communes}
        defaultValue={values.commune ?? ALL}
        placeholder={t('anyCommune')}
        placeholderValue={ALL}
        hint={wilaya && wilaya !== ALL ? undefined : t('communeAfterWilaya')}
        error={errors.commune}
      />
      <div>
        <label htmlFor="search-price-type" className={labelClass}>
          {t('priceType')}
        </label>
        <select id="search-price-type" name="priceType" defaultValue={values.priceType ?? ALL} className={inputClass} aria-invalid={Boolean(errors.priceType)}>
          <option value={ALL}>{t('anyPriceType')}</option>
          {PRICE_TYPES.map((key) => (
            <option key={key} value={key}>
              {PRICE_TYPE_NAMES[key][lang]}
            </option>
          ))}
        </select>
        <ErrorText errors={errors} names={['priceType']} />
      </div>
      <label className="flex cursor-pointer items-center gap-2 self-end rounded-xl border border-line px-3.5 py-2.5 text-sm font-medium text-ink sm:col-span-2 md:col-span-1">
        <input type="checkbox" name="exchange" value="true" defaultChecked={values.exchange === 'true'} className="size-4 accent-[var(--brand)]" />
        {EXCHANGE_NAME[lang]}
      </label>
      {details.length > 0 ? (
        <div className="grid gap-4 border-t border-line pt-3 sm:col-span-2 sm:grid-cols-2 md:col-span-4 md:grid-cols-3" data-testid="detail-filters" data-category={category}>
          {details.map((a) =>
            a.type === 'int' ? (
              <RangeFilter key={`${category}.${a.key}`} attribute={a} values={values} errors={errors} />
            ) : a.type === 'enum' ? (
              <ChoiceFilter key={`${category}.${a.key}`} attribute={a} values={values} errors={errors} />
            ) : null,
          )}
        </div>
      ) : null}
    </div>
  );
}
