import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'react-router';

// The header's menus are native popovers (decision 0012): the browser opens and closes them
// without JavaScript, gives them Escape and a click outside, returns the focus to the
// button on Escape, and exposes the button's expanded state. React adds arrow keys and
// closes them after a client-side navigation, which the browser cannot know about.

/** Closes a popover or a dialog once the location changes (a link followed inside it). */
export function useCloseOnNavigation(ref: RefObject<HTMLElement | null>) {
  const location = useLocation();
  const seen = useRef(location.key);
  useEffect(() => {
    // Not on the first run: a menu opened before hydration stays open.
    if (seen.current === location.key) return;
    seen.current = location.key;
    const element = ref.current;
    if (element instanceof HTMLDialogElement) element.close();
    else if (element?.matches(':popover-open')) element.hidePopover();
  }, [location.key, ref]);
}

const ITEMS = 'a[href], button:not(:disabled)';

/** Up, Down, Home and End move between the items, as in a menu; Tab still does too. */
function moveFocus(event: { key: string; preventDefault(): void }, panel: HTMLElement | null) {
  if (!panel || !['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
  const items = [...panel.querySelectorAll<HTMLElement>(ITEMS)];
  if (items.length === 0) return;
  event.preventDefault();
  if (!panel.matches(':popover-open')) panel.showPopover();
  const at = items.indexOf(document.activeElement as HTMLElement);
  const last = items.length - 1;
  const next =
    event.key === 'Home' ? 0 : event.key === 'End' ? last : event.key === 'ArrowDown' ? (at < 0 || at === last ? 0 : at + 1) : at <= 0 ? last : at - 1;
  items[next]!.focus();
}

/**
 * A button and the panel it opens below itself, aligned to its end edge. `anchorClass` and
 * `panelClass` carry the CSS anchor's name: Tailwind needs them written out in the caller.
 */
export function HeaderPopover({
  id,
  buttonClass,
  anchorClass,
  panelClass,
  label,
  testId,
  button,
  children,
}: {
  id: string;
  buttonClass: string;
  /** `[anchor-name:--name]` */
  anchorClass: string;
  /** `[position-anchor:--name]` and the panel's look */
  panelClass: string;
  label?: string;
  testId: string;
  button: ReactNode;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useCloseOnNavigation(panel);
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => moveFocus(event, element);
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <>
      <button
        type="button"
        popoverTarget={id}
        className={`${buttonClass} ${anchorClass}`}
        aria-label={label}
        data-testid={testId}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') moveFocus(event, panel.current);
        }}
      >
        {button}
      </button>
      <div
        id={id}
        ref={panel}
        popover="auto"
        className={`inset-auto m-0 mt-2 rounded-xl border border-line bg-surface-raised p-1 text-ink shadow-lg [position-area:block-end_span-inline-start] [position-try-fallbacks:flip-inline] ${panelClass}`}
      >
        {children}
      </div>
    </>
  );
}

/** The look of an item in a header menu. */
export const MENU_ITEM =
  'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-start text-sm text-ink outline-none hover:bg-surface-sunken focus-visible:bg-surface-sunken';
