import { describe, expect, it } from 'vitest';
import { ESCAPE_HATCH_CODE } from './escape-hatches.ts';
import { type Emitter, compileOk, emitters, irEmits, runWithStub, testCompiler } from './test-harness.ts';

function problems(source: string, files: Record<string, string> = {}, emitter?: Emitter) {
  const result = testCompiler().compile({ ...files, 'main.ts': source }, emitter ? { emitter } : {});
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
  // The refusals are the shared front end's: both JavaScript back ends and lower() (the native
  // back end's input) must get them.
  describe.each(emitters)('with the %s emitter', (emitter) => {
    it.each(Object.entries(attacks))('refuses %s', (_name, source) => {
      const { program, diagnostics } = problems(source, {}, emitter);
      expect(program).toBeUndefined();
      const ours = diagnostics.filter((d) => d.code === ESCAPE_HATCH_CODE);
      expect(ours.length, JSON.stringify(diagnostics)).toBeGreaterThan(0);
      expect(ours[0]!.message).toMatch(/^(Programs cannot use|"declare" is not supported)/);
    });
  });

  it.each(Object.entries(attacks))('gives lower() no module for %s', (_name, source) => {
    const lowered = testCompiler().lower({ 'main.ts': source });
    expect(lowered.module).toBeUndefined();
    expect(lowered.diagnostics.some((d) => d.code === ESCAPE_HATCH_CODE)).toBe(true);
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

  it.each(emitters)(
    'leaves ordinary programs alone: classes, global names as properties, lists, maps (%s)',
    (emitter) => {
      const program = compileOk(
        `
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
    `,
        {},
        false,
        emitter,
      );
      expect(runWithStub(program).log).toEqual([3 + 1 + 2 + 4 + 3 + 3]);
    },
  );

  it('routes every key computed at run time through $h.propertyKey, and only those (transformer)', () => {
    const program = compileOk(
      `
      let list = [1, 2]
      let i = 0
      let k = "a"
      let o: any = { a: 1 }
      let { [k]: a } = o
      o[k] = list[i] + list[1] + o["a"] + a
      o?.[k]
      list[i] += 1
    `,
      {},
      false,
      'transform',
    );
    expect(program.js).toContain('list[$h.propertyKey(i)] + list[1] + o["a"]');
    expect(program.js).toContain('o[$h.propertyKey(k)] =');
    expect(program.js).toContain('let { [$h.propertyKey(k)]: a } = o');
    expect(program.js).toContain('o?.[$h.propertyKey(k)]');
    expect(program.js).toContain('list[$h.propertyKey(i)] += 1');
  });

  it('routes every key computed at run time through $h.propertyKey, and only those (IR)', () => {
    const source = `
      let list = [1, 2]
      let i = 0
      let k = "a"
      let o: any = { a: 1 }
      o[k] = list[i] + list[1] + o["a"]
      o?.[k]
      list[i] += 1
      list[i]--
      o[k]?.()
      delete o[k]
      let c = "abc"[i]
      const enum Key { A = "a" }
      let e = o[Key.A]
      list[i] = 3
    `;
    expect(irEmits({ 'main.ts': source })).toBe(true);
    const { js } = compileOk(source, {}, false, 'ir');
    expect(js).toContain('o[$h.propertyKey(k)] = list[$h.propertyKey(i)] + list[1] + o.a;');
    expect(js).toMatch(/\$\$t\d+\[\$h\.propertyKey\(k\)\];/);
    // A list item's op= and ++ key comes from arrayKey, which checks a key that is not a number.
    expect(js).toContain('list[$h.arrayKey(list, i)] += 1;');
    expect(js).toContain('list[$h.arrayKey(list, i)]--;');
    expect(js).toMatch(/\$\$t\d+\[\$h\.propertyKey\(k\)\]\(\);/);
    expect(js).toContain('delete o[$h.propertyKey(k)];');
    expect(js).toContain('"abc"[$h.propertyKey(i)]');
    // A key the lowering folded from an enum member was never checked as source text.
    expect(js).toContain('o[$h.propertyKey("a")]');
    // The helper checks the index itself when it is not a number.
    expect(js).toContain('$h.arrayWrite(list, i, 3)');
    // No other indexing: every `x[…]` is a guarded key or a number.
    expect(js).not.toMatch(/[\w$)"\]]\[(?!\$h\.(propertyKey|arrayKey)\()(?!\d+\])/);
  });

  describe.each(emitters)('with the %s emitter', (emitter) => {
    const runs = (source: string) => () => runWithStub(compileOk(source, {}, false, emitter));

    it('makes programs strict, so a plain call never sees the global object as this', () => {
      const program = compileOk('function me() { return this }\nboard.log(typeof me())', {}, false, emitter);
      expect(program.js).toMatch(/return function\* \$main\(\) \{\n"use strict";/);
      expect(runWithStub(program).log).toEqual(['undefined']);
    });

    it.each([
      ['a joined key on any', 'let x: any = 0\nlet k = "constr" + "uctor"\nlet f = x[k][k]'],
      [
        'a key in a number-typed variable',
        'let k: number = ("__pro" + "to__") as any\nlet list = [1]\nlet p = list[k]',
      ],
      ['a compound write', 'let x: any = {}\nlet k = "__proto__"\nx[k] += 1'],
      ['an optional call', 'let x: any = 0\nlet k = "constructor"\nx[k]?.("return 1")'],
      ['a string enum member', 'const enum Key { C = "constructor" }\nlet x: any = 0\nlet f = x[Key.C]'],
      ['a key typed as a string', 'let o: { [k: string]: number } = {}\nlet k = "__proto__"\no[k] = 1'],
    ])('stops %s at run time', (_name, source) => {
      expect(runs(source)).toThrow(/^forbidden key (constructor|__proto__)$/);
    });
  });
});
