// One running program: the scheduler, event bus, memory budget and built-ins of one board,
// wired together. A board creates a Runtime, adds its own API objects and calls `start`.

import type { FiberName } from '../scheduler/block-name.ts';
import type { Clock } from '@blockyard/core';
import { RtBuffer } from '../buffer/rt-buffer.ts';
import { createHelpers, type Helpers } from '../builtins/helpers.ts';
import { createMathApi, randomRange } from '../builtins/math.ts';
import { SeededRandom } from '../builtins/random.ts';
import { RuntimeError, toRuntimeError } from '../errors/runtime-error.ts';
import { EventBus } from '../events/event-bus.ts';
import { ExecContext } from '../exec/exec-context.ts';
import { resolveLimits, type RuntimeLimits } from '../limits.ts';
import { MemoryBudget } from '../memory/memory-budget.ts';
import { lookupPosition } from '../positions/position-table.ts';
import { programFrames } from '../positions/stack-frames.ts';
import type { Fiber } from '../scheduler/fiber.ts';
import { Scheduler } from '../scheduler/scheduler.ts';
import { evaluateProgram, functionHeaderLines } from './load-program.ts';
import type { ProgramImage } from './program-image.ts';

export interface RuntimeOptions {
  clock: Clock;
  limits?: Partial<RuntimeLimits>;
  /** Seed of Math.random and friends; the same seed gives the same run. */
  seed?: number;
}

export type RuntimeStatus = 'idle' | 'running' | 'stopped' | 'failed';

export class Runtime {
  readonly clock: Clock;
  readonly limits: RuntimeLimits;
  readonly exec: ExecContext;
  readonly scheduler: Scheduler;
  readonly bus: EventBus;
  readonly memory: MemoryBudget;
  readonly random: SeededRandom;
  readonly helpers: Helpers;
  status: RuntimeStatus = 'idle';
  error: RuntimeError | undefined;
  private image: ProgramImage | undefined;
  private readonly errorListeners = new Set<(error: RuntimeError) => void>();
  private readonly statusListeners = new Set<(status: RuntimeStatus) => void>();
  private readonly mainDoneListeners = new Set<() => void>();

  constructor(options: RuntimeOptions) {
    this.clock = options.clock;
    this.limits = resolveLimits(options.limits);
    this.exec = new ExecContext(this.clock, this.limits);
    this.scheduler = new Scheduler(this.clock, this.exec, (error, fiber) => this.fail(error, fiber));
    this.bus = new EventBus(this.scheduler, this.clock, this.limits.maxPendingEvents);
    this.memory = new MemoryBudget(this.limits.memoryLimitBytes);
    this.random = new SeededRandom(options.seed ?? 1);
    this.helpers = createHelpers(this.memory, this.random, this.exec);
  }

  /** The language built-ins every board gets: Math (seeded) and randint. */
  builtins(): Record<string, unknown> {
    return {
      Math: createMathApi(this.random),
      randint: (min: number, max: number): number => randomRange(this.random, min, max),
    };
  }

  /**
   * Runs `image` with `hostApi` (the board's namespaces). The top level starts on the "main"
   * fiber at the next scheduling point; errors are reported through `onError`, never thrown.
   */
  start(image: ProgramImage, hostApi: Record<string, unknown>): void {
    if (this.status !== 'idle') throw new Error('A Runtime runs one program; create a new one to run again.');
    this.image = image;
    this.setStatus('running');
    const api: Record<string, unknown> = { ...this.builtins(), ...hostApi };
    const missing = image.hostNames.filter((name) => !(name in api));
    if (missing.length > 0) {
      this.fail(
        new RuntimeError(
          'missing-api',
          `This board does not provide ${missing.join(', ')}, which the program uses. Was it compiled for another board?`,
        ),
      );
      return;
    }
    let main: unknown;
    try {
      main = (image.loaded?.factory ?? evaluateProgram(image.js))(this.exec, this.helpers, api);
    } catch (error) {
      this.fail(error);
      return;
    }
    if (typeof main !== 'function') {
      this.fail(new RuntimeError('internal', 'The compiled program did not produce a main function.'));
      return;
    }
    const fiber = this.scheduler.spawn('main', main as () => unknown);
    fiber.onDone(() => {
      for (const listener of this.mainDoneListeners) listener();
    });
  }

