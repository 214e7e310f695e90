// The gestures a learner can perform on the simulated board (the `Gesture` enum values of the
// micro:bit API) and the accelerometer reading each leaves behind, so `input.acceleration`
// agrees with the gesture that was just raised.

export interface GestureInfo {
  /** Key for the label (sim.gesture.<name>). */
  name: 'shake' | 'logoUp' | 'logoDown' | 'screenUp' | 'screenDown' | 'tiltLeft' | 'tiltRight' | 'freeFall';
  /** Gesture enum value (Shake = 11, LogoUp = 1 …). */
  value: number;
  /** Acceleration x, y, z in milli-g after the gesture; undefined leaves the reading as it was. */
  pose: readonly [number, number, number] | undefined;
}

export const GESTURES: readonly GestureInfo[] = [
  { name: 'shake', value: 11, pose: undefined },
  { name: 'logoUp', value: 1, pose: [0, -1023, 0] },
  { name: 'logoDown', value: 2, pose: [0, 1023, 0] },
  { name: 'screenUp', value: 5, pose: [0, 0, -1023] },
  { name: 'screenDown', value: 6, pose: [0, 0, 1023] },
  { name: 'tiltLeft', value: 3, pose: [-1023, 0, 0] },
  { name: 'tiltRight', value: 4, pose: [1023, 0, 0] },
  { name: 'freeFall', value: 7, pose: [0, 0, 0] },
];

/** Event source of the logo (MICROBIT_ID_LOGO) and of pins P0-P2 (P0 = 100). */
export const LOGO_EVENT_SOURCE = 121;
export const PIN_EVENT_BASE = 100;
/** The touchable edge pins. */
export const TOUCH_PINS = [0, 1, 2] as const;
export type TouchPin = (typeof TOUCH_PINS)[number];

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
