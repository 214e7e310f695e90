// The editor's side of the simulator (spec 002 §4): one state machine that owns the frames,
// starts programs in them and follows what they report. Pure: time comes from the injected Clock
// and frames are reached through a FrameHost (the real one makes sandboxed iframes; tests record
// calls), so every transition and timing is tested on a ManualClock.

import type { Clock, TimerHandle } from '@blockyard/core';
import type { ProgramImage } from '@blockyard/runtime';
import { MAX_TRACE_CONFIG_MS } from '../protocol/debugger-messages.ts';
import {
  type DebuggerBreakpointMessage,
  type DebuggerCommand,
  type DebuggerVariable,
  type DriverToFrameMessage,
  type FrameToHostMessage,
  type HostToFrameMessage,
  type RunMessage,
  SIM_THEMES,
  type SimTheme,
} from '../protocol/protocol.ts';
import { FRAME_CLEANUP_DELAY_MS, type SimulatorState } from './simulator-state.ts';

/** Where frames live: the DOM in the editor, a recorder in tests. */
export interface FrameHost {
  /** Creates a frame whose page address carries `frameId` in its hash; it posts `ready` when loaded. */
  createFrame(frameId: string): void;
  removeFrame(frameId: string): void;
  post(frameId: string, message: HostToFrameMessage): void;
  /**
   * Hands the frame a port to the compiler worker (transferred): the worker says on it which
   * program comes next, so the frame can start that program's worker early. Optional: without
   * it runs start when the run message arrives, as always.
   */
  connect?(frameId: string, port: MessagePort): void;
}

/** The text pending debugger requests are rejected with when the program leaves the pause (spec 002 §8). */
const DEBUGGING_CANCELLED = 'Debugging cancelled';

/** What the editor asks the simulator to run. */
export interface SimulatorRun {
  program: ProgramImage;
  /** Boards sharing the radio (1-3). */
  boards?: number;
  highContrast?: boolean;
  breakOnStart?: boolean;
  /**
   * Statement ids of `program` to stop at (a debug build). Given with the program, because ids
   * of another build mean other statements; omitted, the breakpoints set before are kept.
   */
  breakpoints?: readonly number[];
  storedState?: Record<string, string | number | boolean>;
  localizedStrings?: Record<string, string>;
}

export interface SimulatorDriverOptions {
  clock: Clock;
  host: FrameHost;
  /** Themes handed to frames in turn (default blue, red, green, yellow). */
  themes?: readonly SimTheme[];
  /** Id source for frames and runtimes; tests pass a counter. */
  nextId?: () => string;
  onStateChange?: (state: SimulatorState, previous: SimulatorState) => void;
  /** Every valid message from a known frame, after the driver has acted on it. */
  onMessage?: (message: FrameToHostMessage, frameId: string) => void;
  /** Protocol problems worth a log line (e.g. "debugger: trying to pause from stopped"). */
  onProblem?: (message: string) => void;
}

interface FrameRecord {
  id: string;
  /** The frame's theme: frames take the themes in turn as they are created. */
  theme: SimTheme;
  ready: boolean;
  /** The driver run this frame last started (stale frames are cleaned up). */
  runId: string;
  /** The runtime id of the program the frame was last told to run. */
  runtimeId: string | undefined;
}

let idCounter = 0;
/** A counter (readable in logs) and 64 random bits: runtime ids are nonces nobody can guess. */
function defaultNextId(): string {
  idCounter += 1;
  const random = new Uint32Array(2);
  globalThis.crypto.getRandomValues(random);
  return `${idCounter}${Array.from(random, (n) => n.toString(36)).join('')}`;
}

export class SimulatorDriver {
  private currentState: SimulatorState = 'unloaded';
  private readonly frames: FrameRecord[] = [];
  private current: SimulatorRun | undefined;
  private runId = '';
  private frameCounter = 0;
  private framesCreated = 0;
  private muted = false;
  /** A pause was asked for and its breakpoint has not arrived yet. */
  private pauseRequested = false;
  /** A step was sent: the frame stops again at the next statement. */
  private stepping = false;
  /**
   * Statement ids of the debug build the program stops at, and the slow-motion interval (ms per
   * statement, 0 off). Kept here only: each run message carries them, changes go to the frames.
   */
  private breakpoints: number[] = [];
  private traceInterval = 0;
  private nextRequest = 1;
  /** Debugger requests waiting for the frame's answer, by request number. */
  private readonly pending = new Map<
    number,
    { resolve: (v: DebuggerVariable[]) => void; reject: (e: Error) => void }
  >();
  private cleanupTimer: TimerHandle | undefined;
  private readonly clock: Clock;
  private readonly host: FrameHost;
  private readonly themes: readonly SimTheme[];
  private readonly nextId: () => string;

