import { describe, expect, it } from 'vitest';
import type { SessionAutosave } from './session-types.ts';
import { readOnlyAutosave } from './read-only-autosave.ts';

function fakeAutosave(files: Record<string, string>) {
  let contentVersion = 1;
  const edits: unknown[] = [];
  const listeners = new Set<() => void>();
  const autosave: SessionAutosave = {
    getContent: () => ({ name: 'Dice', files }),
    getState: () => ({ contentVersion }),
    edit: (change) => void edits.push(change),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const changeElsewhere = (next: Record<string, string>) => {
    files = next;
    contentVersion++;
    for (const listener of listeners) listener();
  };
  return { autosave, edits, changeElsewhere };
}

describe('readOnlyAutosave', () => {
  it('keeps edits in the page, never saving them', () => {
    const { autosave, edits } = fakeAutosave({ 'main.ts': 'a', 'main.blocks': '<xml/>' });
    const view = readOnlyAutosave(autosave);
    view.edit({ files: { 'main.ts': 'b' } });
    expect(view.getContent().files).toEqual({ 'main.ts': 'b', 'main.blocks': '<xml/>' });
    expect(edits).toEqual([]);
    expect(autosave.getContent().files['main.ts']).toBe('a');
  });

  it('shows a change saved elsewhere, dropping its own', () => {
    const { autosave, changeElsewhere } = fakeAutosave({ 'main.ts': 'a' });
    const view = readOnlyAutosave(autosave);
    let heard = 0;
    view.subscribe(() => heard++);
    view.edit({ files: { 'main.ts': 'mine' } });
    changeElsewhere({ 'main.ts': 'theirs' });
    expect(heard).toBe(1);
    expect(view.getContent().files['main.ts']).toBe('theirs');
  });
});
