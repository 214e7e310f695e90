// Defaults and named arguments, lambda, list comprehensions, sum/sorted/min/max of a list,
// extend, split(), slice steps and %.2f / {x:.2f}, both ways: each Python form becomes the
// TypeScript given here, comes back as the same Python, and the TypeScript is stable after one
// trip. The golden pair in baselines/functional.py and functional.ts.txt holds them all in one program.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiler } from '../blocks/harness.ts';
import { py2ts, roundTrip, ts2py } from './harness.ts';

const DECLARATIONS = `nums = [3, 1, 2]
words = ["b", "a"]
name = "micro bit"
x = 1.5
`;

/** [Python, its TypeScript, the Python that comes back when it differs]. */
const CASES: readonly (readonly [string, string, string?])[] = [
  ['lambda n: n * 2', '(n) => n * 2'],
  ['lambda: 0', '() => 0'],
  ['[n * 2 for n in nums]', 'nums.map((n) => n * 2)'],
  ['[n for n in nums if n > 1]', 'nums.filter((n) => n > 1)'],
  ['[n * n for n in nums if n % 2 == 1]', 'nums.filter((n) => n % 2 == 1).map((n) => n * n)'],
  ['[len(w) for w in words]', 'words.map((w) => w.length)'],
  ['sum(nums)', 'nums.reduce((a, b) => a + b, 0)'],
  ['sorted(nums)', 'nums.slice().sort((a, b) => a - b)'],
  ['sorted(words)', 'words.slice().sort()'],
  ['max(nums)', 'nums.reduce((a, b) => Math.max(a, b), nums[0])'],
  ['min(nums)', 'nums.reduce((a, b) => Math.min(a, b), nums[0])'],
  ['name.split()', 'name.split(" ").filter((s) => s != "")'],
  ['nums[::-1]', 'nums.slice().reverse()'],
  ['name[::-1]', 'name.split("").reverse().join("")'],
  ['nums[::2]', 'nums.filter((value, i) => i % 2 == 0)'],
  ['nums[1:3:2]', 'nums.slice(1, 3).filter((value, i) => i % 2 == 0)'],
  ['name[1::3]', 'name.split("").slice(1).filter((value, i) => i % 3 == 0).join("")'],
  ['"%.2f cm" % x', '`${x.toFixed(2)} cm`', 'f"{x:.2f} cm"'],
  ['"%d: %.1f" % (2, x)', '`${2}: ${x.toFixed(1)}`', 'f"{2}: {x:.1f}"'],
  ['f"{x:.3f}!"', '`${x.toFixed(3)}!`'],
  ['f"{x:.2f}"', '`${x.toFixed(2)}`'],
];

function compileErrors(code: string): string[] {
  return compiler
    .compile({ 'main.ts': code })
    .diagnostics.filter((d) => d.category === 'error')
    .map((d) => `${d.line}: ${d.message}`);
}

describe('lambda, comprehensions and list built-ins', () => {
  it.each(CASES)('%s <-> %s', (python, typeScript, back = python) => {
    const { ts, back: py } = roundTrip(`${DECLARATIONS}y = ${python}\n`);
    expect(ts.trimEnd().split('\n').pop()).toBe(`let y = ${typeScript}`);
    expect(py.trimEnd().split('\n').pop()).toBe(`y = ${back}`);
  });

  it('compiles, with the types Python has', () => {
    const python = `${DECLARATIONS}${CASES.map(([p], i) => `v${i} = ${p}`).join('\n')}\n`;
    const code = py2ts(python).code;
    expect(compileErrors(code), code).toEqual([]);
  });

  it('extends a list in place, both ways (a line starting with [ gets a ;)', () => {
    const { ts, back } = roundTrip(`${DECLARATIONS}nums.extend(nums)\nnums.extend([4, 5])\n`);
    expect(ts).toContain('nums.forEach((value) => nums.push(value))\n;[4, 5].forEach((value) => nums.push(value))\n');
    expect(back).toContain('nums.extend(nums)\nnums.extend([4, 5])\n');
  });

  it('keeps a lambda’s names its own, even when they are API names or globals', () => {
    const { ts } = roundTrip(`${DECLARATIONS}n = 5\nf = lambda input: input + n\ng = [basic for basic in nums]\n`);
    expect(ts).toContain('let f = (input) => input + n\n');
    expect(ts).toContain('let g = nums.map((basic) => basic)\n');
  });

  it('passes a lambda to a list method, and an API handler still becomes a def', () => {
    const { back } = roundTrip(
      `${DECLARATIONS}nums.sort(lambda a, b: b - a)\ndef on_forever():\n    basic.show_number(sum(nums))\nbasic.forever(on_forever)\n`,
    );
    expect(back).toContain('nums.sort(lambda a, b: b - a)\n');
    expect(back).toContain('def on_forever():\n    basic.show_number(sum(nums))\nbasic.forever(on_forever)\n');
  });
});