  constructor(private readonly options: SimulatorDriverOptions) {
    this.clock = options.clock;
    this.host = options.host;
    this.themes = options.themes && options.themes.length > 0 ? options.themes : SIM_THEMES;
    this.nextId = options.nextId ?? defaultNextId;
  }

  get state(): SimulatorState {
    return this.currentState;
  }

  /** Ids of the frames the driver owns, first (the one that runs programs) first. */
  get frameIds(): string[] {
    return this.frames.map((frame) => frame.id);
  }

  get isMuted(): boolean {
    return this.muted;
  }

  /** The runtime id the first frame was last told to run. */
  get runtimeId(): string | undefined {
    return this.frames[0]?.runtimeId;
  }

  /**
   * Runs `request` in the first frame, creating it on first use. With `freshFrame` a new frame
   * takes the lead (e.g. when the old one stopped answering); the old one is stopped and
   * removed by the cleanup 5 s later.
   */
  run(request: SimulatorRun, options: { freshFrame?: boolean } = {}): void {
    this.current = request;
    if (request.breakpoints) this.breakpoints = [...new Set(request.breakpoints)];
    this.runId = this.nextId();
    if (options.freshFrame && this.frames.length > 0) {
      this.postAll({ type: 'stop' });
      this.frames.unshift(this.newFrame());
      this.start();
      this.scheduleCleanup();
      return;
    }
    this.start();
  }

  /**
   * Creates the first frame ahead of the first run, so the simulator page loads while the
   * program compiles; the run then starts as soon as it arrives. Does nothing once a frame exists.
   */
  preload(): void {
    if (this.frames.length > 0) return;
    this.frames.push(this.newFrame());
  }

  /** Changes options of the current program for its next start (e.g. the editor's theme). */
  updateRun(changes: Partial<Omit<SimulatorRun, 'program'>>): void {
    if (this.current) this.current = { ...this.current, ...changes };
  }

  /** Stops the program; with `starting`, the state is Starting because a restart follows. */
  stop(unload = false, starting = false): void {
    if (this.currentState === 'unloaded') return;
    this.postAll({ type: 'stop' });
    this.setState(starting ? 'starting' : 'stopped');
    if (unload) this.unload();
    else this.scheduleCleanup();
  }

  /** Stops and starts the current program again in the same frame. */
  restart(): void {
    if (!this.current) return;
    this.stop(false, true);
    this.start();
  }

  /** Stops because the project changed (the program shown is out of date). */
  suspend(): void {
    if (this.currentState === 'unloaded') return;
    this.postAll({ type: 'stop' });
    this.setState('suspended');
    this.scheduleCleanup();
  }

  /**
   * Replaces every frame with a fresh one (the simulator page's address changed, e.g. the
   * learner picked another language): a program that was starting or running starts again in
   * the new frame; otherwise the new frame just waits, as after `preload`.
   */
  reloadFrames(): void {
    if (this.frames.length === 0) return;
    const program = this.current;
    const wasRunning =
      program !== undefined && (this.isStarting() || this.currentState === 'running' || this.currentState === 'paused');
    this.unload();
    if (wasRunning) this.run(program);
    else this.preload();
  }

  /** Removes every frame and forgets the program. */
  unload(): void {
    this.cancelCleanup();
    for (const frame of this.frames.splice(0)) this.host.removeFrame(frame.id);
    this.current = undefined;
    this.setState('unloaded');
  }

  /**
   * Asks the program to pause; the state changes when the frame reports the breakpoint (spec 002
   * §4: sent with no state change). Only a running program can pause.
   */
  pause(): void {
    if (this.currentState !== 'running') {
      this.options.onProblem?.(`debugger: trying to pause from ${this.currentState}`);
      return;
    }
    this.pauseRequested = true;
    this.postDebugger('pause');
  }

  /** Resume or step: the program runs again; pending debugger requests are cancelled. */
  resume(command: Exclude<DebuggerCommand, 'pause'> = 'resume'): void {
    if (this.currentState !== 'paused' && this.currentState !== 'running') return;
    this.pauseRequested = false;
    this.stepping = command !== 'resume';
    this.postDebugger(command);
    this.setState('running');
  }

