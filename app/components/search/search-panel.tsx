// The search form: a compact bar (words and the search button, and on a phone a "Filters"
// button) and the filters. On a phone the filters are a bottom sheet, a modal <dialog> opened
// by the HTML invoker commands (`commandfor`), so without JavaScript too; from md up the
// same <dialog> is shown in place as a row of fields. It is one GET form either way, so the
// search works without JavaScript; with it, the URL is kept free of empty fields and the
// sheet's button counts the results as the filters change.
import { Search, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '#i18n';
import { Form, useNavigate } from 'react-router';
import { Link } from '../link.tsx';
import { categoriesByName, CONDITIONS } from '../../../common/reference-data.ts';
import type { FieldErrors } from '../../../common/schemas/field-errors.ts';
import { useLang } from '../../lib/root-data.ts';
import { activeFilterCount, searchQuery, valuesFromForm, type SearchValues } from '../../lib/search-url.ts';
import { inputClass } from '../form/field.tsx';
import { WilayaOptions } from '../form/wilaya-options.tsx';
import { useResultCount, type ResultCount } from './use-result-count.ts';

const SHEET_ID = 'search-filters';
// React's DOM types do not know the invoker commands nor `closedby` yet.
const command = (name: 'show-modal' | 'close') => ({ commandfor: SHEET_ID, command: name }) as Record<string, string>;
const CLOSED_BY_ANY = { closedby: 'any' } as Record<string, string>;
const supportsCommands = () => typeof HTMLButtonElement !== 'undefined' && 'command' in HTMLButtonElement.prototype;

export function SearchPanel({
  values,
  errors,
  count,
  extraFilters,
}: {
  values: SearchValues;
  errors: FieldErrors;
  /** The current page's result count: the sheet's button starts from it. */
  count?: ResultCount | null;
  /** Slot: more filter fields (the category's attributes), placed after the category. */
  extraFilters?: ReactNode;
}) {
  const lang = useLang();
  const { t } = useTranslation(['search', 'browse', 'categories', 'cities', 'conditions', 'validation']);
  const navigate = useNavigate();
  const sheet = useRef<HTMLDialogElement>(null);
  const { counted, recount } = useResultCount(count ?? null);
  const categories = categoriesByName(lang);
  const active = activeFilterCount(values);
  const hasSheetError = ['address', 'category', 'condition', 'minPrice', 'maxPrice'].some((f) => errors[f]);

  // A filter in error opens the sheet on a phone, where its message would otherwise be hidden.
  useEffect(() => {
    const dialog = sheet.current;
    if (hasSheetError && dialog && !dialog.open && window.matchMedia('(max-width: 47.99rem)').matches) dialog.showModal();
  }, [hasSheetError]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    sheet.current?.close();
    void navigate(`/${lang}${searchQuery(valuesFromForm(new FormData(event.currentTarget)))}`);
  };
  const error = (field: string) =>
    errors[field] ? (
      <p className="mt-1 text-sm font-medium text-danger" id={`${field}-error`}>
        {t(`validation:${errors[field]}`)}
      </p>
    ) : null;
  const describedBy = (field: string) => (errors[field] ? `${field}-error` : undefined);
  const labelClass = 'mb-1 block text-sm font-medium text-ink md:sr-only';
  const showLabel =
    counted === null
      ? t('browse:showResultsUnknown')
      : counted.capped
        ? t('browse:showResultsCapped', { count: counted.count })
        : t('browse:showResults', { count: counted.count });

  return (
    <Form
      method="get"
      action={`/${lang}`}
      onSubmit={onSubmit}
      onChange={(event) => {
        // Only the sheet's fields are counted as they change; the words are counted on submit.
        if (sheet.current?.contains(event.target as Node)) recount(valuesFromForm(new FormData(event.currentTarget)));
      }}
      role="search"
      aria-label={t('label')}
      className="rounded-2xl border border-line bg-surface-raised p-2 shadow-sm sm:p-3"
      data-testid="search-panel"
    >
      {/* A new search among one seller's listings stays among them (its chip removes it), and keeps its order. */}
      {values.seller ? <input type="hidden" name="seller" value={values.seller} /> : null}
      {values.sortBy ? <input type="hidden" name="sortBy" value={values.sortBy} /> : null}
      <div className="flex gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="search-title" className="sr-only">
            {t('label')}
          </label>
          <div className="relative">
            <Search className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-ink-muted" aria-hidden="true" />
            <input
              id="search-title"
              name="title"
              type="search"
              defaultValue={values.title ?? ''}
              placeholder={t('placeholder')}
              maxLength={200}
              dir="auto"
              enterKeyHint="search"
              aria-invalid={Boolean(errors.title)}
              aria-describedby={describedBy('title')}
              className={`${inputClass} ps-10`}
            />
          </div>
          {error('title')}
        </div>
        <button
          type="button"
          {...command('show-modal')}
          onClick={() => {
            if (!supportsCommands()) sheet.current?.showModal();
          }}
          aria-haspopup="dialog"
          className="relative inline-flex shrink-0 items-center gap-1.5 rounded-xl border border-line px-3 text-sm font-semibold text-ink hover:bg-surface-sunken md:hidden"
          data-testid="open-filters"
        >
          <SlidersHorizontal className="size-5" aria-hidden="true" />
          <span className="sr-only min-[420px]:not-sr-only">{t('filters')}</span>
          {active > 0 ? (
            <span className="grid min-w-5 place-items-center rounded-full bg-brand px-1 text-xs font-bold text-on-brand" data-testid="filter-count">
              <span className="sr-only">: </span>
              {active}
            </span>
          ) : null}
        </button>
        <button
          type="submit"
          className="inline-flex shrink-0 items-center justify-center gap-2 rounded-xl bg-brand px-3 font-semibold text-on-brand hover:bg-brand-strong sm:px-5"
          data-testid="search-submit"
        >
          <Search className="size-5" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{t('submit')}</span>
        </button>
      </div>

      <dialog
        id={SHEET_ID}
        ref={sheet}
        {...CLOSED_BY_ANY}
        aria-labelledby={`${SHEET_ID}-title`}
        className="search-sheet m-0 mt-auto max-h-[85dvh] w-full max-w-none overflow-y-auto rounded-t-2xl border-0 bg-surface-raised p-0 text-ink shadow-2xl backdrop:bg-black/40 md:static md:mt-2 md:block md:max-h-none md:overflow-visible md:rounded-none md:bg-transparent md:shadow-none"
        data-testid="filters-sheet"
      >
        <div className="sticky top-0 z-10 flex items-center justify-between border-b border-line bg-surface-raised px-4 py-3 md:hidden">
          <h2 id={`${SHEET_ID}-title`} className="text-lg font-semibold text-ink">
            {t('browse:filtersTitle')}
          </h2>
          <button
            type="button"
            {...command('close')}
            onClick={() => {
              if (!supportsCommands()) sheet.current?.close();
            }}
            className="grid size-10 place-items-center rounded-full text-ink-muted hover:bg-surface-sunken"
            aria-label={t('browse:closeFilters')}
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <div className="grid gap-3 p-4 md:grid-cols-5 md:gap-2 md:p-0">
          <div>
            <label htmlFor="search-address" className={labelClass}>
              {t('wilaya')}
            </label>
            <select id="search-address" name="address" defaultValue={values.address ?? 'all'} className={inputClass} aria-invalid={Boolean(errors.address)} aria-describedby={describedBy('address')}>
              <WilayaOptions placeholder={t('cities:all')} placeholderValue="all" />
            </select>
            {error('address')}
          </div>
          <div>
            <label htmlFor="search-category" className={labelClass}>
              {t('category')}
            </label>
            <select id="search-category" name="category" defaultValue={values.category ?? 'all'} className={inputClass} aria-invalid={Boolean(errors.category)} aria-describedby={describedBy('category')}>
              <option value="all">{t('categories:all')}</option>
              {categories.map((c) => (
                <option key={c.key} value={c.key}>
                  {c.name[lang]}
                </option>
              ))}
            </select>
            {error('category')}
          </div>
          <div>
            <label htmlFor="search-condition" className={labelClass}>
              {t('condition')}
            </label>
            <select id="search-condition" name="condition" defaultValue={values.condition ?? 'all'} className={inputClass} aria-invalid={Boolean(errors.condition)} aria-describedby={describedBy('condition')}>
              <option value="all">{t('anyCondition')}</option>
              {CONDITIONS.map((c) => (
                <option key={c.key} value={c.key}>
                  {t(`conditions:${c.key}`)}
                </option>
              ))}
            </select>
            {error('condition')}
          </div>
          <div>
            <label htmlFor="search-min" className={labelClass}>
              {t('minPrice')}
            </label>
            <input
              id="search-min"
              name="minPrice"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              defaultValue={values.minPrice ?? ''}
              placeholder={t('minPrice')}
              dir="ltr"
              className={`${inputClass} rtl:text-end`}
              aria-invalid={Boolean(errors.minPrice)}
              aria-describedby={describedBy('minPrice')}
            />
            {error('minPrice')}
          </div>
          <div>
            <label htmlFor="search-max" className={labelClass}>
              {t('maxPrice')}
            </label>
            <input
              id="search-max"
              name="maxPrice"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              defaultValue={values.maxPrice ?? ''}
              placeholder={t('maxPrice')}
              dir="ltr"
              className={`${inputClass} rtl:text-end`}
              aria-invalid={Boolean(errors.maxPrice)}
              aria-describedby={describedBy('maxPrice')}
            />
            {error('maxPrice')}
          </div>
          {/* Slot: the category's attribute filters (listings branch). */}
          {extraFilters ? <div className="grid gap-3 md:col-span-5 md:grid-cols-4 md:gap-2">{extraFilters}</div> : null}
        </div>
        <div className="sticky bottom-0 flex items-center gap-2 border-t border-line bg-surface-raised px-4 py-3 md:hidden">
          <Link to={`/${lang}${searchQuery({ seller: values.seller })}`} className="rounded-xl px-3 py-2.5 text-sm font-semibold text-ink-muted hover:bg-surface-sunken hover:text-ink">
            {t('resetAll')}
          </Link>
          <button type="submit" className="ms-auto flex-1 rounded-xl bg-brand px-4 py-2.5 font-semibold text-on-brand hover:bg-brand-strong" data-testid="show-results" aria-live="polite">
            {showLabel}
          </button>
        </div>
      </dialog>
    </Form>
  );
}
