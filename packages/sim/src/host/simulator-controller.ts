// Everything the editor needs to run programs in the simulator, behind one object: compile the
// learner's files in the worker, drive the frame through SimulatorDriver, and keep the serial
// console, the plotter, screenshots and recordings. The React pane (apps/web) renders its state;
// the editor calls run(files), stop(), restart(), suspend().
//
// Frame messages are untrusted (see README "Threat model"): they arrive rate-limited and
// validated, and the controller acts only on what the editor asked for. Files are downloaded only
// after a press in the editor itself (saveScreenshot, stopRecording, saveRecording); a picture or
// recording the frame sends of its own accord is never downloaded by itself.

import type { Clock, TimerHandle } from '@blockyard/core';
import type { CompileResult, Diagnostic } from '@blockyard/language';
import type { CompilerClient } from '@blockyard/compiler-worker';
import type { FrameHost } from '../driver/simulator-driver.ts';
import { SimulatorDriver } from '../driver/simulator-driver.ts';
import type { SimulatorState } from '../driver/simulator-state.ts';
import type {
  DebuggerCommand,
  DebuggerVariable,
  BlockNameInfo,
  DebuggerBreakpointMessage,
  FrameToHostMessage,
  RecorderMessage,
  ScreenshotMessage,
  StackFrameInfo,
} from '../protocol/protocol.ts';
import { Plotter } from '../serial/plotter.ts';
import { SerialConsole } from '../serial/serial-console.ts';

/** How long a screenshot request may take before it is given up. */
const SCREENSHOT_TIMEOUT_MS = 5000;
/** After Stop recording is pressed, the GIF that arrives within this time is downloaded. */
const RECORDING_REPLY_MS = 10_000;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF_SIGNATURE = [0x47, 0x49, 0x46, 0x38];

function startsWith(data: Uint8Array, signature: readonly number[]): boolean {
  return data.length >= signature.length && signature.every((byte, i) => data[i] === byte);
}

export interface SimulatorError {
  message: string;
  file?: string;
  line?: number;
  board?: number;
}

export interface SimulatorViewState {
  readonly state: SimulatorState;
  readonly compiling: boolean;
  /** Compile errors of the last run request (empty when it compiled). */
  readonly diagnostics: readonly Diagnostic[];
  /** The runtime error that stopped the program, if any. */
  readonly error: SimulatorError | undefined;
  readonly muted: boolean;
  readonly recording: boolean;
  /** A recording the frame ended by itself (60 s) waits here until the learner saves it. */
  readonly recordingReady: boolean;
  /** Milliseconds from the last run/restart request to the frame reporting "running". */
  readonly lastStartMs: number | undefined;
  /** Programs are built for the debugger (breakpoints, steps, variables). */
  readonly debugging: boolean;
  /** Where the program is paused, while it is. */
  readonly stop: DebugStop | undefined;
  /** Slow motion: the statement held now, while the program runs in slow motion. */
  readonly trace: DebugTrace | undefined;
}

/** The statements of the debug build that runs: what breakpoints and stops are given in. */
export interface DebugProgram {
  /** The program's files, as the statement table's file indexes count them. */
  readonly files: readonly string[];
  /** Statement id -> [file index, line, column] (1-based line and column). */
  readonly statements: readonly (readonly [number, number, number])[];
}

/** Where and why a debug build stopped (spec 002 §3 `breakpoint`), as the editor shows it. */
export interface DebugStop {
  readonly reason: 'breakpoint' | 'step' | 'pause';
  readonly statementId: number;
  /** The statement's file and 1-based line, from the build's table. */
  readonly file?: string;
  readonly line?: number;
  /** The board that stopped (1-based). */
  readonly board: number;
  /** The fiber that stopped ("main", "forever", a handler). */
  readonly thread: string;
  /** The block that started that fiber, when it has one ("on button A pressed"). */
  readonly threadBlock?: BlockNameInfo;
  readonly globals: readonly DebuggerVariable[];
  /** The call stack, innermost first; the first holds the locals. */
  readonly frames: readonly StackFrameInfo[];
}

