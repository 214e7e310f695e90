import { forbiddenPropertyNames } from '@blockyard/language';
import { forbiddenPropertyKeys, runtimeMessages } from '@blockyard/runtime';
import { describe, expect, it } from 'vitest';
import { emitters, irEmits, run } from '../test/programs.ts';

// Issue 21 item 1b, run-time half: keys the compiler cannot see (computed while the program runs)
// are refused by `$h.propertyKey` with the same list of names.
describe('escape hatches at run time', () => {
  it('refuses the same names in the compiler and the runtime', () => {
    expect([...forbiddenPropertyKeys].sort()).toEqual([...forbiddenPropertyNames].sort());
  });
});

/** Programs the IR cannot express yet: `compile` prints them with the transformer either way. */
const notIr = new Set(['a computed destructuring key']);

// Both JavaScript back ends, so neither can regress.
describe.each(emitters)('escape hatches at run time (%s emitter)', (emitter) => {
  it.each([
    ['a joined key on any', 'let x: any = 0\nlet k = "constr" + "uctor"\nlet f = x[k][k]'],
    [
      'a key hidden in a number-typed variable',
      'let k: number = ("__pro" + "to__") as any\nlet list = [1]\nlet p = list[k]',
    ],
    [
      'a key from a map typed without any',
      'let m: { [k: string]: { [k: string]: (code: string) => () => void } } = {}\nlet k = "constructor"\nm[k][k]("return 1")()',
    ],
    ['a computed destructuring key', 'let k = "constructor"\nlet { [k]: c } = (0 as any)'],
    ['a method called through a computed key', 'let k = "constructor"\nlet x: any = 0\nx[k]("x")'],
    ['a list written at a text index', 'let list: any[] = []\nlet k: any = "__proto__"\nlist[k] = {}'],
    ['an optional call through a computed key', 'let k = "constructor"\nlet x: any = 0\nx[k]?.("x")'],
    ['a compound write at a computed key', 'let k = "__proto__"\nlet x: any = {}\nx[k] += 1'],
    ['a string enum member as a key', 'const enum Key { C = "constructor" }\nlet x: any = 0\nlet f = x[Key.C]'],
    ['a key read in a for-of loop', 'let x: any = 0\nfor (let k of ["constructor"]) {\n    x = x[k]\n}'],
  ])('stops %s', (name, source) => {
    const program = `serial.writeLine("start")\n${source}`;
    expect(irEmits(program)).toBe(!notIr.has(name));
    const result = run(program, { emitter });
    expect(result.error?.kind).toBe('forbidden');
    expect(result.error?.message).toMatch(
      /^The program tried to use "(constructor|__proto__)", which reaches into JavaScript itself/,
    );
    expect(result.error?.position?.line).toBeGreaterThan(1);
  });

  it('converts a key once, so a toString cannot change its answer after the check', () => {
    const result = run(
      `let calls = 0
class Sly {
    toString() {
        calls++
        return calls == 1 ? "length" : "constructor"
    }
}
let x: any = [1]
serial.writeValue("length", x[new Sly() as any])
serial.writeValue("calls", calls)`,
      { emitter },
    );
    expect(result.error).toBeUndefined();
    expect(result.lines.map((line) => line.split(' ')[1])).toEqual(['length:1', 'calls:1']);
  });

  it('lets a program catch nothing of it: the refusal stops the program', () => {
    const result = run(
      `let k = "constructor"
try {
    let c = (0 as any)[k]
} catch (e) {
    serial.writeLine("caught")
}`,
      { emitter },
    );
    expect(result.error?.message).toBe(runtimeMessages.forbiddenProperty('constructor'));
    expect(result.lines).toEqual([]);
  });
});
