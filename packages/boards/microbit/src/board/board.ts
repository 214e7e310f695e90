// One simulated micro:bit: its program runtime plus the state the API reads and writes (LEDs,
// buttons, serial, sensors, files, radio). Several boards can share one clock and radio medium
// (see World).

import type { Clock, TimerHandle } from '@blockyard/core';
import { type ProgramImage, type RuntimeError, type RuntimeLimits, Runtime } from '@blockyard/runtime';
import { SoundEngine, seededRandom } from '@blockyard/sound';
import type { BoardHost } from '../api/board-host.ts';
import type { NamespaceModule } from '../api/namespace-module.ts';
import { namespaceModules } from '../api/namespaces.ts';
import { Accelerometer } from '../state/accelerometer.ts';
import { type ButtonName, Buttons } from '../state/buttons.ts';
import { DisplayAnimator } from '../state/display-animator.ts';
import { FileStore } from '../state/file-store.ts';
import { GESTURE_EVENT_SOURCE, GestureDetector, gesturePoses } from '../state/gesture-detector.ts';
import { LedDisplay } from '../state/led-display.ts';
import { LightStrips } from '../state/light-strips.ts';
import { Microphone } from '../state/microphone.ts';
import { PinInputs } from '../state/pin-inputs.ts';
import { PitchOutput } from '../state/pitch-output.ts';
import { type RadioEndpoint, RadioMedium, type RadioPacket } from '../state/radio-medium.ts';
import { Pins } from '../state/pins.ts';
import { Sensors } from '../state/sensors.ts';
import { SerialPort } from '../state/serial-port.ts';
import { Speaker } from '../state/speaker.ts';
import { type TouchTargetName, TouchSensors, touchTargetIds } from '../state/touch-sensors.ts';
import { checkBoardState, isSensorKey, isTouchKey, pinIdOfKey, touchIdOfKey } from './board-state.ts';

export { boardStateKeys, checkBoardState, gestureNames } from './board-state.ts';

/** Event source of the radio (MICROBIT_ID_RADIO) and its "datagram received" value. */
const RADIO_EVENT = { source: 9, datagram: 1 } as const;
/** How long a reset board stays dark before its program starts again (spec 002: restart delay). */
export const RESET_DELAY_MS = 500;

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

export class Board implements BoardHost {
  readonly id: number;
  readonly clock: Clock;
  readonly display = new LedDisplay();
  readonly animator: DisplayAnimator;
  readonly buttons: Buttons;
  readonly serial: SerialPort;
  readonly sensors = new Sensors();
  readonly pins = new Pins();
  readonly accelerometer: Accelerometer;
  /** Gesture recognition from the accelerometer (input.onGesture, isGesture). */
  readonly gestures: GestureDetector;
  /** Pins P0-P2 and the logo as touch buttons. */
  readonly touch: TouchSensors;
  /** Levels applied to the pins from outside, and the events they raise. */
  readonly pinInputs: PinInputs;
  /** pins.analogPitch: the pitch pin and its volume (the tones go through `speaker`). */
  readonly pitch = new PitchOutput();
  /** RGB LED strips the program lights through light.sendWS2812Buffer (drawn beside the board). */
  readonly lightStrips = new LightStrips();
  readonly microphone: Microphone;
  readonly files = new FileStore();
  readonly radio: RadioEndpoint;
  readonly radioMedium: RadioMedium;
  /** Packets heard and not yet read by the program. */
  readonly radioInbox: RadioPacket[] = [];
  readonly serialNumber: number;
  /** The sound engine `music.*` drives, and the record of every note played. */
  readonly speaker: Speaker;
  /** How many times the program was restarted by control.reset. */
  resets = 0;
  private rt: Runtime;
  private readonly runtimeOptions: { limits?: Partial<RuntimeLimits>; seed: number };
  private readonly namespaces: readonly NamespaceModule[];
  private program: ProgramImage | undefined;
  private startedAt = 0;
  private resetTimer: TimerHandle | undefined;
  private readonly errorListeners = new Set<(error: RuntimeError) => void>();
  private readonly resetListeners = new Set<() => void>();

  constructor(options: BoardOptions) {
    this.id = options.id ?? 1;
    this.clock = options.clock;
    this.runtimeOptions = { seed: options.seed ?? this.id, ...(options.limits ? { limits: options.limits } : {}) };
    this.rt = this.createRuntime();
    this.animator = new DisplayAnimator(this.clock, this.display);
    this.buttons = new Buttons((source, value) => this.raise(source, value));
    this.serial = new SerialPort(this.clock);
    this.speaker = new Speaker(this.clock, new SoundEngine({ random: seededRandom(options.seed ?? this.id) }));
    this.serialNumber = options.serialNumber ?? 0x5eed0000 + this.id;
    this.namespaces = options.namespaces ?? namespaceModules;
    const raise = (source: number, value: number) => this.raise(source, value);
    this.accelerometer = new Accelerometer(this.sensors);
    this.gestures = new GestureDetector(this.clock, this.accelerometer, (gesture) =>
      this.raise(GESTURE_EVENT_SOURCE, gesture),
    );
    this.touch = new TouchSensors(this.clock, this.pins, raise);
    this.pinInputs = new PinInputs(this.clock, this.pins, raise);
    this.microphone = new Microphone(this.sensors, raise);
    this.sensors.onChange((key) => {
      if (key.startsWith('acceleration')) this.gestures.wake();
      else if (key === 'soundLevel') this.microphone.update();
    });
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
  }

