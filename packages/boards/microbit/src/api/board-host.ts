// The board as the API namespaces see it: the parts of one simulated micro:bit that `$api`
// functions drive. Board implements it and passes itself to each NamespaceModule.create; the
// namespaces name this interface (never the Board class), so board.ts can import the namespace
// list without the two importing each other.

import type { Clock } from '@blockyard/core';
import type { Runtime } from '@blockyard/runtime';
import type { Accelerometer } from '../state/accelerometer.ts';
import type { Buttons } from '../state/buttons.ts';
import type { DisplayAnimator } from '../state/display-animator.ts';
import type { GestureDetector } from '../state/gesture-detector.ts';
import type { LedDisplay } from '../state/led-display.ts';
import type { LightStrips } from '../state/light-strips.ts';
import type { Microphone } from '../state/microphone.ts';
import type { PinInputs } from '../state/pin-inputs.ts';
import type { PitchOutput } from '../state/pitch-output.ts';
import type { Pins } from '../state/pins.ts';
import type { RadioEndpoint, RadioMedium, RadioPacket } from '../state/radio-medium.ts';
import type { Sensors } from '../state/sensors.ts';
import type { SerialPort } from '../state/serial-port.ts';
import type { Speaker } from '../state/speaker.ts';
import type { TouchSensors } from '../state/touch-sensors.ts';

export interface BoardHost {
  /** 1-based number of the board in its world. */
  readonly id: number;
  readonly clock: Clock;
  readonly display: LedDisplay;
  readonly animator: DisplayAnimator;
  readonly buttons: Buttons;
  readonly serial: SerialPort;
  readonly sensors: Sensors;
  readonly pins: Pins;
  readonly accelerometer: Accelerometer;
  readonly gestures: GestureDetector;
  readonly touch: TouchSensors;
  readonly pinInputs: PinInputs;
  readonly pitch: PitchOutput;
  readonly lightStrips: LightStrips;
  readonly microphone: Microphone;
  readonly radio: RadioEndpoint;
  readonly radioMedium: RadioMedium;
  /** Packets heard and not yet read by the program. */
  readonly radioInbox: RadioPacket[];
  readonly serialNumber: number;
  readonly speaker: Speaker;
  /** The running program's runtime (a new one after each control.reset). */
  readonly runtime: Runtime;
  /** Milliseconds since the program started. */
  runningTime(): number;
  /** Microseconds since the program started, wrapping like the device's counter. */
  runningTimeMicros(): number;
  /** Raises a (source, value) event on this board's bus. */
  raise(source: number, value: number, args?: readonly unknown[]): void;
  /** control.reset: stop, forget the program's state, start again after a short delay. */
  reset(): void;
}
