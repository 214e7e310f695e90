// lower() with a prelude (lowered once, joined to each build's learner files) must give exactly the
// module that lowering the prelude and the learner's files together gives: same ids, names,
// statement ids and API objects, so a back end's output cannot tell them apart.

import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../../compiler/create-compiler.ts';
import { fakeBoard } from '../../compiler/test-harness.ts';

// Everything that is numbered: classes with a base, methods, accessors, static fields, enums,
// closures in main and in functions, temporaries in main, hoisted `var`s, loops (break targets)
// at the top level, namespaces, and library APIs the learner's code also uses.
const prelude = {
  'prelude.ts': `
namespace __pre {
  export enum Mode { Off, On }
  export class Base { constructor(public n: number) {} get twice() { return this.n * 2 } run() { board.log(this.n) } }
  export class Child extends Base { static count = 0; run() { Child.count++; board.log(this.twice) } }
  export function each(list: number[], f: (x: number) => void) { for (const x of list) f(x) }
  export function later() { board.onEvent(() => board.log(Mode.On)) }
  var hoisted = 1
  let list = [1, 2, 3]
  list[hoisted] += 5
  list[list.length - 1] += 1
  for (let i = 0; i < 2; i++) { if (i > 0) break; board.onEvent(() => board.log(i)) }
  each(list, (x) => board.log(x))
}
`,
};

const learnerPrograms: Record<string, Record<string, string>> = {
  empty: { 'main.ts': '' },
  basic: { 'main.ts': 'let x = 1\nx += 2\nboard.log(x)\n' },
  everything: {
    'helpers.ts': `
enum Dir { Up, Down }
class Sprite { x = 0; constructor(public name: string) {} move() { this.x++ } get at() { return this.x } }
class Fast extends Sprite { static made = 0; move() { this.x += 2; Fast.made++ } }
function repeat(n: number, f: () => void) { for (let i = 0; i < n; i++) f() }
namespace tools { export function twice(f: () => void) { f(); f() } }
`,
    'main.ts': `
var a = 3
let s = new Fast("f")
let list = [1, 2]
list[a - 3] += 1
let [p, q] = list
outer: for (let i = 0; i < 3; i++) { for (let j = 0; j < 2; j++) { if (j) continue outer; board.log(j) } }
repeat(2, () => { s.move(); board.log(s.at) })
tools.twice(function () { board.onEvent(() => board.log(Dir.Down)) })
board.onEvent(() => { let k = a; k++; board.log(k) })
switch (a) { case 1: board.log(1); break; default: board.log(Color.Red) }
`,
  },
};

describe('lower() with a prelude', () => {
  for (const [name, files] of Object.entries(learnerPrograms)) {
    it(`gives the same module as lowering everything together (${name})`, () => {
      const together = createCompiler({ ts, library: [fakeBoard] }).lower({ ...prelude, ...files });
      const compiler = createCompiler({ ts, library: [fakeBoard] });
      // Twice: the first lowers the prelude, the second reuses it.
      for (let round = 0; round < 2; round++) {
        const joined = compiler.lower(files, { prelude });
        expect(together.diagnostics).toEqual([]);
        expect(joined.diagnostics).toEqual([]);
        expect(joined.module).toEqual(together.module);
      }
    });
  }

  it('stays the same across edits and other compiles with the same compiler', () => {
    const compiler = createCompiler({ ts, library: [fakeBoard] });
    const fresh = () => createCompiler({ ts, library: [fakeBoard] });
    for (const [name, files] of [...Object.entries(learnerPrograms), ...Object.entries(learnerPrograms)]) {
      compiler.compile({ 'main.ts': `board.log("${name}")` });
      expect(compiler.lower(files, { prelude }).module).toEqual(fresh().lower({ ...prelude, ...files }).module);
    }
  });

  it("copies the prelude's IR once while the learner's declarations keep its ids", () => {
    const compiler = createCompiler({ ts, library: [fakeBoard] });
    const preludeFunction = (files: Record<string, string>) => {
      const module = compiler.lower(files, { prelude }).module!;
      return module.functions.find((fn) => fn.name.startsWith('__pre.'))!;
    };
    const first = preludeFunction({ 'main.ts': 'let a = 1\nboard.log(a)\n' });
    // One literal changed: the same ids, the same copy.
    expect(preludeFunction({ 'main.ts': 'let a = 2\nboard.log(a)\n' })).toBe(first);
    // A global more moves the prelude's later ids: a new copy, still the module of lowering together.
    const files = { 'main.ts': 'let a = 2\nlet b = a\nboard.log(b)\n' };
    const moved = compiler.lower(files, { prelude }).module!;
    expect(moved.functions.find((fn) => fn.name === first.name)).not.toBe(first);
    expect(moved).toEqual(createCompiler({ ts, library: [fakeBoard] }).lower({ ...prelude, ...files }).module);
  });

  it('lowers learner files that name the prelude together with it (same diagnostics)', () => {
    const files = { 'main.ts': '__pre.later()\nnamespace __pre { export function mine() {} }\n' };
    const together = createCompiler({ ts, library: [fakeBoard] }).lower({ ...prelude, ...files });
    const joined = createCompiler({ ts, library: [fakeBoard] }).lower(files, { prelude });
    expect(joined.module).toBeDefined();
    expect(joined.module).toEqual(together.module);
    const clash = { 'main.ts': 'namespace __pre { export function each() {} }\n' };
    const clashTogether = createCompiler({ ts, library: [fakeBoard] }).lower({ ...prelude, ...clash });
    const clashJoined = createCompiler({ ts, library: [fakeBoard] }).lower(clash, { prelude });
    expect(clashJoined.diagnostics.length).toBeGreaterThan(0);
    expect(clashJoined.diagnostics).toEqual(clashTogether.diagnostics);
  });

  it("reports the learner's errors as lowering together does", () => {
    const files = { 'main.ts': 'let x: number = "text"\nboard.nothing()\n' };
    const together = createCompiler({ ts, library: [fakeBoard] }).lower({ ...prelude, ...files });
    const joined = createCompiler({ ts, library: [fakeBoard] }).lower(files, { prelude });
    expect(joined.module).toBeUndefined();
    expect(joined.diagnostics).toEqual(together.diagnostics);
  });
});
