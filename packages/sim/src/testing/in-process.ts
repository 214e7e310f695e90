// Simulator frames run in this process, for tests: the FrameRunner is the real one; messages are
// structured clones delivered a microtask later, as between windows. Import from
// `@blockyard/sim/testing` (the compiler worker's twin is `@blockyard/compiler-worker/testing`).

import type { Clock } from '@blockyard/core';
import type { FrameHost } from '../driver/simulator-driver.ts';
import { FrameRunner } from '../frame/frame-runner.ts';
import type { ProgramLinkFactory } from '../frame/worker/program-link.ts';
import { type ProgramWorker, startProgramWorker } from '../frame/worker/program-worker-main.ts';
import { FrameMessageGate } from '../host/frame-message-gate.ts';
import { type FrameToHostMessage, PROGRAM_PORT_MESSAGE } from '../protocol/protocol.ts';

type Listener = (event: { data: unknown }) => void;

/**
 * A FrameHost whose frames are FrameRunners in this process, kept in `runners` (tick them to move
 * time on in the programs). Captures return small fixed images.
 */
export function inProcessFrameHost(
  clock: Clock,
  runners: Map<string, FrameRunner>,
  onMessage: (frameId: string, message: FrameToHostMessage) => void,
): FrameHost {
  return {
    createFrame(frameId) {
      // The same door as IframeFrameHost's: rates, sizes and the schema.
      const gate = new FrameMessageGate(clock);
      const runner = new FrameRunner({
        frameId,
        clock,
        post: (message: FrameToHostMessage) => {
          const copy = gate.admit(structuredClone(message));
          if (copy) queueMicrotask(() => onMessage(frameId, copy));
        },
        links: inProcessProgramLinks(clock),
        policy: { allowedOrigins: [], hostname: 'localhost' },
        capture: {
          screenshot: (width) => Promise.resolve({ data: new Uint8Array([1]), width: width ?? 300, height: 246 }),
          thumbnail: () => Promise.resolve({ data: new Uint8Array([2]), width: 100, height: 82 }),
          pixels: () => Promise.resolve({ data: new Uint8ClampedArray(16), width: 2, height: 2 }),
        },
      });
      runners.set(frameId, runner);
      queueMicrotask(() => runner.start()); // the page loads, then says ready
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
    connect(frameId, port) {
      const runner = runners.get(frameId);
      queueMicrotask(() => runner?.receive({ type: PROGRAM_PORT_MESSAGE }, 'http://localhost', [port]));
    },
  };
}

/**
 * Program workers in this process (the real worker body; messages are structured clones
 * delivered a microtask later). Each worker made is pushed to `made`, so tests can look inside.
 * `timeOrigin` is the worker's epoch time origin (ProgramWorkerOptions.timeOrigin).
 */
export function inProcessProgramLinks(clock: Clock, made: ProgramWorker[] = [], timeOrigin = 0): ProgramLinkFactory {
  return (js, handlers) => {
    let alive = true;
    const toWorker: Listener[] = [];
    const worker = startProgramWorker(
      {
        postMessage: (message) => {
          const data = structuredClone(message);
          queueMicrotask(() => {
            if (alive) handlers.onMessage(data);
          });
        },
        addEventListener: (_type, listener) => toWorker.push(listener),
      },
      { clock, js, timeOrigin },
    );
    made.push(worker);
    return {
      post: (message) => {
        const data = structuredClone(message);
        queueMicrotask(() => {
          if (alive) for (const listener of toWorker) listener({ data });
        });
      },
      terminate: () => {
        alive = false;
        worker.session?.dispose();
      },
    };
  };
}
