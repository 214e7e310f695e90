import { afterEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: it remembers the editor's code once fetched.
const fresh = async () => {
  vi.resetModules();
  return import('./prepare-editor.ts');
};

afterEach(() => vi.unstubAllGlobals());

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

describe('prepareEditorAfterPaint', () => {
  it('waits for the next frame and a task after it, so the dialog is painted first', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const { prepareEditorAfterPaint } = await fresh();
    const load = vi.fn(() => Promise.resolve({}));
    prepareEditorAfterPaint(load);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(load).not.toHaveBeenCalled();
    frames[0]!(0);
    expect(load).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
