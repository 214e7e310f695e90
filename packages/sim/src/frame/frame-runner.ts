// The simulator frame's side of the protocol: it receives messages from the editor (only from
// allowed origins, spec 002 §5, and only valid ones), runs programs on 1-3 boards with the
// injected clock, and reports back: ready, status, serial batches, top-level done, runtime errors
// as exception breakpoints, screenshots, thumbnails, recordings. The page composes it with the
// real clock, audio output, program loader and the board view's capture; tests use a
// ManualClock and fakes.

import type { Clock, TimerHandle } from '@blockyard/core';
import type { SerialBatch } from '@blockyard/board-microbit';
import type { ProgramImage, RuntimeError } from '@blockyard/runtime';
import { GifRecorder, type RgbaFrame } from '../capture/gif-recorder.ts';
import { ThumbnailRecorder } from '../capture/thumbnail-recorder.ts';
import { RESTART_DELAY_MS } from '../driver/simulator-state.ts';
import { type OriginPolicy, isAllowedOrigin } from '../protocol/origin-check.ts';
import {
  type FrameToHostMessage,
  type HostToFrameMessage,
  MAX_BOARDS,
  type RunMessage,
  type SimTheme,
  parseHostToFrameMessage,
} from '../protocol/protocol.ts';
import { type ProgramUsage, detectUsage, noUsage } from './program-usage.ts';
import type { SimBoard } from './sim-board.ts';
import { SimSession } from './sim-session.ts';
import { SoundMix } from './sound-mix.ts';

/** A PNG file and its size. */
export interface Picture {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Pictures of the board view, from the page (SVG drawn on a canvas). */
export interface FrameCapture {
  /** A PNG of the first board, `width` px wide (the spec's rule when undefined). */
  screenshot(width: number | undefined): Promise<Picture>;
  /** A small PNG of the first board for the project card. */
  thumbnail(): Promise<Picture>;
  /** The first board's pixels for a GIF frame. */
  pixels(width: number | undefined): Promise<RgbaFrame>;
}

/** The audio output the page plays the boards' sound through. */
export interface FrameAudio {
  setMuted(muted: boolean): void;
  /** Stops what is sounding now (15 ms fade). */
  stop(): void;
}

export interface FrameRunnerOptions {
  frameId: string;
  clock: Clock;
  post: (message: FrameToHostMessage) => void;
  /** Makes program text startable (a blob: module in the browser); rejects on a syntax error. */
  preload: (js: string) => Promise<void>;
  policy: OriginPolicy;
  capture?: FrameCapture;
  audio?: FrameAudio;
  defer?: (callback: () => void) => void;
  /** Problems worth a log line (a failed screenshot). */
  log?: (message: string) => void;
}

/**
 * What the frame shows: `waiting` before any program, `loading` while a program is being
 * started (driver Pending/Starting: loader), `running`, `paused` (click-blocking overlay),
 * `stopped` (driver Stopped/Suspended: play icon).
 */
export type FramePhase = 'waiting' | 'loading' | 'running' | 'paused' | 'stopped';

export interface FrameError {
  message: string;
  board: number;
  file?: string;
  line?: number;
}

export interface FrameViewState {
  readonly phase: FramePhase;
  readonly boards: readonly SimBoard[];
  readonly usage: ProgramUsage;
  readonly muted: boolean;
  readonly recording: boolean;
  readonly theme: SimTheme;
  readonly highContrast: boolean;
  readonly error: FrameError | undefined;
  readonly focused: boolean;
}

export class FrameRunner {
  readonly sound = new SoundMix();
  private session: SimSession | undefined;
  private runtimeId: string | undefined;
  private runToken = 0;
  private wantedBoards = 1;
  private restartTimer: TimerHandle | undefined;
  private state: FrameViewState = {
    phase: 'waiting',
    boards: [],
    usage: noUsage,
    muted: false,
    recording: false,
    theme: 'blue',
    highContrast: false,
    error: undefined,
    focused: false,
  };
  private readonly listeners = new Set<() => void>();
  private readonly thumbnails: ThumbnailRecorder<Picture>;
  private readonly recorder: GifRecorder;
  private readonly soundLinks: (() => void)[] = [];

