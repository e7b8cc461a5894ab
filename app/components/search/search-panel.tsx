// The home search: text, wilaya and category always visible; price range, sort and
// condition behind a toggle. A plain GET form, so it works without JavaScript; with
// JavaScript the URL is kept free of empty fields.
import { Search, SlidersHorizontal } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigate } from 'react-router';
import { CATEGORIES, CONDITIONS } from '../../../common/reference-data.ts';
import { SORTS } from '../../../common/search-options.ts';
import type { FieldErrors } from '../../../common/schemas/field-errors.ts';
import { useLang } from '../../lib/root-data.ts';
import { hasDetailFilter, searchQuery, valuesFromForm, type SearchValues } from '../../lib/search-url.ts';
import type { CommuneChoice } from '../form/commune-select.tsx';
import { AttributeFilters } from './attribute-filters.tsx';
import { inputClass } from '../form/field.tsx';
import { WilayaOptions } from '../form/wilaya-options.tsx';

const ADVANCED = ['minPrice', 'maxPrice', 'sortBy', 'condition'] as const;

export function SearchPanel({ values, errors, communes = [] }: { values: SearchValues; errors: FieldErrors; communes?: CommuneChoice[] }) {
  const lang = useLang();
  const { t } = useTranslation(['search', 'categories', 'cities', 'conditions', 'validation']);
  const navigate = useNavigate();
  const hasAdvanced = ADVANCED.some((f) => values[f] && values[f] !== 'all' && !(f === 'sortBy' && values[f] === 'date_desc')) || hasDetailFilter(values);
  const hasAdvancedError = Object.keys(errors).some((f) => !['title', 'address', 'category', 'seller'].includes(f));
  const [open, setOpen] = useState(hasAdvanced || hasAdvancedError);
  // Changing the key re-creates the form with the URL's values (Cancel).
  const [generation, setGeneration] = useState(0);
  const categories = [...CATEGORIES].sort((a, b) => a.name[lang].localeCompare(b.name[lang], lang));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(`/${lang}${searchQuery(valuesFromForm(new FormData(event.currentTarget)))}`);
  };
  const error = (field: string) =>
    errors[field] ? (
      <p className="mt-1 text-sm font-medium text-danger" id={`${field}-error`}>
        {t(`validation:${errors[field]}`)}
      </p>
    ) : null;
  const describedBy = (field: string) => (errors[field] ? `${field}-error` : undefined);
  const labelClass = 'mb-1 block text-sm font-medium text-ink';

  return (
    <Form
      key={generation}
      method="get"
      action={`/${lang}`}
      onSubmit={onSubmit}
      role="search"
      aria-label={t('label')}
      className="rounded-2xl border border-line bg-surface-raised p-4 shadow-sm sm:p-5"
      data-testid="search-panel"
    >
      {/* A new search among one seller's listings stays among them (the filter's chip removes it). */}
      {values.seller ? <input type="hidden" name="seller" value={values.seller} /> : null}
      <div className="grid gap-3 md:grid-cols-[2fr_1fr_1fr_auto]">
        <div>
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
        <div>
          <label htmlFor="search-address" className="sr-only">
            {t('wilaya')}
          </label>
          <select id="search-address" name="address" defaultValue={values.address ?? 'all'} className={inputClass} aria-invalid={Boolean(errors.address)} aria-describedby={describedBy('address')}>
            <WilayaOptions placeholder={t('cities:all')} placeholderValue="all" />
          </select>
          {error('address')}
        </div>
        <div>
          <label htmlFor="search-category" className="sr-only">
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
        <button type="submit" className="inline-flex items-center justify-center gap-2 rounded-xl bg-brand px-5 py-2.5 font-semibold text-on-brand hover:bg-brand-strong">
          <Search className="size-4" aria-hidden="true" />
          {t('submit')}
        </button>
      </div>

      <details className="group mt-3" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded-xl px-2 py-1.5 text-sm font-semibold text-brand-strong hover:bg-surface-sunken [&::-webkit-details-marker]:hidden">
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          {t('filters')}
        </summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <label htmlFor="search-min" className={labelClass}>
              {t('minPrice')}
            </label>
            <input id="search-min" name="minPrice" type="number" inputMode="numeric" min={0} step={1} defaultValue={values.minPrice ?? ''} dir="ltr" className={inputClass} aria-invalid={Boolean(errors.minPrice)} aria-describedby={describedBy('minPrice')} />
            {error('minPrice')}
          </div>
          <div>
            <label htmlFor="search-max" className={labelClass}>
              {t('maxPrice')}
            </label>
            <input id="search-max" name="maxPrice" type="number" inputMode="numeric" min={0} step={1} defaultValue={values.maxPrice ?? ''} dir="ltr" className={inputClass} aria-invalid={Boolean(errors.maxPrice)} aria-describedby={describedBy('maxPrice')} />
            {error('maxPrice')}
          </div>
          <div>
            <label htmlFor="search-sort" className={labelClass}>
              {t('sortBy')}
            </label>
            <select id="search-sort" name="sortBy" defaultValue={values.sortBy ?? 'date_desc'} className={inputClass} aria-invalid={Boolean(errors.sortBy)}>
              {SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`sort_${sort}`)}
                </option>
              ))}
            </select>
            {error('sortBy')}
          </div>
          <div>
            <label htmlFor="search-condition" className={labelClass}>
              {t('condition')}
            </label>
            <select id="search-condition" name="condition" defaultValue={values.condition ?? 'all'} className={inputClass} aria-invalid={Boolean(errors.condition)}>
              <option value="all">{t('anyCondition')}</option>
              {CONDITIONS.map((c) => (
                <option key={c.key} value={c.key}>
                  {t(`conditions:${c.key}`)}
                </option>
              ))}
            </select>
            {error('condition')}
          </div>
          <AttributeFilters values={values} errors={errors} communes={communes} />
        </div>
        <div className="mt-4 flex flex-wrap items-center justify-end gap-2">
          <Link to={`/${lang}`} className="me-auto rounded-xl px-3 py-2 text-sm font-semibold text-ink-muted hover:bg-surface-sunken hover:text-ink">
            {t('resetAll')}
          </Link>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              setGeneration((g) => g + 1);
            }}
            className="rounded-xl border border-line px-4 py-2 text-sm font-semibold text-ink hover:bg-surface-sunken"
          >
            {t('cancel')}
          </button>
          <button type="submit" className="rounded-xl bg-brand px-4 py-2 text-sm font-semibold text-on-brand hover:bg-brand-strong">
            {t('apply')}
          </button>
        </div>
      </details>
    </Form>
  );
}
