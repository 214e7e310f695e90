// The program worker's body: the learner's program runs here, on 1-3 boards of one SimSession,
// and nowhere else. A dedicated worker has no window: it cannot reach the editor, the page's
// DOM or the frame's messages to the editor; all it can do is post to its page, which checks
// and paces every message (frame-runner.ts). This side sends LED states (batched, one flush per
// 16 ms), board states, serial batches (cut to MAX_WORKER_SERIAL_CHARS), runtime errors, sound
// samples on request, and answers pings (the page's watchdog).

import type { Clock, TimerHandle } from '@blockyard/core';
import type { SerialBatch } from '@blockyard/board-microbit/headless';
import type { LoadedProgram, PositionTable, RuntimeError } from '@blockyard/runtime';
import { MAX_BOARDS } from '../../protocol/protocol.ts';
import type { SimBoard } from '../sim-board.ts';
import { SimSession } from '../sim-session.ts';
import { SoundMix } from '../sound-mix.ts';
import { WorkerDebugger } from './worker-debugger.ts';
import {
  type BoardInput,
  MAX_ERROR_CHARS,
  MAX_LED_STATES,
  MAX_SAMPLE_FRAMES,
  MAX_STACK_CHARS,
  MAX_WORKER_SERIAL_CHARS,
  type PageToWorker,
  type WorkerToPage,
} from './worker-protocol.ts';

/** How often pending LED and board states go to the page (about one screen frame). */
const WORKER_FLUSH_MS = 16;
/** Serial characters per board per batch passed on; the rest is dropped with a note. */
const MAX_SERIAL_PER_BATCH = 4 * MAX_WORKER_SERIAL_CHARS;

