// Nearly every visit to the home page goes on to the block editor. MakeCode's home page already
// holds its editor; ours fetched it only after "New project" -> name -> Enter, so that step waited
// for the editor's and Blockly's code (bench first-minute). Once the home page has drawn and the
// browser is idle, fetch that code in the background; the compiler worker still starts only on
// intent (it costs CPU). Skipped when the browser asks to save data.

import { type IdleHost, runWhenIdle } from '../ui/run-when-idle.ts';
import { fetchEditorCode } from './prepare-editor.ts';

interface HomeIdleHost extends IdleHost {
  navigator?: { connection?: { saveData?: boolean } };
}

/**
 * Quiet time after the home page draws before asking for idle time: reading the editor's code
 * takes the main thread for a moment, which must not land on a learner's first press (bench
 * first-minute presses New project ~100 ms after the page is ready: at 50 ms the dialog opened
 * 2.6x later). A learner who is quicker than that loads it while naming the project.
 */
const START_AFTER_MS = 1500;
/**
 * The warm-up's own start (it fetches the code first if the fetch above has not): sooner, since
 * the code (about 1 s to arrive and run on a busy 2-core machine) and the warm-up (100-400 ms)
 * should be done before a learner who reads the page for a few seconds presses New project.
 */
const WARM_START_AFTER_MS = 1000;
/** The longest the browser may put the fetch off once it is due. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * While the New project dialog is open: after it has drawn (its first frame, with the name
 * selected), in idle time, so typing the name overlaps with reading the editor's code instead of
 * the press waiting for it (bench first-minute: the code on the press held the dialog back).
 */
const NAMING_START_AFTER_MS = 50;
const NAMING_IDLE_TIMEOUT_MS = 500;

type Host = HomeIdleHost;
const defaultHost = () => window as unknown as Host;

function schedule(host: Host, fetch: () => void, afterMs: number, idleTimeoutMs: number): () => void {
  if (host.navigator?.connection?.saveData) return () => undefined;
  return runWhenIdle(fetch, { afterMs, idleTimeoutMs }, host);
}

/** Schedules the editor's code to load when the page is idle; returns a cancel function. */
export function fetchEditorWhenIdle(
  host: Host = defaultHost(),
  fetch: () => void = () => fetchEditorCode(),
): () => void {
  return schedule(host, fetch, START_AFTER_MS, IDLE_TIMEOUT_MS);
}

type Warm = (language: string, stillWanted: () => boolean) => Promise<void>;

const warmBlocks: Warm = (language, stillWanted) =>
  import('../editor/blocks/warm-blocks-editor.ts').then((module) => module.warmBlocksEditor(language, stillWanted));

/**
 * While the home page is on screen with no dialog open: once the editor's code is here (fetched
 * as `fetchEditorWhenIdle` does), in the next idle time, draws a new project's blocks off screen
 * and drops them (warm-blocks-editor.ts), so the first editor after New project costs what a
 * second one does. Cancelled (returns the cancel function) when the learner opens a dialog or
 * leaves; a warm-up already drawing is one task and finishes at once.
 */
export function warmEditorWhenIdle(
  language: string,
  host: Host = defaultHost(),
  fetch: () => Promise<unknown> = () => fetchEditorCode(),
  warm: Warm = warmBlocks,
): () => void {
  let cancelled = false;
  let cancelWarm: (() => void) | undefined;
  const cancelFetch = schedule(
    host,
    () =>
      void fetch().then(() => {
        if (cancelled) return;
        cancelWarm = runWhenIdle(
          () => void warm(language, () => !cancelled).catch(() => undefined),
          { afterMs: 0, idleTimeoutMs: IDLE_TIMEOUT_MS },
          host,
        );
      }),
    WARM_START_AFTER_MS,
    IDLE_TIMEOUT_MS,
  );
  return () => {
    cancelled = true;
    cancelFetch();
    cancelWarm?.();
  };
}

/** The same, soon, while the learner names a new project; returns a cancel function. */
export function fetchEditorWhileNaming(
  host: Host = defaultHost(),
  fetch: () => void = () => fetchEditorCode(),
): () => void {
  return schedule(host, fetch, NAMING_START_AFTER_MS, NAMING_IDLE_TIMEOUT_MS);
}
