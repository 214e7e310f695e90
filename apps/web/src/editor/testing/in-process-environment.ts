// For component tests: the editor's compiler worker and simulator frame, run in this process.
// The worker body is the real one (with TypeScript), the frame is the real FrameRunner; messages
// are structured clones delivered a microtask later, as between threads and windows.

import type { Clock } from '@blockyard/core';
import {
  CompilerClient,
  type CompilerRequest,
  type CompilerResponse,
  type CompilerWorkerPort,
  type FrameHost,
  FrameRunner,
  type FrameToHostMessage,
  parseFrameToHostMessage,
  SimulatorController,
  startCompilerWorker,
} from '@blockyard/sim';
import ts from 'typescript';
import type { EditorEnvironment } from '../editor-environment.ts';

type Listener = (event: { data: unknown }) => void;

function inProcessWorker(): CompilerWorkerPort {
  const toClient: Listener[] = [];
  const toWorker: Listener[] = [];
  startCompilerWorker(
    {
      postMessage: (message: CompilerResponse) => {
        const data = structuredClone(message);
        queueMicrotask(() => toClient.forEach((listener) => listener({ data })));
      },
      addEventListener: (_type, listener) => toWorker.push(listener),
    },
    ts,
  );
  return {
    postMessage: (message: CompilerRequest) => {
      const data = structuredClone(message);
      queueMicrotask(() => toWorker.forEach((listener) => listener({ data })));
    },
    addEventListener: (type: 'message' | 'error', listener: Listener) => {
      if (type === 'message') toClient.push(listener);
    },
    terminate: () => undefined,
  };
}

export interface InProcessEditor {
  environment: EditorEnvironment;
  /** The frames of the simulators made so far (tick them to move time on in the program). */
  runners: Map<string, FrameRunner>;
  compiler: CompilerClient;
}

export function inProcessEditor(clock: Clock): InProcessEditor {
  const compiler = new CompilerClient(inProcessWorker);
  const runners = new Map<string, FrameRunner>();
  const environment: EditorEnvironment = {
    compiler: () => compiler,
    createSimulator: () => {
      const container = document.createElement('div');
      const controller = new SimulatorController({
        clock,
        compiler,
        createHost: (onMessage): FrameHost => ({
          createFrame(frameId) {
            const runner = new FrameRunner({
              frameId,
              clock,
              post: (message: FrameToHostMessage) => {
                const copy = parseFrameToHostMessage(structuredClone(message));
                if (copy) queueMicrotask(() => onMessage(frameId, copy));
              },
              preload: () => Promise.resolve(),
              policy: { allowedOrigins: [], hostname: 'localhost' },
              capture: {
                screenshot: (width) => Promise.resolve({ data: new Uint8Array([1]), width: width ?? 300, height: 246 }),
                thumbnail: () => Promise.resolve({ data: new Uint8Array([2]), width: 100, height: 82 }),
                pixels: () => Promise.resolve({ data: new Uint8ClampedArray(16), width: 2, height: 2 }),
              },
            });
            runners.set(frameId, runner);
            queueMicrotask(() => runner.start());
          },
          removeFrame(frameId) {
            runners.get(frameId)?.dispose();
            runners.delete(frameId);
          },
          post(frameId, message) {
            const runner = runners.get(frameId);
            const copy = structuredClone(message);
            queueMicrotask(() => runner?.receive(copy, 'http://localhost'));
          },
        }),
      });
      return { controller, container };
    },
  };
  return { environment, runners, compiler };
}
