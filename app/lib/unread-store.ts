// The signed-in member's unread total, shared by the header badge and the messages pages: set
// from the root loader, from the stream's `unread` events, and from a fetch on navigation.
import { useSyncExternalStore } from 'react';

let total: number | null = null;
const listeners = new Set<() => void>();

export function setUnreadTotal(value: number) {
  if (value === total) return;
  total = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The latest known total; `initial` (the root loader's) until something newer arrived. */
export function useUnreadTotal(initial: number): number {
  return useSyncExternalStore(
    subscribe,
    () => total ?? initial,
    () => initial,
  );
}
