// The touch-sensitive parts of the board: pins P0, P1, P2 (touched while also holding GND) and
// the V2 logo. Each behaves like a button on the device's event bus, with the target's id as
// the event source: touching raises "down"; letting go raises "up" and then "click", or "long
// click" when it was held for a second or more.
import type { Clock } from '@blockyard/core';
import { BUTTON_EVENT } from './buttons.ts';
import { PIN_ID_BASE, type Pins } from './pins.ts';

/** Event source of the touch logo (MICROBIT_ID_LOGO, TouchTarget.LOGO). */
export const LOGO_ID = 121;
/** Held at least this long, a touch ends with "long click" instead of "click". */
const LONG_CLICK_MS = 1000;

export type TouchTargetName = 'P0' | 'P1' | 'P2' | 'LOGO';

/** Event source (TouchPin / TouchTarget value) of each touch target. */
export const touchTargetIds: Readonly<Record<TouchTargetName, number>> = Object.freeze({
  P0: PIN_ID_BASE,
  P1: PIN_ID_BASE + 1,
  P2: PIN_ID_BASE + 2,
  LOGO: LOGO_ID,
});

export function isTouchTargetName(name: string): name is TouchTargetName {
  return Object.hasOwn(touchTargetIds, name);
}

export class TouchSensors {
  private logoTouched = false;
  private readonly touchedAt = new Map<number, number>();

  constructor(
    private readonly clock: Clock,
    private readonly pins: Pins,
    private readonly raise: (source: number, value: number) => void,
  ) {}

  /** Whether target `id` (100-102 for P0-P2, 121 for the logo) is touched now. */
  isTouched(id: number): boolean {
    if (id === LOGO_ID) return this.logoTouched;
    return this.isTouchPin(id) ? (this.pins.get(id)?.touched ?? false) : false;
  }

  /** A finger on (`true`) or off target `id`; repeated calls with the same state do nothing. */
  set(id: number, touched: boolean): void {
    if (id !== LOGO_ID && !this.isTouchPin(id)) return;
    if (this.isTouched(id) === touched) return;
    if (id === LOGO_ID) this.logoTouched = touched;
    else this.pins.get(id)!.touched = touched;
    if (touched) {
      this.touchedAt.set(id, this.clock.now());
      this.raise(id, BUTTON_EVENT.DOWN);
      return;
    }
    const held = this.clock.now() - (this.touchedAt.get(id) ?? this.clock.now());
    this.raise(id, BUTTON_EVENT.UP);
    this.raise(id, held >= LONG_CLICK_MS ? BUTTON_EVENT.LONG_CLICK : BUTTON_EVENT.CLICK);
  }

  private isTouchPin(id: number): boolean {
    return id >= PIN_ID_BASE && id <= PIN_ID_BASE + 2;
  }
}
