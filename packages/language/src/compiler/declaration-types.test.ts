import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { Compiler } from './create-compiler.ts';
import { DeclarationTypes } from './declaration-types.ts';
import { compiledOutput, freshCompiler, warmAndCold } from './test-harness.ts';

/** The types a run gives each top-level statement of `source`, by the name it declares. */
function typesOf(memo: DeclarationTypes, compiler: Compiler, source: string): Record<string, string> {
  const program = compiler.program({ 'main.ts': source });
  const file = program.getSourceFile('/main.ts')!;
  const run = memo.run(ts, program.getTypeChecker(), [file])!;
  return Object.fromEntries(file.statements.flatMap((node) => run.of(node).map(([name, type]) => [name, type])));
}

describe('declaration types kept between compiles', () => {
  it('follow a changed return type through the functions that return it', () => {
    const before =
      'function a() {\n    return b()\n}\nfunction b() {\n    return c()\n}\nfunction c() {\n    return 1\n}\n';
    const memo = new DeclarationTypes();
    const compiler = freshCompiler();
    const first = typesOf(memo, compiler, before);
    expect(first['a']).toBe(first['c']);
    const after = typesOf(memo, compiler, before.replace('return 1', 'return "one"'));
    // a's text did not change, but what it returns did (through b): not the kept type.
    expect(after['a']).not.toBe(first['a']);
    expect(after['a']).toBe(after['c']);
    expect(after).toEqual(typesOf(new DeclarationTypes(), freshCompiler(), before.replace('return 1', 'return "one"')));
  });

  it('recompiles the callers of a function whose inferred type changed two calls away', () => {
    const program = [
      'function c() {\n    return 1\n}',
      'function b() {\n    return c()\n}',
      'function a() {\n    return b()\n}',
      'board.onEvent(function () {\n    board.log(a() + 1)\n})',
      '',
    ].join('\n');
    const { warm, cold } = warmAndCold(program, program.replace('return 1', 'return "x"'));
    expect(compiledOutput(warm)).toEqual(compiledOutput(cold));
    // c, b, a and the handler (a's type changed): every statement.
    expect(warm.emitCache).toEqual({ reused: 0, compiled: 4 });
  });

  it('asks the checker when a name is declared twice', () => {
    const program = freshCompiler().program({ 'main.ts': 'let a = 1\nlet a = 2\n' });
    expect(new DeclarationTypes().run(ts, program.getTypeChecker(), [program.getSourceFile('/main.ts')!])).toBe(
      undefined,
    );
  });
});

const fn = fc.constantFrom('f0', 'f1', 'f2', 'f3');
const value = fc.oneof(
  fc.constantFrom('1', '"one"', 'true', 'x', '[x]', 'undefined'),
  fn.map((f) => `${f}(x)`),
  fc.tuple(fn, fn).map(([f, g]) => `${f}(x) + ${g}(x)`),
);
const declaration = fc
  .tuple(fn, value)
  .map(([f, v]) => ({ name: f, text: `function ${f}(x: number) {\n    return ${v}\n}` }));

describe('declaration types kept between compiles (property)', () => {
  it('give the same program as a cold compile while return types change', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(
        fc.array(declaration, { minLength: 1, maxLength: 6 }),
        fc.array(declaration, { maxLength: 5 }),
        (start, edits) => {
          const compiler = freshCompiler();
          const byName = new Map<string, string>();
          const text = () =>
            [
              ...['f0', 'f1', 'f2', 'f3'].map((f) => byName.get(f) ?? `function ${f}(x: number) {\n    return x\n}`),
              'board.onEvent(function () {\n    board.log(f0(1))\n    board.log(f1(2))\n})',
              'let total = f2(3)',
              '',
            ].join('\n');
          for (const { name, text: declared } of start) byName.set(name, declared);
          compiler.compile({ 'main.ts': text() });
          for (const { name, text: declared } of edits) {
            byName.set(name, declared);
            const source = text();
            const warm = compiler.compile({ 'main.ts': source });
            expect(compiledOutput(warm), source).toEqual(
              compiledOutput(freshCompiler().compile({ 'main.ts': source })),
            );
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
