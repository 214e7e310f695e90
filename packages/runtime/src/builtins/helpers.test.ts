import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { ExecContext } from '../exec/exec-context.ts';
import type { Waiting } from '../exec/wait.ts';
import { defaultLimits } from '../limits.ts';
import { MemoryBudget } from '../memory/memory-budget.ts';
import { createHelpers } from './helpers.ts';
import { SeededRandom } from './random.ts';

function helpers(limit = 64 * 1024 * 1024) {
  return createHelpers(new MemoryBudget(limit), new SeededRandom(1), new ExecContext(new ManualClock(), defaultLimits));
}

function drive<T>(gen: Waiting<T>): { yields: unknown[]; value: T } {
  const yields: unknown[] = [];
  for (;;) {
    const step = gen.next();
    if (step.done) return { yields, value: step.value };
    yields.push(step.value);
  }
}

describe('list helpers', () => {
  // What MakeCode's V1 image printed in QEMU (test/native/differential in @blockyard/native).
  it('insert and remove outside the list the way the device does', () => {
    const h = helpers();
    const list: unknown[] = [1, 2];
    h.arrayInsertAt(list, -1, 9);
    expect(list).toEqual([1, 2]);
    h.arrayInsertAt(list, 4, 5);
    expect(list).toEqual([1, 2, undefined, undefined, 5]);
    expect(h.arrayRemoveAt(list, -1)).toBeUndefined();
    expect(h.arrayRemoveAt(list, 5)).toBeUndefined();
    expect(list).toEqual([1, 2, undefined, undefined, 5]);
  });

  it('join and make text of numbers as the device prints them', () => {
    const h = helpers();
    expect(h.arrayJoin([0.1 + 0.2, null, undefined, 1 / 3], ',')).toBe('0.3,,,0.33333333333333');
    expect(h.stringCat('a', 1 / 3)).toBe('a0.33333333333333');
    expect(h.stringCat(null, undefined)).toBe('nullundefined');
    expect(h.templateText(0.1 + 0.2)).toBe('0.3');
    expect(h.numberToString(100 / 3)).toBe('33.3333333333333');
    expect(h.numberToString(255, 16)).toBe('ff');
  });

  // MakeCode's V1 image in QEMU printed "2.5,-3,0.33333333333333|-3,0.33333333333333" for
  // `[1, 2.5, -3, 1 / 3]`.slice(1.5, 3.7) and .slice(-1.5) (divergences-in-qemu.test.ts).
  it('slice the way the device does, fractions included', () => {
    const h = helpers();
    const list = [1, 2.5, -3, 1 / 3];
    expect(h.arraySlice(list, 1.5, 3.7)).toEqual([2.5, -3, 1 / 3]);
    expect(h.arraySlice(list, -1.5)).toEqual([-3, 1 / 3]);
    expect(h.arraySlice(list, 1, -1)).toEqual([2.5, -3]);
    expect(h.arraySlice(list, -10)).toEqual(list);
    expect(h.arraySlice(list, 10)).toEqual([]);
    expect(h.arraySlice(list, 3, 1)).toEqual([]);
    expect(h.arraySlice(list)).toEqual(list);
    expect(h.arraySlice(list)).not.toBe(list);
  });

  it('find from the first item whatever the start, as the device does', () => {
    const h = helpers();
    expect([h.arrayIndexOf([9, 2, 1, 3], 9), h.arrayIndexOf([9, 2, 1, 3], 4)]).toEqual([0, -1]);
  });

  // MakeCode's V1 image in QEMU (divergences-in-qemu.test.ts): whole-number arguments wrap to
  // 32 bits, and empty text is found only from a start inside the text.
  it('read text at whole-number positions as the device does', () => {
    const h = helpers();
    expect([h.stringCharAt('abc', 4294967296), h.stringCharAt('abc', -4294967295)]).toEqual(['a', 'b']);
    expect(h.stringCharCodeAt('abc', 4294967297)).toBe(98);
    expect([h.stringSubstr('aBc', 1e21, 5), h.stringSubstr('abcdef', 2, 4294967298)]).toEqual(['aBc', 'cd']);
    expect(h.stringSubstr('abc', 1)).toBe('bc');
    // MakeCode's image printed "HEL" and "E" for these (toUpperCase'd), JavaScript gives "Hell", "el".
    expect([h.stringSlice('Hello', 0.5, -1.5), h.stringSlice('Hello', 1.5, -2)]).toEqual(['Hel', 'e']);
    // An end past the text: MakeCode's image printed "ELLO" (JavaScript's "ello"), and "" for a
    // length that wraps to 0 in 32 bits; a fractional start with no end cuts the length too.
    expect([
      h.stringSlice('Hello', 1.5, 9),
      h.stringSlice('Hello', 1, 4294967297),
      h.stringSlice('Hello', 2.7),
    ]).toEqual(['ello', '', 'll']);
    expect([h.stringSlice('Hello', -3), h.stringSlice('Hello', 5, 2), h.stringSlice('Hello', -100, 2)]).toEqual([
      'llo',
      '',
      'He',
    ]);
    expect([h.stringIndexOf('', ''), h.stringIndexOf('abc', '', 3), h.stringIndexOf('abc', '', 1)]).toEqual([
      -1, -1, 3,
    ]);
    expect([h.stringIndexOf('-1', ''), h.stringIndexOf('abc', 'c', 4294967296)]).toEqual([2, 2]);
  });

  it('make text of any value with String() as a join does', () => {
    const h = helpers();
    expect([0.1 + 0.2, 1e21, 1.5e-7, true, null, undefined, 'ab', [1]].map((v) => h.valueToText(v))).toEqual([
      '0.3',
      '1000000000000000000000',
      '0.15e-6',
      'true',
      'null',
      'undefined',
      'ab',
      '[Object]',
    ]);
    expect(h.valueToText()).toBe('undefined');
  });

  it("implement MakeCode's list extras", () => {
    const h = helpers();
    const list = [1, 2, 3];
    h.arrayInsertAt(list, 1, 9);
    expect(list).toEqual([1, 9, 2, 3]);
    expect(h.arrayRemoveAt(list, 0)).toBe(1);
    expect(h.arrayRemoveElement(list, 2)).toBe(true);
    expect(h.arrayRemoveElement(list, 42)).toBe(false);
    expect(list).toEqual([9, 3]);
    expect(h.arrayGet(list, -1)).toBe(3);
    h.arraySet(list, 3, 7);
    expect(list.length).toBe(4);
    expect(h.arrayPush(list, 8)).toBe(5);
    expect(h.arrayUnshift(list, 0)).toBe(6);
    expect(list).toContain(h.arrayPickRandom(list));
    expect(h.arrayPickRandom([])).toBeUndefined();
    expect(h.arraySort([3, 1, 2], (a, b) => Number(a) - Number(b))).toEqual([1, 2, 3]);
    // As the device decides: only "above" (> 0) moves an item, so this comparator sorts too
    // (JavaScript's sort leaves [5, 1, 4, 2, 3]); undefined items go last, never compared.
    expect(h.arraySort([5, 1, 4, 2, 3], (a, b) => (Number(a) > Number(b) ? 1 : 0))).toEqual([1, 2, 3, 4, 5]);
    const seen: unknown[] = [];
    const withGaps = [3, undefined, 1, undefined, 2];
    h.arraySort(withGaps, (a, b) => (seen.push(a, b), Number(a) - Number(b)));
    expect(withGaps).toEqual([1, 2, 3, undefined, undefined]);
    expect(seen).not.toContain(undefined);
    // Stable: equal items keep their order.
    expect(h.arraySort(['b1', 'a1', 'b2', 'a2'], (a, b) => String(a).charCodeAt(0) - String(b).charCodeAt(0))).toEqual([
      'a1',
      'a2',
      'b1',
      'b2',
    ]);
    // Without a comparator: the device's text of each item (-2.3283064387071e-9 prints as
    // -0.23283064387071e-8 there), null after the rest, undefined last.
    expect(h.arraySort([-1073741824, -2.3283064387071e-9, 10, 9])).toEqual([-2.3283064387071e-9, -1073741824, 10, 9]);
    expect(h.arraySort([undefined, null, 'b', 'a'])).toEqual(['a', 'b', null, undefined]);
  });

  it('fill a gap with undefined items when a write goes past the end, as the device does', () => {
    const h = helpers();
    const list: unknown[] = [1];
    h.arrayWrite(list, 3, 7);
    // Real items, not JavaScript's holes: forEach visits them and indexOf finds them.
    expect(list).toEqual([1, undefined, undefined, 7]);
    expect(1 in list && 2 in list).toBe(true);
    expect(list.indexOf(undefined)).toBe(1);
    // A fraction is cut to its whole part; a negative index stores nothing.
    h.arrayWrite(list, 4.9, 8);
    h.arrayWrite(list, -1, 9);
    expect(list).toEqual([1, undefined, undefined, 7, 8]);
    expect(Object.keys(list)).toEqual(['0', '1', '2', '3', '4']);
    h.arraySet(list, 6, 5);
    expect(5 in list).toBe(true);
    // op= and ++ take their key from arrayKey, which fills up to and including the index.
    const counts: number[] = [];
    const key = h.arrayKey(counts, 2);
    expect(key).toBe(2);
    expect(counts.length).toBe(3);
    expect(0 in counts && 2 in counts).toBe(true);
    expect(h.arrayKey(counts, 1.5)).toBe(1);
    expect(counts.length).toBe(3);
    expect(() => h.arrayKey([], 1e9)).toThrow(/Out of memory/);
    // list.length = n: shorter cuts, longer fills with undefined; a fraction is cut, below 0 is 0.
    const sized = [1, 2, 3];
    expect(h.arraySetLength(sized, 5)).toBe(5);
    expect(4 in sized).toBe(true);
    h.arraySetLength(sized, 1.5);
    expect(sized).toEqual([1]);
    h.arraySetLength(sized, -2);
    expect(sized).toEqual([]);
    expect(() => h.arraySetLength([], 1e9)).toThrow(/Out of memory/);
    // get counts a negative index from the end; before the start there is nothing.
    expect([h.arrayGet([4, 5], -1), h.arrayGet([4, 5], -3), h.arrayGet([4, 5], 1.5)]).toEqual([5, undefined, 5]);
  });

  it('stop a list that grows past the memory budget', () => {
    const h = helpers(8 * 1000);
    const list: number[] = [];
    expect(() => {
      for (let i = 0; i < 2000; i++) h.arrayPush(list, i);
    }).toThrow(/Out of memory/);
    expect(() => h.arraySet([], 5000, 1)).toThrow(/Out of memory/);
    const written: number[] = [];
    expect(() => {
      for (let i = 0; ; i++) h.arrayWrite(written, i, i);
    }).toThrow(/Out of memory/);
    expect(() => h.arrayWrite([], 1e9, 1)).toThrow(/Out of memory/);
    const small = [1, 2];
    expect(h.arrayWrite(small, 0, 5)).toBe(5);
    expect(small).toEqual([5, 2]);
  });

  it('run callbacks that wait, one after another', () => {
    const h = helpers();
    function* slowDouble(x: unknown): Waiting<number> {
      yield 10;
      return Number(x) * 2;
    }
    const mapped = drive(h.map([1, 2, 3], slowDouble as (...a: unknown[]) => unknown));
    expect(mapped).toEqual({ yields: [10, 10, 10], value: [2, 4, 6] });
    const visited: unknown[] = [];
    drive(h.forEach(['a', 'b'], (x) => visited.push(x)));
    expect(visited).toEqual(['a', 'b']);
    expect(drive(h.filter([1, 2, 3, 4], (x) => Number(x) % 2 === 0)).value).toEqual([2, 4]);
    expect(drive(h.some([1, 2], (x) => x === 2)).value).toBe(true);
    expect(drive(h.every([1, 2], (x) => x === 2)).value).toBe(false);
    expect(drive(h.find([1, 2, 3], (x) => Number(x) > 1)).value).toBe(2);
    expect(drive(h.findIndex([1, 2, 3], (x) => Number(x) > 5)).value).toBe(-1);
    expect(drive(h.reduce([1, 2, 3], (a, b) => Number(a) + Number(b), 10)).value).toBe(16);
    expect(drive(h.reduce([1, 2, 3], (a, b) => Number(a) + Number(b))).value).toBe(6);
  });
});

