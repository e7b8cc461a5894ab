import { Bell, Search, Trash2 } from 'lucide-react';
import { useTranslation } from '#i18n';
import { data, Form, redirect } from 'react-router';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/saved-searches';
import { SAVED_SEARCH_NEW_CAP } from '../../common/constants.ts';
import { formatPrice } from '../../common/format.ts';
import { attributesOf, attributeValueText } from '../../common/category-attributes.ts';
import { communeName } from '../../common/communes.ts';
import { INTL_LOCALE, isLang } from '../../common/languages.ts';
import { EXCHANGE_NAME, isPriceType, PRICE_TYPE_NAMES } from '../../common/pricing.ts';
import { ALERT_MODES, createSavedSearchSchema, updateSavedSearchSchema, type ApiSavedSearch } from '../../common/saved-search.ts';
import { isAppError } from '#errors';
import { Alert } from '../components/form/alert.tsx';
import { savedSearchName } from '../components/buyers/saved-search-name.tsx';
import { fail, failFromError } from '../lib/forms.ts';
import { seoContext, translatorFor } from '../lib/meta.ts';
import { localePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';
import { seoMeta } from '../lib/seo.ts';
import { searchInputOf, searchQuery, searchValuesOf } from '../lib/search-url.ts';
import { currentUser, requireUser, servicesOf } from '../lib/session.server.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { lang, publicUrl } = seoContext(matches);
  return seoMeta({ lang, publicUrl, path: '/saved-searches', title: translatorFor(lang)('buyers:savedSearchesTitle'), noindex: true });
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = isLang(params.lang) ? params.lang : 'ar';
  const user = requireUser(request, context, lang);
  const url = new URL(request.url);
  const searches = await servicesOf(context).savedSearches.list(user);
  const notice = url.searchParams.has('created') ? 'created' : url.searchParams.has('missing') ? 'missing' : null;
  // Named here: the communes' names stay out of the page's JavaScript.
  const communes = Object.fromEntries(searches.flatMap((s) => (typeof s.query.commune === 'string' ? [[s.query.commune, communeName(s.query.commune, lang)]] : [])));
  return data({ searches, notice, communes }, { headers: { 'Cache-Control': 'private, no-store' } });
}

/** The search posted by "Save this search": the search page's query string, read as that page reads it. */
function searchOf(form: FormData) {
  const values = searchValuesOf(new URLSearchParams(String(form.get('search') ?? '')));
  return { values, input: searchInputOf(values) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = isLang(params.lang) ? params.lang : 'ar';
  const services = servicesOf(context);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'create' && !currentUser(context)) {
    // Log in, then back to the results, where the button is.
    const back = `/${lang}${searchQuery(searchOf(form).values)}`;
    return redirect(`/${lang}/login?redirectTo=${encodeURIComponent(back)}`);
  }
  const user = requireUser(request, context, lang);
  try {
    switch (intent) {
      case 'create': {
        const parsed = createSavedSearchSchema.safeParse({ query: searchOf(form).input });
        if (!parsed.success) {
          const needsFilter = parsed.error.issues.some((issue) => issue.message === 'searchNeedsFilter');
          return fail({ formError: needsFilter ? 'searchNeedsFilter' : 'VALIDATION_ERROR' });
        }
        await services.savedSearches.create(user, parsed.data);
        return redirect(`/${lang}/saved-searches?created=1`);
      }
      case 'update': {
        const id = String(form.get('id') ?? '');
        const parsed = updateSavedSearchSchema.safeParse({ alert: form.get('alert') ?? undefined, name: form.has('name') ? String(form.get('name')) : undefined });
        if (!parsed.success) return fail({ formError: 'VALIDATION_ERROR', values: { id, name: String(form.get('name') ?? '') } });
        await services.savedSearches.update(user, id, parsed.data);
        return { ok: true as const, intent, id };
      }
      case 'delete':
        await services.savedSearches.remove(user, String(form.get('id') ?? ''));
        return { ok: true as const, intent, id: null };
      default:
        return fail({ formError: 'VALIDATION_ERROR' });
    }
  } catch (error) {
    if (isAppError(error)) return failFromError(error, form);
    throw error;
  }
}

/** Every filter of the search besides its name's (words, category, wilaya), as chips. */
function Filters({ search, communes }: { search: ApiSavedSearch; communes: Record<string, string> }) {
  const lang = useLang();
  const { t } = useTranslation(['buyers', 'conditions', 'search']);
  const q = search.query;
  const number = new Intl.NumberFormat(INTL_LOCALE[lang]);
  const chips: string[] = [];
  if (q.commune !== undefined) chips.push(communes[q.commune] ?? String(q.commune));
  if (q.condition !== undefined) chips.push(t(`conditions:${q.condition}`));
  if (q.priceType !== undefined && isPriceType(q.priceType)) chips.push(PRICE_TYPE_NAMES[q.priceType][lang]);
  if (q.exchange) chips.push(EXCHANGE_NAME[lang]);
  if (q.minPrice !== undefined) chips.push(t('priceFrom', { price: formatPrice(Number(q.minPrice), lang) }));
  if (q.maxPrice !== undefined) chips.push(t('priceTo', { price: formatPrice(Number(q.maxPrice), lang) }));
  // The category's details, in the category's order.
  for (const attribute of attributesOf(String(q.category ?? ''))) {
    const name = attribute.name[lang];
    const text = (value: string | number) => `\u2068${attributeValueText(attribute, value, lang, (n) => number.format(n))}\u2069`;
    const chosen = q[`attr.${attribute.key}`];
    const [min, max] = [q[`attr.${attribute.key}.min`], q[`attr.${attribute.key}.max`]];
    if (Array.isArray(chosen)) chips.push(t('detailChoice', { name, values: chosen.map(text).join(', ') }));
    if (typeof min === 'number' && typeof max === 'number') chips.push(t('detailBetween', { name, min: text(min), max: text(max) }));
    else if (typeof min === 'number') chips.push(t('detailFrom', { name, value: text(min) }));
    else if (typeof max === 'number') chips.push(t('detailTo', { name, value: text(max) }));
  }
  if (q.sortBy !== undefined) chips.push(t(`search:sort_${q.sortBy}`));
  if (chips.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-1.5" data-testid="saved-search-filters">
      {chips.map((chip) => (
        <li key={chip} className="max-w-full truncate rounded-full bg-surface-sunken px-2.5 py-0.5 text-xs text-ink-muted">
          <bdi>{chip}</bdi>
        </li>
      ))}
    </ul>
  );
}

