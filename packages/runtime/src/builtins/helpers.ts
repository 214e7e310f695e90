// `$h`: the helper functions compiled code calls instead of a method when the language library
// says so (`//% helper=name`): MakeCode's list and string extras, growth that must be counted
// against the memory budget, and list methods whose callback can wait.

import type { ExecContext } from '../exec/exec-context.ts';
import { isGenerator, type Waiting } from '../exec/wait.ts';
import { RtBuffer } from '../buffer/rt-buffer.ts';
import type { MemoryBudget } from '../memory/memory-budget.ts';
import { propertyKey } from './property-key.ts';
import type { SeededRandom } from './random.ts';
import { parseDeviceNumber } from './parse-float.ts';
import { numberToFixed, parseDeviceInt } from './parse-int.ts';
import { numberText, valueText } from './value-text.ts';

type Callback = (...args: unknown[]) => unknown;

/** Calls a callback that may or may not wait. */
function* invoke(callback: Callback, args: unknown[]): Waiting<unknown> {
  const result = callback(...args);
  return isGenerator(result) ? yield* result : result;
}

function toIndex(index: number, length: number): number {
  const i = Math.trunc(index) || 0;
  return i < 0 ? Math.max(0, length + i) : i;
}

/** Fills `list` with undefined up to `length` items: no holes (see arrayWrite). */
function growTo(list: unknown[], length: number): void {
  while (list.length < length) list.push(undefined);
}

export type Helpers = ReturnType<typeof createHelpers>;