  constructor(private readonly options: FrameRunnerOptions) {
    this.thumbnails = new ThumbnailRecorder<Picture>({
      clock: options.clock,
      capture: () => (options.capture ? options.capture.thumbnail() : Promise.reject(new Error('no capture'))),
      version: () => this.session?.boards[0]?.getSnapshot().ledVersion ?? 0,
      onDone: (frames) => this.sendThumbnail(frames),
    });
    this.recorder = new GifRecorder({
      clock: options.clock,
      grab: () => {
        if (!options.capture) return Promise.reject(new Error('no capture'));
        return options.capture.pixels(undefined);
      },
      onAutoStop: () => this.stopRecording(),
    });
  }

  /** Tells the editor the frame is ready for a program. */
  start(): void {
    this.options.post({ type: 'ready', frameid: this.options.frameId });
  }

  // --- view side

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getState(): FrameViewState {
    return this.state;
  }

  /** Called once per animation frame: each board shows its next LED state. */
  tick(): void {
    for (const board of this.session?.boards ?? []) board.presentFrame();
  }

  get boards(): readonly SimBoard[] {
    return this.session?.boards ?? [];
  }

  // --- messages

  /**
   * A window message arrived. Returns true when it was acted on; messages from origins outside
   * the allow-list (unless the frame is on a local host) and invalid messages are ignored.
   */
  receive(data: unknown, origin: string): boolean {
    if (!isAllowedOrigin(origin, this.options.policy)) return false;
    let message: HostToFrameMessage | undefined;
    try {
      message = parseHostToFrameMessage(data);
    } catch {
      return false;
    }
    if (!message) return false;
    this.handle(message);
    return true;
  }

  handle(message: HostToFrameMessage): void {
    switch (message.type) {
      case 'run':
        void this.run(message);
        break;
      case 'stop':
        this.stop();
        break;
      case 'mute':
        this.setMuted(message.mute);
        break;
      case 'stopsound':
        this.stopSound();
        break;
      case 'recorder':
        if (message.action === 'start') this.startRecording();
        else this.stopRecording();
        break;
      case 'screenshot':
        void this.screenshot(message.width, message.requestId, false);
        break;
      case 'debugger':
        if (message.subtype === 'pause') this.pause();
        else this.resume();
        break;
      case 'simulator':
        this.update({ focused: message.command === 'focus' });
        break;
      case 'eventbus':
        for (const board of this.targets(message.board)) board.board.raise(message.id, message.eventid);
        break;
      case 'serial':
        for (const board of this.targets(message.board)) board.board.serial.input.receive(message.data);
        break;
      // Breadboard instructions, printing (blocked in the sandbox) and custom part messages
      // have nothing to act on for the micro:bit board.
      case 'instructions':
      case 'print':
      case 'custom':
        break;
    }
  }

  // --- program lifecycle