export default function SavedSearches({ loaderData, actionData }: Route.ComponentProps) {
  const lang = useLang();
  const { t } = useTranslation(['buyers', 'categories', 'cities', 'validation']);
  const { searches, notice, communes } = loaderData;
  const failed = actionData && 'formError' in actionData ? actionData : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight text-ink">
        <Bell className="size-7 text-brand-strong" aria-hidden="true" />
        {t('savedSearchesTitle')}
      </h1>
      <p className="mt-2 text-ink-muted">{t('savedSearchesIntro')}</p>
      <div className="mt-4 space-y-2" aria-live="polite">
        {notice === 'created' && !actionData ? <Alert tone="success">{t('searchSaved')}</Alert> : null}
        {notice === 'missing' ? <Alert tone="error">{t('notFound')}</Alert> : null}
        {failed ? (
          <Alert tone="error">
            {failed.formError === 'LIMIT_REACHED'
              ? t('limitReached')
              : failed.formError === 'NOT_FOUND'
                ? t('notFound')
                : failed.formError === 'searchNeedsFilter'
                  ? t('validation:searchNeedsFilter')
                  : t('invalid')}
          </Alert>
        ) : null}
        {actionData && 'ok' in actionData ? <Alert tone="success">{actionData.intent === 'delete' ? t('deleted') : t('changesSaved')}</Alert> : null}
      </div>
      {searches.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-line px-6 py-12 text-center" data-testid="saved-searches-empty">
          <p className="text-ink">{t('savedSearchesEmpty')}</p>
          <Link to={localePath(lang, '/')} className="mt-4 inline-block font-semibold text-brand-strong underline-offset-4 hover:underline">
            {t('browse')}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-4" data-testid="saved-searches">
          {searches.map((search) => {
            const label = search.name ?? savedSearchName(search.query, t);
            return (
              <li key={search.id} className="rounded-2xl border border-line bg-surface-raised p-4 shadow-sm" data-testid="saved-search" data-id={search.id}>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0 flex-1">
                    <h2 className="flex items-center gap-2 font-semibold text-ink">
                      <Search className="size-4 shrink-0 text-ink-muted" aria-hidden="true" />
                      <span className="truncate" dir="auto">
                        {label}
                      </span>
                    </h2>
                    <Filters search={search} communes={communes} />
                    <p className={`mt-2 text-sm ${search.newCount > 0 ? 'font-semibold text-brand-strong' : 'text-ink-muted'}`} data-testid="new-count">
                      {search.newCount === 0 ? t('noNew') : search.newCount > SAVED_SEARCH_NEW_CAP ? t('newSinceCapped') : t('newSince', { count: search.newCount })}
                    </p>
                  </div>
                  <Link
                    to={localePath(lang, `/saved-searches/${search.id}/open`)}
                    className="rounded-xl bg-brand px-4 py-2 text-sm font-semibold text-on-brand hover:bg-brand-strong"
                    data-testid="open-search"
                  >
                    {t('openSearch')}
                  </Link>
                </div>
                <div className="mt-4 grid gap-3 border-t border-line pt-4 sm:grid-cols-[1fr_auto] sm:items-end">
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="update" />
                    <input type="hidden" name="id" value={search.id} />
                    <label className="flex min-w-0 basis-full flex-col gap-1 text-sm sm:basis-0 sm:flex-1">
                      <span className="font-medium text-ink">{t('name')}</span>
                      <input
                        name="name"
                        defaultValue={failed?.values?.id === search.id ? failed.values.name : (search.name ?? '')}
                        placeholder={savedSearchName(search.query, t)}
                        maxLength={80}
                        dir="auto"
                        className="min-w-0 rounded-xl border border-line bg-surface px-3 py-2 text-ink"
                      />
                    </label>
                    <label className="flex flex-col gap-1 text-sm">
                      <span className="font-medium text-ink">{t('alert')}</span>
                      <select name="alert" defaultValue={search.alert} className="rounded-xl border border-line bg-surface px-3 py-2 text-ink" data-testid="alert-select">
                        {ALERT_MODES.map((mode) => (
                          <option key={mode} value={mode}>
                            {t(`alert_${mode}`)}
                          </option>
                        ))}
                      </select>
                    </label>
                    <button type="submit" className="rounded-xl border border-line px-4 py-2 text-sm font-semibold text-ink hover:bg-surface-sunken" data-testid="save-changes">
                      {t('saveChanges')}
                    </button>
                  </Form>
                  <Form
                    method="post"
                    onSubmit={(event) => {
                      if (!window.confirm(t('deleteConfirm'))) event.preventDefault();
                    }}
                  >
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={search.id} />
                    <button type="submit" className="inline-flex items-center gap-1.5 rounded-xl px-3 py-2 text-sm font-semibold text-danger hover:bg-danger-soft" data-testid="delete-search">
                      <Trash2 className="size-4" aria-hidden="true" />
                      {t('delete')}
                    </button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
