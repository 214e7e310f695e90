// Classes both ways (issue 13): `class Name:` with `__init__`, fields on `self`, methods,
// class-level values and one parent class become a TypeScript class the compiler runs, and a
// TypeScript class comes back as the Python a learner writes. The golden pair
// baselines/classes.py / classes.ts.txt holds them in one program (apps/cli's python test runs
// both and compares their output); random class programs round-trip (fast-check).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compiler } from '../blocks/harness.ts';
import { py2ts, roundTrip, ts2py } from './harness.ts';

function compileErrors(code: string): string[] {
  return compiler
    .compile({ 'main.ts': code })
    .diagnostics.filter((d) => d.category === 'error')
    .map((d) => `${d.line}: ${d.message}`);
}

const POINT = `class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def total(self):
        return self.x + self.y

p = Point(1, 2)
basic.show_number(p.total())
`;

describe('Python classes -> TypeScript', () => {
  it('writes fields typed from __init__, a constructor, methods and new', () => {
    const { ts, back } = roundTrip(POINT);
    expect(ts).toBe(`class Point {
    x: number
    y: number
    constructor(x: number, y: number) {
        this.x = x
        this.y = y
    }

    total() {
        return this.x + this.y
    }
}

let p = new Point(1, 2)
basic.showNumber(p.total())
`);
    expect(back).toBe(POINT.replace('__init__(self, x, y)', '__init__(self, x: number, y: number)'));
    expect(compileErrors(ts)).toEqual([]);
  });

  it('takes field types from annotations, in the class body or on self', () => {
    const { ts } = roundTrip(
      'class Bag:\n    size: int\n    def __init__(self):\n        self.items: List[str] = []\n        self.size = 0\n        self.label = None\n',
    );
    expect(ts).toContain('    size: number\n    items: string[]\n    label: any\n    constructor() {');
  });

  it('gives a method’s parameters the types its calls pass', () => {
    const { ts } = roundTrip(
      'class A:\n    def __init__(self):\n        self.n = 0\n    def add(self, k):\n        self.n += k\na = A()\na.add(3)\n',
    );
    expect(ts).toContain('    add(k: number) {\n        this.n += k\n');
  });

  it('makes class-level values static and reads them through the class', () => {
    const { ts, back } = roundTrip(
      'class Game:\n    LIVES = 3\n    def __init__(self):\n        self.lives = self.LIVES\nbasic.show_number(Game.LIVES)\n',
    );
    expect(ts).toContain('    static LIVES = 3\n');
    expect(ts).toContain('        this.lives = Game.LIVES\n');
    expect(back).toContain('    LIVES = 3\n');
    expect(compileErrors(ts)).toEqual([]);
  });

  it('extends one parent class, with super() for its __init__ and methods', () => {
    const { ts, back } = roundTrip(`${POINT}class Point3(Point):
    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z

    def total(self):
        return super().total() + self.z

q = Point3(1, 2, 3)
`);
    expect(ts).toContain(`class Point3 extends Point {
    z: number
    constructor(x: number, y: number, z: number) {
        super(x, y)
        this.z = z
    }

    total() {
        return super.total() + this.z
    }
}`);
    expect(back).toContain('class Point3(Point):\n');
    expect(back).toContain('        super().__init__(x, y)\n');
    expect(back).toContain('        return super().total() + self.z\n');
    expect(compileErrors(ts)).toEqual([]);
  });

  it('passes named arguments to __init__ in its order', () => {
    const code = py2ts('class Box:\n    def __init__(self, w, h=2):\n        self.a = w * h\nb = Box(h=3, w=1)\n').code;
    expect(code).toContain('let b = new Box(1, 3)\n');
    expect(compileErrors(code)).toEqual([]);
  });

  it('keeps a member named like an API member as it is written', () => {
    const { ts } = roundTrip(
      'class Stack:\n    def __init__(self):\n        self.items = [0]\n    def append(self, v):\n        self.items.append(v)\ns = Stack()\ns.append(1)\n',
    );
    expect(ts).toContain('    append(v: number) {\n        this.items.push(v)\n');
    expect(ts).toContain('s.append(1)\n');
    expect(compileErrors(ts)).toEqual([]);
  });

  it('keeps comments and turns a docstring into a comment', () => {
    const { ts } = roundTrip('# a robot\nclass Robot:\n    """Moves around."""\n    # speed\n    SPEED = 2\n');
    expect(ts).toBe('// a robot\nclass Robot {\n    // Moves around.\n    // speed\n    static SPEED = 2\n}\n');
  });

  it.each([
    ['class A(B, C):\n    pass\n', 1, 8, 'more than one parent class'],
    ['class A:\n    @staticmethod\n    def f():\n        pass\n', 2, 5, 'decorators'],
    ['class A:\n    def f():\n        pass\n', 2, 5, 'a method without self'],
    ['class A:\n    def __str__(self):\n        return ""\n', 2, 9, 'the special method __str__'],
    ['class A:\n    if True:\n        pass\n', 2, 5, 'this inside a class'],
    ['def f():\n    class A:\n        pass\n', 2, 5, 'a class inside a function'],
    ['class A:\n    def f(self):\n        super().f()\n', 3, 9, 'super() in a class without a parent class'],
    ['class A(B):\n    def f(self):\n        super(A, self).f()\n', 3, 9, 'super(...) with values'],
    ['x = super()\n', 1, 5, 'super here'],
    [
      'class A:\n    def f(self):\n        def g():\n            self.n = 1\n',
      4,
      13,
      'self inside a def inside a method',
    ],
  ])('refuses %j at %i:%i naming %s', (source, line, column, what) => {
    const { diagnostics } = py2ts(source);
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics[0]).toMatchObject({ line, column });
    expect(diagnostics[0]!.message).toContain(what);
    expect(diagnostics[0]!.message).toMatch(/^Python on the micro:bit cannot use .*\.$/);
  });
});

