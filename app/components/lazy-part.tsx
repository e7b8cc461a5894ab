import { useRef, useState, type ComponentType, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode } from 'react';

// The header's menus and drawer are Radix components, and radix-ui weighs ~30 KB compressed:
// every public page would download it before hydrating although most visits never open a
// menu. So the header renders a plain button of the same look, and swaps in the Radix part
// (fetched with import()) as soon as the visitor shows an interest in it.

/** Where the focus goes when the Radix part takes the plain button's place. */
export type InitialFocus = 'trigger' | 'first-item' | null;

/** What makes the trigger look and read the same before and after the swap. */
export type TriggerProps = {
  className: string;
  'aria-label'?: string;
  'data-testid': string;
  children: ReactNode;
};

/** What every Radix part receives from its plain stand-in. */
export type PartProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialFocus: InitialFocus;
  trigger: TriggerProps;
};

export type LazyPart<P> = {
  get: () => ComponentType<P> | undefined;
  load: () => Promise<ComponentType<P>>;
};

/** One fetch per part for the whole visit, remembered so a later mount renders it at once. */
export function lazyPart<P>(importer: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  return {
    get: () => loaded,
    load: () =>
      (pending ??= importer().then(
        (component) => (loaded = component),
        (error: unknown) => {
          // A failed fetch (flaky network) is tried again on the next intent.
          pending = undefined;
          throw error;
        },
      )),
  };
}

type Intent = 'pointer' | 'keyboard';

/**
 * The state a plain trigger keeps until its Radix part arrives. `opensOn` copies the Radix
 * trigger it stands for: DropdownMenu opens on pointerdown and Enter/Space/ArrowDown,
 * Dialog on click; a visitor who asked while the part was on its way finds it open.
 */
export function useLazyPart<P extends PartProps>(part: LazyPart<P>, opensOn: 'pointerdown' | 'click') {
  const [Part, setPart] = useState<ComponentType<P> | undefined>(part.get);
  const [open, setOpen] = useState(false);
  const [initialFocus, setInitialFocus] = useState<InitialFocus>(null);
  const button = useRef<HTMLButtonElement>(null);
  const wanted = useRef<Intent | null>(null);
  const requested = useRef(false);

  const load = () => {
    if (requested.current) return;
    requested.current = true;
    part.load().then(
      (component) => {
        // Read before React removes the plain button: the new trigger is another element,
        // so a keyboard user's focus has to be carried over by hand.
        const focused = button.current !== null && document.activeElement === button.current;
        const how = wanted.current;
        setInitialFocus(how === 'keyboard' ? 'first-item' : how === null && focused ? 'trigger' : null);
        if (how) setOpen(true);
        setPart(() => component);
      },
      () => {
        requested.current = false;
        wanted.current = null;
      },
    );
  };

  const ask = (how: Intent) => {
    wanted.current = how;
    load();
  };

  const buttonProps = {
    ref: button,
    type: 'button' as const,
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: load,
    onFocus: load,
    onTouchStart: load,
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      if (opensOn === 'pointerdown' && event.button === 0 && !event.ctrlKey) {
        // As Radix does: the menu, not the trigger, is to get the focus once open.
        event.preventDefault();
        ask('pointer');
      } else {
        load();
      }
    },
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (opensOn === 'pointerdown' && ['Enter', ' ', 'ArrowDown'].includes(event.key)) {
        event.preventDefault();
        ask('keyboard');
      }
    },
    // Also a click with no pointerdown or key before it: assistive technologies send those.
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      if (opensOn === 'click' || wanted.current === null) ask(event.detail === 0 ? 'keyboard' : 'pointer');
    },
  };

  return { Part, partProps: { open, onOpenChange: setOpen, initialFocus }, buttonProps };
}
