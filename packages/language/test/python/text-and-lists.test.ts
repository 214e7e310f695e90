// Text and list methods, built-ins and % formatting, both ways: each Python form becomes the
// TypeScript MakeCode would run and comes back as the same Python; the TypeScript is stable after
// one trip (py -> ts -> py -> ts) and compiles. A property test mixes them at random.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compiler } from '../blocks/harness.ts';
import { py2ts, roundTrip } from './harness.ts';

const runs = Number(process.env['PYTHON_PROPERTY_RUNS'] ?? 25);

const DECLARATIONS = `name = "  Ada Lovelace "
words = ["a", "b"]
nums = [3, 1, 2]
n = 2
`;

/** [Python, its TypeScript, the Python that comes back when it differs]. */
const CASES: readonly (readonly [string, string, string?])[] = [
  ['name.upper()', 'name.toUpperCase()'],
  ['name.lower()', 'name.toLowerCase()'],
  ['name.strip()', 'name.trim()'],
  ['name.split(" ")', 'name.split(" ")'],
  ['"-".join(words)', 'words.join("-")'],
  ['name.replace("a", "o")', 'name.replaceAll("a", "o")'],
  ['name.replace("a", "o", 1)', 'name.replace("a", "o")'],
  // Python's text has find and index; TypeScript's indexOf comes back as index.
  ['name.find("Ada")', 'name.indexOf("Ada")', 'name.index("Ada")'],
  ['name.startswith("A")', 'name.startsWith("A")'],
  ['name.endswith("e")', 'name.endsWith("e")'],
  ['len(name)', 'name.length'],
  ['name[0]', 'name[0]'],
  ['name[1:3]', 'name.slice(1, 3)'],
  ['name[:3]', 'name.slice(0, 3)', 'name[0:3]'],
  ['name[2:]', 'name.slice(2)'],
  ['nums[:]', 'nums.slice()'],
  ['bool(n)', '!!n'],
  // MakeCode's Python has no round, chr or float: it writes Math.round, String.from_char_code
  // and parse_float, and so do we; Python's names are read too.
  ['round(2.5)', 'Math.round(2.5)', 'Math.round(2.5)'],
  ['chr(65)', 'String.fromCharCode(65)', 'String.from_char_code(65)'],
  ['String.from_char_code(65)', 'String.fromCharCode(65)'],
  ['min(3, n)', 'Math.min(3, n)'],
  ['max(3, n)', 'Math.max(3, n)'],
  ['abs(n)', 'Math.abs(n)'],
  ['int("3")', 'parseInt("3")'],
  ['int(2.5)', 'Math.trunc(2.5)'],
  ['float("2.5")', 'parseFloat("2.5")', 'parse_float("2.5")'],
  ['parse_float("2.5")', 'parseFloat("2.5")'],
  // MakeCode writes list and text methods in plain snake case; they read as the methods.
  ['nums.index_of(2)', 'nums.indexOf(2)', 'nums.index(2)'],
  ['nums.remove_at(0)', 'nums.removeAt(0)'],
  ['nums.pop(0)', 'nums.removeAt(0)', 'nums.remove_at(0)'],
  ['nums._pick_random()', 'nums._pickRandom()'],
  ['str(n)', 'String(n)'],
  ['n in nums', 'nums.indexOf(n) >= 0'],
  ['"A" not in name', 'name.indexOf("A") < 0'],
  ['"%s has %d points" % (name, n)', '`${name} has ${n} points`', 'f"{name} has {n} points"'],
  ['"n=%d%%" % n', '`n=${n}%`', 'f"n={n}%"'],
];

