// The part of JavaScript that learners' programs may use, as seen by the type checker. These
// are the engine's own globals (nothing here comes from the board). A small, hand-picked subset
// instead of lib.es20xx: fast to check, and anything missing is reported at compile time rather
// than failing on the board.

/// <reference no-default-lib="true"/>

type int8 = number;
type uint8 = number;
type int16 = number;
type uint16 = number;
type int32 = number;
type uint32 = number;

interface Object {}
interface Function {
  readonly length: number;
}
interface CallableFunction extends Function {}
interface NewableFunction extends Function {}
interface IArguments {
  readonly length: number;
  [index: number]: any;
}
interface RegExp {}
interface TemplateStringsArray extends ReadonlyArray<string> {
  readonly raw: readonly string[];
}
interface PropertyDescriptor {}
interface ThisType<T> {}

interface SymbolConstructor {
  readonly iterator: unique symbol;
}
declare var Symbol: SymbolConstructor;
interface Symbol {}

interface IteratorYieldResult<T> {
  done?: false;
  value: T;
}
interface IteratorReturnResult<T> {
  done: true;
  value: T;
}
type IteratorResult<T, TReturn = any> = IteratorYieldResult<T> | IteratorReturnResult<TReturn>;
interface Iterator<T, TReturn = any, TNext = any> {
  next(...args: [] | [TNext]): IteratorResult<T, TReturn>;
}
interface Iterable<T, TReturn = any, TNext = any> {
  [Symbol.iterator](): Iterator<T, TReturn, TNext>;
}
interface IterableIterator<T, TReturn = any, TNext = any> extends Iterator<T, TReturn, TNext> {
  [Symbol.iterator](): IterableIterator<T, TReturn, TNext>;
}

interface Boolean {
  /** The text "true" or "false". */
  toString(): string;
}
declare var Boolean: {
  (value?: any): boolean;
};

interface Number {
  /** The number as text, e.g. "3.5". */
  //% helper=numberToString
  toString(radix?: number): string;
  /** The number as text with exactly `digits` decimals, e.g. "3.50". */
  //% helper=numberToFixed
  toFixed(digits?: number): string;
}
declare var Number: {
  (value?: any): number;
  readonly MAX_SAFE_INTEGER: number;
  readonly MIN_SAFE_INTEGER: number;
  readonly MAX_VALUE: number;
  readonly MIN_VALUE: number;
  readonly EPSILON: number;
  isInteger(value: any): boolean;
  isNaN(value: any): boolean;
};
declare var NaN: number;
declare var Infinity: number;

/** Reads a number from text, e.g. "12.5" -> 12.5; text that is not a number gives NaN. */
//% blockId="string_parsefloat" block="parse to number %text" blockNamespace="text"
//% help=text/parse-float text.defl="123" helper=parseFloatText
declare function parseFloat(text: string): number;
/** Reads a whole number from text, in base 10 unless `radix` says otherwise. */
//% blockId="string_parseint" block="parse to whole number %text" blockNamespace="text"
//% help=text/parse-int text.defl="123" blockHidden=1 helper=parseIntText
declare function parseInt(text: string, radix?: number): number;
/** True when `value` is not a number (NaN). */
declare function isNaN(value: number): boolean;

