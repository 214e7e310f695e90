import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { CompilerResponse } from './compiler-protocol.ts';
import { type ProgramPort, startCompilerWorker } from './compiler-worker-main.ts';

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

describe("the compiler worker's port to the simulator frame (issue 12)", () => {
  function withPort() {
    const log: { to: 'page' | 'frame'; message: unknown }[] = [];
    const listeners: ((event: { data: unknown; ports?: readonly ProgramPort[] }) => void)[] = [];
    startCompilerWorker(
      {
        postMessage: (message) => log.push({ to: 'page', message }),
        addEventListener: (_type, l) => listeners.push(l),
      },
      ts,
    );
    const port: ProgramPort = { postMessage: (message) => log.push({ to: 'frame', message }), close: () => undefined };
    listeners.forEach((listener) => listener({ data: { type: 'programport' }, ports: [port] }));
    const edit = (id: number, request: Record<string, unknown>) =>
      listeners.forEach((listener) =>
        listener({ data: { type: 'service', id, request: { op: 'edit', from: 'python', files: {}, ...request } } }),
      );
    return { log, edit };
  }

  it('says which program the page will run, before answering the page', () => {
    const worker = withPort();
    worker.edit(1, { text: 'basic.show_number(4)\n', build: 'run' });
    expect(worker.log.map((entry) => entry.to)).toEqual(['frame', 'page']);
    const answer = worker.log[1]!.message as { type: string; answer: { compiled?: { program?: { js: string } } } };
    expect(answer.type).toBe('answer');
    expect(worker.log[0]!.message).toEqual({ type: 'prepare', code: answer.answer.compiled?.program?.js });
  }, 60_000);

  it('says nothing for a check, or for a program with errors (the page will not run them)', () => {
    const worker = withPort();
    worker.edit(1, { text: 'basic.show_number(4)\n', build: 'check' });
    worker.edit(2, { text: 'basic.show_number("four")\n', build: 'run' });
    expect(worker.log.map((entry) => entry.to)).toEqual(['page', 'page']);
  }, 60_000);
});
