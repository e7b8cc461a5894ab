// The filters sheet's "show N results": the count for the filters as chosen, asked of the
// search API once the choice has rested for a moment. Each distinct query is asked once (a
// search counts against the per-address search limit, 60 a minute; the server's search cache
// answers repeats for free anyway), and an answer that arrives after a newer choice is dropped.
import { useRef, useState } from 'react';
import { searchQuery, type SearchValues } from '../../lib/search-url.ts';

export interface ResultCount {
  count: number;
  capped: boolean;
}

const DEBOUNCE_MS = 350;

export function useResultCount(initial: ResultCount | null) {
  const [counted, setCounted] = useState<ResultCount | null>(initial);
  const known = useRef(new Map<string, ResultCount>());
  const latest = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  function recount(values: SearchValues) {
    const query = searchQuery(values);
    latest.current = query;
    clearTimeout(timer.current);
    const cached = known.current.get(query);
    if (cached) {
      setCounted(cached);
      return;
    }
    // Unknown until the answer: the button says "show the results" without a number.
    setCounted(null);
    timer.current = setTimeout(async () => {
      try {
        const response = await fetch(`/api/v1/products${query}`, { headers: { accept: 'application/json' } });
        if (!response.ok) return;
        const body = (await response.json()) as { pagination?: { totalItems: number; totalIsCapped: boolean } };
        if (!body.pagination) return;
        const result = { count: body.pagination.totalItems, capped: body.pagination.totalIsCapped };
        known.current.set(query, result);
        if (latest.current === query) setCounted(result);
      } catch {
        // Offline or refused: the button still submits the form.
      }
    }, DEBOUNCE_MS);
  }

  return { counted, recount };
}