export function createHelpers(memory: MemoryBudget, random: SeededRandom, exec: ExecContext) {
  /** Hex literals by their digits: a literal is one constant buffer, as on the device. */
  const hexLiterals = new Map<string, RtBuffer>();
  /** Text a program made, checked against the memory budget (only long text can exceed it). */
  const checkedText = (text: string): string => {
    if (text.length > 4096) memory.checkString(text);
    return text;
  };
  return {
    /** Every key compiled code computes at run time (`box[name]`): refuses the escape hatches. */
    propertyKey,

    // Buffers.
    /** `hex`0a0b`` (the compiler has checked the digits): a read-only buffer, the same each time. */
    hexLiteral(digits: string): RtBuffer {
      let buffer = hexLiterals.get(digits);
      if (!buffer) {
        buffer = RtBuffer.fromHex(digits, true);
        hexLiterals.set(digits, buffer);
      }
      return buffer;
    },

    // Lists that grow: counted against the memory budget.
    arrayPush(list: unknown[], value: unknown): number {
      const length = list.push(value);
      memory.checkList(list);
      memory.grewListWith(list, value);
      return length;
    },
    arrayPushAll(list: unknown[], values: unknown[]): number {
      for (const value of values) list.push(value);
      memory.checkList(list);
      memory.grewList(list, values);
      return list.length;
    },
    arrayUnshift(list: unknown[], ...values: unknown[]): number {
      const length = list.unshift(...values);
      memory.checkList(list);
      memory.grewList(list, values);
      return length;
    },
    arrayConcat(list: unknown[], ...others: unknown[]): unknown[] {
      const joined = list.concat(...others);
      memory.checkList(joined);
      memory.grewList(joined, joined);
      return joined;
    },
    arraySet(list: unknown[], index: number, value: unknown): void {
      const i = toIndex(index, list.length);
      if (i >= memory.maxListLength) throw memory.outOfMemory();
      growTo(list, i);
      list[i] = value;
      memory.checkList(list);
      memory.grewListWith(list, value);
    },
    /**
     * `list[index] = value` in learner code. A number index is cut to its whole part, a negative
     * one stores nothing, and a write past the end fills the gap with undefined: what MakeCode's
     * board does (and our device build). JavaScript would leave holes that forEach, map, indexOf
     * and writeNumbers skip or print differently; a hole must read and count as undefined.
     * Only writes past the end are counted against the memory budget.
     */
    arrayWrite(list: unknown[], index: unknown, value: unknown): unknown {
      if (typeof index === 'number') {
        const i = Math.trunc(index) || 0;
        if (i < 0) return value;
        if (i >= list.length) {
          if (i >= memory.maxListLength) throw memory.outOfMemory();
          growTo(list, i);
          list[i] = value;
          memory.checkList(list);
          memory.grewListWith(list, value);
          return value;
        }
        list[i] = value;
        return value;
      }
      (list as unknown as Record<PropertyKey, unknown>)[propertyKey(index)] = value;
      return value;
    },
    /**
     * The key of `list[index] op= value` and `list[index]++`: the list is first filled with
     * undefined up to `index` (as arrayWrite does), so the store that follows leaves no hole.
     */
    arrayKey(list: unknown[], index: unknown): PropertyKey {
      if (typeof index !== 'number') return propertyKey(index);
      const i = Math.trunc(index) || 0;
      if (i < 0) return index;
      if (i >= list.length) {
        if (i >= memory.maxListLength) throw memory.outOfMemory();
        growTo(list, i + 1);
        memory.checkList(list);
        memory.grewListWith(list, undefined);
      }
      return i;
    },
    /**
     * `list.length = n`: the whole part of n, not below 0 (JavaScript would stop the program);
     * a longer list gets undefined items, not holes, as on the device.
     */
    arraySetLength(list: unknown[], length: number): number {
      const n = Math.max(Math.trunc(length) || 0, 0);
      if (n >= memory.maxListLength) throw memory.outOfMemory();
      if (n < list.length) list.length = n;
      else if (n > list.length) {
        growTo(list, n);
        memory.checkList(list);
        memory.grewListWith(list, undefined);
      }
      return length;
    },
    /** `list.get(index)`: a negative index counts from the end; before the start is undefined. */
    arrayGet(list: unknown[], index: number): unknown {
      const i = Math.trunc(index) || 0;
      return i < 0 ? list[list.length + i] : list[i];
    },
    /**
     * `insertAt` as the device does it: a negative index changes nothing; one past the end
     * fills the gap with undefined (JavaScript's splice would count from the end, or append).
     */
    arrayInsertAt(list: unknown[], index: number, value: unknown): void {
      const i = Math.trunc(index) || 0;
      if (i < 0) return;
      if (i >= memory.maxListLength) throw memory.outOfMemory();
      while (list.length < i) list.push(undefined);
      list.splice(i, 0, value);
      memory.checkList(list);
      memory.grewListWith(list, value);
    },
    /** `removeAt` as the device does it: an index outside the list removes nothing (undefined). */
    arrayRemoveAt(list: unknown[], index: number): unknown {
      const i = Math.trunc(index) || 0;
      return i < 0 || i >= list.length ? undefined : list.splice(i, 1)[0];
    },
    arrayRemoveElement(list: unknown[], value: unknown): boolean {
      const at = list.indexOf(value);
      if (at < 0) return false;
      list.splice(at, 1);
      return true;
    },
    /**
     * `indexOf` as the device finds it: from the first item whatever `fromIndex` says (MakeCode's
     * V1 image in QEMU: `[9, 2, 1, 3].indexOf(9, 1)` is 0, `.indexOf(2, -1)` is 1).
     */
    arrayIndexOf(list: readonly unknown[], item: unknown): number {
      return list.indexOf(item);
    },
    arrayPickRandom(list: unknown[]): unknown {
      return list.length === 0 ? undefined : list[Math.floor(random.next() * list.length)];
    },
    arrayFill(list: unknown[], value: unknown, start?: number, end?: number): unknown[] {
      return list.fill(value, start, end);
    },
    /**
     * sort() with a comparator that may contain loops: its preemption requests are skipped.
     * Without one, items compare as the device's text (its numbers' digits, not JavaScript's),
     * null after the rest and undefined last (JavaScript puts undefined last itself), as
     * MakeCode's device sorts.
     */
    arraySort(list: unknown[], compare?: Callback): unknown[] {
      if (!compare) return list.sort(textOrder);
      // Not JavaScript's sort: an item moves before another only when the comparator says it is
      // above (> 0), as the device's insertion sort decides, so a comparator that never answers
      // below 0 (\`x > y ? 1 : 0\`) still sorts, as on the board. Stable; undefined items last.
      const above = (a: unknown, b: unknown) => Number(exec.finishSync(compare(a, b))) > 0;
      const items = list.filter((item) => item !== undefined);
      const sorted = mergeSort(items, above);
      for (let i = 0; i < list.length; i++) list[i] = i < sorted.length ? sorted[i] : undefined;
      return list;
    },

    /** `list.join()`: numbers as the device prints them, null and undefined as nothing. */
    arrayJoin(list: readonly unknown[], separator?: string): string {
      const sep = separator === undefined ? ',' : valueText(separator);
      return checkedText(list.map((item) => (item === null || item === undefined ? '' : valueText(item))).join(sep));
    },

    /**
     * `list.slice(start, end)` as the device cuts it: a negative start counts from the end (not
     * below 0), a negative end too, and a fraction is not cut off first: the device steps from
     * `start` in ones while below `end` and reads each index's whole part (`[1, 2, 3].slice(-1.5)`
     * starts at 1.5, so it is [2, 3], where JavaScript gives [3]).
     */
    arraySlice(list: readonly unknown[], start?: number, end?: number): unknown[] {
      const length = list.length;
      let from = start ?? 0;
      if (from < 0) from = Math.max(length + from, 0);
      let to = end ?? length;
      if (to < 0) to = length + to;
      if (to > length) to = length;
      const out: unknown[] = [];
      // No larger than the list it came from: nothing to check against the memory budget.
      for (let i = from; i < to; i++) out.push(list[Math.trunc(i)]);
      return out;
    },

    // Strings.
    /** `parseFloat` as the device reads text (parse-float.ts). */
    parseFloatText: parseDeviceNumber,
    parseIntText: parseDeviceInt,
    /** `n.toFixed(digits)`: digits 0..20; from 1e21 up, as the device prints numbers. */
    numberToFixed(n: number, digits?: number): string {
      return numberToFixed(n, digits, numberText);
    },
    /** `String(value)`: the same text as `"" + value` (numbers as the device prints them). */
    valueToText(value?: unknown): string {
      return valueText(value);
    },
    /** `n.toString()`: as the device prints it (another radix: JavaScript's digits). */
    numberToString(n: number, radix?: number): string {
      return radix === undefined || radix === 10 ? numberText(n) : n.toString(radix);
    },
    stringCat(a: unknown, b: unknown): string {
      return checkedText(valueText(a) + valueText(b));
    },
    /** A value put into a template string (`${n}`): as the device prints it. */
    templateText: valueText,
    /** The result of a template string, checked against the memory budget. */
    stringCheck: checkedText,
    /**
     * `indexOf` as the device finds it: the start is a 32-bit whole number (wrapped, as every
     * whole-number argument on the device), and empty text is found at the end when the start is
     * inside the text, nowhere otherwise (`"".indexOf("")` is -1).
     */
    stringIndexOf(text: string, search: string, start?: number): number {
      const from = Math.max(0, (start ?? 0) | 0);
      if (search !== '') return text.indexOf(search, from);
      return from < text.length ? text.length : -1;
    },
    // Text methods whose whole-number arguments the device wraps to 32 bits (`charAt(4294967296)`
    // reads index 0 there; JavaScript reads past the end).
    stringCharAt(text: string, index: number): string {
      return text.charAt(index | 0);
    },
    stringCharCodeAt(text: string, index: number): number {
      return text.charCodeAt(index | 0);
    },
    /**
     * `slice` as MakeCode's device cuts text: start and end counted from the end first, then
     * substr from the start's whole part for the whole part of the length between them
     * (`"Hello".slice(1.5, -2)` is "e", JavaScript's "el"). An end past the text is not cut back
     * first: `"Hello".slice(1.5, 9)` is "ello" there (as in JavaScript), and a length of 2^32 or
     * more wraps to 32 bits (`slice(1, 4294967297)` is "").
     */
    stringSlice(text: string, start?: number, end?: number): string {
      const length = text.length;
      let from = start ?? 0;
      if (from < 0) from = Math.max(length + from, 0);
      let to = end ?? length;
      if (to < 0) to = length + to;
      const count = (to - from) | 0;
      return count <= 0 ? '' : text.substr(from | 0, count);
    },
    stringSubstr(text: string, start: number, length?: number): string {
      return text.substr(start | 0, length === undefined ? undefined : length | 0);
    },
    stringIsEmpty(text: string | null | undefined): boolean {
      return text === null || text === undefined || text.length === 0;
    },
    stringCompare(a: string, b: string): number {
      return a < b ? -1 : a > b ? 1 : 0;
    },
    /**
     * `repeat` never fails on its count: negative and NaN give "", as does empty text (whatever
     * the count, JavaScript's fails on Infinity); more text than the budget is out of memory.
     */
    stringRepeat(text: string, count: number): string {
      const n = Math.max(0, Math.trunc(count) || 0);
      if (text.length === 0) return '';
      if (text.length * n > memory.maxStringLength) throw memory.outOfMemory();
      return text.repeat(n);
    },
    /**
     * `replace` and `replaceAll` put the replacement in as it is, as MakeCode (board and
     * simulator) and Python do: no JavaScript "$&" patterns. Empty text to replace is found as
     * JavaScript finds it (at the start; replaceAll: between every character and at both ends).
     */
    stringReplace(text: string, toReplace: string, replacement: string): string {
      const value = valueText(replacement);
      return checkedText(text.replace(valueText(toReplace), () => value));
    },
    stringReplaceAll(text: string, toReplace: string, replacement: string): string {
      const value = valueText(replacement);
      return checkedText(text.replaceAll(valueText(toReplace), () => value));
    },

    // List methods whose callback can wait (the callback may be a generator function or not).
    *forEach(list: unknown[], callback: Callback): Waiting {
      for (let i = 0; i < list.length; i++) yield* invoke(callback, [list[i], i]);
    },
    *map(list: unknown[], callback: Callback): Waiting<unknown[]> {
      const out: unknown[] = [];
      for (let i = 0; i < list.length; i++) out.push(yield* invoke(callback, [list[i], i]));
      return out;
    },
    *filter(list: unknown[], callback: Callback): Waiting<unknown[]> {
      const out: unknown[] = [];
      for (let i = 0; i < list.length; i++) if (yield* invoke(callback, [list[i], i])) out.push(list[i]);
      return out;
    },
    *some(list: unknown[], callback: Callback): Waiting<boolean> {
      for (let i = 0; i < list.length; i++) if (yield* invoke(callback, [list[i], i])) return true;
      return false;
    },
    *every(list: unknown[], callback: Callback): Waiting<boolean> {
      for (let i = 0; i < list.length; i++) if (!(yield* invoke(callback, [list[i], i]))) return false;
      return true;
    },
    *find(list: unknown[], callback: Callback): Waiting<unknown> {
      for (let i = 0; i < list.length; i++) if (yield* invoke(callback, [list[i], i])) return list[i];
      return undefined;
    },
    *findIndex(list: unknown[], callback: Callback): Waiting<number> {
      for (let i = 0; i < list.length; i++) if (yield* invoke(callback, [list[i], i])) return i;
      return -1;
    },
    *reduce(list: unknown[], callback: Callback, ...initial: unknown[]): Waiting<unknown> {
      let i = 0;
      let acc: unknown;
      if (initial.length > 0) acc = initial[0];
      else {
        if (list.length === 0) throw new TypeError('Reduce of empty list with no initial value');
        acc = list[i++];
      }
      for (; i < list.length; i++) acc = yield* invoke(callback, [acc, list[i], i]);
      return acc;
    },
  };
}

/** A stable merge sort that takes the right item first only when the left is `above` it. */
function mergeSort(items: unknown[], above: (a: unknown, b: unknown) => boolean): unknown[] {
  if (items.length < 2) return items;
  const middle = items.length >> 1;
  const left = mergeSort(items.slice(0, middle), above);
  const right = mergeSort(items.slice(middle), above);
  const out: unknown[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) out.push(above(left[i], right[j]) ? right[j++] : left[i++]);
  while (i < left.length) out.push(left[i++]);
  while (j < right.length) out.push(right[j++]);
  return out;
}

/** The order of sort() without a comparator (arraySort). */
function textOrder(a: unknown, b: unknown): number {
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  const x = valueText(a);
  const y = valueText(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