describe('text and list methods, built-ins and % formatting', () => {
  it.each(CASES)('%s <-> %s', (python, typeScript, back = python) => {
    const { ts, back: py } = roundTrip(`${DECLARATIONS}x = ${python}\n`);
    expect(ts.trimEnd().split('\n').pop()).toBe(`let x = ${typeScript}`);
    expect(py.trimEnd().split('\n').pop()).toBe(`x = ${back}`);
  });

  it('joins with + when a value has quotes (an f-string could not hold them)', () => {
    const { ts, back } = roundTrip(`${DECLARATIONS}x = "%s!" % name.replace("a", "o")\n`);
    expect(ts).toContain('let x = "" + name.replaceAll("a", "o") + "!"\n');
    expect(back).toContain('x = "" + name.replace("a", "o") + "!"\n');
  });

  it('knows the types text methods and bool/round give, for declarations made ahead', () => {
    const code = py2ts(
      `${DECLARATIONS}if n > 1:\n    a = name.upper()\n    b = name.split(" ")\n    c = name.find("A")\n    d = name.startswith("A")\n    e = bool(n)\n    f = round(n)\n`,
    ).code;
    expect(code).toContain('let a = ""\nlet b: string[] = null\nlet c = 0\nlet d = false\nlet e = false\nlet f = 0\n');
  });

  it('clears a list in place, both ways', () => {
    const { ts, back } = roundTrip(`${DECLARATIONS}nums.clear()\n`);
    expect(ts).toContain('nums.splice(0, nums.length)\n');
    expect(back).toContain('nums.clear()\n');
  });

  it('compiles, with the types Python has', () => {
    const python = `${DECLARATIONS}${CASES.map(([p], i) => `v${i} = ${p}`).join('\n')}\nnums.clear()\n`;
    const code = py2ts(python).code;
    const problems = compiler.compile({ 'main.ts': code }).diagnostics.filter((d) => d.category === 'error');
    expect(problems, code).toEqual([]);
  });

  it('gives plain messages for what has no TypeScript twin yet', () => {
    const message = (python: string) => py2ts(python).diagnostics.map((d) => [d.line, d.message]);
    expect(message('x = "%x" % 15\n')[0]![1]).toContain('%.2f');
    expect(message('x = "%d and %d" % (1,)\n')).toEqual([
      [1, 'This text has 2 places (%s or %d) for 1 value. Give one value for each place.'],
    ]);
    expect(message('x = "abc"[::0]\n')[0]![1]).toContain('this slice step');
    expect(message('x = "a".replace("a", "b", 2)\n')[0]![1]).toContain('a count other than 1');
  });

  it('leaves a method of the same name on the API alone', () => {
    // `x.join` on a list variable named like a module is still the learner's list.
    expect(py2ts('x = ["a"]\ny = ", ".join(x)\n').code).toContain('let y = x.join(", ")');
  });
});

describe('random mixes of them', () => {
  const texts = ['name', '"hi"', 'str(n)'];
  const leaf = fc.constantFrom(...texts);
  const text: fc.Arbitrary<string> = fc.letrec<{ t: string }>((tie) => ({
    t: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      tie('t').map((t) => `${wrap(t)}.upper()`),
      tie('t').map((t) => `${wrap(t)}.lower()`),
      tie('t').map((t) => `${wrap(t)}.strip()`),
      tie('t').map((t) => `${wrap(t)}.replace("a", "b")`),
      tie('t').map((t) => `${wrap(t)}.replace("a", "b", 1)`),
      tie('t').map((t) => `${wrap(t)}[1:]`),
      tie('t').map((t) => `${wrap(t)}[0:2]`),
      tie('t').map((t) => `"-".join(${wrap(t)}.split(" "))`),
      fc.tuple(tie('t'), tie('t')).map(([a, b]) => `"%s/%s" % (${a}, ${b})`),
      fc.tuple(tie('t'), tie('t')).map(([a, b]) => `${a} + ${b}`),
    ),
  })).t;
  const condition = fc
    .tuple(text, fc.constantFrom('startswith', 'endswith'))
    .map(([t, m]) => `${wrap(t)}.${m}("A") or bool(len(${t}))`);

  it('come back unchanged after one trip and compile', () => {
    fc.assert(
      fc.property(text, condition, (t, c) => {
        const python = `${DECLARATIONS}x = ${t}\nif ${c}:\n    basic.show_string(x)\n`;
        const { ts } = roundTrip(python);
        const problems = compiler.compile({ 'main.ts': ts }).diagnostics.filter((d) => d.category === 'error');
        expect(problems, ts).toEqual([]);
      }),
      { numRuns: runs },
    );
  }, 180_000);
});

/** Brackets a receiver that is not a simple name, call or literal. */
function wrap(text: string): string {
  return /^[\w."]+(\(.*\))?$/.test(text) && !text.includes(' + ') && !text.includes(' % ') ? text : `(${text})`;
}
