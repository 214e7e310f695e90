// When the offline copy (service-worker.ts) is registered. A first install fetches about 10.8 MB
// on the page's own six connections and, for every script it keeps, Chromium compiles a code
// cache on the worker's thread (the compiler worker's file alone about 570 ms): on a 2-core
// machine that competed with a new learner's first minute (bench first-minute: a trace showed it
// during Enter -> blocks; the hurried minute about 1.1x longer with workers allowed than blocked,
// 6 scratch pairs). So a page no worker runs yet registers once it has been up a while, in idle
// time. A page a worker already runs registers at its load event as before: that is only the
// check for a newer build, which the update notice waits on.
import { type IdleHost, runWhenIdle } from '../ui/run-when-idle.ts';

/** Quiet time after the page's load event: past a hurried learner's first blocks and first run. */
const FIRST_INSTALL_AFTER_MS = 10_000;
/** The longest the browser may put the registration off once it is due. */
const IDLE_TIMEOUT_MS = 10_000;

interface OfflineCopyHost extends IdleHost {
  document: { readyState: string };
  addEventListener(type: 'load', listener: () => void, options: { once: true }): void;
}

/**
 * Calls `start` (the worker's registration) after the page's load event: at once when a worker
 * already runs the page (`controlled`), else a while later in idle time.
 */
export function startOfflineCopyAfterLoad(
  start: () => void,
  controlled: boolean,
  host: OfflineCopyHost = window,
): void {
  const schedule = controlled
    ? start
    : () => void runWhenIdle(start, { afterMs: FIRST_INSTALL_AFTER_MS, idleTimeoutMs: IDLE_TIMEOUT_MS }, host);
  if (host.document.readyState === 'complete') schedule();
  else host.addEventListener('load', schedule, { once: true });
}