/** A statement slow motion holds (spec 002 §3 `trace`), as the editor shows it. */
export interface DebugTrace {
  readonly statementId: number;
  /** The statement's file and 1-based line, from the build's table. */
  readonly file?: string;
  readonly line?: number;
  /** The board running it (1-based). */
  readonly board: number;
}

/** A file the learner asked for (a screenshot or recording made in the frame). */
export interface SimulatorDownload {
  fileName: string;
  mimeType: string;
  data: Uint8Array;
}

export interface SimulatorControllerOptions {
  clock: Clock;
  compiler: CompilerClient;
  /**
   * Builds the frame host; it must pass every admitted frame message to `onMessage`, and may
   * tell `onSerialDropped` how much serial text its rate limit left out.
   */
  createHost: (
    onMessage: (frameId: string, message: FrameToHostMessage) => void,
    onSerialDropped: (frameId: string, chars: number) => void,
  ) => FrameHost;
  onDownload?: (download: SimulatorDownload) => void;
  onThumbnail?: (frames: Uint8Array[], width: number, height: number) => void;
  onProblem?: (message: string) => void;
  /** Read at each run: whether the editor shows its high-contrast theme. */
  highContrast?: () => boolean;
}

interface ScreenshotWaiter {
  resolve(message: ScreenshotMessage): void;
  reject(error: Error): void;
  timer: TimerHandle;
}

export class SimulatorController {
  readonly driver: SimulatorDriver;
  readonly console = new SerialConsole();
  readonly plotter = new Plotter();
  private view: SimulatorViewState = {
    state: 'unloaded',
    compiling: false,
    diagnostics: [],
    error: undefined,
    muted: false,
    recording: false,
    recordingReady: false,
    lastStartMs: undefined,
    debugging: false,
    stop: undefined,
    trace: undefined,
  };
  private readonly listeners = new Set<() => void>();
  private runSequence = 0;
  private boards = 1;
  private startRequestedAt: number | undefined;
  private nextScreenshot = 1;
  private readonly screenshots = new Map<string, ScreenshotWaiter>();
  private recordingStopAskedAt: number | undefined;
  /** The editor started a recording that has not come back yet. */
  private recordingAsked = false;
  private readyRecording: Uint8Array | undefined;
  /** The debug build running now, if the program is one. */
  private debugProgram: DebugProgram | undefined;
  /** Turns the editor's breakpoints into statement ids of a debug build. */
  private breakpointsOf: (program: DebugProgram) => readonly number[] = () => [];

  constructor(private readonly options: SimulatorControllerOptions) {
    const host = options.createHost(
      (frameId, message) => {
        this.driver.receive(frameId, message);
        if (message.type === 'ready' && frameId === this.driver.frameIds[0]) this.connectCompiler(host, frameId);
      },
      (frameId, chars) => {
        if (frameId === this.driver.frameIds[0]) this.console.noteDropped(chars);
      },
    );
    this.driver = new SimulatorDriver({
      clock: options.clock,
      host,
      onStateChange: (state) => this.onState(state),
      onMessage: (message) => this.onFrameMessage(message),
      ...(options.onProblem ? { onProblem: options.onProblem } : {}),
    });
    this.console.onLine((line) => this.plotter.addLine(line.board, line.time, line.text));
  }