  /**
   * Replaces the breakpoints (statement ids of a debug build); kept for later runs and sent to
   * the running program at once (spec 002 §3 `config`).
   */
  setBreakpoints(ids: readonly number[]): void {
    this.breakpoints = [...new Set(ids)];
    this.postAll({ type: 'debugger', subtype: 'config', setBreakpoints: [...this.breakpoints] });
  }

  /**
   * Slow motion (spec 002 §3 `traceConfig`): a debug build holds each statement `intervalMs` and
   * reports it with a `trace`; 0 turns it off. Kept for later runs and sent to the program now.
   */
  setTrace(intervalMs: number): void {
    const interval = Number.isFinite(intervalMs) ? Math.min(MAX_TRACE_CONFIG_MS, Math.max(0, intervalMs)) : 0;
    if (interval === this.traceInterval) return;
    this.traceInterval = interval;
    this.postAll({ type: 'debugger', subtype: 'traceConfig', interval });
  }

  /** The slow-motion interval in ms (0: off). */
  get traceIntervalMs(): number {
    return this.traceInterval;
  }

  /**
   * The children of an expandable variable of the current stop. Rejected with "Debugging
   * cancelled" when the program resumes, stops or unloads before the frame answers.
   */
  variables(variablesReference: number): Promise<DebuggerVariable[]> {
    if (this.currentState !== 'paused' && this.currentState !== 'suspended') {
      return Promise.reject(new Error(DEBUGGING_CANCELLED));
    }
    const req = this.nextRequest++;
    return new Promise((resolve, reject) => {
      this.pending.set(req, { resolve, reject });
      this.postFirst({ type: 'debugger', subtype: 'variables', variablesReference, req });
    });
  }

  mute(muted: boolean): void {
    this.muted = muted;
    this.postAll({ type: 'mute', mute: muted });
  }

  stopSound(): void {
    this.postAll({ type: 'stopsound' });
  }

  recorder(action: 'start' | 'stop', width?: number): void {
    this.postFirst({ type: 'recorder', action, ...(width !== undefined ? { width } : {}) });
  }

  /** Sends any other message (screenshot request, serial input, events, focus) to the first frame. */
  send(message: Exclude<HostToFrameMessage, DriverToFrameMessage>): void {
    this.postFirst(message);
  }

  /**
   * Handles a message from frame `frameId` (already validated by parseFrameToHostMessage). Only
   * what the editor can vouch for is passed on: anything but ready and status only from the
   * frame that runs the program, and breakpoints only of the run the editor started (its
   * runtime id), a plain one only after the editor asked for a pause.
   */
  receive(frameId: string, message: FrameToHostMessage): void {
    const frame = this.frames.find((f) => f.id === frameId);
    if (!frame) return;
    if (message.type !== 'ready' && message.type !== 'status' && frame !== this.frames[0]) return;
    switch (message.type) {
      case 'ready':
        frame.ready = true;
        if (frame === this.frames[0] && this.current && this.isStarting()) this.startFrame(frame);
        break;
      case 'status':
        if (message.runtimeid !== frame.runtimeId || frame.runId !== this.runId) break;
        if (message.state === 'running' && (this.isStarting() || this.currentState === 'running')) {
          this.setState('running');
        } else if (message.state === 'killed' && (this.currentState === 'running' || this.currentState === 'paused')) {
          this.setState('stopped');
          this.scheduleCleanup();
        }
        break;
      case 'debugger':
        if (message.subtype === 'breakpoint' && !this.onBreakpoint(frame, message)) return;
        // Slow motion's steps count only from the run the editor started, while it runs.
        if (message.subtype === 'trace' && !this.isCurrentRun(frame, message.runtimeid)) return;
        if (message.subtype === 'trace' && this.currentState !== 'running') return;
        if (message.subtype === 'variables' && message.req !== undefined) {
          const request = this.pending.get(message.req);
          this.pending.delete(message.req);
          request?.resolve(message.variables ?? []);
        }
        break;
      case 'simulator':
        if (message.command === 'restart') this.restart();
        break;
      default:
        break;
    }
    this.options.onMessage?.(message, frameId);
  }

  /** Acts on a breakpoint; false when it is not one the editor can vouch for (then it is dropped). */
  private onBreakpoint(frame: FrameRecord, message: DebuggerBreakpointMessage): boolean {
    const exception = message.exceptionMessage !== undefined;
    if (!this.isCurrentRun(frame, message.runtimeid)) {
      this.options.onProblem?.('debugger: a breakpoint of another run was ignored');
      return false;
    }
    if (this.currentState !== 'running') {
      this.options.onProblem?.(`debugger: trying to pause from ${this.currentState}`);
      return false;
    }
    if (exception) {
      this.suspend();
      return true;
    }
    // Breakpoints and steps stop the program by themselves; a plain stop only after a pause.
    if (!this.pauseRequested && !this.stepping && this.breakpoints.length === 0) {
      this.options.onProblem?.('debugger: a breakpoint nobody asked for was ignored');
      return false;
    }
    this.pauseRequested = false;
    this.stepping = false;
    this.setState('paused');
    return true;
  }

