import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import type { RuntimeError } from '../errors/runtime-error.ts';
import { PROGRAM_SOURCE_URL } from '../positions/stack-frames.ts';
import { type LoadedProgram, type ProgramFactory, functionHeaderLines } from './load-program.ts';
import type { ProgramImage } from './program-image.ts';
import { Runtime } from './runtime.ts';

// The seam the simulator frame uses where `new Function` is refused: the program image carries
// the factory its host loaded (there, a blob: script) and that wrapper's header size.

const js = [
  'const { host } = $api;',
  'return function* $main() {',
  'host.log(1);',
  'let x = null;',
  'x.size;',
  'host.log(2);',
  'host.log(3);',
  'host.log(4);',
  '};',
].join('\n');
const program: ProgramImage = {
  js,
  positions: {
    files: ['main.ts'],
    lines: [[], [], [0, 0, 1, 1], [0, 0, 2, 1], [0, 0, 3, 1], [0, 0, 4, 1], [0, 0, 5, 1], [0, 0, 6, 1]],
  },
  hostNames: ['host'],
};

/** The program made into code by its host after `extraLines` blank lines, as a differently shaped loader would. */
function loadedWithHeader(extraLines: number): LoadedProgram {
  return {
    headerLines: functionHeaderLines() + extraLines,
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the test stands in for a module loader
    factory: new Function(
      '$rt',
      '$h',
      '$api',
      `${'\n'.repeat(extraLines)}${js}\n//# sourceURL=${PROGRAM_SOURCE_URL}`,
    ) as ProgramFactory,
  };
}

describe('a program its host loaded (ProgramImage.loaded)', () => {
  it('runs the loaded factory, not the text, and positions errors with its header size', () => {
    const clock = new ManualClock();
    const runtime = new Runtime({ clock });
    const seen: unknown[] = [];
    const errors: RuntimeError[] = [];
    runtime.onError((error) => errors.push(error));
    // The text would throw at once: only the loaded factory can print 1.
    runtime.start(
      { ...program, js: 'throw new Error("text evaluated")', loaded: loadedWithHeader(3) },
      {
        host: { log: (v: unknown) => seen.push(v) },
      },
    );
    clock.advance(10);
    expect(seen).toEqual([1]);
    expect(errors[0]?.position).toEqual({ file: 'main.ts', line: 3, column: 1 });
  });

  it("leaves out frames past the program's last line (its host's code in the same script)", () => {
    const runtime = new Runtime({ clock: new ManualClock() });
    const header = functionHeaderLines();
    runtime.start(
      { ...program, loaded: { ...loadedWithHeader(0), lastLine: header + 9 } },
      { host: { log: () => undefined } },
    );
    const stack = [
      'Error',
      `    at log (${PROGRAM_SOURCE_URL}:400:5)`,
      `    at $main (${PROGRAM_SOURCE_URL}:${header + 4}:1)`,
      `    at $main (${PROGRAM_SOURCE_URL}:${header + 3}:1)`,
    ].join('\n');
    expect(runtime.inProgramText(400)).toBe(false);
    // The frame after the innermost program frame (as for a stack overflow): the host's is none.
    expect(runtime.locate(stack, 1)).toEqual({ file: 'main.ts', line: 1, column: 1 });
  });

  it('is per program: the next runtime without one evaluates its text with new Function', () => {
    const first = new Runtime({ clock: new ManualClock() });
    first.start({ ...program, loaded: loadedWithHeader(1) }, { host: { log: () => undefined } });
    const clock = new ManualClock();
    const runtime = new Runtime({ clock });
    const errors: RuntimeError[] = [];
    runtime.onError((error) => errors.push(error));
    runtime.start(program, { host: { log: () => undefined } });
    clock.advance(10);
    expect(errors[0]?.position).toEqual({ file: 'main.ts', line: 3, column: 1 });
  });
});
