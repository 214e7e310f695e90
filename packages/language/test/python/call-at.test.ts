// Signature help's call finder: the API call the cursor is in and the argument it is at, in
// Python text with strings, comments and nested brackets.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  pythonBracketEnd,
  pythonCallAt,
  pythonCallNameAt,
  pythonStatementAt,
} from '../../src/python/python-call-at.ts';
import { names } from './harness.ts';

function at(textWithCursor: string) {
  const offset = textWithCursor.indexOf('|');
  const text = textWithCursor.replace('|', '');
  return pythonCallAt(names, text, offset);
}

describe('pythonCallAt', () => {
  it('finds the call and the argument being typed, in both spellings', () => {
    expect(at('basic.show_string(|')).toEqual({
      from: 'basic.show_string('.length,
      python: 'basic.show_string',
      typeScript: 'basic.showString',
      argument: 0,
    });
    expect(at('x = 1\nbasic.show_string("Hi", |)')).toMatchObject({ python: 'basic.show_string', argument: 1 });
    expect(at('music.play_tone (Note.C, |')).toMatchObject({ typeScript: 'music.playTone', argument: 1 });
  });

  it('skips commas and brackets inside strings, comments and inner calls', () => {
    expect(at('basic.show_string("a, (b", |')).toMatchObject({ argument: 1 });
    expect(at("basic.show_string('''x, y\n''', |")).toMatchObject({ argument: 1 });
    expect(at('basic.show_string("a\\", b", |')).toMatchObject({ argument: 1 });
    expect(at('basic.show_number(abs(3, 4), [1, 2], |')).toMatchObject({ python: 'basic.show_number', argument: 2 });
    expect(at('basic.show_number(\n    1, # a, b\n    |')).toMatchObject({ argument: 1 });
    // Inside an inner API call, that call.
    expect(at('basic.show_number(input.button_is_pressed(|')).toMatchObject({ python: 'input.button_is_pressed' });
  });

  it('gives nothing outside a call, in a string or comment, or for names that are not the API', () => {
    expect(at('basic.show_number(1)|')).toBeUndefined();
    expect(at('basic.show_string("Hi |')).toBeUndefined();
    expect(at('basic.show_number(1, # |')).toBeUndefined();
    expect(at('my_function(|')).toBeUndefined();
    expect(at('x = [basic.show_number, |')).toBeUndefined();
    expect(at('(|')).toBeUndefined();
    expect(pythonCallAt(names, 'abc', 10)).toBeUndefined();
  });

  it('counts the arguments of generated calls whatever their text (property)', () => {
    const literal = fc.oneof(
      fc.string({ maxLength: 8 }).map((s) => JSON.stringify(s)),
      fc.string({ maxLength: 8 }).map((s) => `'${s.replace(/[\\'\n]/g, '')}'`),
      fc.integer().map(String),
      fc.constantFrom('[1, 2]', '(a, b)', '{"k": 1}', 'abs(1, 2)', 'x  # note, (\n'),
    );
    fc.assert(
      fc.property(fc.array(literal, { maxLength: 6 }), (args) => {
        const text = `basic.show_string(${args.map((a) => `${a}, `).join('')}`;
        const found = pythonCallAt(names, text, text.length);
        expect(found).toMatchObject({ python: 'basic.show_string', argument: args.length });
      }),
      { numRuns: 200 },
    );
  });

  it('never throws and never points past the cursor, on any text (property)', () => {
    const chars = fc.constantFrom('(', ')', '[', ']', ',', '"', "'", '#', '\n', '\\', 'basic.show_number', ' ', 'x');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 40 }), fc.nat(), (parts, cut) => {
        const text = parts.join('');
        const offset = cut % (text.length + 1);
        const found = pythonCallAt(names, text, offset);
        if (found) expect(found.from).toBeLessThanOrEqual(offset);
      }),
      { numRuns: 300 },
    );
  });

  it('names a method of a value that is not a name by its dot', () => {
    const name = (textWithCursor: string) => {
      const offset = textWithCursor.indexOf('|');
      return pythonCallNameAt(textWithCursor.replace('|', ''), offset)?.python;
    };
    expect(name('game.create_sprite(2, 2).move(|')).toBe('.move');
    expect(name('"abc".upper().find(|')).toBe('.find');
    expect(name('names[0].find(x, |')).toBe('.find');
    expect(name('sprite.move(|')).toBe('sprite.move');
    expect(name('x = 1.5.upper(|')).toBeUndefined();
    expect(name('f().(|')).toBeUndefined();
    expect(name('(|')).toBeUndefined();
  });
});

describe('pythonStatementAt', () => {
  function statement(textWithCursor: string) {
    const offset = textWithCursor.indexOf('|');
    return pythonStatementAt(textWithCursor.replace('|', ''), offset);
  }

  it('closes the brackets open at the cursor, innermost first', () => {
    expect(statement('basic.show_string(w.split|')).toEqual({ closing: ')', end: undefined });
    expect(statement('x = [f(a, {"k": g|')).toEqual({ closing: '})]', end: undefined });
    expect(statement('x = 1|')).toEqual({ closing: '', end: 5 });
  });

  it('ends the statement at the first line end with every bracket closed', () => {
    const text = 'sprite.move|(\n    1,\n    2)\nbasic.pause(1)\n';
    expect(statement(text)?.end).toBe(text.replace('|', '').indexOf('\nbasic'));
    // A bracket inside a string or comment counts for nothing.
    const quoted = 'x.find|("(", # )\n    1)\ny = 2\n';
    expect(statement(quoted)?.end).toBe(quoted.replace('|', '').indexOf('\ny'));
    // Never closed: no end.
    expect(statement('x.move|(\nbasic.pause(1)\n')?.end).toBeUndefined();
  });

  it('finds where a call closes, past strings, comments and inner brackets', () => {
    const text = 'if s.get(f("a)", [1, 2]) # )\n    ) > 1:\n';
    expect(pythonBracketEnd(text, text.indexOf('('))).toBe(text.indexOf(' > 1'));
    expect(pythonBracketEnd('s.move(1, ', 6)).toBeUndefined();
    expect(pythonBracketEnd('s.move(1]', 6)).toBeUndefined();
    expect(pythonBracketEnd('abc', 1)).toBeUndefined();
  });

  it('gives nothing in a string or comment, or outside the text', () => {
    expect(statement('x = "ab|c"')).toBeUndefined();
    expect(statement('# a comment|')).toBeUndefined();
    expect(pythonStatementAt('abc', 10)).toBeUndefined();
  });

  it('never throws, and ends the statement after the cursor, on any text (property)', () => {
    const chars = fc.constantFrom('(', ')', '[', ']', '{', '}', ',', '"', "'", '"""', '#', '\n', '\\', ' ', 'x.y');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 40 }), fc.nat(), (parts, cut) => {
        const text = parts.join('');
        const offset = cut % (text.length + 1);
        const found = pythonStatementAt(text, offset);
        if (found?.end !== undefined) {
          expect(found.end).toBeGreaterThanOrEqual(offset);
          expect(found.end === text.length || text[found.end] === '\n').toBe(true);
        }
        if (found) expect(found.closing).toMatch(/^[)\]}]*$/);
      }),
      { numRuns: 300 },
    );
  });
});
