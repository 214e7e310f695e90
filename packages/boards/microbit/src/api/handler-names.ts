// The names the debugger's call stack and threads show for handlers whose block has a dropdown:
// the dropdown's words as the block shows them ("on shake", "on logo long pressed"), not the enum
// number the program passed. The words are the `//% block=` texts of the Gesture and
// TouchButtonEvent enums in api/input.d.ts and the member names of EventBusSource in
// api/control.d.ts; handler-names.test.ts checks these tables against those files.
import type { BlockName } from '@blockyard/runtime';
import { BUTTON_EVENT } from '../state/buttons.ts';
import { Gesture } from '../state/gesture-detector.ts';

const gestureWords: Readonly<Record<number, string>> = {
  [Gesture.Shake]: 'shake',
  [Gesture.LogoUp]: 'logo up',
  [Gesture.LogoDown]: 'logo down',
  [Gesture.ScreenUp]: 'screen up',
  [Gesture.ScreenDown]: 'screen down',
  [Gesture.TiltLeft]: 'tilt left',
  [Gesture.TiltRight]: 'tilt right',
  [Gesture.FreeFall]: 'free fall',
  [Gesture.ThreeG]: '3g',
  [Gesture.SixG]: '6g',
  [Gesture.EightG]: '8g',
};

const logoWords: Readonly<Record<number, string>> = {
  [BUTTON_EVENT.CLICK]: 'pressed',
  [BUTTON_EVENT.DOWN]: 'touched',
  [BUTTON_EVENT.UP]: 'released',
  [BUTTON_EVENT.LONG_CLICK]: 'long pressed',
};

/** EventBusSource members by value, as the "on event from" block's dropdown shows them. */
const eventSources: Readonly<Record<number, string>> = {
  1: 'MICROBIT_ID_BUTTON_A',
  2: 'MICROBIT_ID_BUTTON_B',
  3: 'MICROBIT_ID_BUTTON_AB',
  5: 'MICROBIT_ID_ACCELEROMETER',
  9: 'MICROBIT_ID_RADIO',
  13: 'MICROBIT_ID_GESTURE',
  ...Object.fromEntries(
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 19, 20].map((p) => [100 + p, `MICROBIT_ID_IO_P${p}`]),
  ),
  1101: 'MES_SIGNAL_STRENGTH_ID',
  1103: 'MES_DEVICE_INFO_ID',
  1104: 'MES_DPAD_CONTROLLER_ID',
  2000: 'MES_BROADCAST_GENERAL_ID',
};

/** "on shake", "on logo up", "on 3g"; a value outside the enum keeps its number. */
export function gestureHandlerName(gesture: number): BlockName {
  const words = gestureWords[gesture];
  return words === undefined
    ? { key: 'onGestureNumber', values: { gesture: String(gesture) }, text: `on gesture ${gesture}` }
    : { key: 'onGesture', values: { gesture: words }, text: `on ${words}` };
}

/** "on logo pressed", "on logo long pressed"; a value outside the enum keeps its number. */
export function logoHandlerName(event: number): BlockName {
  const action = logoWords[event] ?? String(event);
  return { key: 'onLogo', values: { action }, text: `on logo ${action}` };
}

/** "on button A pressed". */
export function buttonHandlerName(button: string): BlockName {
  return { key: 'onButtonPressed', values: { button }, text: `on button ${button} pressed` };
}

/** "on pin P0 pressed", "on pin P1 released". */
export function pinHandlerName(pin: number, released: boolean): BlockName {
  return released
    ? { key: 'onPinReleased', values: { pin: String(pin) }, text: `on pin P${pin} released` }
    : { key: 'onPinPressed', values: { pin: String(pin) }, text: `on pin P${pin} pressed` };
}

export const FOREVER: BlockName = { key: 'forever', text: 'forever' };
export const IN_BACKGROUND: BlockName = { key: 'inBackground', text: 'in background' };

/**
 * "on event from MICROBIT_ID_BUTTON_A with value 3": the block's words; a source outside
 * EventBusSource (programs may use any number) keeps its number, and `any` stands for EVENT_ANY.
 */
export function eventHandlerName(source: number, value: number | 'any'): BlockName {
  const from = eventSources[source] ?? String(source);
  return {
    key: 'onEvent',
    values: { source: from, value: String(value) },
    text: `on event from ${from} with value ${value}`,
  };
}
