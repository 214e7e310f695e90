// A button that opens a panel beside it (settings, account, download choices). The panel closes
// on Escape (focus goes back to the button, so keyboard users are not left on nothing) and on a
// press anywhere outside it.

import { type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';

export interface Disclosure {
  readonly open: boolean;
  readonly setOpen: (open: boolean) => void;
  readonly toggle: () => void;
  /** For the button's `aria-controls` and the panel's `id`. */
  readonly panelId: string;
  /** On the element that holds both the button and the panel. */
  readonly container: RefObject<HTMLDivElement | null>;
  readonly button: RefObject<HTMLButtonElement | null>;
}

export function useDisclosure(): Disclosure {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const toggle = useCallback(() => setOpen((value) => !value), []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return { open, setOpen, toggle, panelId, container, button };
}
