// Random small programs for the differential test (simulator against the device): arithmetic with
// the numbers where the two could part (division, remainders, negatives, -0, NaN, Infinity, whole
// numbers past the device's small-integer range, fractions that print with many digits), text
// made of numbers (joins, toString, String()), comparisons, lists (push, pop, insertAt, removeAt,
// indexOf with a start, reads past the end, join, slice with negative and fractional indices,
// reverse, shift, unshift, concat, sort, filter, map, reduce, find, some, every, forEach), text
// operations (split, slice, toUpperCase, parseFloat, parseInt with a radix), toFixed, Math, loops with break and continue, functions and recursion.
//
// A case is one function printing lines that start with its tag; many cases share one program
// (one boot of the emulator). Nothing here can stop a program: no reads through null, every loop
// bounded, no recursion deeper than a few hundred calls.
import { seeded } from '../program-generator.ts';

/** Numbers where the simulator and the device could part. */
const NUMBERS = [
  '0',
  '1',
  '2',
  '3',
  '7',
  '10',
  '-1',
  '-3',
  '-7',
  '100',
  '255',
  '1000',
  '0.5',
  '-0.5',
  '1.5',
  '2.5',
  '-2.5',
  '0.1',
  '0.2',
  '3.75',
  '-0.25',
  '1e-7',
  '0.000001',
  '1073741823',
  '1073741824',
  '-1073741824',
  '-1073741825',
  '2147483647',
  '4294967296',
  '65536',
  '46341',
  '1e21',
  '1e15',
  '123456789',
  '0.3333',
];
const STRINGS = ['""', '"a"', '"abc"', '"Hello"', '"micro:bit"', '"-12"', '"3.5"', '"zz"', '"aBc"'];
const PARSE_TEXTS = ['"12"', '" 3.5"', '"-0.25x"', '"1e3"', '""', '"."', '"abc"', '"0x1F"', '"1e400"', '"+7"'];
const INT_TEXTS = [
  '"12"',
  '"  12abc"',
  '"0x1f"',
  '"-0x10"',
  '"ff"',
  '"-"',
  '"0x"',
  '""',
  '"z9"',
  '"101"',
  '"+7"',
  '"3.9"',
  '"1e3"',
  '"-0"',
];
const SEARCHES = ['"a"', '"b"', '""', '"c"', '"ab"', '"l"', '"zz"', '"1"', '"-"'];
const POSITIONS = ['undefined', '1', '-1', '2.5', '9', 'NaN', '0', '3'];
const COUNTS = ['0', '1', '2', '3', '-1', '2.5'];
const RADIXES = ['', '', '', ', 16', ', 2', ', 36', ', 8', ', 0', ', 10', ', 1'];
const FIXED_DIGITS = ['', '0', '1', '2', '2', '3', '4', '7'];
const SEPARATORS = ['', '","', '""', '"-"', '", "'];
const SLICE_INDICES = ['0', '1', '2', '4', '9', '-1', '-2', '-9', '1.5', '-1.5', '0.5', '2.7'];
const BINARY = ['+', '-', '*', '/', '%', '+', '-', '*', '&', '|', '^', '<<', '>>', '>>>'];
const COMPARE = ['<', '<=', '>', '>=', '==', '!=', '===', '!=='];
const MATH1 = ['Math.floor', 'Math.ceil', 'Math.round', 'Math.trunc', 'Math.abs', 'Math.sqrt', 'Math.sign'];
const POW_EXPONENTS = ['0', '1', '2', '3', '-1', '0.5', '-2'];
const MATH2 = ['Math.idiv', 'Math.min', 'Math.max', 'Math.pow', 'Math.imul'];

