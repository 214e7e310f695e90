// The compiler worker's body: one warm micro:bit compiler, fed by compile requests, and the code
// editor's language service and blocks <-> code conversions (`service` requests) next to it. The
// worker entry (apps/web) imports TypeScript and calls startCompilerWorker(self, ts). Any failure
// inside comes back as a `failed` reply instead of killing the worker.

import type ts from 'typescript';
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import { readExtensionApi, type ApiMetadata, type Compiler } from '@blockyard/language';
import {
  type CompilerResponse,
  type EditAnswer,
  PROGRAM_PORT_MESSAGE,
  type ServiceRequest,
} from './compiler-protocol.ts';
import { checkCompilerRequest } from './compiler-protocol-schema.ts';
import { DeviceBuilder } from './device-builder.ts';
import { createEditorServices } from './editor-services.ts';
import type { FirmwareLoader } from '@blockyard/native';

export interface WorkerScope {
  postMessage(message: CompilerResponse): void;
  addEventListener(type: 'message', listener: (event: { data: unknown; ports?: readonly ProgramPort[] }) => void): void;
}

/** The simulator frame's end of a channel the page made: the worker says there which program comes next. */
export interface ProgramPort {
  postMessage(message: { type: 'prepare'; code: string }): void;
  close(): void;
}

export interface CompilerWorkerOptions {
  /** The board's API metadata read ahead of time (the same the page's blocks use). */
  metadata?: ApiMetadata;
  /** Where the micro:bit firmware comes from, for Download's device image (`device` requests). */
  firmware?: FirmwareLoader;
  /**
   * Warm as soon as the worker starts, not when the editor asks: the page starts the worker when
   * a project is opened, seconds before the editor is on screen to send `warm` (bench example-open).
   */
  warmAtStart?: boolean;
}

export function startCompilerWorker(
  scope: WorkerScope,
  typescript: typeof ts,
  now: () => number = () => performance.now(),
  options: CompilerWorkerOptions = {},
): void {
  let compiler: Compiler | undefined;
  const get = () => (compiler ??= createMicrobitCompiler(typescript));
  const services = createEditorServices(typescript, get, options.metadata, now);
  const device = options.firmware
    ? new DeviceBuilder(get, options.firmware, (files) => boardOnlyOf(typescript, files))
    : undefined;
  const failure = (error: unknown) =>
    `The compiler stopped unexpectedly: ${error instanceof Error ? error.message : String(error)}`;
  let warmedMs: number | undefined;
  const warm = () => {
    if (warmedMs !== undefined) return warmedMs;
    const started = now();
    // A tiny program makes TypeScript parse and bind the whole library once.
    get().compile({ 'main.ts': 'basic.pause(0)\n' });
    warmedMs = now() - started;
    // Then the editor's services, so the first completion or switch to blocks is quick too, in
    // a later task: a first run that asked meanwhile is answered before this extra work.
    setTimeout(() => {
      try {
        services.warm();
      } catch {
        // Built again on first use, where a failure is reported.
      }
    }, 0);
    return warmedMs;
  };
  if (options.warmAtStart) {
    // In a task of its own, so the message listener is in place and the worker's script has ended.
    setTimeout(() => {
      try {
        warm();
      } catch {
        // The first compile builds the compiler again and reports what failed.
      }
    }, 0);
  }
  let programPort: ProgramPort | undefined;
  scope.addEventListener('message', (event) => {
    if ((event.data as { type?: unknown } | null)?.type === PROGRAM_PORT_MESSAGE) {
      // A new simulator frame: the programs go to it from now on.
      programPort?.close();
      programPort = event.ports?.[0];
      return;
    }
    const checked = checkCompilerRequest(event.data);
    if (!checked.ok) {
      // Answered, so the caller's promise ends; without an id there is nobody to answer.
      const message = `The compiler was sent a request it does not understand (${checked.error}).`;
      if (checked.id !== undefined) scope.postMessage({ type: 'failed', id: checked.id, message });
      else console.warn(message);
      return;
    }
    const request = checked.message;
    const started = now();
    const startedAt = epochNow();
    if (request.type === 'warm') {
      // Warmed already at start: the same figure again (what warming took, not this reply).
      scope.postMessage({ type: 'warmed', ms: warm() });
      return;
    }
    if (request.type === 'device') {
      const { id, type: _type, ...build } = request;
      if (!device) {
        scope.postMessage({
          type: 'device',
          id,
          outcome: { kind: 'notBuilt', reason: 'this editor has no micro:bit firmware' },
          ms: now() - started,
        });
        return;
      }
      device
        .build(build, (step) => scope.postMessage({ type: 'progress', id, step }))
        .then(
          (outcome) => scope.postMessage({ type: 'device', id, outcome, ms: now() - started }),
          (error: unknown) => scope.postMessage({ type: 'failed', id, message: failure(error) }),
        );
      return;
    }
    try {
      if (request.type === 'service') {
        const answer = services.answer(request.request);
        // Before the answer: the frame starts the program's worker while the page, whose main
        // thread may be busy with the block editor, gets the answer and sends the run (issue 12).
        const program = runnableProgram(request.request, answer);
        if (program !== undefined) programPort?.postMessage({ type: 'prepare', code: program });
        const timings = services.takeTimings();
        scope.postMessage({ type: 'answer', id: request.id, answer, ms: now() - started, timings, ...startedAt });
        return;
      }
      const result = services.compile(request.files, request.options);
      const timings = services.takeTimings();
      scope.postMessage({ type: 'result', id: request.id, result, ms: now() - started, timings, ...startedAt });
    } catch (error) {
      scope.postMessage({ type: 'failed', id: request.id, message: failure(error) });
    }
  });
}

/**
 * The program text an edit answer will have the page run (the page runs a program without
 * errors, see SimulatorController.start), else undefined.
 */
function runnableProgram(request: ServiceRequest, answer: unknown): string | undefined {
  if (request.op !== 'edit' || request.build !== 'run') return undefined;
  const compiled = (answer as EditAnswer).compiled;
  if (!compiled?.program || compiled.diagnostics.some((d) => d.category === 'error')) return undefined;
  return compiled.program.js;
}

/** Now on a clock every page and worker shares (their performance clocks start apart). */
function epochNow(): { startedAt?: number } {
  if (typeof performance === 'undefined' || typeof performance.timeOrigin !== 'number') return {};
  return { startedAt: performance.timeOrigin + performance.now() };
}

/** The extensions' C++-only functions (their files are `pxt_modules/<id>/…`). */
function boardOnlyOf(typescript: typeof ts, files: Readonly<Record<string, string>>): readonly string[] {
  const extension = Object.fromEntries(Object.entries(files).filter(([name]) => name.startsWith('pxt_modules/')));
  return Object.keys(extension).length === 0 ? [] : readExtensionApi(typescript, extension).boardOnly;
}
