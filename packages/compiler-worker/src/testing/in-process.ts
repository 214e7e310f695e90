// The compiler worker runs in this process, for tests: the worker body is the real one; messages
// are structured clones delivered a microtask later, as between threads. Import from
// `@blockyard/compiler-worker/testing`.

import type ts from 'typescript';
import type { CompilerWorkerPort } from '../compiler-client.ts';
import type { PROGRAM_PORT_MESSAGE } from '../compiler-protocol.ts';
import { type CompilerRequest, type CompilerResponse } from '../compiler-protocol.ts';
import { startCompilerWorker } from '../compiler-worker-main.ts';

type Listener = (event: { data: unknown; ports?: readonly MessagePort[] }) => void;

/** The real compiler worker body behind a worker port, in this process. */
export function inProcessCompilerWorker(typescript: typeof ts): CompilerWorkerPort {
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
    typescript,
  );
  return {
    postMessage: (message: CompilerRequest | { type: typeof PROGRAM_PORT_MESSAGE }, transfer?: Transferable[]) => {
      const data = structuredClone(message);
      // Ports move with the message, as they do to a real worker (the simulator frame's, issue 12).
      const ports = (transfer ?? []).filter((item): item is MessagePort => item instanceof MessagePort);
      queueMicrotask(() => toWorker.forEach((listener) => listener({ data, ports })));
    },
    addEventListener: (type: 'message' | 'error', listener: Listener) => {
      if (type === 'message') toClient.push(listener);
    },
    terminate: () => undefined,
  };
}
