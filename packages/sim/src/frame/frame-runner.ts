// The simulator frame's side of the protocol: it receives messages from the editor (only from
// allowed origins, spec 002 §5, and only valid ones), has the program run on 1-3 boards in a
// program worker (worker/program-worker-main.ts) and reports back: ready, status, serial
// batches, top-level done, runtime errors as exception breakpoints, screenshots, thumbnails,
// recordings. The learner's program never runs in this page: the page only draws what the
// worker sends, after checking and pacing it (worker-message-gate.ts), and ends a worker that
// stops answering or floods it. The page composes it with the real clock, audio output, program
// workers and the board view's capture; tests use a ManualClock and in-process workers.

import type { TimerHandle } from '@blockyard/core';
import type { PositionTable } from '@blockyard/runtime';
import { GifRecorder } from '../capture/gif-recorder.ts';
import { ThumbnailRecorder } from '../capture/thumbnail-recorder.ts';
import { RESTART_DELAY_MS } from '../driver/simulator-state.ts';
import { isAllowedOrigin } from '../protocol/origin-check.ts';
import type { DebuggerRequestMessage } from '../protocol/debugger-messages.ts';
import { type HostToFrameMessage, MAX_BOARDS, PROGRAM_PORT_MESSAGE, type RunMessage } from '../protocol/protocol.ts';
import { checkHostToFrameMessage } from '../protocol/host-to-frame-schema.ts';
import { BoardView } from './board-view.ts';
import { frameMessages } from './frame-messages.ts';
import type { FrameRunnerOptions, Picture } from './frame-runner-options.ts';
import { type FrameError, type FrameViewState, waitingViewState } from './frame-view-state.ts';
import { type LinkRecord, PreparedProgram } from './prepared-program.ts';
import { detectUsage } from './program-usage.ts';
import { mark } from './run-marks.ts';
import type { ProgramLink } from './worker/program-link.ts';
import { RemoteSound } from './worker/remote-sound.ts';
import { WorkerMessageGate } from './worker/worker-message-gate.ts';
import type { WorkerToPage } from './worker/worker-protocol.ts';

/** A running worker that has not been heard from for this long is ended (it stopped answering). */
export const WATCHDOG_MS = 5000;
/** How often the page pings a running worker. */
const PING_INTERVAL_MS = 1000;
/** A watchdog tick later than this after the one before means the page was asleep or throttled. */
const LATE_TICK_MS = 3 * PING_INTERVAL_MS;
/** A stopped worker that does not confirm within this time is ended. */
const STOP_GRACE_MS = 1000;

export class FrameRunner {
  readonly sound = new RemoteSound();
  private link: ProgramLink | undefined;
  /** A program worker started ahead of its run (prepared-program.ts). */
  private readonly prepared = new PreparedProgram(
    (code) => this.newLink(code),
    (code) => this.linkCode === code,
  );
  private linkCode: string | undefined;
  private linkReady = false;
  private gate: WorkerMessageGate | undefined;
  private lastHeard = 0;
  private pingCount = 0;
  private watchdog: TimerHandle | undefined;
  private stopTimer: TimerHandle | undefined;
  private pendingStart:
    | {
        token: number;
        boards: number;
        positions: PositionTable;
        hostNames: string[];
        statements?: [number, number, number][];
        /** The run's breakpoints and slow-motion interval, until the worker has them. */
        breakpoints: number[];
        traceInterval: number;
      }
    | undefined;
  /** The running program is a debug build: pauses and steps go to the worker's debugger. */
  private debugBuild = false;
  private running = false;
  private runtimeId: string | undefined;
  private runToken = 0;
  private wantedBoards = 1;
  private restartTimer: TimerHandle | undefined;
  private views: BoardView[] = [];
  /** The views show the worker's states (after its `boards` for the current run). */
  private viewsLive = false;
  private state: FrameViewState = waitingViewState;
  private readonly listeners = new Set<() => void>();
  private readonly thumbnails: ThumbnailRecorder<Picture>;
  private readonly recorder: GifRecorder;

