// The debugger of one running program (issue 18, spec 002 §3-§4): breakpoints by statement id,
// pause, resume, step over / into / out, the call stack and variables while halted, and the
// uncaught error reported as an exception stop. It needs a debug build (`compile(…, { debug:
// true })`), whose statements consult `$rt.trap` first: with nothing to watch the trap is
// lowered and a statement costs one field read.
//
// While halted, every fiber is frozen (Scheduler.pause): sleeps stop counting and resume with
// what was left, events wait in line.
//
// Trace mode (slow motion, spec 002 §3 `trace` / `traceConfig`): every statement is reported
// before it runs and the program is held for the trace interval, as at a breakpoint (timers keep
// what was left), then goes on by itself. Breakpoints, pauses and steps still stop as usual.

import type { TimerHandle } from '@blockyard/core';
import type { RuntimeError } from '../errors/runtime-error.ts';
import type { ScopeReader } from '../exec/exec-context.ts';
import type { Waitable } from '../exec/wait.ts';
import type { Runtime } from '../program/runtime.ts';
import { type BlockName, ON_START } from '../scheduler/block-name.ts';
import type { Fiber } from '../scheduler/fiber.ts';
import { captureStack, declaredClasses, programCallFrames } from './call-stack.ts';
import { DebugValues, type DebugVariable } from './debug-values.ts';

export type BreakReason = 'breakpoint' | 'step' | 'pause' | 'exception';
export type StepKind = 'over' | 'into' | 'out';

/** The shortest and longest time slow motion holds each statement (spec 002 §3 `traceConfig`). */
export const MIN_TRACE_INTERVAL_MS = 50;
const MAX_TRACE_INTERVAL_MS = 5000;

/** A statement about to run in slow motion. */
export interface TraceInfo {
  statementId: number;
  fiber: { id: number; name: string };
}

export interface DebugStackFrame {
  /**
   * The function as the learner wrote it ("bump", "Sprite.move"); the outermost frame of a fiber
   * whose function has no name is called by its block ("on start", "forever", "on button A pressed").
   */
  name: string;
  /** When `name` is a block's ("on start", "forever"): that block, for the editor's own words. */
  block?: BlockName;
  file?: string;
  line?: number;
  column?: number;
}

export interface BreakInfo {
  reason: BreakReason;
  /** The statement about to run (not for exceptions). */
  statementId?: number;
  /** The fiber that stopped: its id and name ("main", "forever", a handler…), and its block. */
  fiber: { id: number; name: string; block?: BlockName };
  /** Innermost first. */
  frames: DebugStackFrame[];
  globals: DebugVariable[];
  /** The variables in scope in the innermost frame. */
  locals: DebugVariable[];
  exceptionMessage?: string;
  /** "at f (main.ts:3:5)" lines, innermost first. */
  exceptionStack?: string;
}

type Mode = { kind: 'run' } | { kind: 'pause' } | { kind: 'step'; step: StepKind; fiber: Fiber; depth: number };

/** A Waitable released once; released before anyone waits, the waiter goes on at once. */
class Gate implements Waitable {
  private released = false;
  private wake: ((value?: unknown) => void) | undefined;

