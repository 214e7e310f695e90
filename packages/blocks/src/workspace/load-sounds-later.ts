// Blockly's click, drop, disconnect and delete sounds (its media folder's mp3 files). Blockly
// fetches them inside `inject` when its `sounds` option is on; the workspace is made with it off
// and they load here once the page is idle instead, off the way to the first blocks (bench
// first-minute: the fetches took 15-150 ms of the main thread there). A sound wanted before they
// are in is simply not played, as when Blockly's own loading has not finished.

import type * as Blockly from 'blockly/core';

/** The sound names Blockly plays and the files they are in (Blockly's own `loadSounds`). */
export const BLOCKLY_SOUNDS = ['click', 'disconnect', 'delete', 'drop'] as const;

export interface SoundsHost {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
}

/** The longest the browser may put the sounds off. */
const IDLE_TIMEOUT_MS = 2000;

export function loadSoundsLater(workspace: Blockly.WorkspaceSvg, media: string, host: SoundsHost = globalThis): void {
  const load = () => {
    if (!workspace.rendered) return; // disposed meanwhile
    const audio = workspace.getAudioManager();
    for (const name of BLOCKLY_SOUNDS) void audio.load([`${media}${name}.mp3`], name);
  };
  if (host.requestIdleCallback) host.requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS });
  else host.setTimeout(load, 0);
}
