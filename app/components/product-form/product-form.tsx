// The listing form of /products/new and /products/:id/edit: details on one side,
// photos on the other (one column on phones). Checked in the browser with the same
// schema as the action, which checks again (and is all there is without JavaScript).
import { Check, ChevronDown, Languages, Lightbulb } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '#i18n';
import { Form, useNavigation } from 'react-router';
import { Link } from '../link.tsx';
import { CURRENCY_LABEL } from '../../../common/constants.ts';
import { LANGS } from '../../../common/languages.ts';
import { CATEGORY_KEYS, CONDITION_KEYS } from '../../../common/reference-data.ts';
import { fieldErrorsOf, type FieldErrors } from '../../../common/schemas/field-errors.ts';
import { createProductSchema, updateProductSchema } from '../../../common/schemas/product.ts';
import { localePath } from '../../lib/paths.ts';
import { useLang } from '../../lib/root-data.ts';
import { Alert } from '../form/alert.tsx';
import { FieldShell, inputClass, SelectField, TextAreaField, TextField } from '../form/field.tsx';
import { SubmitButton } from '../form/submit-button.tsx';
import { FIELDS_FOR, productObject, type PickedPhoto, type ProductFormFailure } from './form-data.ts';
import { PhotoPicker } from './photo-picker.tsx';
import { WilayaOptions } from '../form/wilaya-options.tsx';
import { CommuneSelect, type CommuneChoice } from '../form/commune-select.tsx';
import { EXCHANGE_NAME, PRICE_TYPE_NAMES, PRICE_TYPES } from '../../../common/pricing.ts';
import { AttributeFields } from './attribute-fields.tsx';

const EMPTY: FieldErrors = {};
const TRANSLATION_FIELDS = LANGS.flatMap((l) => [`title_${l}`, `desc_${l}`]);

/** Form-level messages for the API error codes an action can return. */
function formErrorKey(code: string | undefined): string | null {
  if (!code) return null;
  const known: Record<string, string> = {
    EMAIL_NOT_VERIFIED: 'notVerified',
    ACCOUNT_SUSPENDED: 'suspended',
    RATE_LIMITED: 'rateLimited',
    STORAGE_UNAVAILABLE: 'errorStorage',
    VALIDATION_ERROR: 'checkFields',
  };
  return known[code] ?? 'saveFailed';
}

interface Props {
  mode: 'new' | 'edit';
  /** Starting values of the text fields (the listing's, or the seller's phone and wilaya). */
  values: Record<string, string>;
  photos: PickedPhoto[];
  failure: ProductFormFailure | undefined;
  /** The communes of `communesWilaya` (the wilaya of `values`, or of the values posted). */
  communes: CommuneChoice[];
  communesWilaya: string;
}