describe('defaults and named arguments', () => {
  it('gives def parameters defaults, both ways', () => {
    const { ts, back } = roundTrip('def greet(name, times=2, end: str = "!"):\n    pass\ngreet("Ada")\n');
    expect(ts).toContain('function greet(name: string, times = 2, end: string = "!") {');
    expect(back).toContain('def greet(name: str, times=2, end: str = "!"):');
  });

  it('puts named arguments in the def’s order, filling skipped ones with their defaults', () => {
    const code = py2ts('def box(w, h=2, d=3):\n    return w * h * d\nv = box(1, d=5)\nu = box(h=4, w=1)\n').code;
    expect(code).toContain('let v = box(1, 2, 5)\n');
    expect(code).toContain('let u = box(1, 4)\n');
    expect(compileErrors(code), code).toEqual([]);
  });

  it('takes the API’s parameter names, in Python or TypeScript spelling', () => {
    expect(py2ts('basic.show_string("hi", interval=100)\n').code).toBe('basic.showString("hi", 100)\n');
    expect(py2ts('led.plot_brightness(y=1, x=2, brightness=9)\n').code).toBe('led.plotBrightness(2, 1, 9)\n');
  });

  it('says plainly what is wrong with a named argument, on its line', () => {
    const message = (python: string) => py2ts(python).diagnostics.map((d) => [d.line, d.column, d.message] as const);
    expect(message('def f(a, b=1):\n    pass\nf(1, c=2)\n')).toEqual([
      [3, 6, '"f" has no value called "c". Check the spelling.'],
    ]);
    expect(message('def f(a, b=1):\n    pass\nf(1, a=2)\n')).toEqual([
      [3, 6, '"a" has a value already. Give each value once.'],
    ]);
    expect(message('def f(a, b):\n    pass\nf(b=2)\n')[0]![2]).toBe(
      'This call needs a value for "a" too, because a value after it is given.',
    );
    expect(message('x = [1]\nx.append(value=2)\n')[0]!.slice(0, 2)).toEqual([2, 10]);
    expect(message('def f(a):\n    pass\nf(a=1, 2)\n')[0]![2]).toContain('a value without a name after a named one');
  });
});

describe('the golden program', () => {
  const dir = join(import.meta.dirname, 'baselines');
  it('converts functional.py to functional.ts and back', () => {
    const python = readFileSync(join(dir, 'functional.py'), 'utf8');
    const ts = py2ts(python);
    expect(ts.diagnostics).toEqual([]);
    if (process.env['UPDATE_PYTHON_BASELINES']) writeFileSync(join(dir, 'functional.ts.txt'), ts.code);
    expect(ts.code).toBe(readFileSync(join(dir, 'functional.ts.txt'), 'utf8'));
    expect(compileErrors(ts.code), ts.code).toEqual([]);
    const back = ts2py(ts.code);
    expect(back.diagnostics).toEqual([]);
    expect(py2ts(back.code).code).toBe(ts.code);
  });
});
