/** A handle returned by a Clock timer; opaque to callers. */
export type TimerHandle = number;

/**
 * Time as an injected effect. Pure code takes a Clock instead of calling setTimeout, so the
 * simulator, sequencer and autosave all run deterministically under a ManualClock in tests.
 */
export interface Clock {
  /** Milliseconds on this clock's own time line (not necessarily the wall clock). */
  now(): number;
  setTimeout(callback: () => void, delayMs: number): TimerHandle;
  setInterval(callback: () => void, intervalMs: number): TimerHandle;
  clear(handle: TimerHandle): void;
}
