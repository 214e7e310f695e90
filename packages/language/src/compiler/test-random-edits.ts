// Random programs of the shapes block programs have (globals, functions that may wait and call
// each other, event handlers, loops, conditions, function values) and random edits of them, for
// the property tests of what compilers keep between compiles (emit-cache.test.ts,
// wait-cache.test.ts): after every edit a warm compile must equal a cold one.
import fc from 'fast-check';
import { expect } from 'vitest';
import type { CompileOptions } from './create-compiler.ts';
import { compiledOutput, freshCompiler } from './test-harness.ts';

/** A top-level statement of a random program, and the name it declares, if any. */
export interface Item {
  declares?: string;
  text: string;
}

export const name = fc.constantFrom('a', 'b', 'c');
export const fn = fc.constantFrom('f0', 'f1', 'f2');
export const small = fc.integer({ min: 0, max: 9 });

/** Statements every random program may hold (each file adds its own). */
export const commonStatements: readonly fc.Arbitrary<string>[] = [
  fc.tuple(name).map(([n]) => `board.log(${n})`),
  fc.tuple(name, small).map(([n, k]) => `${n} += ${k}`),
  small.map((k) => `board.pause(${k})`),
  fc.tuple(fn, small).map(([f, k]) => `board.log(${f}(${k}))`),
  fc.tuple(fn, small).map(([f, k]) => `if (${f}(${k}) > 3) {\n    board.log("big")\n}`),
  small.map((k) => `for (let i = 0; i < ${k % 3}; i++) {\n    board.log(i)\n}`),
];

/** Up to three statements, indented as a block's body. */
export function bodyOf(statement: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.array(statement, { maxLength: 3 }).map((list) => list.map((s) => s.replace(/^/gm, '    ')).join('\n'));
}

/**
 * A program: every name it uses declared once (the first declaration of each name wins); a, b,
 * c, f0-f2 and each of `defaults` stand before the items when no item declares them.
 */
export function programOf(items: readonly Item[], defaults: readonly Required<Item>[] = []): string {
  const seen = new Set<string>();
  const kept = items.filter((i) => !i.declares || (!seen.has(i.declares) && seen.add(i.declares)));
  const missing = ['a', 'b', 'c'].filter((n) => !seen.has(n)).map((n) => `let ${n} = 0`);
  const functions = ['f0', 'f1', 'f2']
    .filter((f) => !seen.has(f))
    .map((f) => `function ${f}(x: number) {\n    return x\n}`);
  const others = defaults.filter((d) => !seen.has(d.declares)).map((d) => d.text);
  return [...missing, ...functions, ...others, ...kept.map((i) => i.text)].join('\n') + '\n';
}

type Edit = [at: number, how: 'replace' | 'insert' | 'delete', item: Item];

/** One to four edits: an item replaced, inserted or deleted at a position. */
export function editsOf(item: fc.Arbitrary<Item>): fc.Arbitrary<Edit[]> {
  return fc.array(fc.tuple(fc.nat(), fc.constantFrom('replace' as const, 'insert' as const, 'delete' as const), item), {
    minLength: 1,
    maxLength: 4,
  });
}

/**
 * Compiles the program of `start`, then of each edit in turn, with one compiler; each must
 * compile as a fresh compiler compiles it.
 */
export function expectEditsCompileAsCold(
  start: readonly Item[],
  changes: readonly Edit[],
  program: (items: readonly Item[]) => string,
  options?: CompileOptions,
): void {
  const compiler = freshCompiler();
  let items = start;
  compiler.compile({ 'main.ts': program(items) }, options);
  for (const [at, how, replacement] of changes) {
    const index = at % (items.length + 1);
    items =
      how === 'insert'
        ? [...items.slice(0, index), replacement, ...items.slice(index)]
        : how === 'delete'
          ? items.filter((_, i) => i !== index)
          : items.map((old, i) => (i === index ? replacement : old));
    const text = program(items);
    const warm = compiler.compile({ 'main.ts': text }, options);
    expect(compiledOutput(warm), text).toEqual(compiledOutput(freshCompiler().compile({ 'main.ts': text }, options)));
  }
}
