import { describe, expect, it, vi } from 'vitest';
import { fetchEditorWhenIdle } from './fetch-editor-when-idle.ts';

function fakeHost(options: { idle?: boolean; saveData?: boolean } = {}) {
  const timers: (() => void)[] = [];
  const idles: (() => void)[] = [];
  return {
    timers,
    idles,
    host: {
      setTimeout: (callback: () => void) => timers.push(callback) - 1,
      clearTimeout: (handle: number) => (timers[handle] = () => undefined),
      ...(options.idle === false
        ? {}
        : {
            requestIdleCallback: (callback: () => void) => idles.push(callback) - 1,
            cancelIdleCallback: (handle: number) => (idles[handle] = () => undefined),
          }),
      navigator: { connection: { saveData: options.saveData ?? false } },
    },
  };
}

describe('fetchEditorWhenIdle', () => {
  it('fetches only after the start delay and then when the browser is idle', () => {
    const { host, timers, idles } = fakeHost();
    const fetch = vi.fn();
    fetchEditorWhenIdle(host, fetch);
    expect(fetch).not.toHaveBeenCalled();
    timers[0]!();
    expect(fetch).not.toHaveBeenCalled();
    idles[0]!();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('fetches after the delay where the browser has no idle callback (Safari)', () => {
    const { host, timers } = fakeHost({ idle: false });
    const fetch = vi.fn();
    fetchEditorWhenIdle(host, fetch);
    timers[0]!();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the browser asks to save data, or once cancelled', () => {
    const saving = fakeHost({ saveData: true });
    const fetch = vi.fn();
    fetchEditorWhenIdle(saving.host, fetch);
    expect(saving.timers).toHaveLength(0);
    const left = fakeHost();
    const cancel = fetchEditorWhenIdle(left.host, fetch);
    left.timers[0]!();
    cancel();
    left.idles[0]!();
    expect(fetch).not.toHaveBeenCalled();
  });
});
