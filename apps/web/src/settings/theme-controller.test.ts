import { MemoryKeyValueStore } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { ThemeController } from './theme-controller.ts';

describe('ThemeController', () => {
  it('applies, persists and announces the high-contrast theme', () => {
    const store = new MemoryKeyValueStore();
    const root = document.createElement('html');
    const controller = new ThemeController(store, root);
    let calls = 0;
    controller.subscribe(() => calls++);

    controller.set('high-contrast');

    expect(root.dataset.theme).toBe('high-contrast');
    expect(store.get('theme')).toBe('high-contrast');
    expect(calls).toBe(1);
    expect(new ThemeController(store, document.createElement('html')).current).toBe('high-contrast');
  });

  it('ignores unknown stored values', () => {
    const store = new MemoryKeyValueStore();
    store.set('theme', 'neon');
    expect(new ThemeController(store, document.createElement('html')).current).toBe('default');
  });
});
