import type * as Blockly from 'blockly/core';
import { describe, expect, it, vi } from 'vitest';
import { BLOCKLY_SOUNDS, loadSoundsLater } from './load-sounds-later.ts';

function fakeWorkspace() {
  const load = vi.fn(() => Promise.resolve());
  const workspace = { rendered: true, getAudioManager: () => ({ load }) };
  return { workspace, load, asBlockly: workspace as unknown as Blockly.WorkspaceSvg };
}

describe('loadSoundsLater', () => {
  it("loads Blockly's four sounds from the media folder once the page is idle, not before", () => {
    const { load, asBlockly } = fakeWorkspace();
    const idles: (() => void)[] = [];
    loadSoundsLater(asBlockly, '/blockly-media/', {
      requestIdleCallback: (callback) => idles.push(callback),
      setTimeout: () => undefined,
    });
    expect(load).not.toHaveBeenCalled();
    idles[0]!();
    expect(load.mock.calls).toEqual(BLOCKLY_SOUNDS.map((name) => [[`/blockly-media/${name}.mp3`], name]));
  });

  it('loads nothing for a workspace disposed meanwhile', () => {
    const { workspace, load, asBlockly } = fakeWorkspace();
    const timers: (() => void)[] = [];
    loadSoundsLater(asBlockly, '/media/', { setTimeout: (callback) => timers.push(callback) });
    workspace.rendered = false;
    timers[0]!();
    expect(load).not.toHaveBeenCalled();
  });
});
