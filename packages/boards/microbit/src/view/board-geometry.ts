// Where everything sits on our drawing of the board, in viewBox units. The drawing is 488 x 400:
// the simulator's aspect ratio of 1.22 (spec 002 §9). Touch targets are at least 60 units, so
// at the usual 300 px width and up they stay near the 44 px a finger needs.

export const BOARD_WIDTH = 488;
export const BOARD_HEIGHT = 400;
export const BOARD_ASPECT = BOARD_WIDTH / BOARD_HEIGHT;

const LED_PITCH = 46;
export const LED_SIZE = { width: 16, height: 28 } as const;
const LED_ORIGIN = { x: 244 - 2 * LED_PITCH, y: 176 - 2 * LED_PITCH } as const;

/** Centre of the LED at column x, row y. */
export function ledCentre(x: number, y: number): { cx: number; cy: number } {
  return { cx: LED_ORIGIN.x + x * LED_PITCH, cy: LED_ORIGIN.y + y * LED_PITCH };
}

export const BUTTONS = {
  A: { cx: 58, cy: 176 },
  B: { cx: 430, cy: 176 },
} as const;
export const BUTTON_HOUSING = 64;
export const BUTTON_CAP_RADIUS = 20;
/** Invisible hit circle around a button, bigger than what is drawn. */
export const BUTTON_HIT_RADIUS = 40;

/** The virtual A+B button, under button A (shown only when the program uses A+B). */
export const AB_BUTTON = { cx: 58, cy: 262, width: 92, height: 36 } as const;

export const LOGO = { cx: 244, cy: 36, width: 70, height: 34 } as const;

export const EDGE_TOP = 312;
export interface EdgePad {
  label: '0' | '1' | '2' | '3V' | 'GND';
  /** The touchable pin number, or undefined for power pins. */
  pin: 0 | 1 | 2 | undefined;
  cx: number;
}
export const EDGE_PADS: readonly EdgePad[] = [
  { label: '0', pin: 0, cx: 56 },
  { label: '1', pin: 1, cx: 150 },
  { label: '2', pin: 2, cx: 244 },
  { label: '3V', pin: undefined, cx: 338 },
  { label: 'GND', pin: undefined, cx: 432 },
];
export const PAD_WIDTH = 64;
export const PAD_HEIGHT = 76;
