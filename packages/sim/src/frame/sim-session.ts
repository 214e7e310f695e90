// One run of a program in the frame: 1-3 boards on one clock and one radio medium, each running
// the same compiled program. Boards share the frame (rather than one frame per board with the
// editor relaying radio packets) so radio delivery is the same synchronous, ordered RadioMedium
// the headless World and the CLI use, a board can be added in a few milliseconds without
// loading another page, and one audio output plays every board (see README "Several boards").

import type { Clock } from '@blockyard/core';
import { RadioMedium, type SerialBatch } from '@blockyard/board-microbit/headless';
import type { ProgramImage, RuntimeError } from '@blockyard/runtime';
import { MAX_BOARDS } from '../protocol/protocol.ts';
import { SimBoard } from './sim-board.ts';

interface SessionHooks {
  onError(board: SimBoard, error: RuntimeError): void;
  onSerial(board: SimBoard, batch: SerialBatch): void;
  /** The first board's top-level code ran to its end. */
  onTopLevelDone(): void;
  onBoardsChanged(): void;
}

export interface SimSessionOptions {
  clock: Clock;
  program: ProgramImage;
  boards: number;
  hooks: SessionHooks;
  defer?: (callback: () => void) => void;
}

export class SimSession {
  readonly radio = new RadioMedium();
  private readonly list: SimBoard[] = [];
  private started = false;
  private stopped = false;
  private paused = false;

  constructor(private readonly options: SimSessionOptions) {
    const count = Math.max(1, Math.min(MAX_BOARDS, Math.trunc(options.boards)));
    for (let i = 0; i < count; i++) this.addBoard();
  }

  get boards(): readonly SimBoard[] {
    return this.list;
  }

  get program(): ProgramImage {
    return this.options.program;
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  board(id: number): SimBoard | undefined {
    return this.list.find((b) => b.id === id);
  }

  /** Starts the program on every board. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    for (const board of this.list) board.board.start(this.options.program);
  }

  /** Adds a board (running the same program from its start once the session runs); undefined at the limit. */
  addBoard(): SimBoard | undefined {
    if (this.stopped || this.list.length >= MAX_BOARDS) return undefined;
    const id = this.list.length + 1;
    const board = new SimBoard({
      clock: this.options.clock,
      id,
      radio: this.radio,
      seed: id,
      ...(this.options.defer ? { defer: this.options.defer } : {}),
    });
    this.list.push(board);
    const { hooks } = this.options;
    board.board.onError((error) => hooks.onError(board, error));
    board.board.serial.onBatch((batch) => hooks.onSerial(board, batch));
    if (id === 1) board.board.runtime.onMainDone(() => hooks.onTopLevelDone());
    if (this.started) board.board.start(this.options.program);
    if (this.paused) board.board.runtime.pause();
    hooks.onBoardsChanged();
    return board;
  }

  /** Removes the last board (never the first). */
  removeBoard(): void {
    if (this.list.length <= 1) return;
    this.list.pop()?.dispose();
    this.options.hooks.onBoardsChanged();
  }

  /** Stops every board; what is still buffered on the serial ports is sent first. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const board of this.list) {
      board.board.serial.flush();
      board.board.stop();
      board.board.speaker.stopAll();
    }
  }

  pause(): void {
    this.paused = true;
    for (const board of this.list) board.board.runtime.pause();
  }

  resume(): void {
    this.paused = false;
    for (const board of this.list) board.board.runtime.resume();
  }

  dispose(): void {
    this.stop();
    for (const board of this.list) board.dispose();
  }
}
