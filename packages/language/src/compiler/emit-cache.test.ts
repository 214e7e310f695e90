import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compiledOutput, expectWarmAsCold, freshCompiler } from './test-harness.ts';
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

const edit = expectWarmAsCold;

const program = [
  'let count = 0',
  'function twice(n: number) {',
  '    return n * 2',
  '}',
  'function show(n: number) {',
  '    board.log(n)',
  '}',
  'board.onEvent(function () {',
  '    count += twice(3)',
  '})',
  'board.onEvent(function () {',
  '    show(count)',
  '})',
  'for (let i = 0; i < 3; i++) {',
  '    board.log(i)',
  '}',
  '',
].join('\n');

describe('the emit cache', () => {
  it('compiles in full the first time', () => {
    expect(freshCompiler().compile({ 'main.ts': program }).emitCache).toEqual({ reused: 0, compiled: 6 });
  });

  it('recompiles only the statement an edit changed', () => {
    const result = edit(program, program.replace('twice(3)', 'twice(4)'));
    expect(result.emitCache).toEqual({ reused: 5, compiled: 1 });
    expect(result.program!.js).toContain('twice(4)');
  });

  it('moves reused statements to where they are now (positions follow inserted lines)', () => {
    const after = 'board.log("first")\nboard.log("second")\n' + program;
    const result = edit(program, after);
    expect(result.emitCache).toEqual({ reused: 6, compiled: 2 });
  });

  it('recompiles the callers of a function that starts to wait, and only them', () => {
    const result = edit(program, program.replace('    board.log(n)', '    board.pause(n)'));
    // show itself and the handler that calls it; twice, count and the loop are reused.
    expect(result.emitCache).toEqual({ reused: 4, compiled: 2 });
    expect(result.program!.js).toMatch(/yield\* show\(count\)/);
  });

  it('recompiles the callers of a const function value that starts to wait', () => {
    // Found in review: the key of `const g = () => …` held only its type, so a caller kept its
    // plain call after g started to wait.
    const withValue = [
      'const g = () => {',
      '    board.log(1)',
      '}',
      'board.onEvent(function () {',
      '    g()',
      '})',
      '',
    ].join('\n');
    const result = edit(withValue, withValue.replace('board.log(1)', 'board.pause(1)'));
    expect(result.program!.js).toMatch(/yield\* g\(\)/);
  });

  it('recompiles the users of a variable whose type changed', () => {
    const result = edit(program, program.replace('let count = 0', 'let count: any = 0'));
    // count's declaration and both handlers that name it.
    expect(result.emitCache).toEqual({ reused: 3, compiled: 3 });
  });

  it('recompiles the callers of a function whose parameters changed', () => {
    const after = program.replace('function twice(n: number) {', 'function twice(n: number, m = 1) {');
    expect(edit(program, after).emitCache).toEqual({ reused: 4, compiled: 2 });
  });

  it('reuses nothing it cannot describe: classes, namespaces, debug builds', () => {
    const compiler = freshCompiler();
    const withClass = program + 'class Box { size = 1 }\n';
    compiler.compile({ 'main.ts': withClass });
    expect(compiler.compile({ 'main.ts': withClass }).emitCache).toBeUndefined();
    const inNamespace = program + 'namespace tools { export function one() { return 1 } }\n';
    compiler.compile({ 'main.ts': inNamespace });
    expect(compiler.compile({ 'main.ts': inNamespace }).emitCache).toBeUndefined();
    compiler.compile({ 'main.ts': program });
    expect(compiler.compile({ 'main.ts': program }, { debug: true }).emitCache).toBeUndefined();
    expect(compiler.compile({ 'main.ts': program }).emitCache).toEqual({ reused: 6, compiled: 0 });
  });

  it('is left as it was by a compile that asks for none', () => {
    const compiler = freshCompiler();
    compiler.compile({ 'main.ts': program });
    const full = compiler.compile({ 'main.ts': program.replace('twice(3)', 'twice(5)') }, { emitCache: false });
    expect(full.emitCache).toBeUndefined();
    expect(compiler.compile({ 'main.ts': program }).emitCache).toEqual({ reused: 6, compiled: 0 });
  });

  it('never keeps statements that share main temporaries or hoisted vars, or function values', () => {
    const shared =
      'var late = 1\nlet [a, b] = [1, 2]\nconst greet = () => board.log(a)\ngreet()\nboard.log(b + late)\n';
    const result = edit(shared, shared.replace('b + late', 'b - late'));
    expect(result.emitCache).toEqual({ reused: 1, compiled: 4 });
  });

  it('keeps files apart: the same statement in two files is two entries', () => {
    const compiler = freshCompiler();
    compiler.compile({ 'a.ts': 'board.log(5)\n', 'main.ts': 'board.log(1)\n' });
    const files = { 'a.ts': 'board.log(2)\nboard.log(1)\n', 'main.ts': 'board.log(1)\n' };
    const warm = compiler.compile(files);
    expect(warm.emitCache).toEqual({ reused: 1, compiled: 2 });
    expect(compiledOutput(warm)).toEqual(compiledOutput(freshCompiler().compile(files)));
  });
});

// Random programs of the shapes block programs have (globals of changing type, functions with
// parameters that may wait and call each other, event handlers, loops, conditions, function
// values, vars), edited at random: compiled with the cache they must equal a cold compile.
const statement = fc.oneof(...commonStatements);
const body = bodyOf(statement);
const item: fc.Arbitrary<Item> = fc.oneof(
  fc
    .tuple(
      name,
      fc.oneof(
        small.map(String),
        small.map((k) => `"${k}"`),
      ),
    )
    .map(([n, v]) => ({ declares: n, text: `let ${n} = ${v}` })),
  fc.tuple(fn, body, fc.boolean()).map(([f, b, twoParams]) => ({
    declares: f,
    text: `function ${f}(x: number${twoParams ? ', y = 2' : ''}) {\n${b}\n    return x + 1\n}`,
  })),
  body.map((b) => ({ text: `board.onEvent(function () {\n${b}\n})` })),
  statement.map((text) => ({ text })),
  small.map((k) => ({ declares: 'v', text: `var v = ${k}` })),
  body.map((b) => ({ declares: 'g', text: `const g = () => {\n${b}\n}` })),
);

describe('the emit cache (property)', () => {
  it('gives the same program as a cold compile after any sequence of edits', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 8 }), editsOf(item), (start, changes) =>
        expectEditsCompileAsCold(start, changes, (items) => programOf(items)),
      ),
      { numRuns: 30 },
    );
  });
});
