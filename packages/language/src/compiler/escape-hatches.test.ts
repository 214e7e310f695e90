import { describe, expect, it } from 'vitest';
import { ESCAPE_HATCH_CODE } from './escape-hatches.ts';
import { compileOk, runWithStub, testCompiler } from './test-harness.ts';

function problems(source: string, files: Record<string, string> = {}) {
  const result = testCompiler().compile({ ...files, 'main.ts': source });
  return { program: result.program, diagnostics: result.diagnostics };
}

// Issue 21: `(0 as any).constructor.constructor("…")()` compiled and, in `blockyard run`, ran any
// JavaScript with the user's rights. Each of these reaches (or tries to reach) JavaScript's own
// machinery; the compiler refuses them all with one code and a plain message.
const attacks: Record<string, string> = {
  'constructor through any': '(0 as any).constructor.constructor("return 1")()',
  'constructor on a typed value': 'let f = () => 1\nlet c = (f as any).constructor',
  'optional chaining': 'let x: any = 0\nx?.constructor',
  'a string key': 'let x: any = 0\nlet c = x["constructor"]',
  'a template key': 'let x: any = 0\nlet c = x[`constructor`]',
  __proto__: 'let x: any = {}\nlet p = x.__proto__',
  'prototype of a class': 'class A { }\nlet p = (A as any).prototype',
  'destructuring the constructor': 'const { constructor: C } = (0 as any)',
  'destructuring shorthand': 'const { constructor } = (0 as any)',
  'an object literal __proto__': 'let base: any = {}\nlet o = { __proto__: base }',
  'a computed literal key in an object literal': 'let o = { ["__proto__"]: 1 }',
  'assignment destructuring': 'let c: any\n;({ constructor: c } = (0 as any))',
  globalThis: 'let g: any = globalThis',
  'globalThis through a cast': '(globalThis as any).process',
  __lookupGetter__: 'let x: any = {}\nx.__lookupGetter__("a")',
  'a caller': 'function f() { }\nlet c = (f as any).caller',
  'declare var': 'declare var process: any\nprocess.exit(1)',
  'declare function': 'declare function require(name: string): any\nrequire("fs")',
  'declare namespace': 'declare namespace board { function leak(): void }',
};

describe('escape hatches', () => {
  it.each(Object.entries(attacks))('refuses %s', (_name, source) => {
    const { program, diagnostics } = problems(source);
    expect(program).toBeUndefined();
    const ours = diagnostics.filter((d) => d.code === ESCAPE_HATCH_CODE);
    expect(ours.length, JSON.stringify(diagnostics)).toBeGreaterThan(0);
    expect(ours[0]!.message).toMatch(/^(Programs cannot use|"declare" is not supported)/);
  });

  it('says which name and where, in plain words', () => {
    const { diagnostics } = problems('let n = 1\nlet f = (n as any).constructor');
    expect(diagnostics).toEqual([
      {
        file: 'main.ts',
        line: 2,
        column: 20,
        length: 11,
        message:
          'Programs cannot use "constructor": it reaches into JavaScript itself, outside the board. Use another name.',
        code: ESCAPE_HATCH_CODE,
        category: 'error',
      },
    ]);
  });

  it('refuses eval, Function and import() even where a name for them exists', () => {
    // TypeScript already refuses import() here (no Promise in the language); either way it never compiles.
    expect(problems('import("fs")').program).toBeUndefined();
    expect(problems('function f(Function: number) { return Function }').diagnostics[0]?.code).toBe(ESCAPE_HATCH_CODE);
    expect(problems('let eval = 1').diagnostics.length).toBeGreaterThan(0);
  });

  it('checks learner declaration files and other files too', () => {
    const { diagnostics } = problems('process.exit(1)', { 'shims.d.ts': 'declare var process: any' });
    expect(diagnostics.map((d) => [d.file, d.code])).toContainEqual(['shims.d.ts', ESCAPE_HATCH_CODE]);
    expect(
      problems('helper()', { 'custom.ts': 'function helper() { return (1 as any).constructor }' }).diagnostics[0],
    ).toMatchObject({
      file: 'custom.ts',
      code: ESCAPE_HATCH_CODE,
    });
  });

  it('leaves ordinary programs alone: classes, properties sharing a global name, lists and maps', () => {
    const program = compileOk(`
      class Box {
        constructor(public size: number) { }
        eval() { return this.size }
      }
      let shapes = { globalThis: 1, eval: 2 }
      let box = new Box(3)
      let scores: { [name: string]: number } = {}
      let name = "ann"
      scores[name] = 4
      let list = [1, 2, 3]
      let i = 1
      list[i] = list[i] + list[0]
      let { size } = box
      board.log(box.eval() + shapes.globalThis + shapes.eval + scores[name] + list[i] + size)
    `);
    expect(runWithStub(program).log).toEqual([3 + 1 + 2 + 4 + 3 + 3]);
  });

  it('routes every key computed at run time through $h.propertyKey, and only those', () => {
    const program = compileOk(`
      let list = [1, 2]
      let i = 0
      let k = "a"
      let o: any = { a: 1 }
      let { [k]: a } = o
      o[k] = list[i] + list[1] + o["a"] + a
      o?.[k]
      list[i] += 1
    `);
    expect(program.js).toContain('list[$h.propertyKey(i)] + list[1] + o["a"]');
    expect(program.js).toContain('o[$h.propertyKey(k)] =');
    expect(program.js).toContain('let { [$h.propertyKey(k)]: a } = o');
    expect(program.js).toContain('o?.[$h.propertyKey(k)]');
    expect(program.js).toContain('list[$h.propertyKey(i)] += 1');
  });

  it('makes programs strict, so a plain call never sees the global object as this', () => {
    const program = compileOk('function me() { return this }\nboard.log(typeof me())');
    expect(program.js).toMatch(/return function\* \$main\(\) \{\n"use strict";/);
    expect(runWithStub(program).log).toEqual(['undefined']);
  });
});
