// The editor's handle on the compiler worker: compile(files) returns a promise of the
// CompileResult. The worker starts on first use (TypeScript is about 1 MB gzipped, so it stays
// off the first paint) and is started again if it crashes; requests pending at a crash are
// rejected with a plain-language error, never left hanging.

import type { CompileResult } from '@blockyard/language';
import {
  type CompileOptions,
  type CompilerRequest,
  PROGRAM_PORT_MESSAGE,
  type ServiceAnswers,
  type ServiceRequest,
} from './compiler-protocol.ts';
import { checkCompilerResponse } from './compiler-protocol-schema.ts';
import type { DeviceBuildOutcome, DeviceBuildRequest, DeviceBuildStep } from './device-builder.ts';

/** The part of a Worker the client uses (tests pass an in-process fake). */
export interface CompilerWorkerPort {
  postMessage(message: CompilerRequest | { type: typeof PROGRAM_PORT_MESSAGE }, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'error', listener: (event: unknown) => void): void;
  terminate(): void;
}

export class CompilerError extends Error {
  override name = 'CompilerError';
}

interface Pending {
  kind: 'compile' | 'service' | 'device';
  onStep?: (step: DeviceBuildStep) => void;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

export class CompilerClient {
  private worker: CompilerWorkerPort | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private warmedMs: number | undefined;
  private replied = false;
  private warming = false;
  /** How long the last compile took inside the worker (ms). */
  lastCompileMs: number | undefined;

  constructor(private readonly createWorker: () => CompilerWorkerPort) {}

  /**
   * Starts the worker and warms the compiler in the background, once per worker: the editor calls
   * it as it opens, so TypeScript loads while the blocks are drawn rather than after.
   */
  warm(): void {
    if (this.warming) return;
    this.port().postMessage({ type: 'warm' });
    this.warming = true;
  }

  /**
   * Hands the worker its end of a channel to the simulator frame: from now on each edit that
   * builds a program to run says which one there, ahead of its answer (issue 12 item 4).
   */
  simulatorPort(port: MessagePort): void {
    this.port().postMessage({ type: PROGRAM_PORT_MESSAGE }, [port]);
  }

  /** How long warming took, once it has. */
  get warmMs(): number | undefined {
    return this.warmedMs;
  }

  compile(files: Record<string, string>, options?: CompileOptions): Promise<CompileResult> {
    return this.send<CompileResult>('compile', (id) => ({
      type: 'compile',
      id,
      files: { ...files },
      ...(options ? { options } : {}),
    }));
  }

  /**
   * Asks the worker's editor services: completions, quick info, signature help, diagnostics and
   * formatting of a file, or blocks <-> code. Answers come in request order with compiles.
   */
  service<R extends ServiceRequest>(request: R): Promise<ServiceAnswers[R['op']]> {
    return this.send<ServiceAnswers[R['op']]>('service', (id) => ({ type: 'service', id, request }));
  }

  /**
   * Download's device image: the program compiled for the board and linked with its firmware.
   * `onStep` hears of slow steps (the firmware loading, the first time) before the answer.
   */
  device(request: DeviceBuildRequest, onStep?: (step: DeviceBuildStep) => void): Promise<DeviceBuildOutcome> {
    return this.send<DeviceBuildOutcome>(
      'device',
      (id) => ({ type: 'device', id, ...request, files: { ...request.files }, project: { ...request.project } }),
      onStep,
    );
  }

