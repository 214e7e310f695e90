// The gestures a learner can pick in the simulator (the `Gesture` enum values of the micro:bit
// API; the board leaves the accelerometer in each posture's pose), the touchable pins, and the
// acceleration of a board tilted by the pointer.

export interface GestureInfo {
  /** Key for the label (sim.gesture.<name>). */
  name: 'shake' | 'logoUp' | 'logoDown' | 'screenUp' | 'screenDown' | 'tiltLeft' | 'tiltRight' | 'freeFall';
  /** Gesture enum value (Shake = 11, LogoUp = 1 …). */
  value: number;
}

export const GESTURES: readonly GestureInfo[] = [
  { name: 'shake', value: 11 },
  { name: 'logoUp', value: 1 },
  { name: 'logoDown', value: 2 },
  { name: 'screenUp', value: 5 },
  { name: 'screenDown', value: 6 },
  { name: 'tiltLeft', value: 3 },
  { name: 'tiltRight', value: 4 },
  { name: 'freeFall', value: 7 },
];

/** The touchable edge pins. */
export type TouchPin = 0 | 1 | 2;

/**
 * Acceleration for a board tilted by the mouse: `nx`, `ny` in [-1, 1] are how far the pointer
 * is from the board's centre (right and down positive), the strength of gravity stays 1 g.
 */
export function tiltAcceleration(nx: number, ny: number): [number, number, number] {
  const clamp = (v: number) => Math.max(-1, Math.min(1, Number.isFinite(v) ? v : 0));
  let x = clamp(nx);
  let y = clamp(ny);
  const length = Math.hypot(x, y);
  if (length > 1) {
    x /= length;
    y /= length;
  }
  const z = -Math.sqrt(Math.max(0, 1 - x * x - y * y));
  return [Math.round(x * 1023), Math.round(y * 1023), Math.round(z * 1023)];
}
