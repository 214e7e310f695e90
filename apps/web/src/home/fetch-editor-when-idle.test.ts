import { describe, expect, it, vi } from 'vitest';
import { fakeIdleHost } from '../test/fake-idle-host.ts';
import { fetchEditorWhenIdle, fetchEditorWhileNaming, warmEditorWhenIdle } from './fetch-editor-when-idle.ts';

// The scheduling itself is runWhenIdle's (ui/run-when-idle.test.ts).
describe('fetchEditorWhenIdle', () => {
  it('fetches only after the start delay and then when the browser is idle', () => {
    const { host, timers, idles } = fakeIdleHost();
    const fetch = vi.fn();
    fetchEditorWhenIdle(host, fetch);
    expect(fetch).not.toHaveBeenCalled();
    timers[0]!();
    expect(fetch).not.toHaveBeenCalled();
    idles[0]!();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the browser asks to save data, or once cancelled', () => {
    const saving = fakeIdleHost({ saveData: true });
    const fetch = vi.fn();
    fetchEditorWhenIdle(saving.host, fetch);
    expect(saving.timers).toHaveLength(0);
    const left = fakeIdleHost();
    const cancel = fetchEditorWhenIdle(left.host, fetch);
    left.timers[0]!();
    cancel();
    left.idles[0]!();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('fetchEditorWhileNaming', () => {
  it('fetches after a short delay once idle, unless the dialog closed first or data is saved', () => {
    const { host, timers, idles } = fakeIdleHost();
    const fetch = vi.fn();
    fetchEditorWhileNaming(host, fetch);
    expect(fetch).not.toHaveBeenCalled();
    timers[0]!();
    idles[0]!();
    expect(fetch).toHaveBeenCalledTimes(1);
    const closed = fakeIdleHost();
    const cancel = fetchEditorWhileNaming(closed.host, fetch);
    cancel();
    closed.timers[0]!();
    expect(closed.idles).toHaveLength(0);
    const saving = fakeIdleHost({ saveData: true });
    fetchEditorWhileNaming(saving.host, fetch);
    expect(saving.timers).toHaveLength(0);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('warmEditorWhenIdle', () => {
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("warms the block editor in the learner's language once the code is here and the page idle again", async () => {
    const { host, timers, idles } = fakeIdleHost();
    const fetch = vi.fn(() => Promise.resolve());
    const warm = vi.fn((_language: string, stillWanted: () => boolean) => {
      expect(stillWanted()).toBe(true);
      return Promise.resolve();
    });
    warmEditorWhenIdle('fr', host, fetch, warm);
    timers[0]!();
    expect(fetch).not.toHaveBeenCalled();
    idles[0]!();
    expect(fetch).toHaveBeenCalledTimes(1);
    await flush();
    expect(warm).not.toHaveBeenCalled();
    timers[1]!();
    idles[1]!();
    expect(warm).toHaveBeenCalledTimes(1);
    expect(warm.mock.calls[0]![0]).toBe('fr');
  });

  it('does not warm once a dialog opened, even while the code was loading or the warm-up waited for its words', async () => {
    const early = fakeIdleHost();
    const fetch = vi.fn(() => Promise.resolve());
    const warm = vi.fn(() => Promise.resolve());
    const cancelEarly = warmEditorWhenIdle('en', early.host, fetch, warm);
    early.timers[0]!();
    early.idles[0]!();
    cancelEarly();
    await flush();
    expect(early.timers).toHaveLength(1);

    const late = fakeIdleHost();
    let asked: (() => boolean) | undefined;
    const cancelLate = warmEditorWhenIdle('en', late.host, fetch, (_language, stillWanted) => {
      asked = stillWanted;
      return Promise.resolve();
    });
    late.timers[0]!();
    late.idles[0]!();
    await flush();
    late.timers[1]!();
    late.idles[1]!();
    cancelLate();
    expect(asked?.()).toBe(false);
    expect(warm).not.toHaveBeenCalled();
  });
});
