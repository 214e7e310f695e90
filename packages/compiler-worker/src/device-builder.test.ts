import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parseIntelHex, readProjectHex } from '@blockyard/core';
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import { type FirmwareLoader, FirmwareStore, PROGRAM_MAGIC } from '@blockyard/native';
import { CompilerClient, type CompilerWorkerPort } from './compiler-client.ts';
import type { CompilerRequest, CompilerResponse } from './compiler-protocol.ts';
import { startCompilerWorker } from './compiler-worker-main.ts';
import { DeviceBuilder } from './device-builder.ts';

const hexcache = join(
  dirname(createRequire(import.meta.url).resolve('pxt-microbit/package.json')),
  'built',
  'hexcache',
);

function countingLoader(): FirmwareLoader & { loads: string[] } {
  const loads: string[] = [];
  return {
    loads,
    load: async (fileName) => {
      loads.push(fileName);
      return new Uint8Array(await readFile(join(hexcache, fileName)));
    },
  };
}

const failingLoader: FirmwareLoader = {
  load: () => Promise.reject(new Error('offline')),
};

const project = (main: string) => ({
  'pxt.json': JSON.stringify({ name: 'Dice', dependencies: { core: '*' }, files: ['main.ts'] }),
  'main.ts': main,
});

/** Index of `needle` in `haystack`, or -1. */
function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** The address of the program header on V1 in a Universal Hex, or undefined. */
function v1ProgramAt(hex: string): number | undefined {
  const v1 = parseIntelHex(hex).sections.find((s) => s.boardId === 0x9900);
  for (const segment of v1?.segments ?? []) {
    const at = indexOf(segment.data, PROGRAM_MAGIC);
    if (at >= 0) return segment.address + at;
  }
  return undefined;
}

describe("DeviceBuilder (Download's image, in the compiler worker)", () => {
  const compiler = createMicrobitCompiler(ts);
  const main = 'basic.showNumber(7)\ninput.onButtonPressed(Button.A, () => basic.showIcon(IconNames.Heart))\n';

  it("builds a Universal Hex with the program at V1's program address and the source embedded", async () => {
    const loader = countingLoader();
    const builder = new DeviceBuilder(() => compiler, loader);
    const steps: string[] = [];
    const outcome = await builder.build({ files: { 'main.ts': main }, project: project(main), name: 'Dice' }, (s) =>
      steps.push(s),
    );
    if (outcome.kind !== 'runnable') expect.fail(`not runnable: ${JSON.stringify(outcome)}`);
    const v1 = await new FirmwareStore(loader).get('v1');
    expect(v1ProgramAt(outcome.hex)).toBe(v1.programStart);
    const read = readProjectHex(new TextEncoder().encode(outcome.hex));
    expect(read.program).toBe('present');
    expect(read.files['main.ts']).toBe(main);
    expect(outcome.v1.used).toBeGreaterThan(64);
    expect(outcome.v1.room).toBeGreaterThan(outcome.v1.used);
    expect(outcome.v2.room).toBeGreaterThan(outcome.v1.room);
    // The firmware loads once: the step is announced the first time only.
    expect(steps).toEqual(['firmware']);
    const loadsAfterFirst = loader.loads.length;
    const again = await builder.build(
      { files: { 'main.ts': 'basic.showNumber(8)\n' }, project: project('x'), name: 'x' },
      (s) => steps.push(s),
    );
    expect(again.kind).toBe('runnable');
    expect(steps).toEqual(['firmware']);
    expect(loader.loads.length).toBe(loadsAfterFirst);
  });

  it('names what does not run on the board yet, where it is, and loads no firmware', async () => {
    // Every API call runs on the board now (packages/native/docs/api-coverage.md); object
    // literals do not yet.
    const loader = countingLoader();
    const builder = new DeviceBuilder(() => compiler, loader);
    const code = 'basic.showNumber(1)\nlet a = { x: 1 }\nif (true) {\n    let b = { y: 2 }\n}\nlet c = { z: 3 }\n';
    const outcome = await builder.build({ files: { 'main.ts': code }, project: project(code), name: 'p' });
    const what = 'An object literal or interface cannot be compiled for the micro:bit yet';
    expect(outcome).toEqual({
      kind: 'unsupported',
      calls: [what],
      places: [
        { call: what, file: 'main.ts', line: 2, column: 1 },
        { call: what, file: 'main.ts', line: 4, column: 5 },
        { call: what, file: 'main.ts', line: 6, column: 1 },
      ],
    });
    expect(loader.loads).toEqual([]);
  });

  it("names an extension's C++-only functions instead of building a board that ignores them", async () => {
    const loader = countingLoader();
    const shims = 'declare namespace motor {\n    //% shim=motor::run\n    function run(speed: number): void;\n}\n';
    const files = { 'pxt_modules/motor/shims.d.ts': shims, 'main.ts': 'motor.run(5)\n' };
    const builder = new DeviceBuilder(
      () => compiler,
      loader,
      (given) => (Object.keys(given).some((name) => name.startsWith('pxt_modules/')) ? ['motor.run'] : []),
    );
    const outcome = await builder.build({ files, project: project('motor.run(5)\n'), name: 'p' });
    expect(outcome).toEqual({ kind: 'unsupported', calls: ['motor.run'], places: [] });
    expect(loader.loads).toEqual([]);
    // Without the check, the stubs would build a board that silently does nothing.
    const unchecked = await new DeviceBuilder(() => compiler, loader).build({ files, project: project(''), name: 'p' });
    expect(unchecked.kind).not.toBe('unsupported');
  });

  it('says why when there is no image: errors in the program, or firmware that will not load', async () => {
    const broken = await new DeviceBuilder(() => compiler, countingLoader()).build({
      files: { 'main.ts': 'basic.showNumbr(1)\n' },
      project: project(''),
      name: 'p',
    });
    expect(broken.kind).toBe('notBuilt');
    const offline = await new DeviceBuilder(() => compiler, failingLoader).build({
      files: { 'main.ts': main },
      project: project(main),
      name: 'p',
    });
    expect(offline.kind).toBe('notBuilt');
    if (offline.kind === 'notBuilt') expect(offline.reason).toMatch(/firmware could not be loaded \(offline\)/);
  });
});

