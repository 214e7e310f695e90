// React.lazy suspends on its first render even when its chunk is already loaded (the import's
// promise settles a microtask later), so the editor showed its "preparing" fallback and React
// then held the real content back: it reveals content that replaces a fallback at most every
// 300 ms (its fallback throttle), which cost the first minute up to 300 ms after the home page
// had already fetched the code (bench first-minute). This lazy component renders the loaded
// component directly once its module is here, and suspends only when it is not.

import { createElement, lazy, type ComponentType } from 'react';

export interface PreloadableLazy<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Starts loading the module (once); resolves when the component is ready to render. */
  preload(): Promise<unknown>;
  /** Whether it renders at once now (its module is here), without suspending. */
  loaded(): boolean;
}

export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableLazy<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // Tried again by the next render or preload (e.g. after going back online).
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const Component = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  Component.preload = preload;
  Component.loaded = () => loaded !== undefined;
  return Component;
}
