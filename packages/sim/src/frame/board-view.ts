// One board as the simulator page draws it: the LED states and board state the program worker
// sent (already checked), an LED presenter that shows one state per animation frame, and the
// view's inputs, which go to the worker. The page never runs the program itself.

import { type ButtonName, type SensorValues, defaultSensorValues } from '@blockyard/board-microbit';
import type { TouchPin } from './gestures.ts';
import { LED_COUNT, LedPresenter } from './led-presenter.ts';
import type { BoardState } from './sim-board.ts';
import type { BoardInput, WorkerBoardState } from './worker/worker-protocol.ts';

export interface BoardSnapshot extends BoardState {
  readonly id: number;
  /** The 25 LEDs as shown (0-255, row by row), display brightness applied. */
  readonly leds: Uint8Array;
  /** Increases with every LED state shown. */
  readonly ledVersion: number;
}

const initialState: BoardState = {
  pressed: { A: false, B: false },
  pinsTouched: [false, false, false],
  pinLevels: [0, 0, 0],
  logoTouched: false,
  sensors: { ...defaultSensorValues },
  gesture: 0,
  strips: [],
};

export class BoardView {
  readonly presenter = new LedPresenter();
  private state: BoardState = initialState;
  private snapshot: BoardSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly interactionListeners = new Set<() => void>();

  constructor(
    readonly id: number,
    private readonly send: (input: BoardInput) => void,
  ) {
    this.snapshot = this.makeSnapshot();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getSnapshot(): BoardSnapshot {
    return this.snapshot;
  }

  /** Told about every learner interaction (thumbnails stop 10 s after the last one). */
  onInteraction(listener: () => void): () => void {
    this.interactionListeners.add(listener);
    return () => this.interactionListeners.delete(listener);
  }

  // --- from the worker

  /** LED states the worker committed (25 values each, in order). */
  pushLeds(states: Uint8Array): void {
    for (let i = 0; i + LED_COUNT <= states.length; i += LED_COUNT) {
      this.presenter.push(states.subarray(i, i + LED_COUNT));
    }
  }

  /** The board state the worker sent (checked); sensors it does not name keep their values. */
  setState(state: WorkerBoardState): void {
    const sensors = { ...this.state.sensors };
    for (const key of Object.keys(defaultSensorValues) as (keyof SensorValues)[]) {
      const value = state.sensors[key];
      if (value !== undefined) sensors[key] = value;
    }
    const level = (value: number) => Math.max(0, Math.min(1023, Math.round(value)));
    const [p0, p1, p2] = state.pinLevels;
    this.state = { ...state, sensors, pinLevels: [level(p0), level(p1), level(p2)] };
    this.refresh();
  }

  /** Called once per animation frame; shows the next waiting LED state. */
  presentFrame(): void {
    if (this.presenter.nextFrame()) this.refresh();
  }

  // --- inputs from the view: applied in the worker, whose state comes back; presses and
  // touches show at once (the worker's next state confirms them)

  press(button: ButtonName): void {
    this.interacted();
    this.send({ kind: 'press', button });
    this.showPressed(button, true);
  }

  release(button: ButtonName): void {
    this.send({ kind: 'release', button });
    this.showPressed(button, false);
  }

  touchPin(pin: TouchPin, touched: boolean): void {
    if (touched) this.interacted();
    this.send({ kind: 'touchPin', pin, touched });
    const pinsTouched: [boolean, boolean, boolean] = [...this.state.pinsTouched];
    pinsTouched[pin] = touched;
    this.state = { ...this.state, pinsTouched };
    this.refresh();
  }

  /** An analog level (0-1023) on P0-P2, as a wire would give; the worker clamps and applies it. */
  setPinLevel(pin: TouchPin, level: number): void {
    this.interacted();
    const value = Math.max(0, Math.min(1023, Math.round(level)));
    this.send({ kind: 'pinLevel', pin, level: value });
    const pinLevels: [number, number, number] = [...this.state.pinLevels];
    pinLevels[pin] = value;
    this.state = { ...this.state, pinLevels };
    this.refresh();
  }

  touchLogo(touched: boolean): void {
    if (touched) this.interacted();
    this.send({ kind: 'touchLogo', touched });
    this.state = { ...this.state, logoTouched: touched };
    this.refresh();
  }

  get logoTouched(): boolean {
    return this.state.logoTouched;
  }

  setSensor(key: keyof SensorValues, value: number): void {
    this.interacted();
    this.send({ kind: 'sensor', key, value });
  }

  gesture(value: number): void {
    this.interacted();
    this.send({ kind: 'gesture', value });
  }

  tilt(nx: number, ny: number): void {
    this.interacted();
    this.send({ kind: 'tilt', nx, ny });
  }

  /** Blank LEDs and the board as at its start, for the next run (the drawing stays). */
  reset(): void {
    this.presenter.reset();
    this.state = initialState;
    this.refresh();
  }

  dispose(): void {
    this.listeners.clear();
    this.interactionListeners.clear();
  }

  private showPressed(button: ButtonName, pressed: boolean): void {
    const both = button === 'AB';
    this.state = {
      ...this.state,
      pressed: {
        A: both || button === 'A' ? pressed : this.state.pressed.A,
        B: both || button === 'B' ? pressed : this.state.pressed.B,
      },
    };
    this.refresh();
  }

  private interacted(): void {
    for (const listener of this.interactionListeners) listener();
  }

  private refresh(): void {
    this.snapshot = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }

  private makeSnapshot(): BoardSnapshot {
    return { ...this.state, id: this.id, leds: this.presenter.leds, ledVersion: this.presenter.shownVersion };
  }
}
