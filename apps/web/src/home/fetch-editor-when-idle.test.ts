import { describe, expect, it, vi } from 'vitest';
import { fakeIdleHost } from '../test/fake-idle-host.ts';
import { fetchEditorWhenIdle, fetchEditorWhileNaming } from './fetch-editor-when-idle.ts';

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
