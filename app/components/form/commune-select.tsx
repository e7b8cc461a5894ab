// The commune list that follows the wilaya list of the same form: the server renders the
// communes of the wilaya it knows (the URL's, the listing's, the one just posted); after
// hydration, choosing another wilaya asks the API for its communes. Without JavaScript a
// "show the fields" button posts the form again (see its users).
//
// A wilaya has up to 60 communes: once the page is interactive, a box above the list narrows it
// as one types (in either script, accents and harakat aside), by commune or daïra. The list stays
// a native <select>, so phones keep their own picker and the page works without JavaScript.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '#i18n';
import type { Localized } from '../../../common/languages.ts';
import { foldForSearch } from '../../lib/fold-text.ts';
import { useLang } from '../../lib/root-data.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { FieldShell, inputClass } from './field.tsx';

/** A commune as a list shows it, in the page's language. */
export interface CommuneChoice {
  key: string;
  name: string;
  daira: string;
}

/** The value of the field `name` in the form around `ref`, followed as the user changes it. */
export function useFormFieldValue(ref: RefObject<HTMLElement | null>, name: string, initial: string): string {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const form = ref.current?.closest('form');
    if (!form) return;
    const onChange = (event: Event) => {
      const target = event.target as HTMLInputElement | HTMLSelectElement | null;
      if (target?.name === name) setValue(target.value);
    };
    form.addEventListener('change', onChange);
    return () => form.removeEventListener('change', onChange);
  }, [ref, name]);
  return value;
}

interface Props {
  label: string;
  /** The wilaya chosen now, and the one `choices` belong to. */
  wilaya: string;
  choicesWilaya: string;
  choices: CommuneChoice[];
  defaultValue: string;
  placeholder: string;
  /** What the first option sends: '' (none) or the search's 'all'. */
  placeholderValue?: string;
  hint?: ReactNode;
  error?: string;
}

export function CommuneSelect({ label, wilaya, choicesWilaya, choices, defaultValue, placeholder, placeholderValue = '', hint, error }: Props) {
  const lang = useLang();
  const [loaded, setLoaded] = useState<Record<string, CommuneChoice[]>>({});
  const list = wilaya === choicesWilaya ? choices : loaded[wilaya];
  const asked = useRef(new Set<string>());

  useEffect(() => {
    if (!wilaya || wilaya === 'all' || wilaya === choicesWilaya || asked.current.has(wilaya)) return;
    asked.current.add(wilaya);
    void fetch(`/api/v1/meta/communes?wilaya=${encodeURIComponent(wilaya)}`)
      .then((res) => (res.ok ? res.json() : null))
      .then((body: { data?: { key: string; daira: Localized; name: Localized }[] } | null) => {
        const data = body?.data;
        if (!data) return;
        setLoaded((previous) => ({ ...previous, [wilaya]: data.map((c) => ({ key: c.key, name: c.name[lang], daira: c.daira[lang] })) }));
      })
      .catch(() => asked.current.delete(wilaya));
  }, [wilaya, choicesWilaya, lang]);

  const { t } = useTranslation('details');
  const interactive = useHydrated();
  const [query, setQuery] = useState('');
  const initial = wilaya === choicesWilaya ? defaultValue : placeholderValue;
  const [chosen, setChosen] = useState(initial);
  const select = useRef<HTMLSelectElement>(null);
  const filterId = useId();
  const statusId = useId();
  // A new wilaya is a new list: neither the filter nor the choice carries over.
  const [listWilaya, setListWilaya] = useState(wilaya);
  if (listWilaya !== wilaya) {
    setListWilaya(wilaya);
    setQuery('');
    setChosen(initial);
  }

  const folded = foldForSearch(query.trim());
  const nameMatches = (c: CommuneChoice) => !folded || foldForSearch(c.name).includes(folded);
  const dairaMatches = (c: CommuneChoice) => !folded || foldForSearch(c.daira).includes(folded);
  // The chosen commune always stays in the list: a <select> that loses its selected option
  // silently falls back to the first one, and the choice would be lost.
  const shown = (list ?? []).filter((c) => nameMatches(c) || dairaMatches(c) || c.key === chosen);
  const groups = new Map<string, CommuneChoice[]>();
  for (const commune of shown) groups.set(commune.daira, [...(groups.get(commune.daira) ?? []), commune]);

  // Enter in the box takes the first commune found, instead of sending the whole form.
  const pickFirst = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    // A commune of that name before the communes of a daïra of that name (the daïra of Boufarik
    // also holds Soumaa and Guerrouaou).
    const first = shown.find(nameMatches) ?? shown.find(dairaMatches);
    const el = select.current;
    if (!first || !el) return;
    el.value = first.key;
    setChosen(first.key);
    // Whoever follows the form's changes (see useFormFieldValue) learns of it as of a choice by hand.
    el.dispatchEvent(new Event('change', { bubbles: true }));
    el.focus();
  };
  const filterable = interactive && (list?.length ?? 0) > 8;

  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <div className="space-y-2">
          {filterable && (
            <>
              <input
                type="search"
                id={filterId}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                onKeyDown={pickFirst}
                placeholder={t('communeHint')}
                aria-label={t('communeFilter')}
                aria-controls={id}
                aria-describedby={statusId}
                autoComplete="off"
                className={inputClass}
                data-testid="commune-filter"
              />
              <p id={statusId} className="sr-only" aria-live="polite">
                {folded ? t('communeMatches', { count: shown.length }) : ''}
              </p>
            </>
          )}
          <select
            // A new wilaya is a new list: the previous choice does not carry over.
            key={wilaya === choicesWilaya ? 'initial' : wilaya}
            id={id}
            name="commune"
            defaultValue={wilaya === choicesWilaya ? defaultValue : placeholderValue}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={inputClass}
            data-testid="commune-select"
            ref={select}
            onChange={(event) => setChosen(event.target.value)}
          >
            <option value={placeholderValue}>{placeholder}</option>
            {[...groups].map(([daira, communes]) => (
              <optgroup key={daira} label={daira}>
                {communes.map((c) => (
                  <option key={c.key} value={c.key}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
      )}
    </FieldShell>
  );
}
