// One simulated board in the program worker: the micro:bit `Board` (program, LEDs, buttons,
// sensors…) and its sound engine. LED changes of one burst of program work become one LED state
// (`onLeds`); what else the view shows (buttons held, touches, sensors, gesture) is `getState`.
// Inputs from the view (presses, touches, sensor changes, gestures) come in here and become the
// device's events. The page draws it from what the worker sends (board-view.ts).

import type { Clock } from '@blockyard/core';
import {
  Board,
  type ButtonName,
  LOGO_ID,
  PIN_ID_BASE,
  type RadioMedium,
  type SensorValues,
} from '@blockyard/board-microbit/headless';
import type { SoundEngine } from '@blockyard/sound';
import { type TouchPin, tiltAcceleration } from './gestures.ts';
import { LED_COUNT } from './led-presenter.ts';

/** What the view shows of a board besides its LEDs. */
export interface BoardState {
  readonly pressed: { readonly A: boolean; readonly B: boolean };
  readonly pinsTouched: readonly [boolean, boolean, boolean];
  /** The level applied to P0, P1, P2 from outside (0-1023; 0 when nothing is applied). */
  readonly pinLevels: readonly [number, number, number];
  readonly logoTouched: boolean;
  readonly sensors: Readonly<SensorValues>;
  /** The last gesture performed (Gesture value), 0 before any. */
  readonly gesture: number;
  /** LED strips the program lit (light.sendWS2812Buffer), drawn beside the board. */
  readonly strips: readonly StripState[];
}

/** One LED strip as the view draws it. */
interface StripState {
  /** The edge pin number (0 for P0). */
  readonly pin: number;
  /** Each LED's colour as 0xRRGGBB, first LED first. */
  readonly colours: readonly number[];
}

export interface SimBoardOptions {
  clock: Clock;
  id: number;
  radio: RadioMedium;
  seed?: number;
  /** Runs `callback` after the current burst of program work (queueMicrotask in browsers). */
  defer?: (callback: () => void) => void;
}

export class SimBoard {
  readonly board: Board;
  private snapshot: BoardState;
  private commitQueued = false;
  private stripsQueued = false;
  private readonly listeners = new Set<() => void>();
  private readonly ledListeners = new Set<(state: Uint8Array) => void>();
  private readonly interactionListeners = new Set<() => void>();
  private readonly defer: (callback: () => void) => void;
  private readonly unsubscribe: () => void;

  constructor(options: SimBoardOptions) {
    this.board = new Board({
      clock: options.clock,
      id: options.id,
      radio: options.radio,
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
    });
    this.defer = options.defer ?? ((callback) => queueMicrotask(callback));
    const unsubscribeLeds = this.board.display.onChange(() => this.queueCommit());
    const unsubscribeStrips = this.board.lightStrips.onChange(() => this.queueStrips());
    this.unsubscribe = () => {
      unsubscribeLeds();
      unsubscribeStrips();
    };
    this.snapshot = this.makeSnapshot();
  }

  get id(): number {
    return this.board.id;
  }

  /** The board speaker's sound engine (music.*); the frame mixes every board's into its output. */
  get sound(): SoundEngine {
    return this.board.speaker.engine;
  }

  // --- view side

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getState(): BoardState {
    return this.snapshot;
  }

  /** Hears each committed LED state (25 values, brightness applied). */
  onLeds(listener: (state: Uint8Array) => void): () => void {
    this.ledListeners.add(listener);
    return () => this.ledListeners.delete(listener);
  }

  /** Told about every learner interaction (thumbnails stop 10 s after the last one). */
  onInteraction(listener: () => void): () => void {
    this.interactionListeners.add(listener);
    return () => this.interactionListeners.delete(listener);
  }

  // --- inputs

  press(button: ButtonName): void {
    this.interacted();
    this.board.buttons.press(button);
    this.refresh();
  }

  release(button: ButtonName): void {
    if (!this.board.buttons.isPressed(button)) return;
    this.board.buttons.release(button);
    this.refresh();
  }

  /** A finger on or off edge pin 0, 1 or 2 (the board raises the touch events). */
  touchPin(pin: TouchPin, touched: boolean): void {
    this.touch(PIN_ID_BASE + pin, touched);
  }

