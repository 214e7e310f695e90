// Test helpers: a compiler with a tiny fake board library, and a stand-in for the runtime's
// `$rt`/`$h` that drives the main generator to its end (the language package cannot import the
// runtime; real runs are tested in packages/boards/microbit).

import ts from 'typescript';
import { expect } from 'vitest';
import type { LibraryFile } from './library.ts';
import {
  createCompiler,
  type CompiledProgram,
  type CompileOptions,
  type CompileResult,
  type Compiler,
} from './create-compiler.ts';
import { forbiddenPropertyNames } from './escape-hatches.ts';

export const fakeBoard: LibraryFile = {
  name: 'fake/board.d.ts',
  provides: 'host',
  text: `
declare namespace board {
  /** Waits. */
  //% async blockId=board_pause block="pause %ms"
  function pause(ms: number): void;
  function log(value: any): void;
  function onEvent(handler: () => void): void;
}
declare const enum Color { Red = 1, Green = 2 }
`,
};

let shared: Compiler | undefined;
export function testCompiler(): Compiler {
  shared ??= createCompiler({ ts, library: [fakeBoard] });
  return shared;
}

/** A compiler of its own (its caches start empty), for tests of what compilers keep between compiles. */
export function freshCompiler(): Compiler {
  return createCompiler({ ts, library: [fakeBoard] });
}

