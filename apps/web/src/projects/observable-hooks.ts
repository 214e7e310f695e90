import { useCallback, useSyncExternalStore } from 'react';

/** Domain state outside React: something with a current state and change notifications. */
export interface Observable<T> {
  getState(): T;
  subscribe(listener: () => void): () => void;
}

/**
 * The current state of an observable; re-renders when it changes. `drawnFirst` is the state the
 * home page's first paint was drawn with (app/first-paint/): when React hydrates that picture
 * (main.tsx) it starts from it, so it matches the markup, then moves to the current state.
 */
export function useObservable<T>(source: Observable<T>, drawnFirst?: () => T): T {
  const subscribe = useCallback((listener: () => void) => source.subscribe(listener), [source]);
  const getState = useCallback(() => source.getState(), [source]);
  return useSyncExternalStore(subscribe, getState, drawnFirst ?? getState);
}
