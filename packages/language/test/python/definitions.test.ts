// The learner's own names for hover docs and signature help in the Python editor.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { definitionSignature, pythonProgramCallAt, pythonProgramNameAt } from '../../src/python/python-definitions.ts';
import { names, py2ts } from './harness.ts';

const PROGRAM = `# The score so far
score = 0
names: List[str] = []

# Shows a name a few times.
# Then waits.
def greet(name: str, times):
    global score
    for i in range(times):
        basic.show_string(name)
    score += 1

def total(a: int, b: int) -> int:
    """Adds two numbers.

    Both whole."""
    result = a + b
    return result

def on_button_pressed_a():
    greet("Ann", 2)
input.on_button_pressed(Button.A, on_button_pressed_a)
`;

/** The name at the `n`th appearance of `word` in PROGRAM (0 first), `inside` characters in. */
function nameAt(word: string, n = 0, inside = 1) {
  let at = -1;
  for (let i = 0; i <= n; i++) at = PROGRAM.indexOf(word, at + 1);
  return pythonProgramNameAt(names, PROGRAM, at + inside);
}

describe('the type of a call to the program’s own def', () => {
  const program = `def double(n: number):
    return n * 2

def greeting():
    if True:
        return "hi"
    return "ho"

def mixed(flag: bool):
    if flag:
        return 1
    return "one"

def on_forever():
    global total, word
    total = double(3)
    word = greeting()
    if total > 2:
        later = double(total)
        other = mixed(True)
basic.forever(on_forever)
`;
  const at = (word: string) => pythonProgramNameAt(names, program, program.indexOf(word) + 1);

  it('is the type its returns agree on, in hover and in the converted declarations', () => {
    expect(at('total =')).toMatchObject({ kind: 'variable', type: 'number' });
    expect(at('word =')).toMatchObject({ kind: 'variable', type: 'string' });
    expect(at('later =')).toMatchObject({ kind: 'variable', type: 'number' });
    expect(at('double(3')?.definition?.returnType).toBe('number');
    expect(definitionSignature(at('greeting()')!.definition!)).toBe('def greeting() -> str');
    // Returns that disagree give no type (and hover says none rather than a wrong one).
    expect(at('other =')?.type).toBeUndefined();
    expect(at('mixed(True')?.definition?.returnType).toBeUndefined();
    const code = py2ts(program).code;
    expect(code).toContain('let total = 0\nlet word = ""\n');
    expect(code).toContain('    let later = 0\n    let other: any = null\n');
  });

  it('leaves a def used above where it is written, and a recursive def, without a guess', () => {
    const early =
      'def on_forever():\n    global x\n    x = later()\nbasic.forever(on_forever)\ndef later():\n    return 1\n';
    expect(py2ts(early).code).toContain('let x: any = null');
    const recursive = 'def f(n: number):\n    if n > 0:\n        y = f(n - 1)\n    return 0\nf(2)\n';
    expect(() => py2ts(recursive)).not.toThrow();
  });
});

describe('pythonProgramNameAt', () => {
  it('finds a def from a call, with its parameters, inferred types and leading comment', () => {
    const found = nameAt('greet("Ann"');
    expect(found).toMatchObject({ name: 'greet', kind: 'function', line: 21, occurrence: 0 });
    expect(found?.definition).toEqual({
      name: 'greet',
      from: PROGRAM.indexOf('def greet'),
      // `times` has no annotation: its type comes from the call greet("Ann", 2).
      params: [
        { name: 'name', type: 'string' },
        { name: 'times', type: 'number' },
      ],
      docs: 'Shows a name a few times.\nThen waits.',
      topLevel: true,
    });
    expect(definitionSignature(found!.definition!)).toBe('def greet(name: str, times: int)');
  });

  it('prefers the docstring, cleaned of its indentation, and reads the return annotation', () => {
    const found = nameAt('total', 0, 0);
    expect(found?.definition?.docs).toBe('Adds two numbers.\n\nBoth whole.');
    expect(found?.definition?.returnType).toBe('number');
    expect(definitionSignature(found!.definition!)).toBe('def total(a: int, b: int) -> int');
  });

  it('knows globals, parameters, locals and loop variables, with the comment above a variable', () => {
    expect(nameAt('score = 0')).toMatchObject({ kind: 'variable', type: 'number', docs: 'The score so far', line: 2 });
    // `score` set inside greet is the global (it says so).
    expect(nameAt('score += 1')).toMatchObject({ kind: 'variable', type: 'number', docs: 'The score so far' });
    expect(nameAt('names:')).toMatchObject({ kind: 'variable', type: 'string[]' });
    expect(nameAt('name)')).toMatchObject({ kind: 'parameter', type: 'string', name: 'name' });
    expect(nameAt('times)', 1)).toMatchObject({ kind: 'parameter', type: 'number' });
    expect(nameAt('i in')).toMatchObject({ kind: 'variable', type: 'number' });
    expect(nameAt('result =')).toMatchObject({ kind: 'variable', type: 'number', docs: '' });
    expect(nameAt('on_button_pressed_a)')).toMatchObject({ kind: 'function', line: 22, occurrence: 0 });
  });

  it('counts which appearance on its line a name is', () => {
    expect(nameAt('b\n', 0, 0)).toMatchObject({ name: 'b', line: 17, occurrence: 0 });
    const text = 'x = 1\nx = x + x\n';
    expect(pythonProgramNameAt(names, text, text.lastIndexOf('x'))).toMatchObject({ line: 2, occurrence: 2 });
  });

  it('says nothing about API names, keywords, literals, comments, strings and types', () => {
    for (const word of ['basic', 'show_string', 'range', 'def', '"Ann"', 'The score', 'str]', 'Button.A'])
      expect(nameAt(word), word).toBeUndefined();
    expect(pythonProgramNameAt(names, PROGRAM, PROGRAM.length + 1)).toBeUndefined();
    expect(pythonProgramNameAt(names, 'print(unknown)', 8)).toBeUndefined();
  });
});

describe('pythonProgramCallAt', () => {
  it('finds the def of the call being typed and the argument at the cursor', () => {
    const text = `${PROGRAM}greet("Bo", `;
    const call = pythonProgramCallAt(names, text, text.length);
    expect(call?.argument).toBe(1);
    expect(call?.from).toBe(text.length - '"Bo", '.length);
    expect(call?.definition.name).toBe('greet');
    expect(call?.definition.docs).toBe('Shows a name a few times.\nThen waits.');
  });

  it('finds a def inside a def, and not the API’s calls or unknown names', () => {
    const text = 'def outer():\n    def inner(step):\n        pass\n    inner(';
    expect(pythonProgramCallAt(names, text, text.length)?.definition).toMatchObject({
      name: 'inner',
      topLevel: false,
    });
    expect(pythonProgramCallAt(names, 'basic.show_number(', 18)).toBeUndefined();
    expect(pythonProgramCallAt(names, 'nothing(', 8)).toBeUndefined();
    expect(pythonProgramCallAt(names, 'x = 1\nx(', 8)).toBeUndefined();
  });

  it('never throws, whatever the text and offset', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.integer({ min: -2, max: 70 }), (tail, offset) => {
        const text = `def f(a):\n    "doc"\n${tail}`;
        pythonProgramCallAt(names, text, offset);
        pythonProgramNameAt(names, text, offset);
      }),
      { numRuns: 200 },
    );
  });
});
