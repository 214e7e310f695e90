// The lower cache (lower-cache.ts, lower-reuse.ts): a warm lower() that puts back the IR of
// unchanged statements must give exactly the module a new compiler gives for the same files,
// after any edit; and it must actually put them back.

import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createCompiler } from './create-compiler.ts';
import { fakeBoard } from './test-harness.ts';

const fresh = (files: Record<string, string>) => createCompiler({ ts, library: [fakeBoard] }).lower(files);

// Numbered things a statement can make: closures (nested), loops (break targets), temporaries,
// locals of main, library APIs first used in it, switch cases, parameters with defaults.
const program = (n: number, extra = '') => `
let a = ${n}
let list = [1, 2, 3]
function twice(x: number, y = 2): number { return x * y }
function slow() { board.pause(${n}) }
${extra}
for (let i = 0; i < 3; i++) { if (i > 1) break; board.log(i) }
list[a - ${n}] += 1
board.onEvent(() => { let k = a; board.onEvent(() => board.log(k + twice(k))) })
switch (a) { case 1: board.log(Color.Red); break; default: board.log(list.length) }
board.onEvent(function () { slow(); board.log("a" + a) })
board.log(twice(a, ${n}))
`;

describe('lower() with the lower cache', () => {
  it('gives the module a new compiler gives, across edits that keep, move and change statements', () => {
    const compiler = createCompiler({ ts, library: [fakeBoard] });
    const edits: Record<string, string>[] = [
      { 'main.ts': program(1) },
      // One literal in the last statement and the first: every other statement is put back.
      { 'main.ts': program(1).replace('twice(a, 1)', 'twice(a, 7)') },
      { 'main.ts': program(2) },
      // Blank lines above: the same statements on other lines (locations and positions move).
      { 'main.ts': `\n\n\n${program(2)}` },
      // A function that now waits: its callers' calls change although their text does not.
      { 'main.ts': program(2).replace('board.pause(2)', 'board.log(2)') },
      { 'main.ts': program(2) },
      // A new statement in the middle (names stay): what follows is numbered on from it.
      { 'main.ts': program(2, 'board.onEvent(() => board.log(list))') },
      { 'main.ts': program(2) },
      // Another file first, and a compile for the simulator in between.
      { 'a.ts': 'function helper() { board.log(0) }\n', 'main.ts': program(2) },
    ];
    for (const [i, files] of edits.entries()) {
      if (i === 5) compiler.compile({ 'main.ts': 'board.log(1)' });
      const warm = compiler.lower(files);
      expect(warm.diagnostics, `edit ${i}`).toEqual([]);
      expect(warm.module, `edit ${i}`).toEqual(fresh(files).module);
    }
  });

  it('puts back unchanged statements and lowers the changed one', () => {
    const compiler = createCompiler({ ts, library: [fakeBoard] });
    const first = compiler.lower({ 'main.ts': program(1) });
    expect(first.lowerCache).toEqual({ reused: 0, kept: 10, types: 0 });
    const second = compiler.lower({ 'main.ts': program(1).replace('twice(a, 1)', 'twice(a, 7)') });
    // The globals `a` and `list` keep their types too: the checker is not asked for them.
    expect(second.lowerCache).toEqual({ reused: 9, kept: 1, types: 2 });
    // Declaring another name first: ids of globals move, nothing is put back (but the types
    // of unchanged declarations are still the same).
    const third = compiler.lower({ 'main.ts': `let b = 0\n${program(1)}` });
    expect(third.lowerCache).toEqual({ reused: 0, kept: 11, types: 2 });
    // `cache: false` lowers everything and leaves the cache alone.
    expect(compiler.lower({ 'main.ts': program(1) }, { cache: false }).lowerCache).toBeUndefined();
  });

  it("asks the checker again for a global's type when a name it mentions changes type", () => {
    const compiler = createCompiler({ ts, library: [fakeBoard] });
    const source = (result: string) =>
      `function make() { return ${result} }\nlet r = make()\nlet q = [r]\nboard.log(q.length)\n`;
    for (const result of ['1', '1', '"x"', '[true]', '[true]']) {
      const files = { 'main.ts': source(result) };
      const warm = compiler.lower(files);
      expect(warm.module, result).toEqual(fresh(files).module);
    }
    const types = (module: ReturnType<typeof fresh>['module']) =>
      module!.variables.filter((v) => v.storage === 'global').map((v) => [v.name, v.type]);
    const again = compiler.lower({ 'main.ts': source('"x"') });
    expect(again.lowerCache?.types).toBe(0);
    expect(types(again.module)).toEqual([
      ['r', { kind: 'string' }],
      ['q', { kind: 'array', element: { kind: 'string' } }],
    ]);
    expect(compiler.lower({ 'main.ts': source('"x"') }).lowerCache?.types).toBe(2);
  });

  it('lowers in full what the key cannot describe (classes, debug builds)', () => {
    const compiler = createCompiler({ ts, library: [fakeBoard] });
    const classes = { 'main.ts': `class P { x = 1 }\n${program(1)}` };
    compiler.lower(classes);
    expect(compiler.lower(classes).lowerCache).toBeUndefined();
    compiler.lower({ 'main.ts': program(1) });
    const debug = compiler.lower({ 'main.ts': program(1) }, { debug: true });
    expect(debug.lowerCache).toBeUndefined();
    expect(debug.module).toEqual(
      createCompiler({ ts, library: [fakeBoard] }).lower({ 'main.ts': program(1) }, { debug: true }).module,
    );
  });

  // Property: after any run of one-statement edits, the module is a cold lowering's.
  const pieces = [
    'let count = 0',
    'let count = 1',
    'let label: string | number = 1',
    'function twice(n: number) {\n    return n * 2\n}',
    'function twice(n: number) {\n    board.pause(n)\n    return n\n}',
    'function twice(n: number, m = 3) {\n    return n * m\n}',
    'board.onEvent(function () {\n    count += twice(3)\n})',
    'board.onEvent(() => {\n    let k = count\n    board.onEvent(() => board.log(k))\n})',
    'for (let i = 0; i < 3; i++) {\n    if (i > count) break\n    board.log(i)\n}',
    'board.log([1, 2].length + count)',
    'let list = [1, 2]\nlist[count] += 1',
    'switch (count) {\n    case 1: board.log(Color.Red); break\n    default: board.log(label)\n}',
    'board.pause(twice(1))',
    'board.onEvent(() => board.log(count))',
    'board.onEvent(() => board.log(twice(count)))',
    'label = "two"',
    '',
  ];
  it("gives a cold lowering's module over random edits", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { minLength: 2, maxLength: 7 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...pieces)), { minLength: 1, maxLength: 4 }),
        (start, edits) => {
          const compiler = createCompiler({ ts, library: [fakeBoard] });
          const statements = [...start];
          compiler.lower({ 'main.ts': statements.join('\n') });
          for (const [at, piece] of edits) {
            statements[at % statements.length] = piece;
            const files = { 'main.ts': statements.join('\n') };
            const warm = compiler.lower(files);
            const cold = fresh(files);
            expect(warm.diagnostics).toEqual(cold.diagnostics);
            expect(warm.module).toEqual(cold.module);
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 180_000);
});
