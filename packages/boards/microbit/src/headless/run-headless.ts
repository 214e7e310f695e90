// Runs a compiled program on one or more boards on a virtual clock, with scripted button
// presses and sensor changes, and reports what an observer would have seen: serial lines in
// time order, each board's LEDs at the end, and each board's runtime error. `blockyard run`
// prints this; program-level tests assert on it.

// Not the package's entry: it brings project code (and semver) into small bundles (see index.ts).
import { ManualClock } from '@blockyard/core/manual-clock';
import type { ProgramImage, RuntimeError, RuntimeLimits } from '@blockyard/runtime';
import { checkBoardState } from '../board/board.ts';
import { World } from '../board/world.ts';
import type { ButtonName } from '../state/buttons.ts';
import { type TouchTargetName, isTouchTargetName } from '../state/touch-sensors.ts';
import { AudioCapture } from './audio-capture.ts';
import { type SerialLine, SerialLineSplitter } from './serial-lines.ts';

export interface ScriptedPress {
  /** A button, or a touch target (pins P0-P2, the logo) touched for the same time. */
  button: ButtonName | TouchTargetName;
  /** Virtual time (ms) at which the button goes down; it is let go `holdMs` later. */
  at: number;
  /** 1-based board; defaults to board 1. */
  board?: number;
}

export interface ScriptedSetting {
  key: string;
  value: number;
  at: number;
  /** 1-based board; defaults to every board (sensors read the shared surroundings). */
  board?: number;
}

/** Text the computer sends to a board's serial port (`blockyard run --serial`). */
export interface ScriptedSerialInput {
  text: string;
  at: number;
  /** 1-based board; defaults to board 1. */
  board?: number;
}

export interface HeadlessRunOptions {
  program: ProgramImage;
  boards?: number;
  /** How long to run, in virtual ms (default 5000). */
  timeMs?: number;
  presses?: readonly ScriptedPress[];
  settings?: readonly ScriptedSetting[];
  /** How long a scripted press holds the button down (default 100 ms; the handler runs on release). */
  holdMs?: number;
  seed?: number;
  limits?: Partial<RuntimeLimits>;
  /** Serial input arriving at its times. */
  serialInput?: readonly ScriptedSerialInput[];
  /** Keep what the boards played: `audio` in the result (mono, 44,100 Hz, boards mixed). */
  audio?: boolean;
}

export interface BoardReport {
  id: number;
  /** Five rows of '#' (lit) and '.' (dark). */
  leds: string[];
  error: RuntimeError | undefined;
}

export interface HeadlessRunResult {
  lines: SerialLine[];
  boards: BoardReport[];
  world: World;
  /** Everything the boards played, mixed, exactly as long as the run (with `audio: true`). */
  audio?: Float32Array;
}

export const DEFAULT_RUN_MS = 5000;
export const DEFAULT_HOLD_MS = 100;

/**
 * A headless run set up but not started: `run()` runs it to its end. When something outside
 * stopped `run()` midway (the CLI's sandbox interrupts a program that spins past its real-time
 * limit), `finish()` still reports what was seen up to then.
 */
export interface HeadlessRun {
  readonly world: World;
  readonly clock: ManualClock;
  /** The serial lines seen so far, in the order they ended (the debugger prints them as they come). */
  readonly lines: readonly SerialLine[];
  run(): HeadlessRunResult;
  finish(): HeadlessRunResult;
}

export function runHeadless(options: HeadlessRunOptions): HeadlessRunResult {
  return prepareHeadlessRun(options).run();
}

export function prepareHeadlessRun(options: HeadlessRunOptions): HeadlessRun {
  const clock = new ManualClock();
  const world = new World({
    boards: options.boards ?? 1,
    clock,
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
  });
  const lines: SerialLine[] = [];
  const splitters = world.boards.map((board) => {
    const splitter = new SerialLineSplitter(board.id, (line) => lines.push(line));
    board.serial.onBatch((batch) => splitter.push(batch));
    return splitter;
  });
  const holdMs = options.holdMs ?? DEFAULT_HOLD_MS;
  for (const press of options.presses ?? []) {
    const board = world.board(press.board ?? 1);
    const target = press.button;
    clock.setTimeout(
      () => (isTouchTargetName(target) ? board.tap(target, holdMs) : board.click(target, holdMs)),
      Math.max(0, press.at),
    );
  }
  for (const setting of options.settings ?? []) {
    const targets = setting.board === undefined ? world.boards : [world.board(setting.board)];
    checkBoardState(setting.key, setting.value); // fail before running, not midway
    clock.setTimeout(
      () => {
        for (const board of targets) board.setState(setting.key, setting.value);
      },
      Math.max(0, setting.at),
    );
  }
  for (const input of options.serialInput ?? []) {
    const board = world.board(input.board ?? 1);
    clock.setTimeout(() => board.serial.input.receive(input.text), Math.max(0, input.at));
  }
  const sound = new AudioCapture(world.boards, options.audio ?? false);
  let finished: HeadlessRunResult | undefined;
  const finish = (): HeadlessRunResult => {
    if (finished) return finished;
    const audio = sound.finish(clock.now());
    world.boards.forEach((board, i) => {
      board.serial.flush();
      splitters[i]!.end(clock.now());
    });
    world.stop();
    finished = {
      lines,
      boards: world.boards.map((board) => ({ id: board.id, leds: board.display.rows(), error: board.error })),
      world,
      ...(audio ? { audio } : {}),
    };
    return finished;
  };
  return {
    world,
    clock,
    lines,
    run() {
      world.start(options.program);
      clock.advance(options.timeMs ?? DEFAULT_RUN_MS);
      return finish();
    },
    finish,
  };
}
