import { ManualClock } from '@blockyard/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuntimeError } from '../errors/runtime-error.ts';
import { PROGRAM_SOURCE_URL } from '../positions/stack-frames.ts';
import { type ProgramFactory, functionHeaderLines, setProgramEvaluator } from './load-program.ts';
import type { ProgramImage } from './program-image.ts';
import { Runtime } from './runtime.ts';

// The seam the simulator frame uses where `new Function` is refused: an installed evaluator
// supplies the factory (there, a blob: module loaded beforehand) and its wrapper's header size.

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

/** Wraps the body after `extraLines` blank lines, as a differently shaped loader would. */
function loaderWithHeader(extraLines: number): {
  evaluate(text: string): ProgramFactory;
  headerLines: number;
  calls: string[];
} {
  const calls: string[] = [];
  return {
    calls,
    headerLines: functionHeaderLines() + extraLines,
    evaluate(text: string) {
      calls.push(text);
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the test stands in for a module loader
      return new Function(
        '$rt',
        '$h',
        '$api',
        `${'\n'.repeat(extraLines)}${text}\n//# sourceURL=${PROGRAM_SOURCE_URL}`,
      ) as ProgramFactory;
    },
  };
}

afterEach(() => setProgramEvaluator(undefined));

describe('setProgramEvaluator', () => {
  it('runs programs through the installed evaluator, and positions errors with its header size', () => {
    const loader = loaderWithHeader(3);
    setProgramEvaluator(loader);
    const clock = new ManualClock();
    const runtime = new Runtime({ clock });
    const seen: unknown[] = [];
    const errors: RuntimeError[] = [];
    runtime.onError((error) => errors.push(error));
    runtime.start(program, { host: { log: (v: unknown) => seen.push(v) } });
    clock.advance(10);
    expect(loader.calls).toEqual([js]);
    expect(seen).toEqual([1]);
    expect(errors[0]?.position).toEqual({ file: 'main.ts', line: 3, column: 1 });
  });

  it('goes back to new Function when removed', () => {
    setProgramEvaluator(loaderWithHeader(1));
    setProgramEvaluator(undefined);
    const clock = new ManualClock();
    const runtime = new Runtime({ clock });
    const errors: RuntimeError[] = [];
    runtime.onError((error) => errors.push(error));
    runtime.start(program, { host: { log: () => undefined } });
    clock.advance(10);
    expect(errors[0]?.position).toEqual({ file: 'main.ts', line: 3, column: 1 });
  });
});