/** The program text and position table, or the errors: what no cache may change. */
export function compiledOutput(result: CompileResult) {
  return result.program
    ? { js: result.program.js, positions: result.program.positions }
    : { errors: result.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`) };
}

/**
 * Compiles `before`, then `after` with the same compiler (`warm`, what its caches kept), and
 * `after` with a fresh one (`cold`).
 */
export function warmAndCold(
  before: string,
  after: string,
  options?: CompileOptions,
): { warm: CompileResult; cold: CompileResult } {
  const compiler = freshCompiler();
  compiler.compile({ 'main.ts': before }, options);
  return {
    warm: compiler.compile({ 'main.ts': after }, options),
    cold: freshCompiler().compile({ 'main.ts': after }, options),
  };
}

/**
 * Compiles `before`, then `after` with the same compiler; expects it to compile `after` as a
 * fresh compiler does, and gives the warm result.
 */
export function expectWarmAsCold(before: string, after: string, options?: CompileOptions): CompileResult {
  const { warm, cold } = warmAndCold(before, after, options);
  expect(compiledOutput(warm)).toEqual(compiledOutput(cold));
  return warm;
}

/** The two JavaScript back ends, for tests that must hold for both (security, behaviour). */
export const emitters = ['ir', 'transform'] as const;
export type Emitter = (typeof emitters)[number];

export function compileOk(
  source: string,
  files: Record<string, string> = {},
  debug = false,
  emitter?: Emitter,
): CompiledProgram {
  const result = testCompiler().compile({ ...files, 'main.ts': source }, { debug, ...(emitter ? { emitter } : {}) });
  const errors = result.diagnostics.filter((d) => d.category === 'error');
  if (!result.program || errors.length > 0) {
    throw new Error(`Expected no errors, got: ${errors.map((d) => `${d.line}:${d.column} ${d.message}`).join('; ')}`);
  }
  return result.program;
}

/** True when `compile` prints these files from the IR (false: the IR refuses them, code 9100, and the transformer does). */
export function irEmits(files: Record<string, string>): boolean {
  const lowered = testCompiler().lower(files);
  return lowered.module !== undefined && !lowered.diagnostics.some((d) => d.code === 9100);
}

export interface StubRun {
  log: unknown[];
  /** Every value the program yielded (sleeps, preemption markers). */
  yields: unknown[];
  maxDepth: number;
}

/** Runs a compiled program against stand-ins: `board.pause(ms)` yields ms, `board.log` records. */
export function runWithStub(program: CompiledProgram, options: { maxDepth?: number } = {}): StubRun {
  const log: unknown[] = [];
  const yields: unknown[] = [];
  const rt = {
    depth: 0,
    budget: 1000,
    maxDepth: options.maxDepth ?? 100,
    deepest: 0,
    overflow(): never {
      this.depth--;
      throw new Error('Stack overflow');
    },
    enter() {
      if (this.depth > this.maxDepth) this.overflow();
      this.budget = 1000;
    },
    *check() {
      this.budget = 1000;
      yield 'preempt';
    },
    checkSync() {
      this.budget = 1000;
    },
    *call(fn: (...a: unknown[]) => unknown, self: unknown, args: unknown[]): Generator<unknown, unknown, unknown> {
      const r = fn.apply(self, args);
      return isGen(r) ? yield* r : r;
    },
    *callMethod(
      obj: Record<string, (...a: unknown[]) => unknown>,
      key: string,
      args: unknown[],
    ): Generator<unknown, unknown, unknown> {
      const r = obj[key]!.apply(obj, args);
      return isGen(r) ? yield* r : r;
    },
    finishSync(r: unknown): unknown {
      if (!isGen(r)) return r;
      for (;;) {
        const step = r.next();
        if (step.done) return step.value;
      }
    },
    thrown: (value: unknown) => value,
    caught(e: unknown) {
      if (e instanceof Error && e.message === 'Stack overflow') throw e;
      return e;
    },
    // Debug builds: the transformer calls `stmt`, the IR back end tests `trap`, calls `hit`, then `stop`.
    *stmt(id: number) {
      yield `stmt ${id}`;
    },
    trap: 1,
    pendingHalt: '',
    hit(id: number) {
      this.pendingHalt = `stmt ${id}`;
      return true;
    },
    stop() {
      return this.pendingHalt;
    },
    registerGlobals() {},
  };
  const h = {
    // As the runtime's: refuses the escape hatches (kept equal to the compiler's list).
    propertyKey(key: unknown) {
      if (typeof key === 'number') return key;
      const name = String(key);
      if (forbiddenPropertyNames.has(name)) throw new Error(`forbidden key ${name}`);
      return name;
    },
    arrayPush: (list: unknown[], v: unknown) => list.push(v),
    arrayWrite: (list: unknown[], i: number, v: unknown) => (list[i] = v),
    arraySetLength: (list: unknown[], n: number) => (list.length = n),
    // As the runtime's, without filling the gap: a key that is not a number is checked.
    arrayKey(_list: unknown[], i: unknown) {
      return typeof i === 'number' ? i : h.propertyKey(i);
    },
    stringCheck: (text: string) => text,
    stringCat: (a: unknown, b: unknown) => String(a) + String(b),
    templateText: (v: unknown) => String(v),
    numberToString: (n: number, radix?: number) => n.toString(radix),
    stringIndexOf: (text: string, search: string, start?: number) => text.indexOf(search, start),
    stringCharAt: (text: string, index: number) => text.charAt(index),
    stringCharCodeAt: (text: string, index: number) => text.charCodeAt(index),
    stringSubstr: (text: string, start: number, length?: number) => text.substr(start, length),
    stringSlice: (text: string, start?: number, end?: number) => text.slice(start, end),
    stringReplace: (text: string, a: string, b: string) => text.replace(a, () => b),
    stringReplaceAll: (text: string, a: string, b: string) => text.replaceAll(a, () => b),
    parseFloatText: (text: string) => parseFloat(text),
    parseIntText: (text: string, radix?: number) => parseInt(text, radix),
    numberToFixed: (n: number, digits?: number) => n.toFixed(digits),
    arrayIndexOf: (list: unknown[], item: unknown) => list.indexOf(item),
    arrayJoin: (list: unknown[], separator?: string) => list.join(separator),
    arraySlice: (list: unknown[], start?: number, end?: number) => list.slice(start, end),
    valueToText: (value?: unknown) => `<${String(value)}>`,
    arrayRemoveAt: (list: unknown[], i: number) => list.splice(i, 1)[0],
    *forEach(list: unknown[], cb: (...a: unknown[]) => unknown) {
      for (let i = 0; i < list.length; i++) {
        const r = cb(list[i], i);
        if (isGen(r)) yield* r;
      }
    },
    *map(list: unknown[], cb: (...a: unknown[]) => unknown) {
      const out: unknown[] = [];
      for (let i = 0; i < list.length; i++) {
        const r = cb(list[i], i);
        out.push(isGen(r) ? yield* r : r);
      }
      return out;
    },
  };
  const api = {
    board: {
      *pause(ms: number) {
        yield ms;
      },
      log: (v: unknown) => log.push(v),
      onEvent: (handler: () => unknown) => {
        const r = handler();
        if (isGen(r)) for (const y of r) yields.push(y);
      },
    },
    Math,
    randint: (a: number) => a,
  };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- evaluating compiled test output
  const factory = new Function('$rt', '$h', '$api', program.js) as (...a: unknown[]) => () => Generator;
  const main = factory(rt, h, api)();
  let maxDepth = 0;
  for (;;) {
    maxDepth = Math.max(maxDepth, rt.depth);
    const step = main.next();
    if (step.done) break;
    yields.push(step.value);
  }
  return { log, yields, maxDepth };
}

function isGen(value: unknown): value is Generator<unknown, unknown, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag] === 'Generator'
  );
}
