// False in the server's HTML and during hydration, true once React runs in the browser:
// for what should wait until the page is up (see the product gallery).
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
