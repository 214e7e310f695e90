// Property tests (fast-check; PYTHON_PROPERTY_RUNS=2000 searches longer): random programs in the
// blocks generator's form (the blocks tests' generator) and random block programs' code go
// through Python and back; the second trip changes nothing, and the TypeScript that comes back
// has no compile error the original did not have. (Block programs can be ill-typed on purpose: a
// number variable in a text parameter gives TS2345 before and after the trip alike.) Damaged
// Python never makes the converter throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compiler, generate } from '../blocks/harness.ts';
import { randomProgramText } from '../blocks/random-code.ts';
import { ProgramBuilder } from '../blocks/random-programs.ts';
import { py2ts, ts2py } from './harness.ts';

const runs = Number(process.env['PYTHON_PROPERTY_RUNS'] ?? 25);
const timeout = 180_000;

function errors(code: string): string[] {
  return compiler
    .compile({ 'main.ts': code })
    .diagnostics.filter((d) => d.category === 'error')
    .map((d) => `TS${d.code}: ${d.message}`);
}

function throughPython(code: string): void {
  const py1 = ts2py(code);
  expect(py1.diagnostics, code).toEqual([]);
  const ts1 = py2ts(py1.code);
  expect(ts1.diagnostics, py1.code).toEqual([]);
  const py2 = ts2py(ts1.code);
  expect(py2.code, ts1.code).toBe(py1.code);
  expect(py2ts(py2.code).code).toBe(ts1.code);
  // Counting loops may change form ("for 0 to 2.5" comes back as range(3), a "repeat" loop), so
  // only the examples test compares the JavaScript; here the program must compile as before.
  const before = new Set(errors(code));
  expect(
    errors(ts1.code).filter((e) => !before.has(e)),
    ts1.code,
  ).toEqual([]);
}

describe('TypeScript -> Python -> TypeScript', () => {
  it(
    'is stable and keeps the program’s meaning for code in the generator’s form',
    () => {
      fc.assert(
        fc.property(fc.gen(), (g) =>
          throughPython(randomProgramText({ int: (min, max) => g(fc.integer, { min, max }) })),
        ),
        { numRuns: runs },
      );
    },
    timeout,
  );

  it(
    'is stable and keeps the meaning of random block programs’ code',
    () => {
      fc.assert(
        fc.property(fc.gen(), (g) => {
          const program = new ProgramBuilder({ int: (min, max) => g(fc.integer, { min, max }) }).build();
          throughPython(generate(program).code);
        }),
        { numRuns: runs },
      );
    },
    timeout,
  );
});

describe('damaged Python', () => {
  const sample = `count = 0
def on_button_pressed_a():
    global count
    count += 1
    basic.show_string(f"n={count}")
input.on_button_pressed(Button.A, on_button_pressed_a)
for i in range(4):
    if i > 2 and not count:
        led.plot(i, 0)
class Dot(Sprite):
    SIZE = 2
    def __init__(self, x: int):
        super().__init__(x)
        self.x = x
    def move(self, dx):
        self.x += dx
d = Dot(1)
d.move(2)
`;
  it(
    'never throws and reports inside the text',
    () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: sample.length }),
          fc.integer({ min: 0, max: 20 }),
          fc.string({ maxLength: 6 }),
          (at, cut, insert) => {
            const damaged = sample.slice(0, at) + insert + sample.slice(Math.min(sample.length, at + cut));
            const result = py2ts(damaged);
            const lines = damaged.split('\n').length;
            for (const d of result.diagnostics) {
              expect(d.line).toBeGreaterThanOrEqual(1);
              expect(d.line).toBeLessThanOrEqual(lines);
              expect(d.message).toMatch(/^[A-Z"].*[.?]$/);
            }
          },
        ),
        { numRuns: runs * 20 },
      );
    },
    timeout,
  );

  // Token soup: every construct Python has, in any order and indentation, including those the
  // converter refuses (class, yield, with, try, decorators, walrus, star arguments) and the
  // newer forms (lambda, comprehensions, named arguments, slice steps).
  const TOKENS = [
    'def',
    'f',
    'x',
    '(',
    ')',
    ':',
    ',',
    '=',
    '+=',
    '\n',
    '\n    ',
    '\n        ',
    'return',
    'if',
    'elif',
    'else',
    'for',
    'in',
    'range',
    'while',
    'class',
    // Classes: methods, self, super, a parent class.
    '__init__',
    'self',
    'self.x',
    'super()',
    '(Dot)',
    'lambda',
    // The forms py-functional.ts converts (named arguments, comprehensions, list built-ins).
    'sum',
    'sorted',
    'max',
    '.extend',
    '.split',
    '::',
    '-1',
    '%',
    '"%.2f"',
    "f'{x:.1f}'",
    'yield',
    'with',
    'as',
    'try',
    'except',
    'finally',
    'raise',
    '@',
    '*',
    '**',
    '[',
    ']',
    '{',
    '}',
    '.',
    'basic',
    'show_number',
    '1',
    '2.5',
    '"s"',
    "f'{x}'",
    '"""d"""',
    'b"x"',
    'not',
    'and',
    'or',
    'is',
    'None',
    'True',
    'global',
    'nonlocal',
    'import',
    'from',
    'pass',
    'break',
    'del',
    ':=',
    '->',
    'int',
    'List',
    'async',
    'await',
    '#c',
    '//',
    '-',
    '<',
    '==',
    'Button',
    'A',
    'print',
    'len',
    '...',
    ';',
    '\\',
    '"',
    "'",
    '0x1f',
    '1j',
  ];
  it(
    'never throws on any sequence of Python’s tokens, and reports inside the text',
    () => {
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }), (tokens) => {
          const text = tokens.join(' ');
          const lines = text.split('\n').length;
          for (const d of py2ts(text).diagnostics) {
            expect(d.line).toBeGreaterThanOrEqual(1);
            expect(d.line).toBeLessThanOrEqual(lines);
            expect(d.message).toMatch(/^[A-Z"].*[.?]$/);
          }
        }),
        { numRuns: runs * 20 },
      );
    },
    timeout,
  );
});