  async run(message: RunMessage): Promise<void> {
    const token = ++this.runToken;
    this.endSession();
    this.runtimeId = message.id;
    const usage = detectUsage(message.code);
    if (message.mute !== undefined) this.setMuted(message.mute, false);
    this.update({
      phase: 'loading',
      usage,
      theme: message.options?.theme ?? message.theme ?? this.state.theme,
      highContrast: message.highContrast ?? this.state.highContrast,
      error: undefined,
      boards: [],
    });
    const program: ProgramImage = { js: message.code, positions: message.positions, hostNames: message.hostNames };
    try {
      await this.options.preload(message.code);
    } catch (error) {
      if (token !== this.runToken) return;
      this.report({ message: `The program could not be loaded: ${describe(error)}`, board: 1 }, String(error));
      this.update({ phase: 'stopped' });
      return;
    }
    if (token !== this.runToken) return;
    const boards = usage.radio ? Math.max(message.boards, this.wantedBoards) : message.boards;
    // Hooks may fire while the session is being built; they act only for the current session.
    const built: { session?: SimSession } = {};
    const isCurrent = () => built.session !== undefined && this.session === built.session;
    const session = new SimSession({
      clock: this.options.clock,
      program,
      boards: Math.min(MAX_BOARDS, boards),
      ...(this.options.defer ? { defer: this.options.defer } : {}),
      hooks: {
        onError: (board, error) => {
          if (isCurrent()) this.onRuntimeError(board, error);
        },
        onSerial: (board, batch) => {
          if (isCurrent()) this.onSerial(board, batch);
        },
        onTopLevelDone: () => {
          if (isCurrent()) {
            this.options.post({
              type: 'toplevelcodefinished',
              frameid: this.options.frameId,
              runtimeid: message.id,
            });
          }
        },
        onBoardsChanged: () => {
          if (isCurrent()) this.linkBoards(session);
        },
      },
    });
    built.session = session;
    this.session = session;
    this.options.post({ type: 'status', frameid: this.options.frameId, runtimeid: message.id, state: 'running' });
    this.update({ phase: 'running' });
    session.start();
    this.linkBoards(session);
    this.thumbnails.start();
  }

  /** Stops the program (the driver's stop, or the frame killing it); recording and thumbnails end. */
  stop(): void {
    this.runToken++;
    if (this.restartTimer !== undefined) this.options.clock.clear(this.restartTimer);
    this.restartTimer = undefined;
    const wasRunning = this.session !== undefined && !this.session.isStopped;
    this.session?.stop();
    this.stopRecording();
    this.thumbnails.stop();
    if (wasRunning && this.runtimeId !== undefined) {
      this.options.post({ type: 'status', frameid: this.options.frameId, runtimeid: this.runtimeId, state: 'killed' });
    }
    if (this.state.phase !== 'waiting') this.update({ phase: 'stopped' });
  }

  /**
   * The program asked for a restart (control.reset): it is killed now and the restart command
   * goes to the editor after 500 ms (spec 002 §4), as a device takes a moment to reboot.
   */
  restartProgram(): void {
    this.stop();
    this.restartTimer = this.options.clock.setTimeout(() => {
      this.restartTimer = undefined;
      this.options.post({ type: 'simulator', command: 'restart' });
    }, RESTART_DELAY_MS);
  }

  /** The learner pressed restart (or the play icon) in the frame: the editor restarts at once. */
  requestRestart(): void {
    this.options.post({ type: 'simulator', command: 'restart' });
  }

  pause(): void {
    if (this.state.phase !== 'running' || !this.session) return;
    this.session.pause();
    this.update({ phase: 'paused' });
    this.options.post({
      type: 'debugger',
      subtype: 'breakpoint',
      breakpointId: 0,
      ...(this.runtimeId !== undefined ? { runtimeid: this.runtimeId } : {}),
    });
  }

  resume(): void {
    if (this.state.phase !== 'paused' || !this.session) return;
    this.session.resume();
    this.update({ phase: 'running' });
  }

  // --- boards

  /** Adds a board sharing the radio (radio programs, up to 3). */
  addBoard(): void {
    const board = this.session?.addBoard();
    if (board) this.wantedBoards = this.session?.boards.length ?? 1;
  }

  removeBoard(): void {
    this.session?.removeBoard();
    this.wantedBoards = this.session?.boards.length ?? 1;
  }

  // --- sound

  setMuted(muted: boolean, fromUser = false): void {
    this.options.audio?.setMuted(muted);
    this.update({ muted });
    if (fromUser) this.options.post({ type: 'setmutebuttonstate', state: muted ? 'muted' : 'unmuted' });
  }

  stopSound(): void {
    for (const board of this.session?.boards ?? []) board.board.speaker.stopAll();
    this.options.audio?.stop();
  }

