import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CheckScope } from './check-scope.ts';
import { type Compiler, createCompiler } from './create-compiler.ts';
import { fakeBoard } from './test-harness.ts';

const newCompiler = (): Compiler => createCompiler({ ts, library: [fakeBoard] });
const problems = (compiler: Compiler, source: string) =>
  compiler.compile({ 'main.ts': source }).diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`);

const program = [
  'let count = 0',
  'let label: string | number = 1',
  'function twice(n: number) {',
  '    return n * 2',
  '}',
  'board.onEvent(function () {',
  '    count += twice(3)',
  '})',
  'board.onEvent(function () {',
  '    board.log(label)',
  '})',
  '',
].join('\n');

/** The statements a CheckScope would check in `after`, having seen `before` compile clean. */
function scoped(before: string, after: string): string[] | undefined {
  const compiler = newCompiler();
  const scope = new CheckScope();

  const first = compiler.program({ 'main.ts': before });
  scope.plan(ts, first.getTypeChecker(), [first.getSourceFile('/main.ts')!]).done(true);
  const next = compiler.program({ 'main.ts': after });
  const plan = scope.plan(ts, next.getTypeChecker(), [next.getSourceFile('/main.ts')!]);

  return plan.scoped ? plan.nodes[0]!.map((node) => node.getText()) : undefined;
}

describe('the scoped type check', () => {
  it('checks only the handler an edit changed', () => {
    expect(scoped(program, program.replace('twice(3)', 'twice(4)'))).toEqual([
      'board.onEvent(function () {\n    count += twice(3)\n})'.replace('3', '4'),
    ]);
  });

  it('checks also the statements that name a function whose type changed', () => {
    const after = program.replace('return n * 2', 'return "x"');
    expect(scoped(program, after)).toHaveLength(2);
  });

  it('checks everything after a declaration or a top-level assignment changed', () => {
    expect(scoped(program, program.replace('let count = 0', 'let count = 1'))).toBeUndefined();
    const assigned = program + 'label = 2\n';
    expect(scoped(assigned, assigned.replace('label = 2', 'label = "a"'))).toBeUndefined();
    expect(scoped(program, program + 'class Box {}\n')).toBeUndefined();
  });

  it('reports an error the edit made, as a cold compile does', () => {
    const compiler = newCompiler();
    expect(problems(compiler, program)).toEqual([]);
    const broken = program.replace('twice(3)', 'twice("3")');
    expect(problems(compiler, broken)).toEqual(problems(newCompiler(), broken));
    expect(problems(compiler, broken)).not.toEqual([]);
    // A refused feature keeps its plain reason (asked-for types must not come first).
    const async = program.replace('function twice', 'async function twice');
    expect(problems(compiler, async)).toEqual(problems(newCompiler(), async));
  });

  // Property: after any run of edits, the problems reported are those of a cold compile.
  const pieces = [
    'let count = 0',
    'let count = "zero"',
    'let label: string | number = 1',
    'let label: string | number = "one"',
    'function twice(n: number) {\n    return n * 2\n}',
    'function twice(n: number) {\n    return "n"\n}',
    'function twice(n: number, m: number) {\n    return n * m\n}',
    'board.onEvent(function () {\n    count += twice(3)\n})',
    'board.onEvent(function () {\n    count = twice(3) + 1\n})',
    'board.onEvent(function () {\n    board.log(label.toFixed(1))\n})',
    'board.onEvent(function () {\n    board.log(missing)\n})',
    'board.onEvent(function () {\n    let local = twice(count)\n    board.log(local)\n})',
    'label = "two"',
    'label = 2',
    'board.log(label.length)',
    'board.log(label.toFixed(0))',
    'board.log(count.toFixed(0))',
    'if (count > 1) {\n    label = "big"\n}',
    'board.pause(twice(1))',
  ];
  const source = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 6 }).map((s) => s.join('\n') + '\n');
  it('reports what a cold compile reports, over random edits', () => {
    fc.assert(
      fc.property(fc.array(source, { minLength: 2, maxLength: 5 }), (sources) => {
        const compiler = newCompiler();
        for (const text of sources) expect(problems(compiler, text)).toEqual(problems(newCompiler(), text));
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('reports what a cold compile reports when one statement changes at a time', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { minLength: 2, maxLength: 6 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...pieces)), { minLength: 1, maxLength: 4 }),
        (start, edits) => {
          const compiler = newCompiler();
          const statements = [...start];
          problems(compiler, statements.join('\n'));
          for (const [at, piece] of edits) {
            statements[at % statements.length] = piece;
            const text = statements.join('\n');
            expect(problems(compiler, text)).toEqual(problems(newCompiler(), text));
          }
        },
      ),
      { numRuns: 80 },
    );
  }, 120_000);
});
