// Keyboard movement in a tab list (WAI-ARIA tabs pattern): the selected tab is the one Tab reaches,
// arrow keys move focus round the others, Home and End go to the ends. Activation stays manual
// (Enter or Space), so a tab that takes a moment to open is not opened by passing over it.
import { useRef, type KeyboardEvent } from 'react';

/** Where a key moves focus from tab `index` of `count`, or null for a key that does not move it. */
export function rovingTabTarget(key: string, index: number, count: number): number | null {
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index + count - 1) % count;
  return null;
}

/** `tabRef(i)` for each tab button's ref, `onTabKeyDown(event, i)` for its key handler. */
export function useRovingTabs(count: number) {
  const tabs = useRef<(HTMLElement | null)[]>([]);
  return {
    tabRef: (index: number) => (element: HTMLElement | null) => {
      tabs.current[index] = element;
    },
    onTabKeyDown: (event: KeyboardEvent, index: number) => {
      const next = rovingTabTarget(event.key, index, count);
      if (next === null) return;
      event.preventDefault();
      tabs.current[next]?.focus();
    },
  };
}
