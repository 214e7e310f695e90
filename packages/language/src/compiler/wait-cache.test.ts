import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CompileOptions, type CompileResult } from './create-compiler.ts';
import { compiledOutput, freshCompiler, warmAndCold } from './test-harness.ts';

// Without the emit cache every statement is lowered with the analysis's plans, so a wrong kept
// record shows in the program text; debug builds use the analysis differently (plain twins).
const builds: readonly CompileOptions[] = [{ emitCache: false }, { debug: true }, {}];

/** Compiles `before`, then `after` with the same compiler; checks it against a cold compile of `after`. */
function edit(before: string, after: string, options: CompileOptions = { emitCache: false }): CompileResult {
  const { warm, cold } = warmAndCold(before, after, options);
  expect(compiledOutput(warm)).toEqual(compiledOutput(cold));
  return warm;
}

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

const name = fc.constantFrom('a', 'b', 'c');
const fn = fc.constantFrom('f0', 'f1', 'f2');
const small = fc.integer({ min: 0, max: 9 });
const statement: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(name).map(([n]) => `board.log(${n})`),
  fc.tuple(name, small).map(([n, k]) => `${n} += ${k}`),
  small.map((k) => `board.pause(${k})`),
  fc.tuple(fn, small).map(([f, k]) => `board.log(${f}(${k}))`),
  fc.tuple(fn, small).map(([f, k]) => `if (${f}(${k}) > 3) {\n    board.log("big")\n}`),
  small.map((k) => `for (let i = 0; i < ${k % 3}; i++) {\n    board.log(i)\n}`),
  fn.map((f) => `[1, 2].forEach(${f})`),
  small.map((k) => `g(${k})`),
);
const body = fc.array(statement, { maxLength: 3 }).map((list) => list.map((s) => s.replace(/^/gm, '    ')).join('\n'));
const item: fc.Arbitrary<{ declares?: string; text: string }> = fc.oneof(
  fc.tuple(name, small).map(([n, v]) => ({ declares: n, text: `let ${n} = ${v}` })),
  fc.tuple(fn, body).map(([f, b]) => ({ declares: f, text: `function ${f}(x: number) {\n${b}\n    return x + 1\n}` })),
  body.map((b) => ({ text: `board.onEvent(function () {\n${b}\n})` })),
  statement.map((text) => ({ text })),
  body.map((b) => ({ declares: 'g', text: `const g = (k: number) => {\n${b}\n}` })),
);
/** A program: every name it uses declared once (the first declaration of each name wins). */
function programOf(items: readonly { declares?: string; text: string }[]): string {
  const seen = new Set<string>();
  const kept = items.filter((i) => !i.declares || (!seen.has(i.declares) && seen.add(i.declares)));
  const missing = ['a', 'b', 'c'].filter((n) => !seen.has(n)).map((n) => `let ${n} = 0`);
  const functions = ['f0', 'f1', 'f2']
    .filter((f) => !seen.has(f))
    .map((f) => `function ${f}(x: number) {\n    return x\n}`);
  const g = seen.has('g') ? [] : ['const g = (k: number) => {\n}'];
  return [...missing, ...functions, ...g, ...kept.map((i) => i.text)].join('\n') + '\n';
}
const edits = fc.array(fc.tuple(fc.nat(), fc.constantFrom('replace', 'insert', 'delete'), item), {
  minLength: 1,
  maxLength: 4,
});

describe('the wait cache (property)', () => {
  it('gives the same program as a cold compile after any sequence of edits', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 8 }),
        edits,
        fc.constantFrom(...builds),
        (start, changes, options) => {
          const compiler = freshCompiler();
          let items = start;
          compiler.compile({ 'main.ts': programOf(items) }, options);
          for (const [at, how, replacement] of changes) {
            const index = at % (items.length + 1);
            items =
              how === 'insert'
                ? [...items.slice(0, index), replacement, ...items.slice(index)]
                : how === 'delete'
                  ? items.filter((_, i) => i !== index)
                  : items.map((old, i) => (i === index ? replacement : old));
            const text = programOf(items);
            const warm = compiler.compile({ 'main.ts': text }, options);
            expect(compiledOutput(warm), text).toEqual(
              compiledOutput(freshCompiler().compile({ 'main.ts': text }, options)),
            );
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
