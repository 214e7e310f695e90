// Performance marks of the latest run's moments (received, link, ready, running, ...).

/**
 * A moment of the latest run as a performance mark, for the edit benchmark's breakdown
 * (bench/edit-run); the run before's mark of that name goes, so they do not pile up.
 */
export function mark(name: string): void {
  try {
    if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
    performance.clearMarks(name);
    performance.mark(name);
  } catch {
    // Timing is a nicety: never let it break a run.
  }
}
