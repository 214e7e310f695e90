import { useCallback, useSyncExternalStore } from 'react';

/** Domain state outside React: something with a current state and change notifications. */
export interface Observable<T> {
  getState(): T;
  subscribe(listener: () => void): () => void;
}

/** The current state of an observable; re-renders when it changes. */
export function useObservable<T>(source: Observable<T>): T {
  const subscribe = useCallback((listener: () => void) => source.subscribe(listener), [source]);
  const getState = useCallback(() => source.getState(), [source]);
  return useSyncExternalStore(subscribe, getState, getState);
}
