// Work done only while the page has nothing else to do: the browser's idle callback (after a
// frame, when no input or task waits), with a plain timer where there is none. Used to build the
// stacks of a big program still waiting far from the view (far-stacks.ts) after it has loaded, so
// the whole program is built a few seconds later without a long task and without delaying a key
// or a drag.

/** Longest work in one idle slice (ms): well under the 50 ms of a long task, so input answers fast. */
const IDLE_SLICE_MS = 12;
/** An idle callback comes at the latest after this long, even on a page never idle (ms). */
const IDLE_TIMEOUT_MS = 1000;
/** Without idle callbacks: the wait before each slice (ms). */
const FALLBACK_DELAY_MS = 50;

/** How much time the slice may take (ms); 0 when input is waiting and the slice should yield. */
export type SliceBudget = () => number;

interface Scheduling {
  isInputPending?(): boolean;
}

/** Whether a key, click or pointer move waits to be handled (Chromium only; false elsewhere). */
function inputPending(): boolean {
  const scheduling = (navigator as unknown as { scheduling?: Scheduling }).scheduling;
  return scheduling?.isInputPending?.() ?? false;
}

/** Runs `work` once in the next idle period; returns a function that cancels it. */
export function whenIdle(work: (budget: SliceBudget) => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(
      (deadline) =>
        // A timed-out callback has no idle time left: it still does one small piece of work.
        work(() =>
          inputPending()
            ? 0
            : deadline.didTimeout
              ? IDLE_SLICE_MS / 2
              : Math.min(IDLE_SLICE_MS, deadline.timeRemaining()),
        ),
      { timeout: IDLE_TIMEOUT_MS },
    );
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(() => work(() => (inputPending() ? 0 : IDLE_SLICE_MS)), FALLBACK_DELAY_MS);
  return () => clearTimeout(timer);
}
