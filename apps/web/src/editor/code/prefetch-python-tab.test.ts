import { describe, expect, it, vi } from 'vitest';
import { fakeIdleHost } from '../../test/fake-idle-host.ts';
import { prefetchPythonTab, prefetchWhenIdle } from './prefetch-python-tab.ts';
import { warmCodeEditor } from './warm-code-editor.ts';

vi.mock('./warm-code-editor.ts', () => ({ warmCodeEditor: vi.fn(() => Promise.resolve()) }));

// The scheduling itself (no idle callback, cancelling) is runWhenIdle's: ui/run-when-idle.test.ts.
describe('prefetchWhenIdle', () => {
  it('prefetches only after the start delay and then when the browser is idle', () => {
    const { host, timers, idles } = fakeIdleHost();
    const prefetch = vi.fn();
    prefetchWhenIdle(prefetch, host);
    expect(prefetch).not.toHaveBeenCalled();
    timers[0]!();
    expect(prefetch).not.toHaveBeenCalled();
    idles[0]!();
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled (the editor closed first)', () => {
    const { host, timers, idles } = fakeIdleHost();
    const prefetch = vi.fn();
    const cancel = prefetchWhenIdle(prefetch, host);
    timers[0]!();
    cancel();
    idles[0]!();
    expect(prefetch).not.toHaveBeenCalled();
  });
});

describe('prefetchPythonTab', () => {
  it('warms the code editors once per page, on the Python and JavaScript the worker made ahead', async () => {
    const loadEditor = vi.fn(() => Promise.resolve());
    prefetchPythonTab(loadEditor, () =>
      Promise.resolve({ python: 'basic.show_number(7)\n', code: 'basic.showNumber(7)\n', warnings: [] }),
    );
    expect(loadEditor).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(warmCodeEditor).toHaveBeenCalledTimes(2));
    expect(warmCodeEditor).toHaveBeenNthCalledWith(1, 'basic.show_number(7)\n', 'python');
    expect(warmCodeEditor).toHaveBeenNthCalledWith(2, 'basic.showNumber(7)\n', 'typescript');
    // Again when Blocks shows again: the conversion is made ahead, the editor is warm already.
    const convert = vi.fn(() => Promise.resolve({ python: 'x = 1\n', code: '', warnings: [] }));
    prefetchPythonTab(loadEditor, convert);
    expect(convert).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(warmCodeEditor).toHaveBeenCalledTimes(2);
  });
});
