// The edge connector's pins: what the program last did with each (digital/analog write, servo,
// read with a pull) and what the outside world applies to them (the simulator's wiring, tests).
// Pin ids are MakeCode's DigitalPin/AnalogPin values (P0 = 100 … P20 = 120).

export const PIN_ID_BASE = 100;
/** The micro:bit's usable pins: P0-P16, P19, P20. */
export const pinNumbers: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 19, 20];

type PinMode = 'unused' | 'digital-in' | 'digital-out' | 'analog-in' | 'analog-out' | 'servo' | 'touch';
type PinPull = 'up' | 'down' | 'none';
/** Which events a pin raises when its level changes (pins.setEvents / pins.onPulsed). */
export type PinEventMode = 'none' | 'edge' | 'pulse' | 'touch';

export interface PinState {
  mode: PinMode;
  /** What the program drives: 0/1 digital, 0-1023 analog, 0-180 servo angle. */
  output: number;
  /** What the outside applies: 0-1023 (digital reads treat > 511 as 1); undefined = floating. */
  input: number | undefined;
  pull: PinPull;
  touched: boolean;
  /** Analog (PWM) period in microseconds. */
  periodUs: number;
  /** Events raised on level changes of the input. */
  events: PinEventMode;
  /** A push button is mounted on the pin (pins.pushButton): low means pressed. */
  pushButton: boolean;
}

function freshPin(): PinState {
  return {
    mode: 'unused',
    output: 0,
    input: undefined,
    pull: 'down',
    touched: false,
    periodUs: 20000,
    events: 'none',
    pushButton: false,
  };
}

export class Pins {
  private readonly pins = new Map<number, PinState>();

  constructor() {
    for (const n of pinNumbers) {
      this.pins.set(n, freshPin());
    }
  }

  /** The state of pin `id` (a DigitalPin/AnalogPin value or a bare pin number), or undefined. */
  get(id: number): PinState | undefined {
    return this.pins.get(id >= PIN_ID_BASE ? id - PIN_ID_BASE : id);
  }

  /** Digital level the program reads: the applied input, else what the pull resistor gives. */
  digitalRead(id: number): number {
    const pin = this.get(id);
    if (!pin) return 0;
    if (pin.input !== undefined) return pin.input > 511 ? 1 : 0;
    return pin.pull === 'up' ? 1 : 0;
  }

  /** What a reset does: the program's settings go, what the outside applies stays. */
  resetProgramState(): void {
    for (const pin of this.pins.values()) Object.assign(pin, { ...freshPin(), input: pin.input, touched: pin.touched });
  }

  analogRead(id: number): number {
    const pin = this.get(id);
    if (!pin) return 0;
    if (pin.input !== undefined) return pin.input;
    return pin.pull === 'up' ? 1023 : 0;
  }
}
