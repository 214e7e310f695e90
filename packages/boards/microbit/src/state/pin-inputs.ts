// What the outside world does to the pins (the simulator's wiring, `--set pinP0=…`): it applies a
// level (0-1023) and the pin raises the events the program asked for — rise/fall on edges,
// pulse high/low with the pulse's length, button events for a mounted push button — and wakes
// anyone waiting for a change (pins.pulseIn).
import type { Clock } from '@blockyard/core';
import { Signal } from '@blockyard/runtime';
import { BUTTON_EVENT } from './buttons.ts';
import { PIN_ID_BASE, type Pins } from './pins.ts';

/** Pin event values (MICROBIT_PIN_EVT_*); a pulse's value is also its PulseValue. */
export const PIN_EVENT = { RISE: 2, FALL: 3, PULSE_HI: 4, PULSE_LO: 5 } as const;

export interface PulseRecord {
  /** Event source: the pin's id (100 + pin number). */
  source: number;
  /** PIN_EVENT.PULSE_HI or PULSE_LO. */
  value: number;
  /** Clock time (ms) when the pulse ended. */
  time: number;
  durationUs: number;
}

export class PinInputs {
  /** Notified on every level change of any pin. */
  readonly changed = new Signal();
  /** Pulses measured, newest last (pins.pulseDuration reads the one being handled). */
  readonly pulses: PulseRecord[] = [];
  private readonly levelSince = new Map<number, number>();

  constructor(
    private readonly clock: Clock,
    private readonly pins: Pins,
    private readonly raise: (source: number, value: number) => void,
  ) {}

  /** Applies `value` (0-1023, or undefined to let the pin float) to pin `id`. */
  apply(id: number, value: number | undefined): void {
    const pin = this.pins.get(id);
    if (!pin) return;
    this.update(id, () => {
      pin.input = value === undefined ? undefined : Math.max(0, Math.min(1023, Math.trunc(value) || 0));
    });
  }

  /** Runs `change` (which may alter the pin's input or pull) and raises events for a new level. */
  update(id: number, change: () => void): void {
    const pin = this.pins.get(id);
    if (!pin) return;
    const number = id >= PIN_ID_BASE ? id - PIN_ID_BASE : id;
    const source = PIN_ID_BASE + number;
    const before = this.pins.digitalRead(source);
    change();
    const after = this.pins.digitalRead(source);
    if (before === after) return;
    const now = this.clock.now();
    const since = this.levelSince.get(source) ?? now;
    this.levelSince.set(source, now);
    if (pin.events === 'edge') this.raise(source, after === 1 ? PIN_EVENT.RISE : PIN_EVENT.FALL);
    if (pin.events === 'pulse') {
      // A pulse is the level that just ended: high until this falling edge, or low until this rise.
      const value = before === 1 ? PIN_EVENT.PULSE_HI : PIN_EVENT.PULSE_LO;
      this.pulses.push({ source, value, time: now, durationUs: Math.round((now - since) * 1000) });
      if (this.pulses.length > 32) this.pulses.shift();
      this.raise(source, value);
    }
    if (pin.pushButton) {
      if (after === 0) this.raise(source, BUTTON_EVENT.DOWN);
      else {
        this.raise(source, BUTTON_EVENT.UP);
        this.raise(source, BUTTON_EVENT.CLICK);
      }
    }
    this.changed.notifyAll();
  }

  /** Starts timing the current level of pin `id` (when events are switched on). */
  mark(id: number): void {
    const source = id >= PIN_ID_BASE ? id : PIN_ID_BASE + id;
    if (!this.levelSince.has(source)) this.levelSince.set(source, this.clock.now());
  }

  reset(): void {
    this.pulses.length = 0;
    this.levelSince.clear();
  }
}