  subscribe(wake: (value?: unknown) => void): () => void {
    if (this.released) wake();
    else this.wake = wake;
    return () => {
      this.wake = undefined;
    };
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

export class RuntimeDebugger {
  private breakpoints = new Set<number>();
  private mode: Mode = { kind: 'run' };
  private gate: Gate | undefined;
  private current: BreakInfo | undefined;
  /** The stack depth counter at the halted statement (what step over and out compare with). */
  private haltDepth = 0;
  private readonly values = new DebugValues();
  private readonly breakListeners = new Set<(info: BreakInfo) => void>();
  private readonly resumeListeners = new Set<() => void>();
  private readonly traceListeners = new Set<(info: TraceInfo) => void>();
  private readonly traceEndListeners = new Set<() => void>();
  /** The fiber of the last traced statement (slow motion): its end puts the light out. */
  private tracedFiber: Fiber | undefined;
  /** Fibers whose end is already listened to (once each: a forever loop is traced again and again). */
  private readonly watchedFibers = new WeakSet<Fiber>();
  private readonly unsubscribe: () => void;
  /** Slow motion: how long each statement is held (0: off). */
  private traceInterval = 0;
  /** While a traced statement is held: the timer that lets it go on, and what it waits on. */
  private traceHold: { timer: TimerHandle; gate: Gate } | undefined;
  /** Held by someone else (another board stopped): a trace interval ending must not let it run. */
  private heldFromOutside = false;
  /** The learner's class names, read from the program text at the first stop. */
  private classesOf: { js: string; names: ReadonlySet<string> } | undefined;

  constructor(private readonly runtime: Runtime) {
    runtime.exec.debug = {
      wantsStop: (id) => this.current === undefined && this.traceHold === undefined && this.wantsToSee(id),
      onStatement: (id, locals) => this.onStatement(id, locals),
    };
    this.unsubscribe = runtime.onError((error) => this.onException(error));
    this.updateTrap();
  }

  /** The stop the program is halted at, if it is. */
  get halted(): BreakInfo | undefined {
    return this.current;
  }

  /** Replaces every breakpoint (statement ids of the debug build's `statements` table). */
  setBreakpoints(ids: Iterable<number>): void {
    this.breakpoints = new Set(ids);
    this.updateTrap();
  }

  /**
   * Slow motion: holds every statement for `intervalMs` (clamped to MIN/MAX_TRACE_INTERVAL_MS)
   * and reports it to `onTrace` first; 0 (or less, or not a number) turns it off.
   */
  setTrace(intervalMs: number): void {
    this.traceInterval =
      Number.isFinite(intervalMs) && intervalMs > 0
        ? Math.min(MAX_TRACE_INTERVAL_MS, Math.max(MIN_TRACE_INTERVAL_MS, intervalMs))
        : 0;
    if (this.traceInterval === 0) this.releaseTrace();
    this.updateTrap();
  }

  /** The slow-motion interval in ms (0: off). */
  get traceIntervalMs(): number {
    return this.traceInterval;
  }

  /**
   * Freezes the program from outside (another board sharing its radio stopped) until `unhold`;
   * unlike Runtime.pause, a slow-motion interval ending meanwhile does not let it run.
   */
  hold(): void {
    this.heldFromOutside = true;
    this.runtime.scheduler.pause();
  }

  unhold(): void {
    if (!this.heldFromOutside) return;
    this.heldFromOutside = false;
    if (!this.current && !this.traceHold) this.runtime.scheduler.resume();
  }

  /** Stops at the next statement any fiber runs ("pause" sent: no state change until then). */
  pause(): void {
    if (this.current || !this.runtime.running) return;
    this.mode = { kind: 'pause' };
    this.updateTrap();
  }

  /** Goes on until the next breakpoint. */
  resume(): void {
    this.mode = { kind: 'run' };
    this.go();
  }

  /**
   * Runs the halted fiber to its next statement: `over` at this depth or shallower (calls run
   * through), `into` anywhere (entering calls), `out` once the current function has returned.
   * Other fibers run meanwhile but do not stop (unless at a breakpoint).
   */
  step(kind: StepKind): void {
    const halted = this.current;
    const fiber = halted ? this.runtime.scheduler.fibers.find((f) => f.id === halted.fiber.id) : undefined;
    if (!halted || !fiber || halted.reason === 'exception') {
      this.resume();
      return;
    }
    this.mode = { kind: 'step', step: kind, fiber, depth: this.haltDepth };
    this.go();
  }

  /** Children of an expandable variable (lists, objects, long strings) while halted. */
  variables(ref: number): DebugVariable[] {
    return this.current ? this.values.children(ref) : [];
  }

  onBreak(listener: (info: BreakInfo) => void): () => void {
    this.breakListeners.add(listener);
    return () => this.breakListeners.delete(listener);
  }

  /** Each statement slow motion holds, before it runs. */
  onTrace(listener: (info: TraceInfo) => void): () => void {
    this.traceListeners.add(listener);
    return () => this.traceListeners.delete(listener);
  }

  /**
   * Slow motion: the fiber of the last traced statement ended (the program, or that handler, is
   * done), so nothing traced is running now.
   */
  onTraceEnd(listener: () => void): () => void {
    this.traceEndListeners.add(listener);
    return () => this.traceEndListeners.delete(listener);
  }

  onResume(listener: () => void): () => void {
    this.resumeListeners.add(listener);
    return () => this.resumeListeners.delete(listener);
  }

  /** Lets the program run on without the debugger (the hooks are removed). */
  detach(): void {
    this.breakpoints.clear();
    this.mode = { kind: 'run' };
    this.traceInterval = 0;
    this.releaseTrace();
    this.unsubscribe();
    if (this.current) this.go();
    this.runtime.exec.debug = null;
  }

  private go(): void {
    const gate = this.gate;
    if (!this.current) {
      this.updateTrap();
      return;
    }
    this.current = undefined;
    this.gate = undefined;
    this.values.clear();
    this.updateTrap();
    for (const listener of this.resumeListeners) listener();
    if (!this.heldFromOutside) this.runtime.scheduler.resume();
    gate?.release();
  }

  private onStatement(id: number, locals: ScopeReader | undefined): Waitable | undefined {
    if (this.current || this.traceHold) return undefined;
    const reason = this.reasonToStop(id);
    if (!reason) return this.traceInterval > 0 ? this.holdForTrace(id) : undefined;
    const fiber = this.runtime.scheduler.current;
    this.mode = { kind: 'run' };
    this.haltDepth = this.runtime.exec.depth;
    this.gate = new Gate();
    this.current = {
      reason,
      statementId: id,
      fiber: fiberInfo(fiber),
      frames: this.callStack(id, fiber),
      globals: mergeByName(this.read(locals, 0), this.read(this.runtime.exec.globals, 0)),
      locals: this.read(locals, 1),
    };
    this.runtime.scheduler.pause();
    this.updateTrap();
    const gate = this.gate;
    for (const listener of this.breakListeners) listener(this.current);
    return gate;
  }

  private wantsToSee(id: number): boolean {
    return this.traceInterval > 0 || this.reasonToStop(id) !== undefined;
  }

  /** Reports statement `id` and holds every fiber for the trace interval (like a breakpoint). */
  private holdForTrace(id: number): Waitable {
    const fiber = this.runtime.scheduler.current;
    const gate = new Gate();
    this.runtime.scheduler.pause();
    const timer = this.runtime.clock.setTimeout(() => {
      if (this.traceHold?.gate === gate) this.releaseTrace();
    }, this.traceInterval);
    this.traceHold = { timer, gate };
    if (fiber && !this.watchedFibers.has(fiber)) {
      this.watchedFibers.add(fiber);
      fiber.onDone((done) => this.onTracedFiberDone(done));
    }
    this.tracedFiber = fiber;
    const info: TraceInfo = { statementId: id, fiber: { id: fiber?.id ?? 0, name: fiber?.name ?? 'main' } };
    for (const listener of this.traceListeners) listener(info);
    return gate;
  }

  private onTracedFiberDone(fiber: Fiber): void {
    if (fiber !== this.tracedFiber) return;
    this.tracedFiber = undefined;
    for (const listener of this.traceEndListeners) listener();
  }

  /** Lets a held traced statement run now (its interval is over, or slow motion ended). */
  private releaseTrace(): void {
    const hold = this.traceHold;
    if (!hold) return;
    this.traceHold = undefined;
    this.runtime.clock.clear(hold.timer);
    if (!this.heldFromOutside) this.runtime.scheduler.resume();
    hold.gate.release();
  }

  private reasonToStop(id: number): BreakReason | undefined {
    if (this.breakpoints.has(id)) return 'breakpoint';
    const mode = this.mode;
    if (mode.kind === 'pause') return 'pause';
    if (mode.kind !== 'step') return undefined;
    const fiber = this.runtime.scheduler.current;
    // The stepped fiber ended: the next statement of any fiber ends the step.
    if (mode.fiber.finished) return 'step';
    if (fiber !== mode.fiber) return undefined;
    const depth = this.runtime.exec.depth;
    if (mode.step === 'into') return 'step';
    if (mode.step === 'over') return depth <= mode.depth ? 'step' : undefined;
    return depth < mode.depth ? 'step' : undefined;
  }

  private onException(error: RuntimeError): void {
    const fiber = this.runtime.scheduler.current;
    const frames = this.framesOf(error.jsStack, fiber);
    if (error.position && frames[0]) Object.assign(frames[0], error.position);
    this.current = {
      reason: 'exception',
      fiber: fiberInfo(fiber),
      frames,
      globals: this.read(this.runtime.exec.globals, 0),
      locals: [],
      exceptionMessage: error.message,
      exceptionStack: frames.map((f) => `at ${f.name} (${f.file ?? '?'}:${f.line ?? 0}:${f.column ?? 0})`).join('\n'),
    };
    this.gate = undefined;
    for (const listener of this.breakListeners) listener(this.current);
  }

  private callStack(id: number, fiber: Fiber | undefined): DebugStackFrame[] {
    const frames = this.framesOf(captureStack(this.runtime.exec.depth), fiber);
    const program = this.runtime.program;
    const at = program?.statements?.[id];
    const file = at ? program?.positions.files[at[0]] : undefined;
    const top = frames[0];
    if (at && file !== undefined) {
      const exact = { file, line: at[1], column: at[2] };
      if (top) Object.assign(top, exact);
      else frames.push({ ...blockFrame(fiberInfo(fiber)), ...exact });
    }
    return frames;
  }

  private framesOf(stack: string, fiber: Fiber | undefined): DebugStackFrame[] {
    const program = this.runtime.program;
    if (program && this.classesOf?.js !== program.js)
      this.classesOf = { js: program.js, names: declaredClasses(program.js) };
    const frames = programCallFrames(stack, this.classesOf?.names).filter((frame) =>
      this.runtime.inProgramText(frame.line),
    );
    return frames.map((frame, i) => {
      const position = this.runtime.locateAt(frame.line, frame.column);
      const outermost = i === frames.length - 1;
      return { ...displayName(frame.name, outermost ? fiberInfo(fiber) : undefined), ...(position ?? {}) };
    });
  }

  private read(reader: ScopeReader | undefined, scope: 0 | 1): DebugVariable[] {
    const out: DebugVariable[] = [];
    if (!reader) return out;
    try {
      reader((s, name, get) => {
        if (s !== scope) return;
        try {
          out.push(this.values.describe(name, get()));
        } catch {
          // Not initialised yet at this point of the program: not shown.
        }
      });
    } catch {
      // A reader that fails shows nothing rather than stopping the program.
    }
    return out;
  }

  private updateTrap(): void {
    const exec = this.runtime.exec;
    if (exec.debug === null) return;
    exec.trap = this.breakpoints.size > 0 || this.mode.kind !== 'run' || this.traceInterval > 0 ? 1 : 0;
  }
}

/** The globals main's statement handed over, then those only the registered reader sees. */
function mergeByName(first: DebugVariable[], second: DebugVariable[]): DebugVariable[] {
  const seen = new Set(first.map((v) => v.name));
  return [...first, ...second.filter((v) => !seen.has(v.name))];
}

/**
 * A fiber as the learner knows it: the top level is the "on start" block; the others are named
 * by the block that started them ("forever", "on button A pressed", "in background").
 */
export function fiberDisplayName(fiberName: string): string {
  return fiberName === 'main' ? 'on start' : fiberName;
}

type FiberInfo = BreakInfo['fiber'];

/** A fiber's id, name and block: the top level is the "on start" block. */
function fiberInfo(fiber: Fiber | undefined): FiberInfo {
  const name = fiber?.name ?? 'main';
  const block = fiber?.block ?? (name === 'main' ? ON_START : undefined);
  return { id: fiber?.id ?? 0, name, ...(block ? { block } : {}) };
}

/** The outermost frame of a fiber, named by its block. */
function blockFrame(fiber: FiberInfo): Pick<DebugStackFrame, 'name' | 'block'> {
  return { name: fiberDisplayName(fiber.name), ...(fiber.block ? { block: fiber.block } : {}) };
}

/**
 * A frame's name: "bump" and "Sprite.move" stay, a plain twin is its function, the top level and
 * a nameless function a fiber started (`outerFiber`, given for the outermost frame) are named by
 * their block, any other nameless function is "(anonymous function)".
 */
function displayName(jsName: string, outerFiber: FiberInfo | undefined): Pick<DebugStackFrame, 'name' | 'block'> {
  if (jsName.startsWith('$$plain_')) return { name: jsName.slice('$$plain_'.length) };
  if (jsName === '$main') return blockFrame(outerFiber ?? fiberInfo(undefined));
  if (jsName === '') return outerFiber === undefined ? { name: '(anonymous function)' } : blockFrame(outerFiber);
  return { name: jsName };
}
