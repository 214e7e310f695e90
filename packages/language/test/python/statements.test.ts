// The statements JavaScript has and Python writes otherwise, both ways: switch (if/elif/else on
// the value, kept in a variable when reading it does something), do...while (`while True:` that
// ends with `if not (c): break`), enums (`class Mood(Enum):`), optional parameters (`= None`) and
// try/catch/finally (`try:`/`except:`/`finally:`). Each TypeScript form becomes the Python given
// here, that Python comes back as TypeScript that is stable from then on; the forms Python cannot
// show stay comments with the notice. The golden pair baselines/statements.ts.txt and
// statements.py holds them in one program, which apps/cli's python.test.ts runs both ways.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiler } from '../blocks/harness.ts';
import { py2ts, roundTrip, ts2py } from './harness.ts';

function compileErrors(code: string): string[] {
  return compiler
    .compile({ 'main.ts': code })
    .diagnostics.filter((d) => d.category === 'error')
    .map((d) => `${d.line}: ${d.message}`);
}

/** [TypeScript, its Python, the TypeScript that comes back when it differs]. */
const CASES: readonly (readonly [string, string, string, string?])[] = [
  [
    'an optional parameter',
    'function f(a: number, b?: number) {\n    basic.showNumber(a)\n}\nf(1)\n',
    'def f(a: number, b: number = None):\n    basic.show_number(a)\nf(1)\n',
    'function f(a: number, b: number = null) {\n    basic.showNumber(a)\n}\nf(1)\n',
  ],
  [
    'a default parameter',
    'function f(a: number, b = 2) {\n    basic.showNumber(a + b)\n}\nf(1)\n',
    'def f(a: number, b=2):\n    basic.show_number(a + b)\nf(1)\n',
    'function f(a: number, b = 2) {\n    basic.showNumber(a + b)\n}\nf(1)\n',
  ],
  [
    'a switch on a variable',
    'let n = 2\nswitch (n) {\n    case 1:\n        n = 5\n        break\n    case 2:\n    case 3: {\n        n = 6\n        break\n    }\n    default:\n        n = 7\n}\n',
    'n = 2\nif n == 1:\n    n = 5\nelif n == 2 or n == 3:\n    n = 6\nelse:\n    n = 7\n',
    'let n = 2\nif (n == 1) {\n    n = 5\n} else if (n == 2 || n == 3) {\n    n = 6\n} else {\n    n = 7\n}\n',
  ],
  [
    'a switch on a call (read once)',
    'switch (randint(0, 2)) {\n    case 0:\n        basic.showNumber(0)\n        break\n    case 1:\n        basic.showNumber(1)\n}\n',
    'value = randint(0, 2)\nif value == 0:\n    basic.show_number(0)\nelif value == 1:\n    basic.show_number(1)\n',
    'let value = randint(0, 2)\nif (value == 0) {\n    basic.showNumber(0)\n} else if (value == 1) {\n    basic.showNumber(1)\n}\n',
  ],
  [
    'a switch whose cases return',
    'function f(x: number): string {\n    switch (x) {\n        case 1:\n            return "a"\n        default:\n            return "b"\n    }\n}\n',
    'def f(x: number) -> str:\n    if x == 1:\n        return "a"\n    else:\n        return "b"\n',
    'function f(x: number): string {\n    if (x == 1) {\n        return "a"\n    } else {\n        return "b"\n    }\n}\n',
  ],
  [
    'a do...while loop',
    'let n = 0\ndo {\n    n += 1\n} while (n < 3)\n',
    'n = 0\nwhile True:\n    n += 1\n    if not (n < 3):\n        break\n',
    'let n = 0\nwhile (true) {\n    n += 1\n    if (!(n < 3)) {\n        break\n    }\n}\n',
  ],
  [
    'an enum',
    'enum Mood {\n    Calm,\n    // the middle\n    Happy = 5,\n    Grumpy\n}\nlet m = Mood.Grumpy\n',
    'class Mood(Enum):\n    Calm = 0\n    # the middle\n    Happy = 5\n    Grumpy = 6\nm = Mood.Grumpy\n',
  ],
  [
    'an enum as a parameter type',
    'enum Mood {\n    Calm,\n    Happy\n}\nfunction f(m: Mood) {\n    basic.showNumber(m)\n}\nf(Mood.Happy)\n',
    'class Mood(Enum):\n    Calm = 0\n    Happy = 1\ndef f(m: Mood):\n    basic.show_number(m)\nf(Mood.Happy)\n',
  ],
  [
    'try, catch and finally',
    'let n = 0\ntry {\n    n = 1\n} catch (e) {\n    n = 2\n} finally {\n    n += 10\n}\n',
    'n = 0\ntry:\n    n = 1\nexcept:\n    n = 2\nfinally:\n    n += 10\n',
    'let n = 0\ntry {\n    n = 1\n} catch (_) {\n    n = 2\n} finally {\n    n += 10\n}\n',
  ],
  [
    'try and finally',
    'let n = 0\ntry {\n    n = 1\n} finally {\n    n = 2\n}\n',
    'n = 0\ntry:\n    n = 1\nfinally:\n    n = 2\n',
  ],
];