  private isCurrentRun(frame: FrameRecord, runtimeid: string | undefined): boolean {
    return runtimeid !== undefined && runtimeid === frame.runtimeId && frame.runId === this.runId;
  }

  private cancelPending(): void {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const request of pending) request.reject(new Error(DEBUGGING_CANCELLED));
  }

  private isStarting(): boolean {
    return this.currentState === 'pending' || this.currentState === 'starting';
  }

  private start(): void {
    if (!this.current) return;
    this.cancelCleanup();
    let frame = this.frames[0];
    if (!frame) {
      frame = this.newFrame();
      this.frames.push(frame);
    }
    if (!frame.ready) {
      frame.runId = this.runId;
      this.setState('pending');
      return;
    }
    this.startFrame(frame);
  }

  private newFrame(): FrameRecord {
    const frame: FrameRecord = {
      id: `sim-frame-${this.nextId()}`,
      theme: this.themes[this.framesCreated++ % this.themes.length] ?? 'blue',
      ready: false,
      runId: this.runId,
      runtimeId: undefined,
    };
    this.host.createFrame(frame.id);
    return frame;
  }

  private startFrame(frame: FrameRecord): void {
    const current = this.current;
    if (!current) return;
    const theme = frame.theme;
    frame.runId = this.runId;
    frame.runtimeId = `${theme}-${this.nextId()}`;
    this.frameCounter += 1;
    const message: RunMessage = {
      type: 'run',
      id: frame.runtimeId,
      frameCounter: this.frameCounter,
      code: current.program.js,
      positions: current.program.positions,
      hostNames: [...current.program.hostNames],
      boards: current.boards ?? 1,
      mute: this.muted,
      theme,
      options: { theme },
      ...(current.highContrast !== undefined ? { highContrast: current.highContrast } : {}),
      ...(current.breakOnStart !== undefined ? { breakOnStart: current.breakOnStart } : {}),
      ...(current.program.statements
        ? {
            statements: current.program.statements.map((row) => [row[0], row[1], row[2]] as [number, number, number]),
            breakpoints: [...this.breakpoints],
            traceInterval: this.traceInterval,
          }
        : {}),
      ...(current.storedState ? { storedState: current.storedState } : {}),
      ...(current.localizedStrings ? { localizedStrings: current.localizedStrings } : {}),
    };
    this.host.post(frame.id, message);
    this.setState('starting');
  }

  private postDebugger(subtype: DebuggerCommand): void {
    this.postAll({ type: 'debugger', subtype });
  }

  private postAll(message: DriverToFrameMessage): void {
    for (const frame of this.frames) if (frame.ready) this.host.post(frame.id, message);
  }

  private postFirst(message: HostToFrameMessage): void {
    const frame = this.frames[0];
    if (frame?.ready) this.host.post(frame.id, message);
  }

  private scheduleCleanup(): void {
    this.cancelCleanup();
    this.cleanupTimer = this.clock.setTimeout(() => {
      this.cleanupTimer = undefined;
      this.cleanupFrames();
    }, FRAME_CLEANUP_DELAY_MS);
  }

  private cancelCleanup(): void {
    if (this.cleanupTimer !== undefined) this.clock.clear(this.cleanupTimer);
    this.cleanupTimer = undefined;
  }

  /** Drops every frame but the first when stopped or suspended, and frames of older runs. */
  private cleanupFrames(): void {
    const idle = this.currentState === 'stopped' || this.currentState === 'suspended';
    for (const frame of this.frames.slice(1)) {
      if (!idle && frame.runId === this.runId) continue;
      this.frames.splice(this.frames.indexOf(frame), 1);
      this.host.removeFrame(frame.id);
    }
  }

  private setState(state: SimulatorState): void {
    const previous = this.currentState;
    if (previous === state) return;
    if (state !== 'running') this.pauseRequested = false;
    if (state !== 'running') this.stepping = false;
    // Answers can only come while paused (or suspended on an exception): leaving cancels them.
    if (previous === 'paused' || previous === 'suspended') this.cancelPending();
    this.currentState = state;
    this.options.onStateChange?.(state, previous);
  }
}
