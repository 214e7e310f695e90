import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompileOptions } from './create-compiler.ts';
import { expectWarmAsCold, freshCompiler } from './test-harness.ts';
import {
  type Item,
  bodyOf,
  commonStatements,
  editsOf,
  expectEditsCompileAsCold,
  fn,
  name,
  programOf,
  small,
} from './test-random-edits.ts';

// Without the emit cache every statement is lowered with the analysis's plans, so a wrong kept
// record shows in the program text; debug builds use the analysis differently (plain twins).
const builds: readonly CompileOptions[] = [{ emitCache: false }, { debug: true }, {}];

/** Compiles `before`, then `after` with the same compiler, as a cold compile of `after`. */
const edit = (before: string, after: string, options: CompileOptions = { emitCache: false }) =>
  expectWarmAsCold(before, after, options);

const program = [
  'let count = 0',
  'function twice(n: number) {',
  '    return n * 2',
  '}',
  'function show(n: number) {',
  '    board.log(n)',
  '}',
  'const g = () => {',
  '    board.log(1)',
  '}',
  'board.onEvent(function () {',
  '    count += twice(3)',
  '})',
  'board.onEvent(function () {',
  '    show(count)',
  '    g()',
  '})',
  'board.onEvent(function () {',
  '    [1, 2].forEach(show)',
  '})',
  '',
].join('\n');

describe('the wait cache', () => {
  it('visits every statement the first time', () => {
    expect(freshCompiler().compile({ 'main.ts': program }).waitCache).toEqual({ reused: 0, visited: 7 });
  });

  it('visits only the statement an edit changed', () => {
    for (const options of builds) {
      expect(edit(program, program.replace('twice(3)', 'twice(4)'), options).waitCache).toEqual({
        reused: 6,
        visited: 1,
      });
    }
  });

  it('makes the kept callers of a function that starts to wait wait too', () => {
    const result = edit(program, program.replace('    board.log(n)', '    board.pause(n)'));
    expect(result.program!.js).toMatch(/yield\* show\(count\)/);
    // The forEach's callback is show: the call goes through the waiting helper now.
    expect(result.program!.js).toMatch(/yield\* .*forEach/);
  });

  it('makes the kept callers of a const function value that starts to wait wait too', () => {
    const result = edit(program, program.replace('board.log(1)', 'board.pause(1)'));
    expect(result.program!.js).toMatch(/yield\* g\(\)/);
  });

  it('visits everything again after a compile with problems', () => {
    const compiler = freshCompiler();
    compiler.compile({ 'main.ts': program });
    expect(compiler.compile({ 'main.ts': program + 'nothing()\n' }).program).toBeUndefined();
    expect(compiler.compile({ 'main.ts': program }).waitCache).toEqual({ reused: 0, visited: 7 });
  });

  it('visits everything again when a declaration changes what follows it', () => {
    // `count` assigned at the top level can narrow it for the statements after: not scoped.
    const result = edit(program, program.replace('let count = 0', 'let count = 1'));
    expect(result.waitCache).toEqual({ reused: 0, visited: 7 });
  });
});

const statement = fc.oneof(
  ...commonStatements,
  fn.map((f) => `[1, 2].forEach(${f})`),
  small.map((k) => `g(${k})`),
);
const body = bodyOf(statement);
const item: fc.Arbitrary<Item> = fc.oneof(
  fc.tuple(name, small).map(([n, v]) => ({ declares: n, text: `let ${n} = ${v}` })),
  fc.tuple(fn, body).map(([f, b]) => ({ declares: f, text: `function ${f}(x: number) {\n${b}\n    return x + 1\n}` })),
  body.map((b) => ({ text: `board.onEvent(function () {\n${b}\n})` })),
  statement.map((text) => ({ text })),
  body.map((b) => ({ declares: 'g', text: `const g = (k: number) => {\n${b}\n}` })),
);
/** Every program may call g. */
const withG = (items: readonly Item[]) => programOf(items, [{ declares: 'g', text: 'const g = (k: number) => {\n}' }]);

describe('the wait cache (property)', () => {
  it('gives the same program as a cold compile after any sequence of edits', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 8 }),
        editsOf(item),
        fc.constantFrom(...builds),
        (start, changes, options) => expectEditsCompileAsCold(start, changes, withG, options),
      ),
      { numRuns: 40 },
    );
  });
});
