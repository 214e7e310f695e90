// Work the page does ahead of a likely click (fetching code, warming a worker): after a quiet
// time, in the browser's idle time, so it never lands on a learner's first press.

export interface IdleHost {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout: (callback: () => void, ms: number) => number;
  clearTimeout: (handle: number) => void;
}

interface IdleTiming {
  /** Quiet time before asking for idle time. */
  afterMs: number;
  /** The longest the browser may put the work off once it is due. */
  idleTimeoutMs: number;
}

/** Schedules `work`; returns a cancel function. Without requestIdleCallback it runs when due. */
export function runWhenIdle(work: () => void, timing: IdleTiming, host: IdleHost): () => void {
  let idle: number | undefined;
  const timer = host.setTimeout(() => {
    if (host.requestIdleCallback) idle = host.requestIdleCallback(work, { timeout: timing.idleTimeoutMs });
    else work();
  }, timing.afterMs);
  return () => {
    host.clearTimeout(timer);
    if (idle !== undefined) host.cancelIdleCallback?.(idle);
  };
}
