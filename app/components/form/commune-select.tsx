// The commune list that follows the wilaya list of the same form: the server renders the
// communes of the wilaya it knows (the URL's, the listing's, the one just posted); after
// hydration, choosing another wilaya asks the API for its communes. Without JavaScript a
// "show the fields" button posts the form again (see its users).
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { Localized } from '../../../common/languages.ts';
import { useLang } from '../../lib/root-data.ts';
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

  const groups = new Map<string, CommuneChoice[]>();
  for (const commune of list ?? []) groups.set(commune.daira, [...(groups.get(commune.daira) ?? []), commune]);

  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
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
      )}
    </FieldShell>
  );
}