  /** The running program's runtime (a new one after each control.reset). */
  get runtime(): Runtime {
    return this.rt;
  }

  /** The gesture the accelerometer last recognised (a Gesture value), 0 before any. */
  get gesture(): number {
    return this.gestures.last;
  }

  /** The program's `$api`: every namespace's host objects for this board. */
  api(): Record<string, unknown> {
    const api: Record<string, unknown> = {};
    for (const module of this.namespaces) Object.assign(api, module.create(this));
    return api;
  }

  /** Runs a compiled program; its errors arrive through `onError`. */
  start(program: ProgramImage): void {
    this.program = program;
    this.startedAt = this.clock.now();
    this.rt.start(program, this.api());
  }

  stop(): void {
    if (this.resetTimer !== undefined) this.clock.clear(this.resetTimer);
    this.resetTimer = undefined;
    this.rt.stop();
    this.gestures.stop();
  }

  /**
   * control.reset: the program stops at once, the board forgets what the program set up (LEDs,
   * pins, thresholds…; files, sensors and the serial line stay) and after RESET_DELAY_MS the
   * same program starts again from the top, with running time back at 0.
   */
  reset(): void {
    if (!this.program || this.resetTimer !== undefined || !this.rt.running) return;
    const program = this.program;
    const debug = this.rt.exec.debug;
    this.rt.stop();
    this.gestures.reset();
    this.microphone.reset();
    this.accelerometer.setRange(2);
    this.pins.resetProgramState();
    this.lightStrips.reset();
    this.pinInputs.reset();
    this.pitch.reset();
    this.radioInbox.length = 0;
    this.display.clear();
    this.display.setBrightness(255);
    this.display.mode = 'black-and-white';
    this.display.enabled = true;
    this.resets++;
    for (const listener of this.resetListeners) listener();
    this.resetTimer = this.clock.setTimeout(() => {
      this.resetTimer = undefined;
      this.rt = this.createRuntime();
      this.rt.exec.debug = debug;
      this.start(program);
    }, RESET_DELAY_MS);
  }

  /** Called when control.reset stops the program (before it starts again). */
  onReset(listener: () => void): () => void {
    this.resetListeners.add(listener);
    return () => this.resetListeners.delete(listener);
  }

  /** Runtime errors of the program, including runs after a reset. */
  onError(listener: (error: RuntimeError) => void): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  get error(): RuntimeError | undefined {
    return this.rt.error;
  }

  /** Milliseconds since the program started (input.runningTime, control.millis). */
  runningTime(): number {
    return this.clock.now() - this.startedAt;
  }

  /** Microseconds since the program started, wrapping like the device's counter (every ~18 min). */
  runningTimeMicros(): number {
    return Math.trunc(this.runningTime() * 1000) % 0x40000000;
  }

  /** Raises a (source, value) event on this board's bus. */
  raise(source: number, value: number, args: readonly unknown[] = []): void {
    if (this.rt.running) this.rt.bus.raise(source, value, args);
  }

  /** Presses `button` now and lets go after `holdMs` (a click, as fingers do). */
  click(button: ButtonName, holdMs = 100): void {
    this.buttons.press(button);
    this.clock.setTimeout(() => this.buttons.release(button), holdMs);
  }

  /** Touches a pin (P0-P2) or the logo now and lets go after `holdMs`. */
  tap(target: TouchTargetName, holdMs = 100): void {
    const id = touchTargetIds[target];
    this.touch.set(id, true);
    this.clock.setTimeout(() => this.touch.set(id, false), holdMs);
  }

  /**
   * The board was moved in a recognisable way (Gesture value, e.g. Shake = 11): raises its event.
   * A posture (logo up, screen down, free fall…) also leaves the accelerometer in that pose.
   */
  performGesture(gesture: number): void {
    const pose = gesturePoses[gesture];
    if (pose) {
      this.sensors.set('accelerationX', pose[0]);
      this.sensors.set('accelerationY', pose[1]);
      this.sensors.set('accelerationZ', pose[2]);
    }
    this.gestures.perform(gesture);
  }

  /**
   * Sets a board state by name (see boardStateKeys): a sensor reading, `gesture` (performs it),
   * `touchP0`…`touchLogo` (non-zero touches, 0 lets go) or `pinPn` (a level 0-1023 on pin n).
   * Unknown names are an error listing the valid ones.
   */
  setState(key: string, value: number): void {
    const checked = checkBoardState(key, value);
    if (isSensorKey(checked)) this.sensors.set(checked, value);
    else if (checked === 'gesture') this.performGesture(value);
    else if (isTouchKey(checked)) this.touch.set(touchIdOfKey(checked), value !== 0);
    else {
      const pin = pinIdOfKey(checked);
      if (pin !== undefined) this.pinInputs.apply(pin, value);
    }
  }

  private createRuntime(): Runtime {
    const runtime = new Runtime({
      clock: this.clock,
      seed: this.runtimeOptions.seed + this.resets * 7919,
      ...(this.runtimeOptions.limits ? { limits: this.runtimeOptions.limits } : {}),
    });
    runtime.onError((error) => {
      for (const listener of this.errorListeners) listener(error);
    });
    runtime.onStatus((status) => {
      if (status === 'running') return;
      this.animator.cancelAll();
      this.speaker.stopAll();
      if (status === 'failed') this.gestures.stop();
    });
    return runtime;
  }
}