describe("the worker's device request", () => {
  function inProcessWorker(firmware?: FirmwareLoader): CompilerWorkerPort {
    const toClient: ((event: { data: unknown }) => void)[] = [];
    const toWorker: ((event: { data: unknown }) => void)[] = [];
    startCompilerWorker(
      {
        postMessage: (message: CompilerResponse) => {
          const data = structuredClone(message);
          queueMicrotask(() => toClient.forEach((l) => l({ data })));
        },
        addEventListener: (_type, listener) => toWorker.push(listener),
      },
      ts,
      undefined,
      firmware ? { firmware } : {},
    );
    return {
      postMessage: (message: CompilerRequest) => {
        const data = structuredClone(message);
        queueMicrotask(() => toWorker.forEach((l) => l({ data })));
      },
      addEventListener: (type: 'message' | 'error', listener: (event: { data: unknown }) => void) => {
        if (type === 'message') toClient.push(listener);
      },
      terminate: () => undefined,
    };
  }

  it('answers with the image and reports the firmware step before the answer', async () => {
    const client = new CompilerClient(() => inProcessWorker(countingLoader()));
    const events: string[] = [];
    const outcome = await client.device(
      { files: { 'main.ts': 'basic.showNumber(3)\n' }, project: project('basic.showNumber(3)\n'), name: 'n' },
      (step) => events.push(step),
    );
    events.push(outcome.kind);
    expect(events).toEqual(['firmware', 'runnable']);
  });

  it('answers "not built" when the worker has no firmware, and still compiles', async () => {
    const client = new CompilerClient(() => inProcessWorker());
    const outcome = await client.device({ files: { 'main.ts': 'basic.showNumber(3)\n' }, project: {}, name: 'n' });
    expect(outcome).toEqual({ kind: 'notBuilt', reason: 'this editor has no micro:bit firmware' });
    expect((await client.compile({ 'main.ts': 'basic.showNumber(1)\n' })).diagnostics).toEqual([]);
  });
});
