// One simulated micro:bit: its program runtime plus the state the API reads and writes (LEDs,
// buttons, serial, sensors, files, radio). Several boards can share one clock and radio medium
// (see World).

import type { Clock } from '@blockyard/core';
import { type ProgramImage, type RuntimeError, type RuntimeLimits, Runtime } from '@blockyard/runtime';
import { SoundEngine, seededRandom } from '@blockyard/sound';
import type { NamespaceModule } from '../api/namespace-module.ts';
import { namespaceModules } from '../api/namespaces.ts';
import { type ButtonName, Buttons } from '../state/buttons.ts';
import { DisplayAnimator } from '../state/display-animator.ts';
import { FileStore } from '../state/file-store.ts';
import { LedDisplay } from '../state/led-display.ts';
import { type RadioEndpoint, RadioMedium, type RadioPacket } from '../state/radio-medium.ts';
import { Pins } from '../state/pins.ts';
import { type SensorValues, Sensors, defaultSensorValues } from '../state/sensors.ts';
import { SerialPort } from '../state/serial-port.ts';
import { Speaker } from '../state/speaker.ts';

/** Event source of the radio (MICROBIT_ID_RADIO) and its "datagram received" value. */
export const RADIO_EVENT = { source: 9, datagram: 1 } as const;
/** Event source of gestures (MICROBIT_ID_GESTURE); the value is the Gesture (Shake = 11 …). */
export const GESTURE_EVENT_SOURCE = 13;

export interface BoardOptions {
  clock: Clock;
  /** 1-based number of the board in its world. */
  id?: number;
  seed?: number;
  limits?: Partial<RuntimeLimits>;
  /** The air shared with other boards; a board on its own gets a private one. */
  radio?: RadioMedium;
  serialNumber?: number;
  /** The API namespaces (tests may add fakes); defaults to every namespace of the board. */
  namespaces?: readonly NamespaceModule[];
}

/** Settable state keys (the simulator's setstate message, `blockyard run --set`). */
export const boardStateKeys = Object.keys(defaultSensorValues) as (keyof SensorValues)[];

/** Throws a plain-language error unless `key` names a board state and `value` is a number. */
export function checkBoardState(key: string, value: number): keyof SensorValues {
  if (!(boardStateKeys as string[]).includes(key)) {
    throw new Error(`Unknown board state "${key}". Valid names: ${boardStateKeys.join(', ')}.`);
  }
  if (!Number.isFinite(value)) throw new Error(`The value for ${key} must be a number.`);
  return key as keyof SensorValues;
}

export class Board {
  readonly id: number;
  readonly clock: Clock;
  readonly runtime: Runtime;
  readonly display = new LedDisplay();
  readonly animator: DisplayAnimator;
  readonly buttons: Buttons;
  readonly serial: SerialPort;
  readonly sensors = new Sensors();
  readonly pins = new Pins();
  /** The gesture the accelerometer last recognised (a Gesture value), 0 before any. */
  gesture = 0;
  readonly files = new FileStore();
  readonly radio: RadioEndpoint;
  readonly radioMedium: RadioMedium;
  /** Packets heard and not yet read by the program. */
  readonly radioInbox: RadioPacket[] = [];
  readonly serialNumber: number;
  /** The sound engine `music.*` drives, and the record of every note played. */
  readonly speaker: Speaker;
  private readonly namespaces: readonly NamespaceModule[];
  private startedAt = 0;

  constructor(options: BoardOptions) {
    this.id = options.id ?? 1;
    this.clock = options.clock;
    this.runtime = new Runtime({
      clock: options.clock,
      seed: options.seed ?? this.id,
      ...(options.limits ? { limits: options.limits } : {}),
    });
    this.animator = new DisplayAnimator(this.clock, this.display);
    this.buttons = new Buttons((source, value) => this.raise(source, value));
    this.serial = new SerialPort(this.clock);
    this.speaker = new Speaker(this.clock, new SoundEngine({ random: seededRandom(options.seed ?? this.id) }));
    this.serialNumber = options.serialNumber ?? 0x5eed0000 + this.id;
    this.namespaces = options.namespaces ?? namespaceModules;
    this.radioMedium = options.radio ?? new RadioMedium();
    this.radio = {
      boardId: this.id,
      group: 0,
      transmitPower: 6,
      enabled: true,
      receive: (packet) => {
        this.radioInbox.push(packet);
        this.raise(RADIO_EVENT.source, RADIO_EVENT.datagram);
      },
    };
    this.radioMedium.join(this.radio);
    this.runtime.onStatus((status) => {
      if (status !== 'running') this.animator.cancelAll();
      if (status !== 'running') this.speaker.stopAll();
    });
  }

  /** The program's `$api`: every namespace's host objects for this board. */
  api(): Record<string, unknown> {
    const api: Record<string, unknown> = {};
    for (const module of this.namespaces) Object.assign(api, module.create(this));
    return api;
  }

  /** Runs a compiled program; its errors arrive through `onError`. */
  start(program: ProgramImage): void {
    this.startedAt = this.clock.now();
    this.runtime.start(program, this.api());
  }

  stop(): void {
    this.runtime.stop();
  }

  onError(listener: (error: RuntimeError) => void): () => void {
    return this.runtime.onError(listener);
  }

  get error(): RuntimeError | undefined {
    return this.runtime.error;
  }

  /** Milliseconds since the program started (input.runningTime, control.millis). */
  runningTime(): number {
    return this.clock.now() - this.startedAt;
  }

  /** Raises a (source, value) event on this board's bus. */
  raise(source: number, value: number, args: readonly unknown[] = []): void {
    if (this.runtime.running) this.runtime.bus.raise(source, value, args);
  }

  /** Presses `button` now and lets go after `holdMs` (a click, as fingers do). */
  click(button: ButtonName, holdMs = 100): void {
    this.buttons.press(button);
    this.clock.setTimeout(() => this.buttons.release(button), holdMs);
  }

  /** The board was moved in a recognisable way (Gesture value, e.g. Shake = 11): raises its event. */
  performGesture(gesture: number): void {
    this.gesture = gesture;
    this.raise(GESTURE_EVENT_SOURCE, gesture);
  }

  /** Sets a sensor reading by name; unknown names are an error listing the valid ones. */
  setState(key: string, value: number): void {
    this.sensors.set(checkBoardState(key, value), value);
  }
}