export function ProductForm({ mode, values: initialValues, photos, failure, communes, communesWilaya }: Props) {
  const lang = useLang();
  const { t } = useTranslation(['productForm', 'categories', 'conditions', 'validation', 'details']);
  const ids = useId();
  const navigation = useNavigation();
  // Through the redirect that follows a success too, so the button never comes back early.
  const busy = navigation.formMethod === 'POST';
  const schema = mode === 'edit' ? updateProductSchema : createProductSchema;
  const formRef = useRef<HTMLFormElement>(null);

  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [notice, setNotice] = useState<'waitUploads' | 'failedUploads' | null>(null);
  const [lastFailure, setLastFailure] = useState(failure);
  const errors = clientErrors ?? failure?.fieldErrors ?? EMPTY;
  const [lastErrors, setLastErrors] = useState(errors);
  const values = failure?.values ?? initialValues;
  const [translationsOpen, setTranslationsOpen] = useState(() => TRANSLATION_FIELDS.some((f) => values[f]));
  // The category and wilaya chosen now: their details and communes follow them.
  const [category, setCategory] = useState(values.category ?? '');
  const [wilaya, setWilaya] = useState(values.address ?? '');
  const [priceType, setPriceType] = useState(values.priceType || 'fixed');

  // A new server answer replaces what the browser found.
  if (failure !== lastFailure) {
    setLastFailure(failure);
    setClientErrors(null);
    if (failure?.values) {
      setCategory(failure.values.category ?? '');
      setWilaya(failure.values.address ?? '');
      setPriceType(failure.values.priceType || 'fixed');
    }
  }
  // New errors in a translation open the section that holds it.
  if (errors !== lastErrors) {
    setLastErrors(errors);
    if (TRANSLATION_FIELDS.some((f) => errors[f])) setTranslationsOpen(true);
  }

  // Takes the seller to the first field to correct.
  useEffect(() => {
    if (errors === EMPTY) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]')?.focus();
  }, [errors]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const picker = form.querySelector<HTMLElement>('[data-photo-picker]');
    const state = Number(picker?.dataset.pending ?? 0) > 0 ? 'waitUploads' : Number(picker?.dataset.failed ?? 0) > 0 ? 'failedUploads' : null;
    setNotice(state);
    const parsed = schema.safeParse(productObject(new FormData(form)));
    if (parsed.success && !state) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error);
    // While photos are still uploading, "add a photo" would be wrong: the notice says to wait.
    if (state) {
      delete found.img;
      delete found.images;
    }
    setClientErrors(Object.keys(found).length > 0 ? found : EMPTY);
  };

  const formError = formErrorKey(failure?.formError);
  const hasErrors = errors !== EMPTY && Object.keys(errors).length > 0;
  const conditionError = `${ids}-condition-error`;
  const dashboard = localePath(lang, '/dashboard');

  return (
    <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_26rem]" data-testid="product-form">
      {formError || hasErrors || notice ? (
        <div className="space-y-3 lg:col-span-2" data-testid="form-alert">
          {formError || hasErrors ? <Alert tone="error">{t(formError && formError !== 'checkFields' ? formError : 'checkFields')}</Alert> : null}
          {notice ? <Alert tone="error">{t(notice)}</Alert> : null}
        </div>
      ) : null}

      <div className="min-w-0 space-y-6">
        <section className="space-y-5 rounded-2xl border border-line bg-surface-raised p-4 shadow-sm sm:p-6" aria-labelledby={`${ids}-details`}>
          <h2 id={`${ids}-details`} className="text-lg font-semibold text-ink">
            {t('details')}
          </h2>
          <TextField
            label={t('title')}
            name="title"
            required
            maxLength={120}
            placeholder={t('titlePlaceholder')}
            defaultValue={values.title ?? ''}
            error={errors.title}
            hint={t('writeAnyLanguage')}
            dir="auto"
          />
          <TextAreaField
            label={t('desc')}
            name="desc"
            required
            rows={6}
            maxLength={5000}
            placeholder={t('descPlaceholder')}
            defaultValue={values.desc ?? ''}
            error={errors.desc}
            dir="auto"
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField label={t('category')} name="category" required defaultValue={values.category ?? ''} error={errors.category} onChange={(e) => setCategory(e.currentTarget.value)}>
              <option value="">{t('chooseCategory')}</option>
              {CATEGORY_KEYS.map((key) => (
                <option key={key} value={key}>
                  {t(`categories:${key}`)}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('address')} name="address" required defaultValue={values.address ?? ''} error={errors.address} onChange={(e) => setWilaya(e.currentTarget.value)}>
              <WilayaOptions placeholder={t('chooseWilaya')} />
            </SelectField>
            <CommuneSelect
              label={t('details:communeOptional')}
              wilaya={wilaya}
              choicesWilaya={communesWilaya}
              choices={communes}
              defaultValue={values.commune ?? ''}
              placeholder={t('details:chooseCommune')}
              hint={wilaya ? undefined : t('details:communeAfterWilaya')}
              error={errors.commune}
            />
            <input type="hidden" name={FIELDS_FOR} value={category} />
            <noscript>
              <div className="flex h-full items-end">
                <button
                  type="submit"
                  name="intent"
                  value="refresh"
                  className="w-full rounded-xl border border-line px-4 py-2.5 text-sm font-semibold text-ink hover:bg-surface-sunken"
                  data-testid="refresh-fields"
                >
                  {t('details:refreshFields')}
                </button>
              </div>
            </noscript>
          </div>
          <AttributeFields category={category} values={values} errors={errors} />
          <fieldset aria-describedby={errors.condition ? conditionError : undefined}>
            <legend className="mb-1.5 text-sm font-medium text-ink">{t('condition')}</legend>
            <div className="flex flex-wrap gap-2">
              {CONDITION_KEYS.map((key, index) => (
                <label key={key} className="cursor-pointer">
                  <input
                    type="radio"
                    name="condition"
                    value={key}
                    defaultChecked={values.condition === key}
                    data-invalid={index === 0 && errors.condition ? true : undefined}
                    className="peer sr-only"
                  />
                  <span
                    className={`inline-flex items-center gap-1.5 rounded-full border bg-surface-raised px-3.5 py-2 text-sm font-medium text-ink transition-colors hover:bg-surface-sunken peer-checked:border-brand peer-checked:bg-brand-soft peer-checked:text-brand-strong peer-focus-visible:ring-2 peer-focus-visible:ring-brand peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-surface-raised peer-checked:[&>svg]:inline ${
                      errors.condition ? 'border-danger' : 'border-line'
                    }`}
                  >
                    <Check className="hidden size-4" aria-hidden="true" />
                    {t(`conditions:${key}`)}
                  </span>
                </label>
              ))}
            </div>
            {errors.condition ? (
              <p id={conditionError} className="mt-1.5 text-sm font-medium text-danger">
                {t(`validation:${errors.condition}`)}
              </p>
            ) : null}
          </fieldset>
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-ink">{t('details:priceType')}</legend>
            <div className="flex flex-wrap gap-2" data-testid="price-type">
              {PRICE_TYPES.map((key) => (
                <label key={key} className="cursor-pointer">
                  <input
                    type="radio"
                    name="priceType"
                    value={key}
                    defaultChecked={(values.priceType || 'fixed') === key}
                    onChange={() => setPriceType(key)}
                    className="peer sr-only"
                  />
                  <span className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface-raised px-3.5 py-2 text-sm font-medium text-ink transition-colors hover:bg-surface-sunken peer-checked:border-brand peer-checked:bg-brand-soft peer-checked:text-brand-strong peer-focus-visible:ring-2 peer-focus-visible:ring-brand peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-surface-raised peer-checked:[&>svg]:inline">
                    <Check className="hidden size-4" aria-hidden="true" />
                    {PRICE_TYPE_NAMES[key][lang]}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-5 sm:grid-cols-2">
            <FieldShell label={t('price')} error={errors.price} hint={priceType === 'free' ? t('details:freeHint') : t('priceHint')}>
              {({ id, describedBy, invalid }) => (
                <div className="relative">
                  <input
                    // A give-away's price is 0 and cannot be typed; back from free the field is empty again.
                    key={priceType === 'free' ? 'free' : 'priced'}
                    id={id}
                    name="price"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    required={priceType !== 'free'}
                    readOnly={priceType === 'free'}
                    defaultValue={priceType === 'free' ? '0' : values.priceType === 'free' ? '' : (values.price ?? '')}
                    aria-describedby={describedBy}
                    aria-invalid={invalid}
                    className={`${inputClass} pe-14 tabular-nums [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none`}
                  />
                  <span className="pointer-events-none absolute inset-y-0 end-0 flex items-center pe-3.5 text-sm font-semibold text-ink-muted">
                    {CURRENCY_LABEL[lang]}
                  </span>
                </div>
              )}
            </FieldShell>
            <TextField
              label={t('contact')}
              name="contact"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              placeholder="0550 12 34 56"
              defaultValue={values.contact ?? ''}
              error={errors.contact}
              hint={t('contactHint')}
              dir="ltr"
              className="rtl:text-right"
            />
          </div>
          <div className="flex items-start gap-3 rounded-xl border border-line p-3">
            <input
              id={`${ids}-exchange`}
              type="checkbox"
              name="exchange"
              defaultChecked={values.exchange === 'on'}
              aria-describedby={`${ids}-exchange-hint`}
              className="mt-0.5 size-5 accent-[var(--brand)]"
              data-testid="exchange"
            />
            <span>
              <label htmlFor={`${ids}-exchange`} className="block cursor-pointer text-sm font-medium text-ink">
                {EXCHANGE_NAME[lang]}
              </label>
              <span id={`${ids}-exchange-hint`} className="block text-sm text-ink-muted">
                {t('details:exchangeHint')}
              </span>
            </span>
          </div>
        </section>

        <details
          open={translationsOpen}
          onToggle={(event) => setTranslationsOpen(event.currentTarget.open)}
          className="group rounded-2xl border border-line bg-surface-raised shadow-sm"
          data-testid="translations"
        >
          <summary className="flex cursor-pointer list-none items-start justify-between gap-3 rounded-2xl p-4 sm:p-6 [&::-webkit-details-marker]:hidden">
            <span>
              <span className="flex items-center gap-2 font-semibold text-ink">
                <Languages className="size-5 text-brand" aria-hidden="true" />
                {t('translations')}
              </span>
              <span className="mt-1 block text-sm text-ink-muted">{t('translationsHint')}</span>
            </span>
            <ChevronDown className="mt-0.5 size-5 shrink-0 text-ink-muted transition-transform group-open:rotate-180" aria-hidden="true" />
          </summary>
          <div className="space-y-6 border-t border-line p-4 sm:p-6">
            {LANGS.map((l) => (
              <div key={l} className="space-y-4">
                <TextField
                  label={t(`title_${l}`)}
                  name={`title_${l}`}
                  lang={l}
                  maxLength={120}
                  defaultValue={values[`title_${l}`] ?? ''}
                  error={errors[`title_${l}`]}
                  dir="auto"
                />
                <TextAreaField
                  label={t(`desc_${l}`)}
                  name={`desc_${l}`}
                  lang={l}
                  rows={3}
                  maxLength={5000}
                  defaultValue={values[`desc_${l}`] ?? ''}
                  error={errors[`desc_${l}`]}
                  dir="auto"
                />
              </div>
            ))}
          </div>
        </details>
      </div>

      <div className="min-w-0 space-y-6">
        <section className="rounded-2xl border border-line bg-surface-raised p-4 shadow-sm sm:p-6">
          <PhotoPicker initial={failure?.photos ?? photos} error={errors.img ?? errors.images} />
        </section>
        <aside className="rounded-2xl border border-line bg-surface-sunken/70 p-4 text-sm sm:p-5" aria-labelledby={`${ids}-tips`}>
          <h2 id={`${ids}-tips`} className="flex items-center gap-2 font-semibold text-ink">
            <Lightbulb className="size-4 text-accent" aria-hidden="true" />
            {t('tipsTitle')}
          </h2>
          <ul className="mt-2 list-disc space-y-1 ps-5 text-ink-muted marker:text-brand">
            <li>{t('tipPhotos')}</li>
            <li>{t('tipPrice')}</li>
            <li>{t('tipSafety')}</li>
          </ul>
        </aside>
      </div>

      <div className="flex flex-col-reverse gap-3 rounded-2xl border border-line bg-surface-raised p-4 shadow-sm sm:flex-row sm:items-center sm:justify-end lg:col-span-2">
        <Link
          to={dashboard}
          className="inline-flex items-center justify-center rounded-xl border border-line px-5 py-3 font-semibold text-ink hover:bg-surface-sunken"
        >
          {t('cancel')}
        </Link>
        <SubmitButton
          busy={busy}
          label={mode === 'edit' ? t('save') : t('publish')}
          busyLabel={mode === 'edit' ? t('saving') : t('publishing')}
          className="sm:min-w-56"
          data-testid="product-submit"
        />
      </div>
    </Form>
  );
}
