import { useLayoutEffect, useRef, type FocusEvent } from 'react';
import type { InitialFocus } from './lazy-part.tsx';

/**
 * Puts the focus where Radix would have put it had it been there from the start: back on
 * the trigger for a keyboard user who was on the plain one, or on the first item when the
 * menu was opened with a key (Radix only knows that from key presses it saw itself, so it
 * focuses the menu as for a click).
 */
export function useInitialFocus(initialFocus: InitialFocus) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const pending = useRef(initialFocus);

  // In the commit that swaps the buttons, so no key press can fall between the two.
  useLayoutEffect(() => {
    if (pending.current !== 'trigger') return;
    pending.current = null;
    triggerRef.current?.focus({ preventScroll: true });
  }, []);

  /** For the menu's onFocus: Radix focuses the menu itself when it opens. */
  const onContentFocus = (event: FocusEvent<HTMLElement>) => {
    if (pending.current !== 'first-item' || event.target !== event.currentTarget) return;
    pending.current = null;
    event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
  };

  return { triggerRef, onContentFocus };
}