interface String {
  /** How many characters the text has. */
  //% blockId="text_length" block="length of %VALUE" blockBuiltin=true blockNamespace="text" weight=47
  readonly length: number;
  /** The character at `index` (0 is the first), or "" past the end. */
  //% blockId="string_get" block="char from %this=text|at %pos" blockNamespace="text" help=text/char-at weight=48
  //% helper=stringCharAt
  charAt(index: number): string;
  /** The character code at `index`, or NaN past the end. */
  //% blockId="string_charcode_at" block="character code of %this=text|at %index" blockNamespace="text"
  //% help=text/char-code-at weight=46
  //% helper=stringCharCodeAt
  charCodeAt(index: number): number;
  /** -1, 0 or 1 as this text sorts before, like or after `that`. */
  //% helper=stringCompare
  //% blockId="string_compare" block="compare %this=text| to %that" blockNamespace="text" help=text/compare
  compare(that: string): number;
  /** This text followed by `other`. */
  //% blockId="string_concat" blockNamespace="text" weight=49
  concat(other: string): string;
  /** Where `searchValue` first appears, or -1. */
  //% helper=stringIndexOf
  //% blockId="string_indexof" block="%this=text|find index of %searchValue" blockNamespace="text" help=text/index-of
  indexOf(searchValue: string, start?: number): number;
  lastIndexOf(searchValue: string, start?: number): number;
  /** True when `searchValue` appears in this text. */
  //% blockId="string_includes" block="%this=text|includes %searchValue" blockNamespace="text" help=text/includes
  includes(searchValue: string, start?: number): boolean;
  startsWith(searchValue: string, start?: number): boolean;
  endsWith(searchValue: string, length?: number): boolean;
  /** True when the text has no characters. */
  //% helper=stringIsEmpty
  //% blockId="string_isempty" block="%this=text| is empty" blockNamespace="text" help=text/is-empty
  isEmpty(): boolean;
  /** `length` characters from `start` (negative counts from the end). */
  //% blockId="string_substr" block="substring of %this=text|from %start|of length %length" blockNamespace="text"
  //% help=text/substr
  //% helper=stringSubstr
  substr(start: number, length?: number): string;
  substring(start: number, end?: number): string;
  //% helper=stringSlice
  slice(start?: number, end?: number): string;
  /** The text cut into pieces at each `separator`. */
  //% blockId="string_split" block="split %this=text|at %separator" blockNamespace="text" help=text/split
  split(separator?: string, limit?: number): string[];
  /** The text with the first `toReplace` changed to `replacement` (put in as it is). */
  //% helper=stringReplace
  replace(toReplace: string, replacement: string): string;
  /** The text with every `toReplace` changed to `replacement` (put in as it is). */
  //% helper=stringReplaceAll
  replaceAll(toReplace: string, replacement: string): string;
  //% helper=stringRepeat
  repeat(count: number): string;
  trim(): string;
  //% help=text/to-upper-case
  toUpperCase(): string;
  //% help=text/to-lower-case
  toLowerCase(): string;
  toString(): string;
  readonly [index: number]: string;
  [Symbol.iterator](): IterableIterator<string>;
}
declare var String: {
  /** The value as text, numbers as the device prints them (like `"" + value`). */
  //% helper=valueToText
  (value?: any): string;
  /** The text of one character code, e.g. 65 -> "A". */
  //% blockId="stringFromCharCode" block="text from char code %code" blockNamespace="text" help=math/from-char-code
  fromCharCode(...codes: number[]): string;
};

interface ReadonlyArray<T> {
  readonly length: number;
  readonly [n: number]: T;
  //% helper=arrayIndexOf
  indexOf(item: T, fromIndex?: number): number;
  includes(item: T, fromIndex?: number): boolean;
  //% helper=arraySlice
  slice(start?: number, end?: number): T[];
  //% helper=arrayJoin
  join(separator?: string): string;
  [Symbol.iterator](): IterableIterator<T>;
}

