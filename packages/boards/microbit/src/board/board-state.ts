// The names of what can be set on a board from outside (the simulator's setstate message,
// `blockyard run --set`): sensor readings, a gesture, touches and pin levels, and their checks.
import { Gesture } from '../state/gesture-detector.ts';
import { pinNumbers } from '../state/pins.ts';
import { type SensorValues, defaultSensorValues } from '../state/sensors.ts';
import { type TouchTargetName, touchTargetIds } from '../state/touch-sensors.ts';

export type TouchStateKey = 'touchP0' | 'touchP1' | 'touchP2' | 'touchLogo';
type PinStateKey = `pinP${number}`;
export type BoardStateKey = keyof SensorValues | 'gesture' | TouchStateKey | PinStateKey;

/** Touch keys and the target each one touches (1 = finger on, 0 = off). */
const touchStateKeys: Readonly<Record<TouchStateKey, TouchTargetName>> = Object.freeze({
  touchP0: 'P0',
  touchP1: 'P1',
  touchP2: 'P2',
  touchLogo: 'LOGO',
});

/** Gesture names for `--set gesture=shake` (the Gesture enum's members, camel case). */
export const gestureNames: Readonly<Record<string, number>> = Object.freeze({
  shake: Gesture.Shake,
  logoUp: Gesture.LogoUp,
  logoDown: Gesture.LogoDown,
  screenUp: Gesture.ScreenUp,
  screenDown: Gesture.ScreenDown,
  tiltLeft: Gesture.TiltLeft,
  tiltRight: Gesture.TiltRight,
  freeFall: Gesture.FreeFall,
  '3g': Gesture.ThreeG,
  '6g': Gesture.SixG,
  '8g': Gesture.EightG,
});

/** Keys of the pins a level can be applied to: pinP0 … pinP16, pinP19, pinP20 (value 0-1023). */
const pinStateKeys: readonly PinStateKey[] = pinNumbers.map((n): PinStateKey => `pinP${n}`);

/** Settable state keys, sensors first. */
export const boardStateKeys: readonly BoardStateKey[] = [
  ...(Object.keys(defaultSensorValues) as (keyof SensorValues)[]),
  'gesture',
  ...(Object.keys(touchStateKeys) as TouchStateKey[]),
  ...pinStateKeys,
];

export function isSensorKey(key: string): key is keyof SensorValues {
  return Object.hasOwn(defaultSensorValues, key);
}

export function isTouchKey(key: string): key is TouchStateKey {
  return Object.hasOwn(touchStateKeys, key);
}

/** The pin id (100 + n) of a `pinPn` key, or undefined. */
export function pinIdOfKey(key: string): number | undefined {
  const match = /^pinP(\d+)$/.exec(key);
  const n = match ? Number(match[1]) : NaN;
  return pinNumbers.includes(n) ? 100 + n : undefined;
}

/** The touch target id of a touch key. */
export function touchIdOfKey(key: TouchStateKey): number {
  return touchTargetIds[touchStateKeys[key]];
}

/** Throws a plain-language error unless `key` names a board state and `value` suits it. */
export function checkBoardState(key: string, value: number): BoardStateKey {
  if (!(boardStateKeys as readonly string[]).includes(key)) {
    throw new Error(
      `Unknown board state "${key}". Valid names: ${Object.keys(defaultSensorValues).join(', ')}, gesture, ` +
        `touchP0, touchP1, touchP2, touchLogo, pinP0 to pinP20.`,
    );
  }
  if (!Number.isFinite(value)) throw new Error(`The value for ${key} must be a number.`);
  if (key === 'gesture' && !Object.values(gestureNames).includes(value)) {
    throw new Error(
      `There is no gesture ${value}. Use a Gesture value (Shake = 11, LogoUp = 1 … EightG = 10) or a name: ` +
        `${Object.keys(gestureNames).join(', ')}.`,
    );
  }
  return key as BoardStateKey;
}