class CaseWriter {
  private readonly lines: string[] = [];
  private vars = 0;
  constructor(
    private readonly random: () => number,
    private readonly tag: string,
    private readonly forMakeCode: boolean,
  ) {}

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)]!;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.random() < p;
  }

  /** A number expression over the variables in scope. */
  num(depth: number, scope: readonly string[]): string {
    const r = this.random();
    if (depth <= 0 || r < 0.25) {
      if (scope.length > 0 && this.chance(0.5)) return this.pick(scope);
      const n = this.pick(NUMBERS);
      return n.startsWith('-') ? `(${n})` : n;
    }
    if (r < 0.6) return `(${this.num(depth - 1, scope)} ${this.pick(BINARY)} ${this.num(depth - 1, scope)})`;
    if (r < 0.7) return `${this.pick(MATH1)}(${this.num(depth - 1, scope)})`;
    if (r < 0.8) return this.math2(this.pick(MATH2), this.num(depth - 1, scope), this.num(depth - 1, scope));
    if (r < 0.85) return `-(${this.num(depth - 1, scope)})`;
    if (r < 0.9)
      return `(${this.bool(depth - 1, scope)} ? ${this.num(depth - 1, scope)} : ${this.num(depth - 1, scope)})`;
    if (r < 0.95) return `${this.str(depth - 1, scope)}.length`;
    return `${this.str(depth - 1, scope)}.indexOf(${this.str(0, scope)})`;
  }

  /**
   * A two-argument Math call. Math.pow's exponent is one of a few small ones: with other
   * fractional exponents the device's pow (its C library) can part from JavaScript's in the last
   * printed digit (pinned in divergences-in-qemu.test.ts), which no simulator change should copy.
   * Against MakeCode no 0.5: its device's square roots are wrong (pow(2^30, 0.5) is 32767; ours
   * are JavaScript's, pinned there too).
   */
  math2(fn: string, a: string, b: string): string {
    if (fn !== 'Math.pow') return `${fn}(${a}, ${b})`;
    const exponent = POW_EXPONENTS[b.length % POW_EXPONENTS.length]!;
    return `Math.pow(${a}, ${this.forMakeCode && exponent === '0.5' ? '2' : exponent})`;
  }

  /** A comparison's operand: a bare literal is typed as a number (TypeScript refuses `1 === 2`). */
  private operand(depth: number, scope: readonly string[]): string {
    const n = this.num(depth, scope);
    // A conditional of literals is typed as their union, which TypeScript may also refuse.
    return /^\(?-?[\d.e+]+\)?$/.test(n) || n.includes(' ? ') ? `(${n} * 1)` : n;
  }

  bool(depth: number, scope: readonly string[]): string {
    const r = this.random();
    if (depth <= 0 || r < 0.7) {
      return `(${this.operand(depth - 1, scope)} ${this.pick(COMPARE)} ${this.operand(depth - 1, scope)})`;
    }
    if (r < 0.85) return `(${this.bool(depth - 1, scope)} ${this.pick(['&&', '||'])} ${this.bool(depth - 1, scope)})`;
    return `!${this.bool(depth - 1, scope)}`;
  }

  str(depth: number, scope: readonly string[]): string {
    const r = this.random();
    if (depth <= 0 || r < 0.4) return this.pick(STRINGS);
    if (r < 0.55) return `(${this.str(depth - 1, scope)} + ${this.num(depth - 1, scope)})`;
    if (r < 0.65) return `${this.str(depth - 1, scope)}.charAt(${this.num(0, scope)})`;
    if (r < 0.75)
      return `${this.str(depth - 1, scope)}.substr(${this.num(0, scope)}, ${this.pick(['1', '2', '5', '0', '-1', '100'])})`;
    if (r < 0.8) return `(${this.num(depth - 1, scope)} + "")`;
    if (r < 0.85) return `(${this.num(depth - 1, scope)}).toString()`;
    // MakeCode has no String(): its programs get the same text by a join.
    if (r < 0.9)
      return this.forMakeCode ? `("" + ${this.num(depth - 1, scope)})` : `String(${this.num(depth - 1, scope)})`;
    return `("" + ${this.str(depth - 1, scope)}.compare(${this.str(0, scope)}))`;
  }

  /**
   * Arguments of a slice: none (unless `atLeastOne`), a start, or a start and an end (negative,
   * fractional, past the end).
   */
  sliceArgs(atLeastOne = false): string {
    const index = () => this.pick(SLICE_INDICES);
    const count = this.int(atLeastOne ? 1 : 0, 2);
    return count === 0 ? '' : count === 1 ? index() : `${index()}, ${index()}`;
  }

  /**
   * Text searches and edits of `s` (startsWith, endsWith, lastIndexOf, trim, replace,
   * replaceAll, repeat) through the shared `texts` (one call: the V1's flash holds no more). The
   * arguments follow from the case's number, not from random draws, so the seeds' other cases
   * stay the same.
   */
  private searches(s: string): void {
    const k = Number.parseInt(this.tag, 10);
    const at = (list: readonly string[], step: number) => list[(k * step) % list.length]!;
    // MakeCode's replace finds empty text at the end (ours, as JavaScript's, at the start).
    const search = this.forMakeCode && at(SEARCHES, 1) === '""' ? '"a"' : at(SEARCHES, 1);
    const args = [s, search, at(SEARCHES, 2), at(POSITIONS, 3), at(COUNTS, 1)];
    this.lines.push(`    texts("${this.tag}", ${args.join(', ')})`);
  }

  print(expr: string): void {
    this.lines.push(`    serial.writeLine("${this.tag}" + ${expr})`);
  }

  local(expr: string): string {
    const name = `v${this.vars++}`;
    this.lines.push(`    let ${name} = ${expr}`);
    return name;
  }

  /** One case: a few statements of one kind, each printing what it computed. */
  body(): string {
    const kind = this.int(0, 7);
    const scope: string[] = [];
    if (kind === 0) {
      // Arithmetic through variables (tagged and boxed values stored and read back).
      for (let i = 0; i < 3; i++) scope.push(this.local(this.num(2, scope)));
      for (let i = 0; i < 3; i++) this.print(this.num(3, scope));
      this.print(`(${this.bool(2, scope)})`);
      const v = this.pick(scope);
      this.lines.push(`    ${v} ${this.pick(['+=', '-=', '*=', '/=', '%='])} ${this.num(1, scope)}`);
      this.print(v);
    } else if (kind === 1) {
      // Text.
      const s = this.local(this.str(3, scope));
      this.print(s);
      this.print(`${s}.length`);
      this.print(`${this.str(3, [])}`);
      this.print(`(${s}.compare(${this.str(1, [])}))`);
      this.print(`${s}.charCodeAt(${this.int(-1, 6)})`);
      this.print(`${s}.split(${this.pick(STRINGS)}).join("|")`);
      // Text slice with a start: MakeCode's needs one.
      this.print(`${s}.slice(${this.sliceArgs(true)}).toUpperCase()`);
      this.print(`parseFloat(${this.pick([s, ...PARSE_TEXTS])})`);
      this.searches(s);
    } else if (kind === 2) {
      // Lists.
      const items = Array.from({ length: this.int(0, 4) }, () => this.num(1, []));
      const list = `v${this.vars++}`;
      this.lines.push(`    let ${list}: number[] = [${items.join(', ')}]`);
      const ops = this.int(2, 6);
      for (let i = 0; i < ops; i++) {
        const op = this.int(0, 12);
        const n = this.num(1, []);
        // push's value is not printed: MakeCode's device gives the list back (a known
        // difference, divergences-in-qemu.test.ts), which would hide the lines after it.
        if (op === 0) this.lines.push(`    ${list}.push(${n})`);
        else if (op === 1) this.print(`${list}.pop()`);
        else if (op === 2) this.lines.push(`    ${list}.insertAt(${this.int(-2, 6)}, ${n})`);
        else if (op === 3) this.print(`${list}.removeAt(${this.int(-2, 6)})`);
        else if (op === 4) this.print(`${list}.indexOf(${n})`);
        else if (op === 5) this.print(`${list}[${this.int(-1, 7)}]`);
        else if (op === 6) this.lines.push(`    ${list}[${this.int(0, 5)}] = ${n}`);
        else if (op === 7) this.print(`${list}.join(${this.pick(SEPARATORS)})`);
        else if (op === 8) this.print(`${list}.slice(${this.sliceArgs()}).join()`);
        else if (op === 9) this.lines.push(`    ${list}.reverse()`);
        else if (op === 10) this.print(`${list}.shift()`);
        else if (op === 11) this.print(`${list}.unshift(${n})`);
        else this.print(`${list}.indexOf(${n}, ${this.int(-2, 3)})`);
      }
      this.print(`${list}.length`);
      this.lines.push(`    let t${list} = ""`, `    for (let x of ${list}) t${list} = t${list} + x + ","`);
      this.print(`t${list}`);
      // The callback methods, on a list without holes (the simulator's JavaScript skips holes,
      // the device reads them as undefined), for lists of 4 items (the V1's flash holds
      // no more); no random draws here, so the seeds' other cases stay the same. Sorts whose
      // order is defined whatever the numbers (NaN makes a - b no order): as text, and indices
      // by a key; MakeCode's device sort is not stable, so its key has no ties.
      if (items.length === 4) {
        const c = `c${list}`;
        this.lines.push(`    let ${c}: number[] = [${items.join(', ')}]`);
        const key = this.forMakeCode ? '(a, b) => b - a' : '(a, b) => (a % 2) - (b % 2)';
        this.print(`${c}.slice(0).sort().join() + "|" + ${c}.map((x, i) => i).sort(${key}).join()`);
        this.print(`${c}.filter((x, i) => x > i).join() + "|" + ${c}.reduce((s, x, i) => s + x * i, 0)`);
        this.print(`"" + ${c}.find((x, i) => x < i) + ${c}.some((x) => x > 2) + ${c}.every((x, i) => x >= i)`);
        this.lines.push(`    ${c}.forEach((x, i) => { t${list} = t${list} + i + "=" + x + ";" })`);
        this.print(`t${list}`);
      }
      // Text lists with holes: join leaves null and undefined out.
      const words = Array.from({ length: this.int(0, 4) }, () => this.pick([...STRINGS, 'null', 'undefined']));
      const textList = `w${this.vars++}`;
      this.lines.push(`    let ${textList}: string[] = [${words.join(', ')}]`);
      this.print(`${textList}.join(${this.pick(SEPARATORS)})`);
      this.print(`${textList}.slice(${this.sliceArgs()}).join("/")`);
    } else if (kind === 3) {
      // Loops with break and continue.
      const acc = this.local(this.pick(NUMBERS));
      const limit = this.int(3, 12);
      const stop = this.int(1, 14);
      const skip = this.int(2, 4);
      const loop = this.chance(0.5)
        ? [`    for (let i = 0; i < ${limit}; i++) {`]
        : [`    let i = -1`, `    while (i < ${limit}) {`, `        i++`];
      this.lines.push(
        ...loop,
        `        if (i % ${skip} == 0) continue`,
        `        if (i == ${stop}) break`,
        `        ${acc} = ${this.num(2, [acc, 'i'])}`,
        `    }`,
      );
      this.print(acc);
    } else if (kind === 4) {
      // Recursion through a function of the program.
      this.print(`rec(${this.int(0, 20)}, ${this.num(1, [])})`);
      this.print(`fact(${this.int(0, 25)})`);
    } else if (kind === 5) {
      // Math on the edge values.
      for (let i = 0; i < 4; i++) {
        const fn = this.chance(0.5) ? this.pick(MATH1) : this.pick(MATH2);
        this.print(MATH2.includes(fn) ? this.math2(fn, this.num(1, []), this.num(1, [])) : `${fn}(${this.num(1, [])})`);
      }
    } else if (kind === 7) {
      // parseInt (radix 0 and 1 included: NaN on the device), toFixed and concat. MakeCode has
      // no toFixed (its programs print the number) and its concat takes one list.
      for (let i = 0; i < 3; i++) {
        const text = this.chance(0.6) ? this.pick(INT_TEXTS) : this.str(2, []);
        this.print(`parseInt(${text}${this.pick(RADIXES)})`);
      }
      for (let i = 0; i < 2; i++) {
        const x = this.num(2, []);
        const digits = this.pick(FIXED_DIGITS);
        this.print(this.forMakeCode ? `(${x})` : `(${x}).toFixed(${digits})`);
      }
      const lists = [0, 1, 2].map(() => {
        const name = `v${this.vars++}`;
        const items = Array.from({ length: this.int(0, 3) }, () => this.num(1, []));
        this.lines.push(`    let ${name}: number[] = [${items.join(', ')}]`);
        return name;
      });
      const [a, b, c] = lists as [string, string, string];
      this.print(`${a}.concat(${b}).join()`);
      const n = this.num(1, []);
      this.print(this.forMakeCode ? `${b}.concat(${c}).length` : `${b}.concat(${c}, ${n}, ${a}).join("/")`);
      this.print(`${a}.join() + "|" + ${b}.length`);
    } else {
      // Comparisons and conditions.
      for (let i = 0; i < 3; i++) this.print(this.bool(2, []));
      this.lines.push(
        `    if (${this.bool(2, [])}) serial.writeLine("${this.tag}then")`,
        `    else serial.writeLine("${this.tag}else")`,
      );
    }
    return this.lines.join('\n');
  }
}