describe('string helpers', () => {
  it('concatenate, compare and test for empty', () => {
    const h = helpers();
    expect(h.stringCat('a', 1)).toBe('a1');
    expect(h.stringCompare('a', 'b')).toBe(-1);
    expect(h.stringCompare('b', 'b')).toBe(0);
    expect(h.stringIsEmpty('')).toBe(true);
    expect(h.stringIsEmpty(null)).toBe(true);
    expect(h.stringIsEmpty('x')).toBe(false);
  });

  it('repeat: a negative or NaN count, or empty text, gives "" (never a JavaScript RangeError)', () => {
    const h = helpers();
    expect(h.stringRepeat('ab', 2.9)).toBe('abab');
    expect(h.stringRepeat('ab', -1)).toBe('');
    expect(h.stringRepeat('ab', NaN)).toBe('');
    expect(h.stringRepeat('', Infinity)).toBe('');
    expect(() => h.stringRepeat('ab', Infinity)).toThrow(/Out of memory/);
  });

  it('replace and replaceAll put the replacement in as it is (no "$&" patterns)', () => {
    const h = helpers();
    expect(h.stringReplace('abcb', 'b', '$&$$')).toBe('a$&$$cb');
    expect(h.stringReplaceAll('abcb', 'b', "[$']")).toBe("a[$']c[$']");
    expect(h.stringReplace('ab', '', '-')).toBe('-ab');
    expect(h.stringReplace('', '', '-')).toBe('-');
    expect(h.stringReplace('ab', 'x', '-')).toBe('ab');
    expect(h.stringReplaceAll('ab', '', '-')).toBe('-a-b-');
    expect(h.stringReplaceAll('aaa', 'aa', 'b')).toBe('ba');
  });

  it('stop strings that grow past the memory budget', () => {
    const h = helpers(16 * 100_000);
    let text = 'x';
    expect(() => {
      for (;;) text = h.stringCat(text, text);
    }).toThrow(/Out of memory/);
    expect(() => h.stringRepeat('ab', 1e9)).toThrow(/Out of memory/);
    expect(h.stringCheck('short')).toBe('short');
    expect(() => h.stringCheck('x'.repeat(200_000))).toThrow(/Out of memory/);
  });
});

describe('hex literals', () => {
  it('are read-only buffers of their bytes, one constant per literal', () => {
    const h = helpers();
    const buffer = h.hexLiteral('0a0bff');
    expect(Array.from(buffer.data)).toEqual([10, 11, 255]);
    expect(buffer.isReadOnly()).toBe(true);
    expect(h.hexLiteral('0a0bff')).toBe(buffer);
    expect(() => buffer.setUint8(0, 1)).toThrow('Cannot write to a read-only buffer.');
    expect(() => buffer.fill(0)).toThrow('Cannot write to a read-only buffer.');
    expect(buffer.data[0]).toBe(10);
    expect(h.hexLiteral('').length).toBe(0);
  });
});
