// Code a screen needs only when the learner uses a feature (connecting a board, importing a file,
// downloading a copy) is imported on first use, so the home page's start loads and runs less
// (bench first-minute, issue 12 item 4). This is the one loader those places share: one import
// at a time, callers while it is under way wait for the same one, and a failed import (offline
// with no copy of the file, a new build replaced the old one) is forgotten, so the next use tries
// again, with an error that says what could not be loaded.

/** A lazily loaded part of the app could not be loaded; `cause` is the import's own error. */
export class LazyLoadError extends Error {
  constructor(
    readonly what: string,
    cause: unknown,
  ) {
    super(`Could not load ${what}`, { cause });
    this.name = 'LazyLoadError';
  }
}

export interface LazyLoader<T> {
  /** The loaded value, importing it on the first call (and again after a failed one). */
  (): Promise<T>;
  /** The value once a load has succeeded; undefined before (never starts a load). */
  readonly loaded: () => T | undefined;
}

/** `load` (a dynamic import) run on first call, once, and again only after it failed. */
export function lazyLoad<T>(what: string, load: () => Promise<T>): LazyLoader<T> {
  let pending: Promise<T> | undefined;
  let value: { readonly current: T } | undefined;
  const get = () =>
    (pending ??= load().then(
      (loaded) => {
        value = { current: loaded };
        return loaded;
      },
      (error: unknown) => {
        pending = undefined;
        throw new LazyLoadError(what, error);
      },
    ));
  return Object.assign(get, { loaded: () => value?.current });
}
