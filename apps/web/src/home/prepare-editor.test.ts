import { describe, expect, it, vi } from 'vitest';

// A fresh module per test: it remembers the editor's code once fetched.
const fresh = async () => {
  vi.resetModules();
  return import('./prepare-editor.ts');
};

describe('prepareEditor', () => {
  it("fetches the editor's code once however often a learner presses, and again after a failure", async () => {
    const { prepareEditor } = await fresh();
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    prepareEditor(failing);
    prepareEditor(failing);
    expect(failing).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    await Promise.resolve();
    const load = vi.fn(() => Promise.resolve({}));
    prepareEditor(load);
    prepareEditor(load);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
