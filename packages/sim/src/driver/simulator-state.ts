// The driver's states (spec 002 §4) and what the frame shows for each (spec 002 §2).

export type SimulatorState = 'unloaded' | 'stopped' | 'pending' | 'starting' | 'running' | 'paused' | 'suspended';

/** Stopped or suspended frames are cleaned up this long after the stop (spec 002 §9). */
export const FRAME_CLEANUP_DELAY_MS = 5000;
/** A restart asked for by the running program posts its command after this long (spec 002 §9). */
export const RESTART_DELAY_MS = 500;

/** The frame shows a loader while the driver is Pending or Starting. */
export function showsLoader(state: SimulatorState): boolean {
  return state === 'pending' || state === 'starting';
}

/** The frame shows a play icon when the driver is Stopped or Suspended. */
export function showsPlayIcon(state: SimulatorState): boolean {
  return state === 'stopped' || state === 'suspended';
}

/** A paused simulator gets an overlay that blocks clicks. */
export function blocksClicks(state: SimulatorState): boolean {
  return state === 'paused';
}