describe('TypeScript classes -> Python', () => {
  it('moves field values into __init__ (made when there is none)', () => {
    const py = ts2py('class Counter {\n    n = 0\n    add() {\n        this.n += 1\n    }\n}\n');
    expect(py.diagnostics).toEqual([]);
    expect(py.code).toBe(
      'class Counter:\n    n: number\n    def __init__(self):\n        self.n = 0\n    def add(self):\n        self.n += 1\n',
    );
  });

  it('sets field values after the super() call of a constructor', () => {
    const py = ts2py(
      'class A {\n    constructor(a: number) {\n    }\n}\nclass B extends A {\n    b = 1\n    constructor() {\n        super(2)\n        basic.showNumber(this.b)\n    }\n}\n',
    );
    expect(py.code).toContain(
      '    def __init__(self):\n        super().__init__(2)\n        self.b = 1\n        basic.show_number(self.b)\n',
    );
  });

  it('keeps what Python cannot show as a comment, with a warning', () => {
    for (const [source, what] of [
      ['class A {\n    private x = 1\n}\n', 'this member of a class'],
      ['class A {\n    static make() {\n        return 1\n    }\n}\n', 'this member of a class'],
      ['class A {\n    get v() {\n        return 1\n    }\n}\n', 'this member of a class'],
      ['class A<T> {\n}\n', 'this kind of class'],
      ['class A implements B {\n}\n', 'interfaces'],
      ['class A {\n    f(self: number) {\n    }\n}\n', 'the name "self"'],
      ['let d = new Date()\n', 'new with anything but a class'],
      ['function f() {\n    return this\n}\n', 'this outside a method'],
    ] as const) {
      const py = ts2py(source);
      expect(py.diagnostics[0]?.message, source).toContain(what);
      expect(py.diagnostics[0]?.message, source).toMatch(/^Python cannot show .*: it is kept as a comment\.$/);
      // Nothing is lost: what Python cannot show is there as a comment.
      expect(py.code, source).not.toMatch(/^[^#]*\b(new|this|class A|private|static|get)\b/m);
      expect(py.code.replace(/^\s*# ?/gm, ''), source).toContain(source.split('\n')[1]!.trim());
    }
  });
});

describe('the golden program', () => {
  it('converts classes.py to classes.ts and back, and it compiles', () => {
    const dir = join(import.meta.dirname, 'baselines');
    const python = readFileSync(join(dir, 'classes.py'), 'utf8');
    const { ts } = roundTrip(python);
    if (process.env['UPDATE_PYTHON_BASELINES']) writeFileSync(join(dir, 'classes.ts.txt'), ts);
    expect(ts).toBe(readFileSync(join(dir, 'classes.ts.txt'), 'utf8'));
    expect(compileErrors(ts), ts).toEqual([]);
  });
});

/** A random class program: fields from parameters or literals, methods that change them, calls. */
function classProgram(g: fc.GeneratorValue): string {
  const int = (min: number, max: number): number => g(fc.integer, { min, max });
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  const fieldCount = int(1, 3);
  const fields = Array.from({ length: fieldCount }, (_, i) => `f${i}`);
  const params = fields.filter(() => int(0, 1) === 1);
  const lines: string[] = [];
  if (int(0, 1)) lines.push('# a class');
  lines.push('class Thing:');
  if (int(0, 1)) lines.push('    LIMIT = 10');
  if (int(0, 1)) lines.push(`    ${fields[0]}: int`);
  lines.push(`    def __init__(self${params.map((p) => `, ${p}`).join('')}):`);
  for (const f of fields) {
    const value = params.includes(f) ? f : pick(['0', '1', '2', '"a"'].slice(0, f === fields[0] ? 3 : 4));
    lines.push(`        self.${f} = ${value}`);
  }
  const methods = int(0, 3);
  for (let m = 0; m < methods; m++) {
    if (int(0, 1)) lines.push('');
    const numeric = fields.filter((_, i) => lines.some((l) => l === `        self.${fields[i]} = "a"`) === false);
    const target = pick(numeric);
    lines.push(`    def m${m}(self, k):`);
    lines.push(
      pick([
        `        self.${target} += k`,
        `        self.${target} = self.${target} * k`,
        `        return self.${target} + k`,
        `        if self.${target} > k:\n            self.${target} = k`,
      ]),
    );
  }
  const withParent = int(0, 1) === 1;
  if (withParent) {
    lines.push('', 'class Other(Thing):');
    lines.push(`    def __init__(self${params.map((p) => `, ${p}`).join('')}):`);
    lines.push(`        super().__init__(${params.join(', ')})`);
    lines.push('        self.extra = 5');
  }
  lines.push('');
  const made = withParent && int(0, 1) ? 'Other' : 'Thing';
  lines.push(`t = ${made}(${params.map(() => String(int(0, 9))).join(', ')})`);
  for (let m = 0; m < methods; m++) if (int(0, 1)) lines.push(`t.m${m}(${int(1, 5)})`);
  lines.push(`serial.write_value("v", t.${fields[0]})`);
  return `${lines.join('\n')}\n`;
}

describe('random class programs', () => {
  it('go through TypeScript and back unchanged the second time, and compile', () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const python = classProgram(g);
        const { ts } = roundTrip(python);
        expect(compileErrors(ts), `${python}\n${ts}`).toEqual([]);
      }),
      { numRuns: Number(process.env['PYTHON_PROPERTY_RUNS'] ?? 25) },
    );
  }, 120_000);
});
