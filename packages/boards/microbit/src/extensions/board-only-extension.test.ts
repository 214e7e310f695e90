import { readExtensionApi } from '@blockyard/language';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createMicrobitCompiler } from '../compiler.ts';
import { runHeadless } from '../headless/run-headless.ts';

// The local code host's board-only fixture (issue 17): a MakeCode-style extension whose motor
// driver is C++ (motor.cpp) described by shims.d.ts, with a TypeScript function calling it.
const fixtures = join(
  import.meta.dirname,
  ...['..', '..', '..', '..', '..', 'apps', 'server', 'test-fixtures', 'code-host', 'blockyard-test'],
);
const fixture = (repo: string, id: string, names: string[]): Record<string, string> =>
  Object.fromEntries(
    names.map((name) => [`pxt_modules/${id}/${name}`, readFileSync(join(fixtures, repo, 'v1.0.0', name), 'utf8')]),
  );
const files = fixture('pxt-board-only', 'board-only', ['motor.ts', 'shims.d.ts']);

describe('an extension with C++ parts in the simulator', () => {
  const compiler = createMicrobitCompiler(ts);

  it('compiles with the program and runs it, the C++ call doing nothing', () => {
    const result = compiler.compile({
      ...files,
      'main.ts': 'serial.writeLine("before")\nmotor.run(50)\nmotor.stop()\nserial.writeLine("after")\n',
    });
    expect(result.diagnostics).toEqual([]);
    const run = runHeadless({ program: result.program!, timeMs: 500 });
    expect(run.boards[0]!.error).toBeUndefined();
    expect(run.lines.map((line) => line.text)).toEqual(['before', 'after']);
  });

  it('names the C++ function as board-only, and offers its block', () => {
    const api = readExtensionApi(ts, files);
    expect(api.boardOnly).toEqual(['motor.run']);
    expect(api.blocks.map((fn) => fn.blockId).sort()).toEqual(['motor_run', 'motor_stop']);
  });

  it('points a problem in the extension at its own line', () => {
    const broken = files['pxt_modules/board-only/motor.ts']!.replace('run(0);', 'run("fast");');
    const result = compiler.compile({ ...files, 'pxt_modules/board-only/motor.ts': broken, 'main.ts': 'motor.stop()' });
    const problem = result.diagnostics.find((d) => d.category === 'error');
    expect(problem).toMatchObject({ file: 'pxt_modules/board-only/motor.ts', line: 8 });
  });
});

// The LED strip fixture (blockyard-test/pxt-led-strip): colours in TypeScript, the wire in C++.
describe('the LED strip extension', () => {
  const compiler = createMicrobitCompiler(ts);
  const strip = fixture('pxt-led-strip', 'led-strip', ['strip.ts', 'shims.d.ts']);
  const test = readFileSync(join(fixtures, 'pxt-led-strip', 'v1.0.0', 'test.ts'), 'utf8');

  it('works out colours, rainbows and brightness, and runs in the simulator', () => {
    const result = compiler.compile({ ...strip, 'main.ts': test });
    expect(result.diagnostics).toEqual([]);
    const run = runHeadless({ program: result.program!, timeMs: 1000 });
    expect(run.boards[0]!.error).toBeUndefined();
    expect(run.lines.map((line) => line.text)).toEqual(['first 16711680', 'second 255', 'bytes 5 128 0', 'cleared 0']);
  });

  it('adds an "LED strip" category whose only board-only part is sending to the wire', () => {
    const api = readExtensionApi(ts, strip);
    expect(api.categories.map((ns) => ns.label)).toEqual(['LED strip']);
    expect(api.blocks.map((fn) => fn.blockId)).toEqual(
      expect.arrayContaining(['ledstrip_create', 'ledstrip_show_color', 'ledstrip_rainbow', 'ledstrip_rgb']),
    );
    expect(api.boardOnly).toEqual(['ledstrip.sendBuffer']);
  });
});
