import { encodeLzma } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import type { ImportWorkerMessage, ReadRequest } from './import-protocol.ts';
import { WorkerProjectFileReader, type ImportWorker } from './project-file-reader.ts';
import { readProjectBytes } from './read-project-bytes.ts';

const config = '{"name":"Bomb","dependencies":{"core":"*"},"files":["main.ts"]}';
/** 20 MB of one letter as main.ts, packed into about 3 KB (the attack fixtures do 60 MB in 9 KB). */
const bomb = (): Uint8Array =>
  encodeLzma(new TextEncoder().encode(JSON.stringify({ 'pxt.json': config, 'main.ts': 'a'.repeat(20_000_000) })), {
    level: 1,
  });
const parentPath = (): Uint8Array =>
  new TextEncoder().encode(JSON.stringify({ 'pxt.json': config, 'main.ts': '', '../evil.ts': 'x' }));

/** A worker that runs the real reading code when told to, or stays busy until ended. */
class FakeWorker implements ImportWorker {
  onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  request: ReadRequest | null = null;

  postMessage(message: ReadRequest): void {
    this.request = message;
  }

  terminate(): void {
    this.terminated = true;
  }

  /** Does the work as the real worker would, posting what it posts. */
  work(): void {
    const { fileName, bytes } = this.request!;
    const post = (message: ImportWorkerMessage) => this.onmessage?.({ data: message } as MessageEvent<unknown>);
    const result = readProjectBytes(fileName, bytes, (fraction) => post({ type: 'progress', fraction }));
    post({ type: 'done', result });
  }
}

const file = (name: string, bytes: Uint8Array) => ({
  name,
  arrayBuffer: () => Promise.resolve(bytes.slice().buffer),
});

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

describe('WorkerProjectFileReader', () => {
  it('refuses an LZMA bomb in the worker with the plain message', async () => {
    const worker = new FakeWorker();
    const reading = new WorkerProjectFileReader(() => worker).read(file('bomb.mkcd', bomb()));
    await flush();
    worker.work();
    expect(await reading).toEqual({
      ok: false,
      problem: 'format',
      message: 'This project is too big to open: it unpacks to more than 16 MB.',
      code: 'project-too-big',
      params: { limit: '16 MB' },
    });
    expect(worker.terminated).toBe(true);
  });

  it('passes on how far a big project has unpacked', async () => {
    const worker = new FakeWorker();
    const big = { 'pxt.json': config, 'main.ts': 'basic.showNumber(1)\n'.repeat(150_000) };
    const packed = encodeLzma(new TextEncoder().encode(JSON.stringify(big)), { level: 1 });
    const progress: number[] = [];
    const reading = new WorkerProjectFileReader(() => worker).read(file('big.mkcd', packed), {
      onProgress: (fraction) => progress.push(fraction),
    });
    await flush();
    worker.work();
    expect(await reading).toMatchObject({ ok: true, projects: [{ files: big }] });
    expect(progress.length).toBeGreaterThan(5);
    expect(progress.every((f) => f > 0 && f <= 1)).toBe(true);
  });

  it('refuses a file name that leaves the project, at import', async () => {
    const worker = new FakeWorker();
    const reading = new WorkerProjectFileReader(() => worker).read(file('x.json', parentPath()));
    await flush();
    worker.work();
    expect(await reading).toEqual({
      ok: false,
      problem: 'format',
      message: 'The file name "../evil.ts" is not allowed in a project: it points outside the project folder (..).',
      code: 'invalid-file-name',
      params: { file: '../evil.ts', reason: 'it points outside the project folder (..)' },
    });
  });

  it('ends the worker at once when cancelled, whatever it is doing', async () => {
    const worker = new FakeWorker();
    const abort = new AbortController();
    const reading = new WorkerProjectFileReader(() => worker).read(file('bomb.hex', bomb()), {
      signal: abort.signal,
    });
    await flush();
    expect(worker.request?.fileName).toBe('bomb.hex');
    abort.abort();
    expect(await reading).toEqual({ ok: false, problem: 'cancelled' });
    expect(worker.terminated).toBe(true);
  });

  it('turns a crashed worker into "unreadable"', async () => {
    const worker = new FakeWorker();
    const reading = new WorkerProjectFileReader(() => worker).read(file('x.hex', new Uint8Array([1])));
    await flush();
    worker.onerror?.({ preventDefault: () => undefined } as ErrorEvent);
    expect(await reading).toEqual({ ok: false, problem: 'unreadable' });
  });
});