describe('statements Python writes otherwise', () => {
  it.each(CASES)('%s', (...row) => {
    const [, typeScript, python, back = typeScript] = row as unknown as (typeof CASES)[number];
    const py = ts2py(typeScript);
    expect(py.diagnostics).toEqual([]);
    expect(py.code).toBe(python);
    const { ts } = roundTrip(python);
    expect(ts).toBe(back);
    expect(ts2py(ts).code).toBe(python);
    expect(compileErrors(ts), ts).toEqual([]);
  });
});

/** TypeScript Python cannot show: it stays a comment, with the notice saying why. */
const KEPT: readonly (readonly [string, string, RegExp])[] = [
  [
    'a case that runs on into the next',
    'let k = 0\nswitch (k) {\n    case 1:\n        k = 3\n    case 2:\n        k = 4\n        break\n}\n',
    /this switch/,
  ],
  [
    'a break inside a case’s if',
    'let k = 0\nswitch (k) {\n    case 1:\n        if (k > 0) break\n        k = 3\n        break\n}\n',
    /this switch/,
  ],
  [
    'a default before other cases',
    'let k = 0\nswitch (k) {\n    default:\n        k = 1\n        break\n    case 1:\n        k = 3\n}\n',
    /this switch/,
  ],
  [
    'a continue in a do...while',
    'let n = 0\ndo {\n    n += 1\n    if (n == 2) continue\n} while (n < 3)\n',
    /continue/,
  ],
  [
    'a catch that reads its error',
    'try {\n    basic.showNumber(1)\n} catch (err) {\n    basic.showString("" + err)\n}\n',
    /uses its error/,
  ],
  ['an enum value that is not a number', 'enum E {\n    A = "a"\n}\n', /whole number/],
  ['a rest parameter', 'function f(...xs: number[]) {\n}\n', /this parameter/],
];

describe('statements Python cannot show', () => {
  it.each(KEPT)('%s', (_, typeScript, why) => {
    const py = ts2py(typeScript);
    expect(py.diagnostics.length).toBe(1);
    expect(py.diagnostics[0]!.message).toMatch(why);
    expect(py.diagnostics[0]!.message).toMatch(/^Python cannot show .*: it is kept as a comment\.$/);
    expect(py.code).toContain(`# ${typeScript.split('\n').find((l) => /switch|do|try|enum|function/.test(l))}`);
  });
});

describe('Python that has no TypeScript twin here', () => {
  it.each([
    ['try:\n    pass\nexcept ValueError as e:\n    pass\n', /except with an error type/],
    ['try:\n    pass\nexcept:\n    pass\nexcept:\n    pass\n', /more than one except/],
    ['try:\n    pass\nexcept:\n    pass\nelse:\n    pass\n', /else after try/],
    ['class E(Enum):\n    A = "a"\n', /only names given whole numbers/],
  ])('%s', (python, why) => {
    const { diagnostics } = py2ts(python);
    expect(diagnostics.map((d) => d.message).join('\n')).toMatch(why);
  });

  it('keeps a comment before except in the try part', () => {
    const { code } = py2ts('n = 0\ntry:\n    n = 1\n    # inside\nexcept:\n    n = 2\n');
    expect(code).toBe('let n = 0\ntry {\n    n = 1\n    // inside\n} catch (_) {\n    n = 2\n}\n');
  });
});

describe('the golden program', () => {
  it('converts statements.ts.txt to statements.py and back, and it compiles', () => {
    const dir = join(import.meta.dirname, 'baselines');
    const source = readFileSync(join(dir, 'statements.ts.txt'), 'utf8');
    const py = ts2py(source);
    expect(py.diagnostics).toEqual([]);
    if (process.env['UPDATE_PYTHON_BASELINES']) writeFileSync(join(dir, 'statements.py'), py.code);
    expect(py.code).toBe(readFileSync(join(dir, 'statements.py'), 'utf8'));
    const { ts } = roundTrip(py.code);
    expect(compileErrors(ts), ts).toEqual([]);
    expect(compileErrors(source)).toEqual([]);
  });
});
