// Python -> TypeScript: each construct learners use, the layout of handlers and declarations,
// and plain-language diagnostics at the right Python line and column for what is not supported.
import { describe, expect, it } from 'vitest';
import { compiler, decompile, generate, normalize } from '../blocks/harness.ts';
import { compilePython } from '../../src/python/compile-python.ts';
import { names, py2ts, ts2py } from './harness.ts';

function code(python: string): string {
  const result = py2ts(python);
  expect(result.diagnostics).toEqual([]);
  return result.code;
}

describe('pythonToTypeScript', () => {
  it('writes handlers in place, API names in TypeScript spelling, globals without global', () => {
    expect(
      code(`count = 0
def on_button_pressed_a():
    global count
    count += 1
    basic.show_number(count)
input.on_button_pressed(Button.A, on_button_pressed_a)

def on_forever():
    basic.show_icon(IconNames.SMALL_HEART)
basic.forever(on_forever)
`),
    ).toBe(`let count = 0
input.onButtonPressed(Button.A, function () {
    count += 1
    basic.showNumber(count)
})

basic.forever(function () {
    basic.showIcon(IconNames.SmallHeart)
})
`);
  });

  it('keeps a def used elsewhere as a function, with parameter types from its calls', () => {
    expect(
      code(`def greet(name, times):
    for i in range(times):
        basic.show_string(name)
greet("hi", 2)
`),
    ).toBe(`function greet(name: string, times: number) {
    for (let i = 0; i < times; i++) {
        basic.showString(name)
    }
}
greet("hi", 2)
`);
  });

  it('converts loops, conditions and operators', () => {
    expect(
      code(`x = 7
for i in range(5):
    if i % 2 == 0 and not x > 3:
        x = x // 2
    elif i >= 3 or x != 2:
        x **= 2
    else:
        pass
for k in range(1, 10, 3):
    x = -x ** 2 if k else abs(x)
while True:
    break
for v in [1, 2]:
    x = len([v]) + min(1, v)
`),
    ).toBe(`let x = 7
for (let i = 0; i <= 4; i++) {
    if (i % 2 == 0 && !(x > 3)) {
        x = Math.idiv(x, 2)
    } else if (i >= 3 || x != 2) {
        x **= 2
    } else {
    }
}
for (let k = 1; k < 10; k += 3) {
    x = k ? -(x ** 2) : Math.abs(x)
}
while (true) {
    break
}
for (let v of [1, 2]) {
    x = [v].length + Math.min(1, v)
}
`);
  });

  it('converts strings, f-strings, LED pictures, lists and annotations', () => {
    expect(
      code(`items: List[number] = []
items.append(3)
name = 'it\\'s'
msg = f"{name} has {len(items)} {{items}}"
basic.show_leds("""
    . # . # .
    """)
flag: bool = True
nothing = None
`),
    ).toBe(`let items: number[] = []
items.push(3)
let name = "it's"
let msg = \`\${name} has \${items.length} {items}\`
basic.showLeds(\`
    . # . # .
    \`)
let flag: boolean = true
let nothing = null
`);
  });

  it('keeps comments, at the end of lines and of bodies', () => {
    expect(
      code(`# start
x = 1  # one
if x:
    x = 2
    # after two
`),
    ).toBe(`// start
let x = 1 // one
if (x) {
    x = 2
    // after two
}
`);
  });

  it('keeps comments on if, elif and else lines and before elif or else, both ways', () => {
    const python = `x = 3
if x > 2:  # on the if
    x = 1
    # the last thought
elif x > 1:  # on the elif
    x = 5
# dedented before else
else:  # on the else
    x = 2
`;
    const typescript = `let x = 3
if (x > 2) { // on the if
    x = 1
    // the last thought
} else if (x > 1) { // on the elif
    x = 5
    // dedented before else
} else { // on the else
    x = 2
}
`;
    expect(code(python)).toBe(typescript);
    expect(ts2py(typescript).code).toBe(python.replace('# dedented', '    # dedented'));
    expect(code(ts2py(typescript).code)).toBe(typescript);
  });

  it('keeps a comment after the opening brace of a loop or function in Python', () => {
    expect(ts2py('while (false) { // waits\n}\nfunction f() { // why\n    return 1\n}\n').code).toBe(
      'while False:  # waits\n    pass\ndef f():  # why\n    return 1\n',
    );
  });

  it('declares names first set inside a block at the start of their scope', () => {
    expect(
      code(`if True:
    level = 3
def setup():
    global score
    score = 10
    if score:
        local = "a"
`),
    ).toBe(`let level = 0
let score = 0
if (true) {
    level = 3
}
function setup() {
    let local = ""
    score = 10
    if (score) {
        local = "a"
    }
}
`);
  });

  // MakeCode's Python reads a loop's variable after the loop (its value one past the end, as
  // MakeCode runs it); a `let` in the loop would leave TypeScript without the name.
  it('declares a loop variable read after its loop before the loop', () => {
    expect(code('for i in range(3):\n    basic.show_number(i)\nbasic.show_number(i)\n')).toBe(
      'let i = 0\nfor (i = 0; i <= 2; i++) {\n    basic.showNumber(i)\n}\nbasic.showNumber(i)\n',
    );
    expect(code('def f():\n    for k in range(2):\n        pass\n    return k\nf()\n')).toBe(
      'function f() {\n    let k = 0\n    for (k = 0; k < 2; k++) {\n    }\n    return k\n}\nf()\n',
    );
    // Read only inside its loops: the loop declares it.
    expect(code('for i in range(2):\n    basic.show_number(i)\n')).toBe(
      'for (let i = 0; i <= 1; i++) {\n    basic.showNumber(i)\n}\n',
    );
  });

  // The declaration before the loop has the type of the loop's values (the list's items, the
  // letters of a text, range's numbers): `let name = 0` for a list of text would not compile.
  it.each([
    [
      'names = ["a", "bb"]\nfor name in names:\n    basic.show_string(name)\nbasic.show_string(name)\n',
      'let name = ""',
    ],
    ['nums = [1, 2]\nfor v in nums:\n    basic.show_number(v)\nbasic.show_number(v)\n', 'let v = 0'],
    ['word = "hey"\nfor ch in word:\n    basic.show_string(ch)\nbasic.show_string(ch)\n', 'let ch = ""'],
    [
      'sprites = [game.create_sprite(1, 1), game.create_sprite(3, 3)]\nfor s in sprites:\n    s.move(1)\ns.turn(Direction.RIGHT, 90)\n',
      'let s: game.LedSprite = null',
    ],
    ['for i in range(3):\n    pass\nbasic.show_number(i)\n', 'let i = 0'],
    ['def f():\n    for t in ["x", "y"]:\n        pass\n    return t\nbasic.show_string(f())\n', '    let t = ""'],
    // The parameter's type comes from the call, after the loop is read.
    [
      'def show_all(text):\n    for ch in text:\n        pass\n    basic.show_string(ch)\nshow_all("ab")\n',
      '    let ch = ""',
    ],
  ])('declares a loop variable read after its loop with the type of its values: %s', (python, declaration) => {
    const ts = code(python);
    expect(ts.split('\n')).toContain(declaration);
    expect(compiler.compile({ 'main.ts': ts }).diagnostics.filter((d) => d.category === 'error')).toEqual([]);
  });

  // MakeCode's Python reads these; ours refused chained comparisons and wrote `a + [2]` for lists.
  it('joins chained comparisons with && and lists with concat, as MakeCode does', () => {
    expect(code('x = 3\nif 0 < x <= 5:\n    pass\ny = 1 == x == 3 != 4\n')).toBe(
      'let x = 3\nif (0 < x && x <= 5) {\n}\nlet y = 1 == x && x == 3 && 3 != 4\n',
    );
    expect(code('ok = not 0 < 1 < 2 or False\n')).toBe('let ok = !(0 < 1 && 1 < 2) || false\n');
    expect(code('a = [1]\nb = a + [2]\nc = b + a\nbasic.show_number(len(c))\n')).toBe(
      'let a = [1]\nlet b = a.concat([2])\nlet c = b.concat(a)\nbasic.showNumber(c.length)\n',
    );
  });

  // Text methods MakeCode's Python reads through its helpers; ours wrote them unchanged, which
  // does not compile.
  it('writes count, rfind and capitalize of text in TypeScript', () => {
    expect(code('t = "ab"\nn = t.count("a") + t.rfind("b")\nu = t.capitalize()\n')).toBe(
      'let t = "ab"\nlet n = t.split("a").length - 1 + t.lastIndexOf("b")\nlet u = t.charAt(0).toUpperCase() + t.slice(1).toLowerCase()\n',
    );
    // A list's count is not text's: the values equal to it (MakeCode's Python counts them too;
    // `a.count(1)` did not compile).
    expect(code('a = [1]\nn = a.count(1)\n')).toBe('let a = [1]\nlet n = a.filter((v_) => v_ == 1).length\n');
    expect(py2ts('a = [1]\nn = a.count(len(a))\n').diagnostics[0]?.message).toContain('count()');
  });

  // The rest of the text methods MakeCode's Python has helpers for: ours refused them. They become
  // expressions on the device's string API (python-with-makecode.test.ts runs them).
  it('writes the other text methods as TypeScript that compiles', () => {
    const methods = [
      'title()',
      'swapcase()',
      'casefold()',
      'lstrip()',
      'rstrip()',
      'strip("x")',
      'lstrip("x")',
      'rstrip("x")',
      'zfill(5)',
      'center(6, "*")',
      'ljust(4)',
      'rjust(4, "0")',
    ];
    const tests = ['isdigit()', 'isalpha()', 'isalnum()', 'isspace()', 'isupper()', 'islower()'];
    const lists = ['rsplit("-")', 'splitlines()'];
    const source = `t = "ab"\nu = ""\nok = False\n${methods.map((m) => `u = t.${m}\nu = "a".${m}\n`).join('')}${tests.map((m) => `ok = t.${m}\n`).join('')}${lists.map((m) => `parts = t.${m}\nparts = "a".${m}\n`).join('')}n = t.rindex("b")\n`;
    const { code: text, diagnostics } = py2ts(source);
    expect(diagnostics).toEqual([]);
    expect(compiler.compile({ 'main.ts': text }).diagnostics).toEqual([]);
    // Read once, whatever the text is; read more than once, only a name or a literal.
    expect(py2ts('u = "ab".upper().title()\n').diagnostics).toEqual([]);
    expect(py2ts('u = "ab".upper().zfill(3)\n').diagnostics[0]?.message).toContain('zfill()');
  });

  // Python finds the empty text before each character and at the end; split("") gave length - 1.
  it('counts the empty text as length + 1', () => {
    expect(code('t = "ab"\nn = t.count("")\n')).toBe('let t = "ab"\nlet n = t.length + 1\n');
    expect(code('t = "ab"\ns = ""\nn = t.count(s)\n')).toBe(
      'let t = "ab"\nlet s = ""\nlet n = t.split(s).length - 1 + (s == "" ? 2 : 0)\n',
    );
  });

  // `for i, x in enumerate(items)` parsed as the single name i and was written as if it were.
  it('refuses a for loop with more than one variable', () => {
    const { diagnostics } = py2ts('for i, x in enumerate([1]):\n    basic.show_number(x)\n');
    expect(diagnostics[0]?.message).toContain('more than one loop variable');
  });

  // TypeScript -> Python bracketed a negative power (2 ** (-1)), which came back bracketed.
  it('keeps 2 ** -1 unbracketed both ways', () => {
    expect(code('x = 2 ** -1\n')).toBe('let x = 2 ** -1\n');
    expect(ts2py('let x = 2 ** -1\n').code).toBe('x = 2 ** -1\n');
  });

  // MakeCode's py2ts counts `range(n)` while `i < n`: 0, 1, 2 for n = 2.5, where the blocks' form
  // `i <= n - 1` counts 0, 1. Only an end surely whole (a literal, a length) takes the blocks' form.
  it('counts range(n) while i < n, as MakeCode does, for every n', () => {
    expect(code('n = 2.5\nfor i in range(n):\n    basic.show_number(i)\n')).toBe(
      'let n = 2.5\nfor (let i = 0; i < n; i++) {\n    basic.showNumber(i)\n}\n',
    );
    expect(code('def f(k: number):\n    for j in range(k + 1):\n        basic.show_number(j)\nf(3)\n')).toBe(
      'function f(k: number) {\n    for (let j = 0; j < k + 1; j++) {\n        basic.showNumber(j)\n    }\n}\nf(3)\n',
    );
    expect(code('a = [1]\nfor j in range(len(a)):\n    basic.show_number(a[j])\n')).toBe(
      'let a = [1]\nfor (let j = 0; j <= a.length - 1; j++) {\n    basic.showNumber(a[j])\n}\n',
    );
    expect(ts2py('let n = 2.5\nfor (let i = 0; i < n; i++) {\n    basic.showNumber(i)\n}\n').code).toContain(
      'for i in range(n):',
    );
  });

  // The loops Python now writes with `<` show as the same "for index from 0 to ..." blocks as the
  // blocks' own `<=` form: "to n - 1" for a whole n, "to k" for `range(k + 1)`, no grey block.
  it('shows i < n and i < k + 1 as the blocks of i <= n - 1 and i <= k', () => {
    const same = (python: string, blocksForm: string) => {
      const fromPython = decompile(code(python));
      expect(fromPython.greyBlocks).toBe(0);
      expect(normalize(fromPython.workspace)).toEqual(normalize(decompile(blocksForm).workspace));
      expect(generate(fromPython.workspace).code).toBe(blocksForm);
    };
    same(
      'top = 9\nfor index in range(top):\n    serial.write_number(index)\n',
      'let top = 9\nfor (let index = 0; index <= top - 1; index++) {\n    serial.writeNumber(index)\n}\n',
    );
    same(
      'def show(k: number):\n    for j in range(k + 1):\n        basic.show_number(j)\nshow(3)\nshow(2 * 2)\n',
      'function show(k: number) {\n    for (let j = 0; j <= k; j++) {\n        basic.showNumber(j)\n    }\n}\nshow(3)\nshow(2 * 2)\n',
    );
  });

  it.each([
    ['class Robot(A, B):\n    pass\n', 1, 12, 'more than one parent class'],
    ['x = lambda *a: 1\n', 1, 13, 'in a lambda'],
    ['x = [a for a in [1] for b in [2]]\n', 1, 5, 'this list comprehension'],
    ['x = [1, 2][::-2]\n', 1, 14, 'this slice step'],
    ['x = (1, 2)\n', 1, 5, 'tuples (values with commas between them). Use a list [a, b] instead.'],
    ['import os\n', 1, 1, 'import'],
    ['basic.show_number(1)\nx = {"a": 1}\n', 2, 5, 'dictionaries'],
    ['try:\n    pass\nexcept ValueError:\n    pass\n', 3, 8, 'except with an error type'],
    ['def f():\n    yield 1\n', 2, 5, 'yield'],
    ['y = eval("1")\n', 1, 5, 'eval()'],
    ['a, b = 1, 2\n', 1, 1, 'several names'],
  ])('refuses %j at %i:%i naming %s', (source, line, column, what) => {
    const { diagnostics } = py2ts(source);
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics[0]).toMatchObject({ line, column });
    expect(diagnostics[0]!.message).toContain(what);
  });

  it('says where Python cannot read a line, with a hint for a missing colon', () => {
    const { diagnostics } = py2ts('x = 1\nif x > 0\n    x = 2\n');
    expect(diagnostics[0]).toMatchObject({ line: 2 });
    expect(diagnostics[0]!.message).toContain('colon');
    // One message: the indented body of that line is not a second mistake.
    for (const source of ['x = 1\nif x > 0\n    x = 2\n', 'while True\n    pass\n', 'def f()\n    return 1\nf()\n'])
      expect(py2ts(source).diagnostics, source).toHaveLength(1);
  });

  it('points at a bracket never closed, not at the line where Python gave up', () => {
    for (const [source, line, column, bracket] of [
      ['x = (1 +\nbasic.pause(1)\n', 1, 5, '('],
      ['basic.show_number(1\nbasic.pause(1)\n', 1, 18, '('],
      ['x = [1, 2\ny = 3\n', 1, 5, '['],
    ] as const) {
      const { diagnostics } = py2ts(source);
      expect(diagnostics, source).toHaveLength(1);
      expect(diagnostics[0], source).toMatchObject({ line, column });
      expect(diagnostics[0]!.message).toBe(
        `This ${bracket} is never closed. Put a ${bracket === '(' ? ')' : ']'} where what it holds ends.`,
      );
    }
    // A bracket closed later, or one on the line Python stops at, keeps the line's own message.
    expect(py2ts('basic.show_string(\n    "a" +\n)\n').diagnostics[0]).toMatchObject({ line: 3 });
    expect(py2ts('if (x > 1:\n    pass\n').diagnostics[0]!.message).toContain('cannot read this line');
  });

  it('says where a string has no closing quote (the parser ends it at the line quietly)', () => {
    for (const [source, line, column] of [
      ['x = 1\ny = "abc\n', 2, 5],
      ["basic.show_string('Hi)\n", 1, 19],
      ['x = f"n={x}\n', 1, 5],
      ['x = "a\\"\n', 1, 5],
      ['x = """abc\n', 1, 5],
    ] as const) {
      const { diagnostics } = py2ts(source);
      expect(diagnostics, source).toHaveLength(1);
      expect(diagnostics[0], source).toMatchObject({ line, column });
      expect(diagnostics[0]!.message).toContain('closing quote');
    }
    for (const source of ['x = ""\n', "x = 'a\\\\'\n", 'x = """a\nb"""\n', 'x = r"a\\b"\n', 'x = "a" "b"\n'])
      expect(py2ts(source).diagnostics, source).toEqual([]);
  });

  it('refuses a line indented differently from those around it, as Python does', () => {
    for (const [source, line] of [
      ['  x = 1\n', 1],
      ['x = 1\n    y = 2\n', 2],
      ['if True:\n    x = 1\n      y = 2\n', 3],
      ['def f():\n        x = 1\n    y = 2\n', 3],
    ] as const) {
      const { diagnostics } = py2ts(source);
      expect(diagnostics, source).toHaveLength(1);
      expect(diagnostics[0], source).toMatchObject({ line, column: 1 });
      expect(diagnostics[0]!.message).toMatch(/indented differently|indentation/);
    }
    // One-line bodies and comments anywhere are fine.
    expect(py2ts('if True: x = 1\n  # note\ny = 2\n').diagnostics).toEqual([]);
  });

  it('takes MakeCode’s Python list methods insert and remove, both ways', () => {
    const python = 'x = [1, 2]\nx.insert(0, 5)\nx.remove(2)\n';
    const { code, diagnostics } = py2ts(python);
    expect(diagnostics).toEqual([]);
    expect(code).toBe('let x = [1, 2]\nx.insertAt(0, 5)\nx.removeElement(2)\n');
    expect(ts2py(code).code).toBe(python);
  });

  it('takes pop(i) as removeAt(i) and pop() as pop(); removeAt comes back as MakeCode writes it', () => {
    const python = 'x = [1, 2, 3]\na = x.pop(1)\nb = x.pop()\nx.pop(0)\n';
    const { code, diagnostics } = py2ts(python);
    expect(diagnostics).toEqual([]);
    expect(code).toBe('let x = [1, 2, 3]\nlet a = x.removeAt(1)\nlet b = x.pop()\nx.removeAt(0)\n');
    expect(ts2py(code).code).toBe('x = [1, 2, 3]\na = x.remove_at(1)\nb = x.pop()\nx.remove_at(0)\n');
  });

  it('runs statements joined by semicolons in turn', () => {
    expect(py2ts('x = 1; y = 2\nbasic.show_number(x); basic.pause(y)\n')).toMatchObject({
      code: 'let x = 1\nlet y = 2\nbasic.showNumber(x)\nbasic.pause(y)\n',
      diagnostics: [],
    });
  });

  it('never throws on broken or hostile text', () => {
    for (const source of ['', '(((((', 'def', '"""', 'f"{', '\u0000\uffff', 'x = [' + '1,'.repeat(5000), '  \tif']) {
      expect(() => py2ts(source)).not.toThrow();
    }
  });
});