  private send<T>(
    kind: Pending['kind'],
    message: (id: number) => CompilerRequest,
    onStep?: (step: DeviceBuildStep) => void,
  ): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { kind, resolve, reject, ...(onStep ? { onStep } : {}) });
      try {
        this.port().postMessage(message(id));
      } catch (error) {
        this.pending.delete(id);
        reject(
          new CompilerError(`The compiler could not start: ${error instanceof Error ? error.message : String(error)}`),
        );
      }
    });
  }

  dispose(): void {
    this.fail('The compiler was closed.');
    this.worker?.terminate();
    this.worker = undefined;
  }

  private port(): CompilerWorkerPort {
    if (this.worker) return this.worker;
    mark('blockyard:worker:start');
    this.warming = false; // a new worker starts cold
    const worker = this.createWorker();
    worker.addEventListener('message', (event: { data: unknown }) => this.onMessage(event.data));
    worker.addEventListener('error', () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      worker.terminate();
      this.fail('The compiler stopped unexpectedly. Try again.');
    });
    this.worker = worker;
    return worker;
  }

  private onMessage(data: unknown): void {
    const checked = checkCompilerResponse(data);
    if (!checked.ok) {
      // A reply we cannot read ends its request (when its id can be read), never leaves it hanging.
      const pending = checked.id === undefined ? undefined : this.pending.get(checked.id);
      if (checked.id !== undefined && pending) {
        this.pending.delete(checked.id);
        pending.reject(new CompilerError('The compiler answered something unexpected.'));
      }
      console.warn(`The compiler sent a reply that is not understood (${checked.error}).`);
      return;
    }
    const response = checked.message;
    if (!this.replied) {
      this.replied = true;
      mark('blockyard:worker:first-reply');
    }
    if (response.type === 'warmed') {
      this.warmedMs = response.ms;
      recordTimings({ warm: response.ms });
      return;
    }
    const pending = this.pending.get(response.id);
    if (!pending) return;
    if (response.type === 'progress') {
      try {
        pending.onStep?.(response.step);
      } catch {
        // Progress is a nicety: never let it lose the answer.
      }
      return;
    }
    this.pending.delete(response.id);
    if (response.type === 'answer' || response.type === 'result') {
      recordTimings(response.timings);
      recordWorkerSpan(response.startedAt, response.ms);
    }
    if (response.type === 'failed') pending.reject(new CompilerError(response.message));
    else if (response.type === 'device') {
      if (pending.kind === 'device') pending.resolve(response.outcome);
      else pending.reject(new CompilerError('The compiler answered something unexpected.'));
    } else if (response.type === 'answer') {
      if (pending.kind === 'service') pending.resolve(response.answer);
      else pending.reject(new CompilerError('The compiler answered something unexpected.'));
    } else {
      this.lastCompileMs = response.ms;
      if (pending.kind === 'compile') pending.resolve(response.result);
      else pending.reject(new CompilerError('The compiler answered something unexpected.'));
    }
  }

  private fail(message: string): void {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(new CompilerError(message));
  }
}

/**
 * The worker's steps as performance measures (`blockyard:worker:<step>`, ending now), read by the
 * editor benchmark's breakdown. Durations only: the worker's clock has its own origin.
 */
function recordTimings(timings: Readonly<Record<string, number>> | undefined): void {
  if (!timings || typeof performance === 'undefined' || typeof performance.measure !== 'function') return;
  const end = performance.now();
  for (const [step, ms] of Object.entries(timings)) {
    try {
      performance.measure(`blockyard:worker:${step}`, { end, duration: Math.max(0, Math.min(ms, end)) });
    } catch {
      // Timing is a nicety: never let it fail an answer.
    }
  }
}

/**
 * The whole request inside the worker (`blockyard:worker:total`) where it fell on this page's
 * clock, and its answer's way here (`blockyard:worker:reply`, to now): the worker's time told
 * from the messages' time and the waits on either side of it.
 */
function recordWorkerSpan(startedAt: number | undefined, ms: number): void {
  if (startedAt === undefined || typeof performance === 'undefined' || typeof performance.measure !== 'function')
    return;
  try {
    const start = startedAt - performance.timeOrigin;
    const end = performance.now();
    if (start < 0 || start > end) return;
    performance.measure('blockyard:worker:total', { start, duration: ms });
    // The two clocks may disagree by a fraction of a millisecond.
    performance.measure('blockyard:worker:reply', { start: Math.min(start + ms, end), end });
  } catch {
    // Timing is a nicety: never let it fail an answer.
  }
}

/** A moment of the worker's life as a performance mark (the start benchmarks' breakdown). */
function mark(name: string): void {
  try {
    if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(name);
  } catch {
    // Timing is a nicety.
  }
}
