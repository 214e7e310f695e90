// The compiler worker's body: one warm micro:bit compiler, fed by compile requests. The worker
// entry (apps/web) imports TypeScript and calls startCompilerWorker(self, ts). Any failure
// inside the compiler comes back as a `failed` reply instead of killing the worker.

import type ts from 'typescript';
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import type { Compiler } from '@blockyard/language';
import { type CompilerResponse, parseCompilerRequest } from './compiler-protocol.ts';

export interface WorkerScope {
  postMessage(message: CompilerResponse): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export function startCompilerWorker(
  scope: WorkerScope,
  typescript: typeof ts,
  now: () => number = () => performance.now(),
): void {
  let compiler: Compiler | undefined;
  const get = () => (compiler ??= createMicrobitCompiler(typescript));
  scope.addEventListener('message', (event) => {
    const request = parseCompilerRequest(event.data);
    if (!request) return;
    const started = now();
    if (request.type === 'warm') {
      // A tiny program makes TypeScript parse and bind the whole library once.
      get().compile({ 'main.ts': 'basic.pause(0)\n' });
      scope.postMessage({ type: 'warmed', ms: now() - started });
      return;
    }
    try {
      const result = get().compile(request.files, request.options);
      scope.postMessage({ type: 'result', id: request.id, result, ms: now() - started });
    } catch (error) {
      scope.postMessage({
        type: 'failed',
        id: request.id,
        message: `The compiler stopped unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  });
}