interface Array<T> {
  /** How many values the list holds. */
  //% blockId="lists_length" block="length of %VALUE" blockBuiltin=true blockNamespace="arrays" weight=84
  length: number;
  /** Adds `item` to the end of the list. */
  //% helper=arrayPush
  //% blockId="array_push" block="%list| add value %value| to end" blockNamespace="arrays" group="Modify"
  //% help=arrays/push weight=50
  push(item: T): number;
  /** Removes the last value and gives it back. */
  //% blockId="array_pop" block="get and remove last value from %list" blockNamespace="arrays" group="Read"
  //% help=arrays/pop weight=45
  pop(): T;
  /** Removes the first value and gives it back. */
  //% blockId="array_shift" block="get and remove first value from %list" blockNamespace="arrays" group="Read"
  //% help=arrays/shift weight=30
  shift(): T;
  /** Removes the last value (pop's statement block, for when the value is not used). */
  //% blockId="array_pop_statement" block="remove last value from %list" blockNamespace="arrays" group="Modify"
  //% blockAliasFor="Array.pop" help=arrays/pop weight=44
  _popStatement(): void;
  /** Removes the first value (shift's statement block, for when the value is not used). */
  //% blockId="array_shift_statement" block="remove first value from %list" blockNamespace="arrays" group="Modify"
  //% blockAliasFor="Array.shift" help=arrays/shift weight=29
  _shiftStatement(): void;
  /** Removes the value at `index` (removeAt's statement block, for when the value is not used). */
  //% blockId="array_removeat_statement" block="%list| remove value at %index" blockNamespace="arrays"
  //% group="Modify" blockAliasFor="Array.removeAt" help=arrays/remove-at weight=14
  _removeAtStatement(index: number): void;
  /** Adds `value` at the start of the list. */
  //% helper=arrayUnshift
  //% blockId="array_unshift" block="%list| insert %value| at beginning" blockNamespace="arrays" group="Modify"
  //% help=arrays/unshift weight=25
  unshift(value: T): number;
  /** Removes the value at `index` and gives it back (outside the list: nothing, undefined). */
  //% helper=arrayRemoveAt
  //% blockId="array_removeat" block="%list| get and remove value at %index" blockNamespace="arrays"
  //% group="Read" help=arrays/remove-at weight=47
  removeAt(index: number): T;
  /** Puts `value` at `index`, moving the values after it along (a negative index: nothing). */
  //% helper=arrayInsertAt
  //% blockId="array_insertAt" block="%list| insert at %index| value %value" blockNamespace="arrays"
  //% group="Modify" help=arrays/insert-at weight=20
  insertAt(index: number, value: T): void;
  /** Removes the first `element` found; true if there was one. */
  //% helper=arrayRemoveElement weight=48
  removeElement(element: T): boolean;
  /** Where `item` first appears, or -1. */
  //% blockId="array_indexof" block="%list| find index of %value" blockNamespace="arrays" group="Operations"
  //% help=arrays/index-of weight=40 helper=arrayIndexOf
  indexOf(item: T, fromIndex?: number): number;
  lastIndexOf(item: T, fromIndex?: number): number;
  includes(item: T, fromIndex?: number): boolean;
  /** The value at `index` (negative counts from the end). */
  //% helper=arrayGet help=arrays/get weight=85
  get(index: number): T;
  /** Stores `value` at `index`. */
  //% helper=arraySet help=arrays/set weight=84
  set(index: number, value: T): void;
  /** A value picked at random. */
  //% helper=arrayPickRandom
  //% blockId="array_pickRandom" block="get random value from %list" blockNamespace="arrays" group="Read"
  //% help=arrays/pick-random weight=25
  _pickRandom(): T;
  /** Turns the list around. */
  //% blockId="array_reverse" block="reverse %list" blockNamespace="arrays" group="Operations"
  //% help=arrays/reverse weight=10
  reverse(): T[];
  //% helper=arrayConcat weight=40
  concat(...others: (T | T[])[]): T[];
  //% helper=arraySlice
  slice(start?: number, end?: number): T[];
  splice(start: number, deleteCount?: number, ...items: T[]): T[];
  //% helper=arrayJoin
  join(separator?: string): string;
  //% helper=arrayFill
  fill(value: T, start?: number, end?: number): T[];
  //% helper=arraySort
  sort(compare?: (a: T, b: T) => number): T[];
  //% waitHelper=forEach
  forEach(callback: (value: T, index: number) => void): void;
  //% waitHelper=map
  map<U>(callback: (value: T, index: number) => U): U[];
  //% waitHelper=filter
  filter(callback: (value: T, index: number) => boolean): T[];
  //% waitHelper=some
  some(callback: (value: T, index: number) => boolean): boolean;
  //% waitHelper=every
  every(callback: (value: T, index: number) => boolean): boolean;
  //% waitHelper=find
  find(callback: (value: T, index: number) => boolean): T | undefined;
  //% waitHelper=findIndex
  findIndex(callback: (value: T, index: number) => boolean): number;
  //% waitHelper=reduce
  reduce<U>(callback: (accumulator: U, value: T, index: number) => U, initialValue: U): U;
  [n: number]: T;
  [Symbol.iterator](): IterableIterator<T>;
}
declare var Array: {
  isArray(value: any): boolean;
};

declare var Object: {
  /** The property names of an object. */
  keys(value: object): string[];
};

interface Error {
  name: string;
  message: string;
}
declare var Error: {
  new (message?: string): Error;
  (message?: string): Error;
};