export interface ProgramWorkerScope {
  postMessage(message: WorkerToPage, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export interface ProgramWorkerOptions {
  clock: Clock;
  /** The program text, evaluated by the runtime when `loaded` is absent (tests). */
  js: string;
  /** The program the worker's script already loaded (the page's CSP refuses string evaluation). */
  loaded?: LoadedProgram;
  defer?: (callback: () => void) => void;
  /**
   * Ms since the Unix epoch when `clock` read 0 (the worker's performance.timeOrigin): serial
   * entries are stamped on that epoch clock, as the page stamps a real board's (serial-time.ts).
   * 0 keeps the clock's own readings (tests).
   */
  timeOrigin?: number;
}

interface Pending {
  leds: Uint8Array[];
  state: boolean;
}

export class ProgramWorker {
  session: SimSession | undefined;
  private readonly sound = new SoundMix();
  private readonly links: (() => void)[] = [];
  private readonly pending = new Map<number, Pending>();
  private debugger: WorkerDebugger | undefined;
  /** Boards the debugger is attached to. */
  private readonly attached = new Set<number>();
  private flushTimer: TimerHandle | undefined;

  constructor(
    private readonly scope: ProgramWorkerScope,
    private readonly options: ProgramWorkerOptions,
  ) {
    scope.addEventListener('message', (event) => this.receive(event.data));
    this.post({ type: 'ready' });
  }

  private post(message: WorkerToPage, transfer?: Transferable[]): void {
    this.scope.postMessage(message, transfer);
  }

  receive(data: unknown): void {
    if (typeof data !== 'object' || data === null) return;
    const message = data as PageToWorker;
    switch (message.type) {
      case 'start':
        this.start(
          message.boards,
          message.positions as PositionTable,
          message.hostNames,
          statementsOf(message.statements),
          message.breakpoints,
          message.traceInterval,
        );
        break;
      case 'debugger':
        this.debugger?.apply(message);
        break;
      case 'stop':
        this.stop();
        break;
      case 'pause':
        this.session?.pause();
        break;
      case 'resume':
        this.session?.resume();
        break;
      case 'input': {
        const board = this.session?.board(message.board);
        if (board) applyInput(board, message.input);
        break;
      }
      case 'event':
        for (const board of this.targets(message.board)) board.board.raise(message.id, message.value);
        break;
      case 'serial':
        for (const board of this.targets(message.board)) board.board.serial.input.receive(String(message.data));
        break;
      case 'boards':
        this.setBoards(message.count);
        break;
      case 'audio': {
        const frames = Math.max(0, Math.min(MAX_SAMPLE_FRAMES, Math.trunc(message.frames) || 0));
        if (frames === 0) break;
        const samples = this.sound.render(frames) as Float32Array<ArrayBuffer>;
        this.post({ type: 'samples', samples }, [samples.buffer]);
        break;
      }
      case 'stopsound':
        for (const board of this.session?.boards ?? []) board.board.speaker.stopAll();
        break;
      case 'ping':
        this.post({ type: 'pong', n: Number(message.n) || 0 });
        break;
    }
  }

  private start(
    boards: number,
    positions: PositionTable,
    hostNames: string[],
    statements: [number, number, number][] | undefined,
    breakpoints: unknown,
    traceInterval: unknown,
  ): void {
    this.endSession();
    const program = {
      js: this.options.js,
      positions,
      hostNames,
      ...(statements ? { statements } : {}),
      ...(this.options.loaded ? { loaded: this.options.loaded } : {}),
    };
    // A debug build gets debuggers on its boards; a release build has no hooks to attach to.
    this.debugger = statements
      ? new WorkerDebugger(
          (message) => this.post(message),
          Array.isArray(breakpoints) ? breakpoints.filter((n): n is number => Number.isInteger(n)) : [],
          typeof traceInterval === 'number' ? traceInterval : 0,
        )
      : undefined;
    this.attached.clear();
    const built: { session?: SimSession } = {};
    const isCurrent = () => built.session !== undefined && this.session === built.session;
    const session = new SimSession({
      clock: this.options.clock,
      program,
      boards: Math.max(1, Math.min(MAX_BOARDS, Math.trunc(boards) || 1)),
      ...(this.options.defer ? { defer: this.options.defer } : {}),
      hooks: {
        onError: (board, error) => {
          if (isCurrent()) this.onError(board, error);
        },
        onSerial: (board, batch) => {
          if (isCurrent()) this.onSerial(board, batch);
        },
        onTopLevelDone: () => {
          if (isCurrent()) this.post({ type: 'toplevel' });
        },
        onBoardsChanged: () => {
          if (isCurrent()) this.linkBoards(session);
        },
      },
    });
    built.session = session;
    this.session = session;
    this.linkBoards(session);
    this.post({ type: 'running' });
    session.start();
  }

  private stop(): void {
    this.session?.stop();
    this.flush();
    this.post({ type: 'stopped' });
  }

  private setBoards(count: number): void {
    const session = this.session;
    if (!session) return;
    const wanted = Math.max(1, Math.min(MAX_BOARDS, Math.trunc(count) || 1));
    while (session.boards.length < wanted && session.addBoard()) {
      // addBoard tells linkBoards through onBoardsChanged
    }
    while (session.boards.length > wanted) session.removeBoard();
  }

  private targets(board: number | undefined): readonly SimBoard[] {
    const boards = this.session?.boards ?? [];
    return board === undefined ? boards : boards.filter((b) => b.id === board);
  }

  private endSession(): void {
    for (const unlink of this.links.splice(0)) unlink();
    this.session?.dispose();
    this.session = undefined;
    this.pending.clear();
  }

  private linkBoards(session: SimSession): void {
    for (const unlink of this.links.splice(0)) unlink();
    for (const id of this.attached) {
      if (session.board(id)) continue;
      this.debugger?.detach(id);
      this.attached.delete(id);
    }
    for (const board of session.boards) {
      const id = board.id;
      if (this.debugger && !this.attached.has(id)) {
        this.debugger.attach(board);
        this.attached.add(id);
      }
      this.links.push(this.sound.add(board.sound));
      this.links.push(
        board.onLeds((state) => {
          const pending = this.pendingOf(id);
          pending.leds.push(state);
          // Faster than the screen: the oldest states go (the page's presenter would drop them).
          if (pending.leds.length > MAX_LED_STATES) pending.leds.shift();
          this.scheduleFlush();
        }),
      );
      this.links.push(
        board.subscribe(() => {
          this.pendingOf(id).state = true;
          this.scheduleFlush();
        }),
      );
      this.pendingOf(id).state = true;
    }
    this.post({ type: 'boards', count: session.boards.length });
    this.scheduleFlush();
  }

  private pendingOf(board: number): Pending {
    let pending = this.pending.get(board);
    if (!pending) this.pending.set(board, (pending = { leds: [], state: false }));
    return pending;
  }

  private scheduleFlush(): void {
    if (this.flushTimer !== undefined) return;
    this.flushTimer = this.options.clock.setTimeout(() => {
      this.flushTimer = undefined;
      this.flush();
    }, WORKER_FLUSH_MS);
  }

  private flush(): void {
    if (this.flushTimer !== undefined) this.options.clock.clear(this.flushTimer);
    this.flushTimer = undefined;
    for (const [id, pending] of this.pending) {
      const board = this.session?.board(id);
      if (!board) continue;
      if (pending.leds.length > 0) {
        const states = new Uint8Array(pending.leds.length * 25);
        pending.leds.forEach((state, i) => states.set(state, i * 25));
        pending.leds = [];
        this.post({ type: 'leds', board: id, states }, [states.buffer]);
      }
      if (pending.state) {
        pending.state = false;
        const state = board.getState();
        this.post({
          type: 'board',
          board: id,
          state: {
            pressed: { ...state.pressed },
            pinsTouched: [...state.pinsTouched],
            pinLevels: [...state.pinLevels],
            logoTouched: state.logoTouched,
            sensors: { ...state.sensors },
            gesture: state.gesture,
            strips: state.strips.map((strip) => ({ pin: strip.pin, colours: [...strip.colours] })),
          },
        });
      }
    }
  }

  private onSerial(board: SimBoard, batch: SerialBatch): void {
    let data = batch.data;
    if (data.length > MAX_SERIAL_PER_BATCH) {
      const dropped = data.length - MAX_SERIAL_PER_BATCH;
      data = `${data.slice(0, MAX_SERIAL_PER_BATCH)}\n[${dropped} more characters were left out]\n`;
    }
    for (let i = 0; i < data.length; i += MAX_WORKER_SERIAL_CHARS) {
      this.post({
        type: 'serial',
        board: board.id,
        time: (this.options.timeOrigin ?? 0) + batch.time,
        data: data.slice(i, i + MAX_WORKER_SERIAL_CHARS),
      });
    }
  }

  private onError(board: SimBoard, error: RuntimeError): void {
    const position = error.position;
    this.post({
      type: 'error',
      board: board.id,
      message: error.message.slice(0, MAX_ERROR_CHARS),
      ...(position ? { file: position.file.slice(0, 200), line: position.line } : {}),
      stack: String(error.jsStack ?? '').slice(0, MAX_STACK_CHARS),
    });
  }
}

function applyInput(board: SimBoard, input: BoardInput): void {
  switch (input.kind) {
    case 'press':
      board.press(input.button);
      break;
    case 'release':
      board.release(input.button);
      break;
    case 'touchPin':
      board.touchPin(input.pin, input.touched);
      break;
    case 'pinLevel':
      board.setPinLevel(input.pin, Number(input.level));
      break;
    case 'touchLogo':
      board.touchLogo(input.touched);
      break;
    case 'sensor':
      board.setSensor(input.key as never, Number(input.value));
      break;
    case 'gesture':
      board.gesture(Number(input.value));
      break;
    case 'tilt':
      board.tilt(Number(input.nx), Number(input.ny));
      break;
  }
}

/** Starts the worker body on `scope` (the worker's global scope, or an in-process stand-in). */
export function startProgramWorker(scope: ProgramWorkerScope, options: ProgramWorkerOptions): ProgramWorker {
  return new ProgramWorker(scope, options);
}

/** The debug build's statement table from the page, or undefined when it is not one (checked loosely: our page sent it). */
function statementsOf(data: unknown): [number, number, number][] | undefined {
  if (!Array.isArray(data)) return undefined;
  const ok = data.every((row) => Array.isArray(row) && row.length === 3 && row.every((n) => Number.isInteger(n)));
  return ok ? (data as [number, number, number][]) : undefined;
}