  /**
   * A channel from the compiler worker to the frame that runs programs: an edit's program gets to
   * the frame without waiting for this page's main thread (often busy with the block editor right
   * after an edit), and the frame starts its worker while the run message is on its way.
   */
  private connectCompiler(host: FrameHost, frameId: string): void {
    if (!host.connect || typeof MessageChannel !== 'function') return;
    const channel = new MessageChannel();
    host.connect(frameId, channel.port1);
    this.options.compiler.simulatorPort(channel.port2);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getState(): SimulatorViewState {
    return this.view;
  }

  /**
   * Compiles `files` and runs the program. Resolves with the diagnostics (empty when it runs);
   * a newer run request makes an older one give up quietly.
   */
  async run(files: Record<string, string>, options: { boards?: number } = {}): Promise<readonly Diagnostic[]> {
    const sequence = ++this.runSequence;
    if (options.boards !== undefined) this.boards = options.boards;
    this.startRequestedAt = this.options.clock.now();
    this.update({ compiling: true });
    let result;
    const debug = this.view.debugging;
    try {
      result = await this.options.compiler.compile(files, debug ? { debug: true } : undefined);
    } catch (error) {
      if (sequence !== this.runSequence) return [];
      const message = error instanceof Error ? error.message : String(error);
      this.update({ compiling: false, error: { message } });
      return [];
    }
    if (sequence !== this.runSequence) return result.diagnostics;
    this.start(result, debug);
    return result.diagnostics;
  }

  /**
   * A ticket for a program compiled elsewhere, taken when its request is sent: a run, a stop or
   * another program started after it makes `runCompiled` with this ticket do nothing. Taking one
   * changes nothing (an edit whose answer brings no program must not cancel the run under way).
   */
  runTicket(): number {
    return this.runSequence;
  }

  /**
   * Runs a program compiled elsewhere: the editor's one worker request per edit makes the code
   * and compiles it. With a ticket, only when nothing was asked of the simulator since (Stop
   * pressed while the edit compiled keeps it stopped); `debug`: how the program was built.
   */
  runCompiled(result: CompileResult, options: { ticket?: number; debug?: boolean } = {}): readonly Diagnostic[] {
    if (options.ticket !== undefined && options.ticket !== this.runSequence) return result.diagnostics;
    this.runSequence++;
    this.startRequestedAt = this.options.clock.now();
    this.start(result, options.debug ?? this.view.debugging);
    return result.diagnostics;
  }

  private start(result: CompileResult, debug: boolean): void {
    const errors = result.diagnostics.filter((d) => d.category === 'error');
    this.update({ compiling: false, diagnostics: result.diagnostics, error: undefined });
    if (!result.program || errors.length > 0) {
      if (this.driver.state !== 'unloaded') this.driver.suspend();
      return;
    }
    this.console.clear();
    this.plotter.clear();
    this.startRequestedAt = this.options.clock.now();
    const statements = debug ? result.program.statements : undefined;
    this.debugProgram = statements ? { files: result.program.positions.files, statements } : undefined;
    this.driver.run({
      program: result.program,
      boards: this.boards,
      highContrast: this.options.highContrast?.() ?? false,
      breakpoints: this.debugProgram ? this.breakpointsOf(this.debugProgram) : [],
    });
  }

  /**
   * Debug builds from the next run on (the caller runs the program again). Off, programs run
   * as release builds, with no breakpoints.
   */
  setDebugging(debugging: boolean): void {
    if (debugging === this.view.debugging) return;
    this.update({ debugging });
  }

  /**
   * How the editor's breakpoints (blocks, lines) become statement ids of a build: asked at each
   * run and by `refreshBreakpoints`.
   */
  setBreakpointSource(source: (program: DebugProgram) => readonly number[]): void {
    this.breakpointsOf = source;
  }

  /** The editor's breakpoints changed: the running debug build gets them at once. */
  refreshBreakpoints(): void {
    if (this.debugProgram) this.driver.setBreakpoints(this.breakpointsOf(this.debugProgram));
  }

  /** The debug build that runs now (its statement table), if one does. */
  get program(): DebugProgram | undefined {
    return this.debugProgram;
  }

  /**
   * Slow motion: a debug build holds each statement `intervalMs` and the view's `trace` says
   * which; 0 turns it off (kept for later runs).
   */
  setTrace(intervalMs: number): void {
    this.driver.setTrace(intervalMs);
    if (this.driver.traceIntervalMs === 0 && this.view.trace) this.update({ trace: undefined });
  }

  /** Stops a running debug build at its next statement. */
  pause(): void {
    this.driver.pause();
  }

  /** Continue or step from a pause. */
  resume(command: Exclude<DebuggerCommand, 'pause'> = 'resume'): void {
    this.driver.resume(command);
  }

  /** The children of an expandable variable of the current stop ("Debugging cancelled" once it goes on). */
  variables(variablesReference: number): Promise<DebuggerVariable[]> {
    return this.driver.variables(variablesReference);
  }

  /** Loads the simulator frame now, ahead of the first run (see SimulatorDriver.preload). */
  preload(): void {
    this.driver.preload();
  }

  /**
   * New frames for the simulator page as it is addressed now (its language changed); a running
   * program starts again in them.
   */
  reloadFrames(): void {
    this.startRequestedAt = this.options.clock.now();
    this.driver.reloadFrames();
  }

  stop(): void {
    this.runSequence++;
    this.driver.stop();
  }

  restart(): void {
    this.startRequestedAt = this.options.clock.now();
    this.update({ error: undefined });
    this.driver.updateRun({ highContrast: this.options.highContrast?.() ?? false });
    this.driver.restart();
  }

  /** The project changed: the program shown is out of date. */
  suspend(): void {
    this.driver.suspend();
  }

  setMuted(muted: boolean): void {
    this.driver.mute(muted);
    this.update({ muted });
  }

  stopSound(): void {
    this.driver.stopSound();
  }

  startRecording(): void {
    this.recordingAsked = true;
    this.driver.recorder('start');
  }

  /** Ends the recording; the GIF the frame sends back is downloaded (a press in the editor asked). */
  stopRecording(): void {
    this.recordingStopAskedAt = this.options.clock.now();
    this.driver.recorder('stop');
  }

  /** Downloads the recording the frame ended by itself (the learner pressed Save in the editor). */
  saveRecording(): void {
    const data = this.readyRecording;
    if (!data) return;
    this.readyRecording = undefined;
    this.update({ recordingReady: false });
    this.options.onDownload?.({ fileName: 'blockyard-recording.gif', mimeType: 'image/gif', data });
  }

  /** Takes a picture of the board and downloads it (the learner pressed the editor's camera button). */
  async saveScreenshot(): Promise<void> {
    const shot = await this.screenshot();
    if (!startsWith(shot.data, PNG_SIGNATURE)) throw new Error('The simulator did not send a picture.');
    this.options.onDownload?.({ fileName: 'blockyard-screenshot.png', mimeType: 'image/png', data: shot.data });
  }

  /** Types a line into the program's serial input. */
  sendSerial(text: string): void {
    this.driver.send({ type: 'serial', data: text });
  }

  /** Asks the frame for a PNG of the board; `width` as in spec 002 §9. */
  screenshot(width?: number): Promise<ScreenshotMessage> {
    const requestId = `shot-${this.nextScreenshot++}`;
    return new Promise<ScreenshotMessage>((resolve, reject) => {
      const timer = this.options.clock.setTimeout(() => {
        this.screenshots.delete(requestId);
        reject(new Error('The simulator did not take the screenshot in time.'));
      }, SCREENSHOT_TIMEOUT_MS);
      this.screenshots.set(requestId, { resolve, reject, timer });
      this.driver.send({ type: 'screenshot', requestId, ...(width !== undefined ? { width } : {}) });
    });
  }

  dispose(): void {
    for (const [, waiter] of this.screenshots) {
      this.options.clock.clear(waiter.timer);
      waiter.reject(new Error('The simulator was closed.'));
    }
    this.screenshots.clear();
    this.driver.unload();
    this.listeners.clear();
  }

  private onState(state: SimulatorState): void {
    const changes: { -readonly [K in keyof SimulatorViewState]?: SimulatorViewState[K] } = { state };
    if (state === 'running' && this.startRequestedAt !== undefined) {
      changes.lastStartMs = this.options.clock.now() - this.startRequestedAt;
      this.startRequestedAt = undefined;
    }
    if (state === 'starting' && this.startRequestedAt === undefined) this.startRequestedAt = this.options.clock.now();
    if (state !== 'paused') changes.stop = undefined;
    if (state !== 'running') changes.trace = undefined;
    this.update(changes);
  }

  private onFrameMessage(message: FrameToHostMessage): void {
    switch (message.type) {
      case 'bulkserial':
        this.console.push(message.data);
        break;
      case 'debugger':
        if (message.subtype === 'breakpoint' && message.exceptionMessage !== undefined) {
          const frame = message.stackframes?.[0];
          this.update({
            error: {
              message: message.exceptionMessage,
              ...(frame?.file !== undefined ? { file: frame.file } : {}),
              ...(frame?.line !== undefined ? { line: frame.line } : {}),
              ...(message.board !== undefined ? { board: message.board } : {}),
            },
          });
        } else if (message.subtype === 'breakpoint' && this.driver.state === 'paused') {
          this.update({ stop: this.stopOf(message) });
        } else if (message.subtype === 'trace' && this.driver.state === 'running') {
          if (message.breakpointId !== undefined)
            this.update({ trace: this.traceOf(message.breakpointId, message.board) });
          // The lit statement's code ended: its light goes out (another board's stays).
          else if (this.view.trace?.board === message.board) this.update({ trace: undefined });
        }
        break;
      case 'screenshot':
        this.onScreenshot(message);
        break;
      case 'recorder':
        this.onRecorder(message);
        break;
      case 'setmutebuttonstate':
        this.update({ muted: message.state === 'muted' });
        break;
      case 'thumbnail': {
        // Only pictures of a run this editor started, and only PNG files.
        const last = message.frames.at(-1);
        if (this.driver.state === 'unloaded' || !last || !startsWith(last, PNG_SIGNATURE)) break;
        this.options.onThumbnail?.(message.frames, message.width, message.height);
        break;
      }
      case 'error':
        this.options.onProblem?.(`${message.category}: ${message.message}`);
        break;
      default:
        break;
    }
  }

  /** A traced statement in the editor's terms (its place from the build's own table). */
  private traceOf(statementId: number, board: number): DebugTrace {
    const row = this.debugProgram?.statements[statementId];
    const file = row ? this.debugProgram?.files[row[0]] : undefined;
    return { statementId, ...(file !== undefined ? { file } : {}), ...(row ? { line: row[1] } : {}), board };
  }

  /** A stop in the editor's terms: the statement's place comes from the build's own table. */
  private stopOf(message: DebuggerBreakpointMessage): DebugStop {
    const statementId = message.breakpointId ?? 0;
    const row = this.debugProgram?.statements[statementId];
    const file = row ? this.debugProgram?.files[row[0]] : undefined;
    return {
      reason: message.reason === 'breakpoint' || message.reason === 'step' ? message.reason : 'pause',
      statementId,
      ...(file !== undefined ? { file } : {}),
      ...(row ? { line: row[1] } : {}),
      board: message.board ?? 1,
      thread: message.thread ?? 'main',
      ...(message.threadBlock ? { threadBlock: message.threadBlock } : {}),
      globals: message.globals ?? [],
      frames: message.stackframes ?? [],
    };
  }

  /** Screenshots answer a request of the editor's (its id); `fromUser` is not trusted for anything. */
  private onScreenshot(message: ScreenshotMessage): void {
    const waiter = message.requestId !== undefined ? this.screenshots.get(message.requestId) : undefined;
    if (waiter && message.requestId !== undefined) {
      this.screenshots.delete(message.requestId);
      this.options.clock.clear(waiter.timer);
      waiter.resolve(message);
    }
  }

  private onRecorder(message: RecorderMessage): void {
    this.update({ recording: message.action === 'start' });
    if (message.action !== 'stop' || !message.data || !startsWith(message.data, GIF_SIGNATURE)) return;
    // Only a recording this editor started; anything else is dropped.
    if (!this.recordingAsked) return;
    this.recordingAsked = false;
    const asked = this.recordingStopAskedAt;
    this.recordingStopAskedAt = undefined;
    if (asked !== undefined && this.options.clock.now() - asked <= RECORDING_REPLY_MS) {
      this.options.onDownload?.({ fileName: 'blockyard-recording.gif', mimeType: 'image/gif', data: message.data });
      return;
    }
    // Ended by the frame (its 60 s limit): kept until the learner presses Save.
    this.readyRecording = message.data;
    this.update({ recordingReady: true });
  }

  private update(changes: Partial<SimulatorViewState>): void {
    this.view = { ...this.view, ...changes };
    for (const listener of this.listeners) listener();
  }
}
