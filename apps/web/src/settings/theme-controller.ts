import type { KeyValueStore } from '@blockyard/core';

export type Theme = 'default' | 'high-contrast';

const storageKey = 'theme';

/** The colour theme as domain state outside React: persisted, observable, applied to <html>. */
export class ThemeController {
  private theme: Theme;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly store: KeyValueStore,
    private readonly root: HTMLElement,
  ) {
    this.theme = store.get(storageKey) === 'high-contrast' ? 'high-contrast' : 'default';
    this.apply();
  }

  get current(): Theme {
    return this.theme;
  }

  set(theme: Theme): void {
    if (theme === this.theme) return;
    this.theme = theme;
    this.store.set(storageKey, theme);
    this.apply();
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private apply(): void {
    if (this.theme === 'default') delete this.root.dataset.theme;
    else this.root.dataset.theme = this.theme;
  }
}