  constructor(private readonly options: FrameRunnerOptions) {
    this.thumbnails = new ThumbnailRecorder<Picture>({
      clock: options.clock,
      capture: () => (options.capture ? options.capture.thumbnail() : Promise.reject(new Error('no capture'))),
      version: () => this.views[0]?.getSnapshot().ledVersion ?? 0,
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
    for (const view of this.views) view.presentFrame();
  }

  get boards(): readonly BoardView[] {
    return this.views;
  }

  // --- messages

  /**
   * A window message arrived. Returns true when it was acted on; messages from origins outside
   * the allow-list (unless the frame is on a local host) and invalid messages are ignored.
   */
  receive(data: unknown, origin: string, ports: readonly MessagePort[] = []): boolean {
    if (!isAllowedOrigin(origin, this.options.policy)) return false;
    if ((data as { type?: unknown } | null)?.type === PROGRAM_PORT_MESSAGE) {
      const port = ports[0];
      if (port) this.acceptProgramPort(port);
      return port !== undefined;
    }
    if ((data as { type?: unknown } | null)?.type === 'run') mark('blockyard:frame:received');
    const checked = checkHostToFrameMessage(data);
    if (!checked.ok) {
      // Said once per message, for whoever debugs the editor; the frame carries on.
      console.warn(`The simulator ignored a message it does not understand (${checked.error}).`);
      return false;
    }
    this.handle(checked.message);
    return true;
  }

  handle(message: HostToFrameMessage): void {
    switch (message.type) {
      case 'run':
        this.run(message);
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
        void this.screenshot(message.width, message.requestId);
        break;
      case 'debugger':
        if (message.subtype === 'pause') this.pause();
        else if (message.subtype === 'config' || message.subtype === 'traceConfig' || message.subtype === 'variables')
          this.debugRequest(message);
        else this.resume(message.subtype);
        break;
      case 'simulator':
        this.update({ focused: message.command === 'focus' });
        break;
      case 'eventbus':
        this.toWorker({
          type: 'event',
          id: message.id,
          value: message.eventid,
          ...(message.board !== undefined ? { board: message.board } : {}),
        });
        break;
      case 'serial':
        this.toWorker({
          type: 'serial',
          data: message.data,
          ...(message.board !== undefined ? { board: message.board } : {}),
        });
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

  run(message: RunMessage): void {
    mark('blockyard:frame:run');
    const token = ++this.runToken;
    // The boards stay drawn, blank, until the new program says how many it runs on: an edit
    // restarts the program, not the drawing (issue 12).
    this.endRun(true);
    this.runtimeId = message.id;
    const usage = detectUsage(message.code);
    if (message.mute !== undefined) this.setMuted(message.mute, false);
    this.update({
      phase: 'loading',
      usage,
      theme: message.options?.theme ?? message.theme ?? this.state.theme,
      highContrast: message.highContrast ?? this.state.highContrast,
      error: undefined,
    });
    const boards = usage.radio ? Math.max(message.boards, this.wantedBoards) : message.boards;
    this.pendingStart = {
      token,
      boards: Math.min(MAX_BOARDS, boards),
      positions: message.positions,
      hostNames: message.hostNames,
      ...(message.statements ? { statements: message.statements } : {}),
      breakpoints: message.breakpoints ?? [],
      traceInterval: message.traceInterval ?? 0,
    };
    this.debugBuild = message.statements !== undefined;
    // The same program again (a restart) reuses its worker; another program gets a new one.
    if (!this.link || this.linkCode !== message.code) {
      const spare = this.prepared.take(message.code);
      if (spare) this.adoptSpare(spare);
      else this.openLink(message.code);
    }
    // A program prepared but not run (the editor ran another, e.g. Stop then an older run).
    this.prepared.drop();
    if (this.linkReady) this.sendStart();
  }

  /** The compiler worker's port that says which program comes next (prepared-program.ts). */
  acceptProgramPort(port: MessagePort): void {
    this.prepared.acceptPort(port);
  }

  /**
   * Starts the worker of a program the editor is about to run. Nothing runs until the editor's
   * run message with the same code (its run ticket, Stop and debug state stay the editor's).
   */
  prepare(code: string): void {
    this.prepared.prepare(code);
  }

  /** Stops the program (the driver's stop, or the frame killing it); recording and thumbnails end. */
  stop(): void {
    this.runToken++;
    if (this.restartTimer !== undefined) this.options.clock.clear(this.restartTimer);
    this.restartTimer = undefined;
    const wasRunning = this.running;
    this.running = false;
    this.pendingStart = undefined;
    this.stopWatchdog();
    this.prepared.drop();
    if (this.link) {
      this.toWorker({ type: 'stop' });
      // A worker that cannot take the stop (stuck in code that escaped the runtime) is ended.
      this.clearStopTimer();
      this.stopTimer = this.options.clock.setTimeout(() => {
        this.stopTimer = undefined;
        this.closeLink();
      }, STOP_GRACE_MS);
    }
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
    if (this.state.phase !== 'running' || !this.running) return;
    // A debug build stops at its next statement and reports where (a `break` from the worker).
    if (this.debugBuild) {
      this.toWorker({ type: 'debugger', subtype: 'pause' });
      return;
    }
    this.toWorker({ type: 'pause' });
    this.update({ phase: 'paused' });
    this.options.post({
      type: 'debugger',
      subtype: 'breakpoint',
      breakpointId: 0,
      ...(this.runtimeId !== undefined ? { runtimeid: this.runtimeId } : {}),
    });
  }

  /**
   * Breakpoints, slow motion and variables requests go on to the worker as they came. The driver
   * keeps the breakpoints and the interval (each run message carries them); a change that comes
   * before the worker has started the run updates what its start will carry.
   */
  debugRequest(
    message: Exclude<DebuggerRequestMessage, { subtype: 'pause' | 'resume' | 'stepover' | 'stepinto' | 'stepout' }>,
  ): void {
    const start = this.pendingStart;
    if (message.subtype === 'config' && start) start.breakpoints = [...message.setBreakpoints];
    if (message.subtype === 'traceConfig' && start) start.traceInterval = message.interval;
    if (this.running) this.toWorker(message);
  }

  resume(command: 'resume' | 'stepover' | 'stepinto' | 'stepout' = 'resume'): void {
    if (this.state.phase !== 'paused' || !this.running) return;
    if (this.debugBuild) this.toWorker({ type: 'debugger', subtype: command });
    else this.toWorker({ type: 'resume' });
    this.update({ phase: 'running' });
  }

  // --- boards

  /** Adds a board sharing the radio (radio programs, up to 3). */
  addBoard(): void {
    if (!this.running || this.views.length >= MAX_BOARDS) return;
    this.wantedBoards = this.views.length + 1;
    this.toWorker({ type: 'boards', count: this.wantedBoards });
  }

  removeBoard(): void {
    if (!this.running || this.views.length <= 1) return;
    this.wantedBoards = this.views.length - 1;
    this.toWorker({ type: 'boards', count: this.wantedBoards });
  }

  // --- sound

  setMuted(muted: boolean, fromUser = false): void {
    this.options.audio?.setMuted(muted);
    this.update({ muted });
    if (fromUser) this.options.post({ type: 'setmutebuttonstate', state: muted ? 'muted' : 'unmuted' });
  }

  stopSound(): void {
    this.toWorker({ type: 'stopsound' });
    this.sound.clear();
    this.options.audio?.stop();
  }

  // --- pictures

  /** Answers the editor's screenshot request (the editor decides what to do with the picture). */
  async screenshot(width: number | undefined, requestId: string | undefined): Promise<void> {
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
    this.endRun();
    this.closeLink();
    this.prepared.dispose();
    this.listeners.clear();
  }

  // --- the worker

  private openLink(code: string): void {
    this.closeLink();
    mark('blockyard:frame:link');
    const record = this.newLink(code);
    this.link = record.link;
    this.gate = record.gate;
    this.linkCode = code;
    this.linkReady = false;
    this.lastHeard = this.options.clock.now();
  }

  /** A new program worker; its messages count only once it is the frame's link (a spare waits for `ready`). */
  private newLink(code: string): LinkRecord {
    const gate = new WorkerMessageGate(this.options.clock);
    const record: LinkRecord = { code, gate, ready: false, link: undefined };
    record.link = this.options.links(code, {
      onMessage: (data) => {
        if (this.prepared.holds(record)) {
          this.prepared.hear(record, data);
          return;
        }
        if (!record.link || this.link !== record.link) return;
        this.lastHeard = this.options.clock.now();
        const message = gate.admit(data);
        if (gate.flooding) this.kill(frameMessages.flooding);
        else if (message) this.fromWorker(message);
      },
      onFailure: (detail) => {
        // A spare that fails is dropped: the run opens a worker of its own and reports what fails.
        if (this.prepared.holds(record)) {
          this.prepared.drop();
          return;
        }
        if (!record.link || this.link !== record.link) return;
        const loading = this.state.phase === 'loading';
        this.kill(loading ? frameMessages.couldNotLoad(detail) : frameMessages.failed(detail));
      },
    });
    return record;
  }

  /** The run's program is the one prepared: its worker (maybe ready already) becomes the link. */
  private adoptSpare(spare: LinkRecord): void {
    this.closeLink();
    mark('blockyard:frame:link');
    this.link = spare.link;
    this.gate = spare.gate;
    this.linkCode = spare.code;
    this.linkReady = spare.ready;
    this.lastHeard = this.options.clock.now();
  }

  private closeLink(): void {
    this.clearStopTimer();
    this.stopWatchdog();
    this.link?.terminate();
    this.link = undefined;
    this.linkCode = undefined;
    this.linkReady = false;
    this.gate = undefined;
    this.sound.connect(undefined);
  }

  private toWorker(message: Record<string, unknown> & { type: string }): void {
    this.link?.post(message);
  }

  private sendStart(): void {
    const start = this.pendingStart;
    if (!start || start.token !== this.runToken || !this.link) return;
    this.clearStopTimer();
    this.toWorker({
      type: 'start',
      boards: start.boards,
      positions: start.positions,
      hostNames: start.hostNames,
      ...(start.statements
        ? { statements: start.statements, breakpoints: start.breakpoints, traceInterval: start.traceInterval }
        : {}),
    });
    this.sound.connect((frames) => this.toWorker({ type: 'audio', frames }));
    this.lastHeard = this.options.clock.now();
    this.startWatchdog();
  }

  /** Ends the worker now and reports why as the program's error (the editor suspends). */
  private kill(reason: string): void {
    const wasRunning = this.running || this.state.phase === 'loading';
    this.closeLink();
    this.running = false;
    this.pendingStart = undefined;
    this.stopRecording();
    this.thumbnails.stop();
    if (wasRunning) this.report({ message: reason, board: 1 }, '');
    this.update({ phase: 'stopped' });
  }

  private fromWorker(message: WorkerToPage): void {
    switch (message.type) {
      case 'ready':
        mark('blockyard:frame:ready');
        this.linkReady = true;
        this.sendStart();
        break;
      case 'running': {
        if (!this.pendingStart || this.pendingStart.token !== this.runToken) break;
        this.pendingStart = undefined;
        this.running = true;
        mark('blockyard:frame:running');
        if (this.runtimeId !== undefined) {
          this.options.post({
            type: 'status',
            frameid: this.options.frameId,
            runtimeid: this.runtimeId,
            state: 'running',
          });
        }
        this.update({ phase: 'running' });
        this.thumbnails.start();
        break;
      }
      case 'stopped':
        this.clearStopTimer();
        break;
      case 'toplevel':
        if (this.running && this.runtimeId !== undefined) {
          this.options.post({ type: 'toplevelcodefinished', frameid: this.options.frameId, runtimeid: this.runtimeId });
        }
        break;
      case 'boards':
        if (this.running || this.pendingStart) {
          this.setViews(message.count);
          this.viewsLive = true;
        }
        break;
      case 'leds':
        if (this.viewsLive) this.views[message.board - 1]?.pushLeds(message.states);
        break;
      case 'board':
        if (this.viewsLive) this.views[message.board - 1]?.setState(message.state);
        break;
      case 'serial':
        this.options.post({
          type: 'bulkserial',
          id: this.options.frameId,
          sim: true,
          data: [{ time: message.time, data: message.data, board: message.board }],
        });
        break;
      case 'error':
        if (!this.running) break;
        this.report(
          {
            message: message.message,
            board: message.board,
            ...(message.line !== undefined ? { file: message.file ?? 'main.ts', line: message.line } : {}),
          },
          message.stack,
        );
        break;
      case 'samples':
        this.sound.receive(message.samples);
        break;
      case 'restart':
        if (this.running) this.restartProgram();
        break;
      case 'pong':
        break;
      case 'debugger':
        this.fromWorkerDebugger(message);
        break;
    }
  }

  /** The worker's stops, traces and answers go on to the editor with the run's id. */
  private fromWorkerDebugger(message: Extract<WorkerToPage, { type: 'debugger' }>): void {
    const run = this.runtimeId !== undefined ? { runtimeid: this.runtimeId } : {};
    switch (message.subtype) {
      case 'breakpoint':
        if (!this.running) break;
        this.update({ phase: 'paused' });
        this.options.post({ ...message, ...run });
        break;
      case 'trace':
        if (this.running && this.state.phase === 'running') this.options.post({ ...message, ...run });
        break;
      case 'variables':
        this.options.post(message);
        break;
      case 'warning':
        this.options.log?.(message.message);
        break;
    }
  }

  private setViews(count: number): void {
    const views = this.views.slice(0, count);
    for (const view of this.views.slice(count)) view.dispose();
    for (let id = views.length + 1; id <= count; id++) {
      const view = new BoardView(id, (input) => this.toWorker({ type: 'input', board: id, input }));
      view.onInteraction(() => this.interaction());
      views.push(view);
    }
    this.views = views;
    this.update({ boards: [...views] });
  }

  private startWatchdog(): void {
    this.stopWatchdog();
    let lastTick = this.options.clock.now();
    this.watchdog = this.options.clock.setInterval(() => {
      const now = this.options.clock.now();
      // A tick this late means the page itself was not running (the computer slept, or the
      // browser throttled a hidden tab): the worker had no chance to answer, so count again.
      if (now - lastTick > LATE_TICK_MS) this.lastHeard = now;
      lastTick = now;
      if (!this.link) return;
      if (now - this.lastHeard > WATCHDOG_MS) this.kill(frameMessages.notAnswering);
      else this.toWorker({ type: 'ping', n: ++this.pingCount });
    }, PING_INTERVAL_MS);
  }

  private stopWatchdog(): void {
    if (this.watchdog !== undefined) this.options.clock.clear(this.watchdog);
    this.watchdog = undefined;
  }

  private clearStopTimer(): void {
    if (this.stopTimer !== undefined) this.options.clock.clear(this.stopTimer);
    this.stopTimer = undefined;
  }

  // --- internals

  /** `keepViews`: the boards stay, blank (a new run); otherwise they go (the frame closes). */
  private endRun(keepViews = false): void {
    this.thumbnails.cancel();
    this.stopRecording();
    this.running = false;
    // What the old program still sends (its last LEDs, flushed as it stops) must not show on
    // the boards kept: they take the worker's states again once it announces the new run's boards.
    this.viewsLive = false;
    if (keepViews) {
      for (const view of this.views) view.reset();
      return;
    }
    for (const view of this.views) view.dispose();
    this.views = [];
  }

  /** An uncaught error: the breakpoint message with exceptionMessage and stack (spec 002 §8). */
  private report(error: FrameError, stack: string): void {
    this.update({ error });
    this.options.post({
      type: 'debugger',
      subtype: 'breakpoint',
      exceptionMessage: error.message.slice(0, 1000),
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
