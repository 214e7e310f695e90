// A warm compiler's device build (the device library lowered once and joined to each build's
// learner files; edits and simulator compiles in between) must give byte for byte what a cold
// build gives, and what compiling the library together with the learner's files gives.
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { compileForDevice } from '../../src/thumb/compile-for-device.ts';
import { DEVICE_LIBRARY_FILE, DEVICE_LIBRARY_SOURCE } from '../../src/thumb/device-library.ts';
import { generateProgram } from '../../src/thumb/program-gen.ts';
import { EXAMPLE_PROJECTS } from '../support/example-projects.ts';
import { NATIVE_PROGRAMS } from './native-programs.ts';

const programs = [
  ...EXAMPLE_PROJECTS,
  ...NATIVE_PROGRAMS.map((program) => ({ name: program.name, files: { 'main.ts': program.source } })),
];

/** The build as it was before the library was kept: library and learner files lowered together. */
const togetherCompiler = createMicrobitCompiler(ts);
function buildTogether(files: Record<string, string>, name: string) {
  const lowered = togetherCompiler.lower({ [DEVICE_LIBRARY_FILE]: DEVICE_LIBRARY_SOURCE, ...files });
  if (!lowered.module) throw new Error(lowered.diagnostics.map((d) => d.message).join('\n'));
  return generateProgram(lowered.module, { name });
}

/** The first number in the text one more (an edit that keeps every declaration as it was). */
function oneNumberChanged(text: string): string {
  return text.replace(/(?<![\w.])(\d+)(?![\w.])/, (n) => String(Number(n) + 1));
}

function edited(files: Record<string, string>, n: number): Record<string, string> {
  return { ...files, 'main.ts': `${files['main.ts'] ?? ''}\nlet edit${n} = ${n}\n` };
}