/** The functions every generated program shares (recursion). */
const SHARED = `
function rec(n: number, x: number): number {
    if (n <= 0) return x
    return rec(n - 1, x * 2 - n) % 1000003
}
function fact(n: number): number {
    return n <= 1 ? 1 : n * fact(n - 1)
}
`;

/**
 * The text cases' shared function. MakeCode has no startsWith, endsWith, lastIndexOf or repeat:
 * its programs print the rest.
 */
function texts(forMakeCode: boolean): string {
  const trimmed = 'tag + "[" + (" " + s + "\\n").trim() + "]" + s.replace(search, "-") + s.replaceAll(other, "$&")';
  const lines = forMakeCode
    ? [`    serial.writeLine(${trimmed})`]
    : [
        '    serial.writeLine(tag + s.startsWith(search, at) + s.endsWith(other, at) + s.lastIndexOf(search, at))',
        `    serial.writeLine(${trimmed} + s.repeat(count))`,
      ];
  return `function texts(tag: string, s: string, search: string, other: string, at: number | undefined, count: number) {\n${lines.join('\n')}\n}`;
}

/**
 * A program of `count` cases from `seed`; it prints "END" last. `forMakeCode`: only forms
 * MakeCode also compiles (the same cases otherwise). `part` keeps only the cases `from` to before
 * `to` (the same cases as in the whole program: 40 cases no longer fit the V1's flash in one).
 */
export function generateProgram(
  seed: number,
  count: number,
  forMakeCode = false,
  part: { from: number; to: number } = { from: 0, to: count },
): string {
  const random = seeded(seed);
  const parts: string[] = [SHARED, texts(forMakeCode)];
  const calls: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `case${i}`;
    const body = new CaseWriter(random, `${i}:`, forMakeCode).body();
    if (i < part.from || i >= part.to) continue;
    parts.push(`function ${name}() {\n${body}\n}`);
    calls.push(`${name}()`);
  }
  parts.push(...calls, 'serial.writeLine("END")');
  return parts.join('\n') + '\n';
}
