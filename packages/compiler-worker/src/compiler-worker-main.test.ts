import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { CompilerResponse } from './compiler-protocol.ts';
import { startCompilerWorker } from './compiler-worker-main.ts';

/** TypeScript with its program builds counted: how the test sees that the worker warmed. */
function countingTypeScript(): { api: typeof ts; programs: () => number } {
  let programs = 0;
  const real = ts.createProgram as (...args: unknown[]) => ts.Program;
  const createProgram = (...args: unknown[]): ts.Program => {
    programs++;
    return real(...args);
  };
  const api = new Proxy(ts, {
    get: (target, key, receiver): unknown =>
      key === 'createProgram' ? createProgram : Reflect.get(target, key, receiver),
  });
  return { api, programs: () => programs };
}

function start(warmAtStart: boolean) {
  const typescript = countingTypeScript();
  const replies: CompilerResponse[] = [];
  const listeners: ((event: { data: unknown }) => void)[] = [];
  startCompilerWorker(
    { postMessage: (message) => replies.push(message), addEventListener: (_type, l) => listeners.push(l) },
    typescript.api,
    undefined,
    { warmAtStart },
  );
  const send = (data: unknown) => listeners.forEach((listener) => listener({ data }));
  return { programs: typescript.programs, replies, send };
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the compiler worker warming', () => {
  it('waits for the editor to ask by default', async () => {
    const worker = start(false);
    await nextTask();
    expect(worker.programs()).toBe(0);
    worker.send({ type: 'warm' });
    expect(worker.programs()).toBe(1);
    expect(worker.replies).toHaveLength(1);
    expect(worker.replies[0]?.type).toBe('warmed');
  });

  it('with warmAtStart, builds the library before any message, and answers warm without building again', async () => {
    const worker = start(true);
    expect(worker.programs()).toBe(0); // not inside the worker's first task
    await nextTask();
    expect(worker.programs()).toBe(1);
    worker.send({ type: 'warm' });
    worker.send({ type: 'warm' });
    expect(worker.programs()).toBe(1);
    const [first, second] = worker.replies;
    expect(first?.type).toBe('warmed');
    expect(second).toEqual(first);
  }, 60_000);
});