describe('reading a function’s own variable before it is set (UnboundLocalError)', () => {
  const problems = (python: string) => py2ts(python).diagnostics.map((d) => [d.line, d.column, d.message] as const);

  it('points at the first read of a program-wide name the function sets later, once', () => {
    const found = problems(`count = 0
def on_forever():
    basic.show_number(count)
    if count > 3:
        count = 0
    count = count + 1
basic.forever(on_forever)
`);
    expect(found).toHaveLength(1);
    expect(found[0]!.slice(0, 2)).toEqual([3, 23]);
    expect(found[0]![2]).toContain('Add "global count"');
  });

  it('reads the right side of `x = x + 1` before the setting, and an update reads first', () => {
    expect(problems('def f():\n    n = n + 1\nf()\n')[0]!.slice(0, 2)).toEqual([2, 9]);
    expect(problems('def f():\n    n -= 1\nf()\n')[0]!.slice(0, 2)).toEqual([2, 5]);
    expect(problems('def f():\n    n = 1\n    n += 1\nf()\n')).toEqual([]);
  });

  it('lets global, parameters, loops and reads after the setting be', () => {
    const fine = [
      'count = 0\ndef f():\n    global count\n    count += 1\nf()\n',
      'def f(count):\n    count += 1\n    return count\nf(1)\n',
      'count = 0\ndef f():\n    basic.show_number(count)\nf()\n',
      'def f():\n    for x in range(3):\n        pass\n    basic.show_number(x)\n    x = 2\nf()\n',
      // A loop that sets the name later may read the value of its previous round.
      'def f():\n    for i in range(3):\n        if i > 0:\n            basic.show_number(last)\n        last = i\nf()\n',
      'def f():\n    n = 0\n    while n < 3:\n        n += 1\nf()\n',
    ];
    for (const python of fine) expect(problems(python), python).toEqual([]);
  });

  it('catches a read in one branch of a name only the other branch sets', () => {
    const found = problems(
      'def f(a: bool):\n    if a:\n        basic.show_number(k)\n    else:\n        k = 1\nf(True)\n',
    );
    expect(found.map((f) => f.slice(0, 2))).toEqual([[3, 27]]);
  });
});

