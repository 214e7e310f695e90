// Completions and hover names for the Python editor, from the micro:bit name table.
import { describe, expect, it } from 'vitest';
import { pythonApiNameAt, pythonCompletions, pythonSignature } from '../../src/python/python-completions.ts';
import { names } from './harness.ts';

function at(textWithCursor: string, explicit = false) {
  const offset = textWithCursor.indexOf('|');
  const text = textWithCursor.replace('|', '');
  return { text, offset, result: pythonCompletions(names, text, offset, explicit) };
}

describe('pythonCompletions', () => {
  it('offers a namespace’s members in Python spelling, with their TypeScript names', () => {
    const { result, offset } = at('basic.show_n|');
    expect(result?.member).toBe(true);
    expect(result?.from).toBe(offset - 'show_n'.length);
    const labels = result!.options.map((o) => o.label);
    expect(labels).toContain('show_number');
    expect(labels).toContain('show_icon');
    expect(labels).not.toContain('showNumber');
    expect(result!.options.find((o) => o.label === 'show_number')).toEqual({
      label: 'show_number',
      kind: 'function',
      typeScript: 'basic.showNumber',
    });
  });

  it('offers enum members in capitals', () => {
    const { result } = at('basic.show_icon(IconNames.|');
    const heart = result!.options.find((o) => o.label === 'HEART');
    expect(heart).toEqual({ label: 'HEART', kind: 'enumMember', typeScript: 'IconNames.Heart' });
    expect(result!.options.some((o) => o.label === 'Heart')).toBe(false);
  });

  it('offers nothing after a dot on a name that is not the API’s', () => {
    expect(at('scores.|').result).toEqual({ from: 7, member: true, options: [] });
  });

  it('offers API containers, built-ins, keywords and the program’s own names for a word', () => {
    const { result, offset } = at(`count = 0
def on_button_pressed_a(step):
    global count
    for i in range(3):
        pass
c|`);
    expect(result?.from).toBe(offset - 1);
    const labels = result!.options.map((o) => o.label);
    for (const name of ['count', 'on_button_pressed_a', 'basic', 'IconNames', 'range', 'len', 'while', 'True'])
      expect(labels).toContain(name);
    expect(labels).not.toContain('Array');
    // A def's parameters and loop variables are its own: not offered outside it.
    expect(labels).not.toContain('step');
    expect(labels).not.toContain('i');
    expect(result!.options.find((o) => o.label === 'count')?.kind).toBe('program');
    expect(result!.options.find((o) => o.label === 'basic')).toEqual({
      label: 'basic',
      kind: 'namespace',
      typeScript: 'basic',
    });
  });

  it('offers the names in scope where the cursor is, as the converter scopes them', () => {
    const program = (cursorLine: string) => `total = 0
def add(step: number):
    global total
    doubled = step * 2
    for k in range(doubled):
        total += k
${cursorLine}
def show():
    shown = total
    basic.show_number(shown)
basic.forever(show)
`;
    const labels = (cursorLine: string) =>
      at(program(cursorLine))
        .result!.options.filter((o) => o.kind === 'program')
        .map((o) => o.label);
    // Inside add: its parameter, locals and loop variable, the globals and the defs.
    expect(labels('    x|').sort()).toEqual(['add', 'doubled', 'k', 'show', 'step', 'total']);
    // At the top level: the globals and defs only.
    expect(labels('x|').sort()).toEqual(['add', 'show', 'total']);
    // A program still being typed (an unfinished call) keeps its names.
    expect(at('speed = 3\nbasic.show_number(sp|').result!.options.map((o) => o.label)).toContain('speed');
  });

  it('stays quiet in comments, strings and on an empty word unless asked', () => {
    expect(at('# basic.|').result).toBeNull();
    expect(at('x = "basic.|').result).toBeNull();
    expect(at('x = |').result).toBeNull();
    expect(at('x = |', true).result?.options.length).toBeGreaterThan(10);
    expect(at('x = 12|').result).toBeNull();
  });
});

describe('pythonApiNameAt', () => {
  const text = 'basic.show_number(IconNames.HEART) # basic.pause\n';
  it('finds the dotted API name under the pointer and its TypeScript twin', () => {
    expect(pythonApiNameAt(names, text, text.indexOf('number'))).toEqual({
      from: 0,
      to: 'basic.show_number'.length,
      python: 'basic.show_number',
      typeScript: 'basic.showNumber',
    });
    expect(pythonApiNameAt(names, text, text.indexOf('HEART') + 2)?.typeScript).toBe('IconNames.Heart');
    expect(pythonApiNameAt(names, text, 2)?.python).toBe('basic');
  });

  it('finds nothing in comments or on names that are not the API’s', () => {
    expect(pythonApiNameAt(names, text, text.indexOf('pause'))).toBeUndefined();
    expect(pythonApiNameAt(names, 'score = 1\n', 2)).toBeUndefined();
  });
});

describe('pythonSignature', () => {
  it('writes TypeScript’s signature in Python names', () => {
    expect(
      pythonSignature(
        'function basic.showNumber(value: number, interval?: number): void',
        'basic.showNumber',
        'basic.show_number',
      ),
    ).toBe('function basic.show_number(value: number, interval?: number): void');
  });
});

describe('pythonCompletions on the program’s classes', () => {
  const classes = `class Sprite:
    LIMIT = 5
    def __init__(self, x: number):
        self.x = x
        self.lives = 3
    def move(self, step: number):
        self.x += step

class Hero(Sprite):
    def __init__(self):
        super().__init__(2)
        self.name = "hero"
    def jump(self):
        `;
  const labels = (textWithCursor: string) => at(textWithCursor).result!.options.map((o) => o.label);

  it('offers the fields and methods of self’s class and its parents after `self.`', () => {
    const { result, offset } = at(`${classes}self.|`);
    expect(result?.member).toBe(true);
    expect(result?.from).toBe(offset);
    const found = result!.options;
    expect(found.map((o) => o.label).sort()).toEqual(['LIMIT', 'jump', 'lives', 'move', 'name', 'x']);
    expect(found.find((o) => o.label === 'lives')).toEqual({ label: 'lives', kind: 'property' });
    expect(found.find((o) => o.label === 'move')).toEqual({ label: 'move', kind: 'method' });
  });

  it('offers them while a member name is being typed, and in the parent only its own', () => {
    expect(labels(`${classes}self.li|`)).toContain('lives');
    const parent = labels(`class Sprite:
    def __init__(self):
        self.x = 0
    def move(self):
        self.|
class Hero(Sprite):
    def jump(self):
        self.height = 2
`);
    expect(parent.sort()).toEqual(['move', 'x']);
  });

  it('offers the members of a variable holding one of the classes', () => {
    const hero = `${classes}pass
player = Hero()
def on_forever():
    player.|
`;
    expect(labels(hero)).toEqual(expect.arrayContaining(['jump', 'move', 'x', 'lives', 'name', 'LIMIT']));
    const local = labels(`${classes}pass
def start():
    enemy = Sprite(4)
    enemy.|
`);
    expect(local.sort()).toEqual(['LIMIT', 'lives', 'move', 'x']);
  });

  it('offers a class’s methods and class-level values, not its instances’ fields, after its name', () => {
    expect(
      labels(`${classes}pass
Sprite.|`).sort(),
    ).toEqual(['LIMIT', 'move']);
  });

  it('still offers nothing after a variable that is not one of the classes', () => {
    expect(
      labels(`${classes}pass
count = 0
count.|`),
    ).toEqual([]);
  });
});
