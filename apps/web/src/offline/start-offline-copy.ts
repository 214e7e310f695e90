// When the offline copy (service-worker.ts) is registered. Its install fetches about 10.8 MB on the
// page's own six connections and, for every script it keeps, Chromium compiles a code cache on
// the worker's thread (the compiler worker's file alone about 570 ms): on a 2-core machine that
// competed with the learner's first minute (bench first-minute: a trace showed it during Enter ->
// blocks; the hurried minute about 1.1x longer with workers allowed than blocked, 6 scratch
// pairs). So it starts once the page has been up a while, in idle time, not at its load event.
import { type IdleHost, runWhenIdle } from '../ui/run-when-idle.ts';

/** Quiet time after the page's load event: past a hurried learner's first blocks and first run. */
const START_AFTER_MS = 10_000;
/** The longest the browser may put the registration off once it is due. */
const IDLE_TIMEOUT_MS = 10_000;

interface OfflineCopyHost extends IdleHost {
  document: { readyState: string };
  addEventListener(type: 'load', listener: () => void, options: { once: true }): void;
}

/** Calls `start` (the worker's registration) in idle time, a while after the page has loaded. */
export function startOfflineCopyLater(
  start: () => void,
  host: OfflineCopyHost = window,
): void {
  const schedule = () => void runWhenIdle(start, { afterMs: START_AFTER_MS, idleTimeoutMs: IDLE_TIMEOUT_MS }, host);
  if (host.document.readyState === 'complete') schedule();
  else host.addEventListener('load', schedule, { once: true });
}