describe('compilePython', () => {
  it('reports compile errors on the Python line and name', () => {
    const result = compilePython(compiler, names, {
      'main.py': 'count = 0\n\ndef on_forever():\n    basic.show_number(countr)\nbasic.forever(on_forever)\n',
    });
    expect(result.program).toBeUndefined();
    expect(result.diagnostics[0]).toMatchObject({ file: 'main.py', line: 4, column: 23, length: 6 });
    expect(result.diagnostics[0]!.message).toContain("'countr'");
  });

  it('names types in its messages in the words of the editor’s help (int, str, bool, List[int], Callable)', () => {
    const result = compilePython(compiler, names, {
      'main.py':
        'scores = [1, 2]\nscores.remove_(1)\nname = "a"\nname = 5\nok = True\nok = "yes"\nbasic.forever(5)\nbig = name < scores\n',
    });
    expect(result.diagnostics.map((d) => [d.line, d.message])).toEqual([
      [2, "Property 'remove_' does not exist on type 'List[int]'."],
      [4, "Type 'int' is not assignable to type 'str'."],
      [6, "Type 'str' is not assignable to type 'bool'."],
      [7, "Argument of type 'int' is not assignable to parameter of type 'Callable[[], None]'."],
      [8, "Operator '<' cannot be applied to types 'str' and 'List[int]'."],
    ]);
  });

  it('suggests global when a function changes a program-wide variable without it', () => {
    const result = compilePython(compiler, names, {
      'main.py': 'count = 0\n\ndef on_forever():\n    count = count + 1\nbasic.forever(on_forever)\n',
    });
    expect(result.diagnostics[0]).toMatchObject({ file: 'main.py', line: 4, code: 9202 });
    expect(result.diagnostics[0]!.message).toContain('"count" belongs to the whole program');
    expect(result.diagnostics[0]!.message).toContain('Add "global count"');
    // A name only the function sets has no program-wide one to point to.
    const local = compilePython(compiler, names, {
      'main.py': 'def on_forever():\n    total = total + 1\nbasic.forever(on_forever)\n',
    });
    expect(local.program).toBeUndefined();
    expect(local.diagnostics[0]).toMatchObject({ line: 2, column: 13, code: 9202 });
    expect(local.diagnostics[0]!.message).toContain('"total" has no value yet here');
  });

  it('stops `count += 1` without global instead of running it with no value', () => {
    const result = compilePython(compiler, names, {
      'main.py': `count = 0
def on_button_pressed_a():
    count += 1
    basic.show_number(count)
input.on_button_pressed(Button.A, on_button_pressed_a)
`,
    });
    expect(result.program).toBeUndefined();
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ file: 'main.py', line: 3, column: 5, length: 5, code: 9202 });
    expect(result.diagnostics[0]!.message).toContain('Add "global count"');
  });

  it('says when an API name is misspelt, in Python names', () => {
    const result = compilePython(compiler, names, { 'main.py': 'basic.show_number(1)\nbasic.show_numbr(2)\n' });
    expect(result.diagnostics[0]).toMatchObject({ file: 'main.py', line: 2, column: 7 });
    expect(result.diagnostics[0]!.message).toBe('The API has no "basic.show_numbr". Check the spelling.');
  });

  it('marks the very value a type error is about, on its Python line', () => {
    for (const [python, line, column, length] of [
      ['s = game.create_sprite(2, 2)\ns.set_blink("a")\n', 2, 13, 3],
      ["basic.show_number('a')\n", 1, 19, 3],
      ['input.on_button_pressed(Button.A, 5)\n', 1, 35, 1],
      ['led.plot(1, "1")\n', 1, 13, 3],
    ] as const) {
      const result = compilePython(compiler, names, { 'main.py': python });
      expect(result.diagnostics[0], python).toMatchObject({ file: 'main.py', line, column, length });
    }
  });

  it('places problems after an LED picture over several lines on their own Python line', () => {
    const picture = 'basic.show_leds("""\n# . . . #\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n""")\n';
    const python = `${picture}def f(n: number):\n    return again(n)\nbasic.show_number(f(1))\n`;
    const { code, lineMap } = py2ts(python);
    expect(lineMap).toHaveLength(code.split('\n').length - 1);
    const result = compilePython(compiler, names, { 'main.py': python });
    expect(result.diagnostics[0]).toMatchObject({ file: 'main.py', line: 9, column: 12 });
    expect(result.diagnostics[0]!.message).toContain("'again'");
  });

  it('moves runtime positions onto the Python lines', () => {
    const result = compilePython(compiler, names, { 'main.py': '# note\n\nbasic.show_number(1)\n' }, { debug: true });
    const statement = result.program?.statements?.[0];
    expect(statement?.[1]).toBe(3);
  });

  it('compiles a clean program with positions in the Python file', () => {
    const result = compilePython(compiler, names, {
      'main.py':
        '# hello\n\ndef on_forever():\n    basic.show_number(input.temperature())\nbasic.forever(on_forever)\n',
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.program?.positions.files).toContain('main.py');
    expect(result.typeScript['main.ts']).toContain('basic.forever(function () {');
  });

  it('also gives the TypeScript compile as it is, to run those files without compiling again', () => {
    const python = '# hello\n\nbasic.show_number(1)\n';
    const result = compilePython(compiler, names, { 'custom.ts': 'let extra = 1\n', 'main.py': python });
    // Comments and blank lines are kept: each TypeScript line knows its Python line.
    expect(result.lineMaps['main.ts']?.map(([line]) => line)).toEqual([1, 3, 3]);
    const twin = result.compiledTypeScript!;
    expect(twin.files).toEqual({ 'custom.ts': 'let extra = 1\n', 'main.ts': result.typeScript['main.ts'] });
    const direct = compiler.compile(twin.files);
    expect(twin.result.program?.js).toBe(direct.program?.js);
    expect(twin.result.program?.positions).toEqual(direct.program?.positions);
    expect(compilePython(compiler, names, { 'main.py': 'pet = {"a": 1}\n' }).compiledTypeScript).toBeUndefined();
  });
});