  /** Applies a level (0-1023, as a sensor or a wire would) to edge pin 0, 1 or 2. */
  setPinLevel(pin: TouchPin, level: number): void {
    if (!Number.isFinite(level)) return;
    this.interacted();
    this.board.setState(`pinP${pin}`, Math.max(0, Math.min(1023, Math.round(level))));
    this.refresh();
  }

  touchLogo(touched: boolean): void {
    this.touch(LOGO_ID, touched);
  }

  get logoTouched(): boolean {
    return this.board.touch.isTouched(LOGO_ID);
  }

  /** Sets a sensor reading (light level, temperature, compass heading, sound level, acceleration). */
  setSensor(key: keyof SensorValues, value: number): void {
    this.interacted();
    this.board.setState(key, value);
    this.refresh();
  }

  /** Performs a gesture (Gesture value); the board leaves the accelerometer in its pose. */
  gesture(value: number): void {
    this.interacted();
    this.board.performGesture(value);
    this.refresh();
  }

  /** Tilts the board by the pointer (see tiltAcceleration). */
  tilt(nx: number, ny: number): void {
    this.interacted();
    this.setAcceleration(tiltAcceleration(nx, ny));
    this.refresh();
  }

  dispose(): void {
    this.unsubscribe();
    this.board.stop();
    this.board.radio.enabled = false;
    this.board.speaker.stopAll();
    this.listeners.clear();
    this.ledListeners.clear();
    this.interactionListeners.clear();
  }

  /**
   * The LED state now: 25 values with the display's brightness applied. In black-and-white mode
   * a lit LED shows at the display brightness whatever its own level, as on the device.
   */
  ledState(): Uint8Array {
    const display = this.board.display;
    const out = new Uint8Array(LED_COUNT);
    if (!display.enabled) return out;
    const grey = display.mode === 'greyscale';
    for (let y = 0; y < 5; y++) {
      for (let x = 0; x < 5; x++) {
        const level = display.image.get(x, y);
        out[y * 5 + x] = Math.round(((grey ? level : level > 0 ? 255 : 0) * display.brightness) / 255);
      }
    }
    return out;
  }

  private setAcceleration([x, y, z]: readonly [number, number, number]): void {
    const sensors = this.board.sensors;
    sensors.set('accelerationX', x);
    sensors.set('accelerationY', y);
    sensors.set('accelerationZ', z);
  }

  private touch(id: number, touched: boolean): void {
    if (this.board.touch.isTouched(id) === touched) return;
    if (touched) this.interacted();
    this.board.touch.set(id, touched);
    this.refresh();
  }

  private interacted(): void {
    for (const listener of this.interactionListeners) listener();
  }

  /** LED changes inside one burst of program work become one state, taken when it yields. */
  private queueCommit(): void {
    if (this.commitQueued) return;
    this.commitQueued = true;
    this.defer(() => {
      this.commitQueued = false;
      const state = this.ledState();
      for (const listener of this.ledListeners) listener(state);
    });
  }

  /** A strip sent many times in one burst of program work is drawn once, when it yields. */
  private queueStrips(): void {
    if (this.stripsQueued) return;
    this.stripsQueued = true;
    this.defer(() => {
      this.stripsQueued = false;
      this.refresh();
    });
  }

  private refresh(): void {
    this.snapshot = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }

  private makeSnapshot(): BoardState {
    const pins = this.board.pins;
    return {
      pressed: { A: this.board.buttons.isPressed('A'), B: this.board.buttons.isPressed('B') },
      pinsTouched: [!!pins.get(0)?.touched, !!pins.get(1)?.touched, !!pins.get(2)?.touched],
      pinLevels: [pins.get(0)?.input ?? 0, pins.get(1)?.input ?? 0, pins.get(2)?.input ?? 0],
      logoTouched: this.logoTouched,
      sensors: { ...this.board.sensors.values },
      gesture: this.board.gesture,
      strips: this.board.lightStrips.list().map((strip) => ({ pin: strip.pin - PIN_ID_BASE, colours: strip.colours })),
    };
  }
}
