import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CompilerClient, CompilerError, type CompilerWorkerPort } from './compiler-client.ts';
import type { CompilerRequest, CompilerResponse } from './compiler-protocol.ts';
import { startCompilerWorker } from './compiler-worker-main.ts';

type Listener = (event: { data: unknown }) => void;

/** The real worker body in this process, with structured cloning in between like postMessage. */
function inProcessWorker(): CompilerWorkerPort & { crash(): void; terminated: boolean } {
  const toClient: Listener[] = [];
  const toWorker: Listener[] = [];
  const errors: ((event: unknown) => void)[] = [];
  startCompilerWorker(
    {
      postMessage: (message: CompilerResponse) => {
        const data = structuredClone(message);
        queueMicrotask(() => toClient.forEach((l) => l({ data })));
      },
      addEventListener: (_type, listener) => toWorker.push(listener),
    },
    ts,
  );
  const port = {
    terminated: false,
    postMessage: (message: CompilerRequest) => {
      const data = structuredClone(message);
      queueMicrotask(() => toWorker.forEach((l) => l({ data })));
    },
    addEventListener: (type: 'message' | 'error', listener: (event: { data: unknown }) => void) => {
      if (type === 'message') toClient.push(listener);
      else errors.push(() => listener({ data: undefined }));
    },
    terminate: () => {
      port.terminated = true;
    },
    crash: () => errors.forEach((l) => l(new Error('boom'))),
  };
  return port;
}

describe('compiler worker channel', () => {
  it('compiles in the worker and returns diagnostics and the program', async () => {
    const client = new CompilerClient(inProcessWorker);
    const ok = await client.compile({ 'main.ts': 'basic.showIcon(IconNames.Heart)\n' });
    expect(ok.diagnostics).toEqual([]);
    expect(ok.program?.js).toContain('showIcon');
    expect(client.lastCompileMs).toBeGreaterThanOrEqual(0);
    const bad = await client.compile({ 'main.ts': 'basic.showIcn(1)\n' });
    expect(bad.program).toBeUndefined();
    expect(bad.diagnostics[0]).toMatchObject({ file: 'main.ts', line: 1 });
  });

  it("places the worker's time on the page's clock, for the edit benchmark's breakdown", async () => {
    const client = new CompilerClient(inProcessWorker);
    await client.compile({ 'main.ts': 'basic.showNumber(0)\n' });
    performance.clearMeasures();
    const sent = performance.now();
    await client.compile({ 'main.ts': 'basic.showNumber(1)\n' });
    const [total] = performance.getEntriesByName('blockyard:worker:total');
    const [reply] = performance.getEntriesByName('blockyard:worker:reply');
    expect(total!.duration).toBe(client.lastCompileMs);
    // Within the request, and the reply's way back right after it (the clocks agree to a fraction).
    expect(total!.startTime).toBeGreaterThanOrEqual(sent - 1);
    expect(reply!.startTime).toBeCloseTo(total!.startTime + total!.duration, 0);
    expect(reply!.startTime + reply!.duration).toBeLessThanOrEqual(performance.now());
  });

  it('answers several requests in order, each with its own result', async () => {
    const client = new CompilerClient(inProcessWorker);
    const [a, b] = await Promise.all([
      client.compile({ 'main.ts': 'basic.showNumber(1)\n' }),
      client.compile({ 'main.ts': 'basic.showNumber(2)\n' }),
    ]);
    expect(a.program?.js).toContain('showNumber(1)');
    expect(b.program?.js).toContain('showNumber(2)');
  });

  it('warms the compiler ahead of the first compile', async () => {
    const client = new CompilerClient(inProcessWorker);
    client.warm();
    await client.compile({ 'main.ts': 'basic.pause(1)\n' });
    expect(client.warmMs).toBeGreaterThan(0);
  });

  it('a crashed worker rejects what was pending and a new one starts on the next compile', async () => {
    const workers: ReturnType<typeof inProcessWorker>[] = [];
    const client = new CompilerClient(() => {
      const worker = inProcessWorker();
      workers.push(worker);
      return worker;
    });
    const pending = client.compile({ 'main.ts': 'basic.pause(1)\n' });
    workers[0]!.crash();
    await expect(pending).rejects.toThrow(CompilerError);
    await expect(pending).rejects.toThrow('The compiler stopped unexpectedly. Try again.');
    expect(workers[0]!.terminated).toBe(true);
    const next = await client.compile({ 'main.ts': 'basic.pause(1)\n' });
    expect(next.program).toBeDefined();
    expect(workers).toHaveLength(2);
  });

  it('dispose rejects pending compiles', async () => {
    const client = new CompilerClient(inProcessWorker);
    const pending = client.compile({ 'main.ts': 'basic.pause(1)\n' });
    client.dispose();
    await expect(pending).rejects.toThrow('The compiler was closed.');
  });
});

describe('editor services through the worker channel', () => {
  it('answers service requests between compiles, each with its own answer', async () => {
    const client = new CompilerClient(inProcessWorker);
    const [compiled, completions, code] = await Promise.all([
      client.compile({ 'main.ts': 'basic.showNumber(1)\n' }),
      client.service({ op: 'completions', files: { 'main.ts': 'basic.' }, file: 'main.ts', offset: 6 }),
      client.service({ op: 'toCode', xml: '<xml xmlns="https://developers.google.com/blockly/xml"></xml>' }),
    ]);
    expect(compiled.program).toBeDefined();
    expect(completions.options.map((o) => o.label)).toContain('showNumber');
    expect(code.code).toBe('');
  });

  it('a failing service request is a plain error and the worker keeps answering', async () => {
    const client = new CompilerClient(inProcessWorker);
    await expect(client.service({ op: 'format', files: { 'main.ts': '' }, file: 'other.ts' })).rejects.toThrow(
      'There is no file called other.ts.',
    );
    expect((await client.compile({ 'main.ts': 'basic.pause(1)\n' })).program).toBeDefined();
  });
});