  // --- pictures

  async screenshot(width: number | undefined, requestId: string | undefined, fromUser: boolean): Promise<void> {
    const capture = this.options.capture;
    if (!capture) return;
    try {
      const shot = await capture.screenshot(width);
      this.options.post({
        type: 'screenshot',
        data: shot.data,
        width: shot.width,
        height: shot.height,
        time: this.options.clock.now(),
        delay: 0,
        ...(requestId !== undefined ? { requestId } : {}),
        ...(fromUser ? { fromUser } : {}),
      });
    } catch (error) {
      // Spec 002 §8: a failed screenshot logs the error and yields nothing.
      this.options.log?.(`screenshot failed: ${describe(error)}`);
      this.options.post({ type: 'error', category: 'simulator', message: 'screenshot failed' });
    }
  }

  startRecording(): void {
    if (this.recorder.recording || !this.options.capture) return;
    this.recorder.start();
    this.update({ recording: true });
    this.options.post({ type: 'recorder', action: 'start' });
  }

  stopRecording(): void {
    if (!this.recorder.recording) return;
    const gif = this.recorder.stop();
    this.update({ recording: false });
    this.options.post({
      type: 'recorder',
      action: 'stop',
      ...(gif ? { data: gif.data, width: gif.width, height: gif.height } : {}),
    });
  }

  /** The learner touched a board: thumbnails keep going for another 10 s. */
  interaction(): void {
    this.thumbnails.interaction();
  }

  dispose(): void {
    this.stop();
    this.endSession();
    this.listeners.clear();
  }

  // --- internals

  private targets(board: number | undefined): readonly SimBoard[] {
    const boards = this.session?.boards ?? [];
    return board === undefined ? boards : boards.filter((b) => b.id === board);
  }

  private endSession(): void {
    this.thumbnails.cancel();
    this.stopRecording();
    for (const unlink of this.soundLinks.splice(0)) unlink();
    this.session?.dispose();
    this.session = undefined;
  }

  /** Keeps the sound mix, interaction listeners and view state in step with the session's boards. */
  private linkBoards(session: SimSession): void {
    for (const unlink of this.soundLinks.splice(0)) unlink();
    for (const board of session.boards) {
      this.soundLinks.push(this.sound.add(board.sound));
      this.soundLinks.push(board.onInteraction(() => this.interaction()));
    }
    this.update({ boards: [...session.boards] });
  }

  private onSerial(board: SimBoard, batch: SerialBatch): void {
    this.options.post({
      type: 'bulkserial',
      id: this.options.frameId,
      sim: true,
      data: [{ time: batch.time, data: batch.data, board: board.id }],
    });
  }

  private onRuntimeError(board: SimBoard, error: RuntimeError): void {
    const position = error.position;
    this.report(
      {
        message: error.message,
        board: board.id,
        ...(position ? { file: position.file, line: position.line } : {}),
      },
      error.jsStack,
    );
  }

  /** An uncaught error: the breakpoint message with exceptionMessage and stack (spec 002 §8). */
  private report(error: FrameError, stack: string): void {
    this.update({ error });
    this.options.post({
      type: 'debugger',
      subtype: 'breakpoint',
      exceptionMessage: error.message,
      exceptionStack: stack.slice(0, 10_000),
      stackframes:
        error.line !== undefined ? [{ name: 'main', file: error.file ?? 'main.ts', line: error.line, column: 1 }] : [],
      board: error.board,
      ...(this.runtimeId !== undefined ? { runtimeid: this.runtimeId } : {}),
    });
  }

  private sendThumbnail(frames: Picture[]): void {
    const last = frames.at(-1);
    if (!last) return;
    this.options.post({
      type: 'thumbnail',
      frames: frames.map((frame) => frame.data),
      width: last.width,
      height: last.height,
    });
  }

  private update(changes: Partial<FrameViewState>): void {
    this.state = { ...this.state, ...changes };
    for (const listener of this.listeners) listener();
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