  /** A new zeroed buffer, counted against the memory budget (pins.createBuffer and friends). */
  createBuffer(size: number): RtBuffer {
    const bytes = Math.max(0, Math.trunc(size) || 0);
    this.memory.reserve(bytes);
    return RtBuffer.counted(this.memory, new Uint8Array(bytes));
  }

  /** A buffer of `text` as UTF-8, counted (control.createBufferFromUTF8, Buffer.fromUTF8). */
  bufferFromUtf8(text: string): RtBuffer {
    this.memory.reserve(text.length * 3);
    return RtBuffer.counted(this.memory, RtBuffer.fromUTF8(text).data);
  }

  /** Starts `fn` on its own fiber (forever loops, run in background, handlers). */
  spawn(name: FiberName, fn: (...args: unknown[]) => unknown, args: readonly unknown[] = []): Fiber {
    return this.scheduler.spawn(name, () => fn(...args));
  }

  /** Stops the program; nothing runs afterwards ("Runtime terminated"). */
  stop(): void {
    if (this.status !== 'running') return;
    this.scheduler.stop();
    this.setStatus('stopped');
  }

  /** Debugger hook: freeze every fiber. */
  pause(): void {
    this.scheduler.pause();
  }

  resume(): void {
    this.scheduler.resume();
  }

  get running(): boolean {
    return this.status === 'running';
  }

  onError(listener: (error: RuntimeError) => void): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  onStatus(listener: (status: RuntimeStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** The main fiber (the top level of the program) ran to its end. */
  onMainDone(listener: () => void): () => void {
    this.mainDoneListeners.add(listener);
    return () => this.mainDoneListeners.delete(listener);
  }

  /** A learner-code failure: the whole program stops, as on the device, and listeners hear why. */
  fail(error: unknown, _fiber?: Fiber): void {
    if (this.status === 'failed' || this.status === 'stopped') return;
    const runtimeError = toRuntimeError(error, this.memory.limitBytes);
    // A stack overflow is raised on entry to the function one too deep: its call site says more.
    runtimeError.position ??= this.locate(runtimeError.jsStack, runtimeError.kind === 'stack-overflow' ? 1 : 0);
    this.error = runtimeError;
    this.scheduler.stop();
    this.setStatus('failed');
    for (const listener of this.errorListeners) listener(runtimeError);
  }

  /** The learner-source position of the innermost program frame of a JS stack (after `skip` frames). */
  locate(jsStack: string, skip = 0) {
    if (!this.image) return undefined;
    const offset = this.image.loaded?.headerLines ?? functionHeaderLines();
    const frames = programFrames(jsStack).filter((frame) => this.inProgramText(frame.line));
    for (const frame of frames.length > skip ? frames.slice(skip) : frames) {
      const position = lookupPosition(this.image.positions, frame.line - offset, frame.column);
      if (position) return position;
    }
    return undefined;
  }

  /** Whether a line of the program's script (as the engine counts) is the program's, not its host's. */
  inProgramText(line: number): boolean {
    const last = this.image?.loaded?.lastLine;
    return last === undefined || line <= last;
  }

  /** The learner-source position of a place in the program text (1-based, as the engine counts). */
  locateAt(line: number, column: number) {
    if (!this.image) return undefined;
    return lookupPosition(
      this.image.positions,
      line - (this.image.loaded?.headerLines ?? functionHeaderLines()),
      column,
    );
  }

  /** The program this runtime runs (undefined before `start`). */
  get program(): ProgramImage | undefined {
    return this.image;
  }

  private setStatus(status: RuntimeStatus): void {
    this.status = status;
    for (const listener of this.statusListeners) listener(status);
  }
}