describe('a warm device build', () => {
  it('is the same program, byte for byte, as a cold one and as compiling the library with it', () => {
    const warm = createMicrobitCompiler(ts);
    for (const [i, { name, files }] of programs.entries()) {
      // What the editor does between two Downloads: edits, simulator compiles, other builds.
      warm.compile(edited(files, i));
      compileForDevice(warm, edited(files, i + 1), { name });
      const fromWarm = compileForDevice(warm, files, { name });
      const together = buildTogether(files, name);
      expect(fromWarm.diagnostics, name).toEqual([]);
      expect(fromWarm.object, name).toBeDefined();
      // A new compiler for a few (each loads the whole API library: about a second).
      if (i % 6 === 0)
        expect(fromWarm.object, name).toEqual(compileForDevice(createMicrobitCompiler(ts), files, { name }).object);
      expect(fromWarm.object, name).toEqual(together.object);
      expect(fromWarm.assembly, name).toBe(together.assembly);
    }
  }, 300_000);

  it('reuses unchanged statements (lower cache) and still gives a cold build, byte for byte', () => {
    const warm = createMicrobitCompiler(ts);
    let reused = 0;
    for (const [i, { name, files }] of programs.entries()) {
      // Download, change one number, Download again, change it back: the IR of every statement
      // but the changed one is put back from the build before.
      const changed = { ...files, 'main.ts': oneNumberChanged(files['main.ts'] ?? '') };
      for (const [step, version] of [files, changed, files].entries()) {
        const fromWarm = compileForDevice(warm, version, { name });
        if (step > 0) reused += fromWarm.lowerCache?.reused ?? 0;
        expect(fromWarm.diagnostics, name).toEqual([]);
        // Each reused build against a cold one; the one back to the start for some (time).
        if (step === 0 || (step === 2 && i % 4 !== 0)) continue;
        const cold = buildTogether(version, name);
        expect(fromWarm.object, `${name} ${step}`).toEqual(cold.object);
        expect(fromWarm.assembly, `${name} ${step}`).toBe(cold.assembly);
      }
    }
    expect(reused).toBeGreaterThan(programs.length * 3);
  }, 300_000);

  it('builds again what a changed statement changes, also in statements that did not change', () => {
    const warm = createMicrobitCompiler(ts);
    // `step` starts to wait: the forever loop's call to it must now be a call that waits.
    const before =
      'function step() {\n    led.toggle(1, 1)\n}\nbasic.forever(function () {\n    step()\n})\nbasic.showNumber(1)\n';
    const after = before.replace('led.toggle(1, 1)', 'led.toggle(1, 1)\n    basic.pause(100)');
    // And a number that moves every statement after it down a line.
    const moved = `basic.showNumber(0)\n\n\n${after}`;
    for (const version of [before, after, before, after, moved]) {
      const fromWarm = compileForDevice(warm, { 'main.ts': version }, { name: 'edit' });
      const cold = buildTogether({ 'main.ts': version }, 'edit');
      expect(fromWarm.diagnostics).toEqual([]);
      expect(fromWarm.object, version).toEqual(cold.object);
      expect(fromWarm.assembly, version).toBe(cold.assembly);
    }
    expect(compileForDevice(warm, { 'main.ts': moved }, { name: 'edit' }).lowerCache).toEqual({
      reused: 4,
      kept: 0,
      types: 0,
    });
    // A statement more above: those after it are numbered on from it, lowered again.
    expect(compileForDevice(warm, { 'main.ts': after }, { name: 'edit' }).lowerCache).toEqual({
      reused: 1,
      kept: 2,
      types: 0,
    });
  }, 120_000);

  it('is a cold build after edits of every kind, reusing what they left alone', () => {
    const warm = createMicrobitCompiler(ts);
    const base = [
      'let count = 3',
      'let label = "n" + count',
      'function twice(x: number): number {\n    return x * 2\n}',
      'basic.showNumber(twice(count))',
      'input.onButtonPressed(Button.A, function () {\n    count += 1\n    basic.showString(label)\n})',
      'basic.forever(function () {\n    led.toggle(count % 5, 2)\n})',
    ];
    const program = (lines: string[]) => ({ 'main.ts': `${lines.join('\n')}\n` });
    const edits: [what: string, files: Record<string, string>][] = [
      ['start', program(base)],
      ['a literal', program(base.map((line) => line.replace('count % 5', 'count % 4')))],
      ['a statement inserted', program([...base.slice(0, 4), 'basic.pause(100)', ...base.slice(4)])],
      ['a statement removed', program(base.filter((_, i) => i !== 3))],
      [
        'a function added',
        program([...base, 'function three(): number {\n    return 3\n}', 'basic.showNumber(three())']),
      ],
      ['a global added', program(['let extra = 7', ...base, 'basic.showNumber(extra)'])],
      ['back to the start', program(base)],
      ['a literal again', program(base.map((line) => line.replace('let count = 3', 'let count = 4')))],
    ];
    const stats: Record<string, { reused: number; kept: number; types: number } | undefined> = {};
    for (const [what, files] of edits) {
      const fromWarm = compileForDevice(warm, files, { name: 'edits' });
      const cold = buildTogether(files, 'edits');
      expect(fromWarm.diagnostics, what).toEqual([]);
      expect(fromWarm.object, what).toEqual(cold.object);
      expect(fromWarm.assembly, what).toBe(cold.assembly);
      stats[what] = fromWarm.lowerCache;
    }
    // One literal changed: every other statement's IR, and both globals' types, come back.
    expect(stats['a literal']).toEqual({ reused: 5, kept: 1, types: 2 });
    // A changed global: the statements naming it are lowered again, the other global's type kept.
    expect(stats['a literal again']).toMatchObject({ types: 1 });
  }, 120_000);

  it('reports errors and refusals as compiling the library with the program does', () => {
    const warm = createMicrobitCompiler(ts);
    compileForDevice(warm, { 'main.ts': 'basic.showNumber(1)\n' });
    for (const source of [
      'let x: number = "a"\n',
      'basic.showNumber(__device_basic)\n',
      'let f = () => 1\nf.call(null)\n',
    ]) {
      const files = { 'main.ts': source };
      const joint = createMicrobitCompiler(ts).lower({ [DEVICE_LIBRARY_FILE]: DEVICE_LIBRARY_SOURCE, ...files });
      const result = compileForDevice(warm, files);
      expect(result.object, source).toBeUndefined();
      if (joint.module) expect(result.diagnostics, source).toEqual(generateProgram(joint.module, {}).diagnostics);
      else expect(result.diagnostics, source).toEqual(joint.diagnostics);
    }
  }, 120_000);
});
