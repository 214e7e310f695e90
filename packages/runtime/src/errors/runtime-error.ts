// Runtime errors: the exact texts of spec 002 (§5, §8) and the conversion of whatever a program
// throws (our own errors, engine TypeErrors and RangeErrors, values thrown by user code) into one
// RuntimeError with a kind, a plain message and, once mapped, a source position.

export type RuntimeErrorKind =
  | 'stack-overflow'
  | 'null-dereference'
  | 'read-only-buffer'
  | 'bad-format'
  | 'panic'
  | 'out-of-memory'
  | 'runaway'
  | 'wait-in-sync-code'
  | 'type-error'
  | 'thrown'
  | 'missing-api'
  | 'forbidden'
  | 'internal';

/** The messages learners see. Those in quotes in spec 002 are reproduced exactly. */
export const runtimeMessages = {
  stackOverflow: 'Stack overflow',
  nullDereference: 'Dereferencing null/undefined value.',
  readOnlyBuffer: 'Cannot write to a read-only buffer.',
  badFormat: 'bad format',
  panic: (code: number) => `PANIC! Code ${code}`,
  outOfMemory: (limitBytes: number) =>
    `Out of memory: the program tried to use more than ${Math.round(limitBytes / (1024 * 1024))} MB.`,
  runaway:
    'The program computed for too long without a pause, so it was stopped. Is a function calling itself forever?',
  waitInSyncCode:
    'This function waits (pause, show, play…), so it cannot be called from a constructor, getter or setter.',
  forbiddenProperty: (name: string) =>
    `The program tried to use "${name}", which reaches into JavaScript itself, outside the board. Programs cannot use it.`,
  terminated: 'Runtime terminated',
} as const;

/** A place in the learner's source: 1-based line and column, as editors count. */
export interface SourcePosition {
  file: string;
  line: number;
  column: number;
}

export interface RuntimeErrorOptions {
  panicCode?: number;
  cause?: unknown;
  /** The JS stack to map to a source position (the original error's, when converting one). */
  jsStack?: string;
}

export class RuntimeError extends Error {
  override readonly name = 'RuntimeError';
  readonly kind: RuntimeErrorKind;
  readonly panicCode: number | undefined;
  readonly jsStack: string;
  /** Filled in by the runtime from the program's position table. */
  position: SourcePosition | undefined;

  constructor(kind: RuntimeErrorKind, message: string, options: RuntimeErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.panicCode = options.panicCode;
    this.jsStack = options.jsStack ?? this.stack ?? '';
    this.position = undefined;
  }

  /** "message at line L", the form the CLI and the simulator print. */
  describe(): string {
    if (!this.position) return this.message;
    const where = `at line ${this.position.line}`;
    return this.position.file === 'main.ts'
      ? `${this.message} ${where}`
      : `${this.message} ${where} of ${this.position.file}`;
  }
}

/**
 * What compiled code throws for `throw value` when value is not an Error: it carries the stack
 * (so the error maps to the throw's line) and the value (handed back to the program's catch).
 */
export class ThrownValue extends Error {
  override readonly name = 'ThrownValue';

  constructor(readonly value: unknown) {
    super(describeValue(value));
  }
}

function describeValue(value: unknown): string {
  try {
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    return 'unknown error';
  }
}

export function panic(code: number): RuntimeError {
  return new RuntimeError('panic', runtimeMessages.panic(code), { panicCode: code });
}

function stackOf(value: unknown): string {
  return value instanceof Error && typeof value.stack === 'string' ? value.stack : '';
}

/** Engines word these differently; each pattern matches V8, SpiderMonkey and JavaScriptCore. */
const nullPattern = /\b(null|undefined)\b/;
const stackPattern = /call stack|too much recursion/i;
const memoryPattern = /invalid (array|string|typed array) length|allocation failed|out of memory/i;

/** Turns anything a program threw into a RuntimeError (never throws itself). */
export function toRuntimeError(error: unknown, memoryLimitBytes: number): RuntimeError {
  if (error instanceof RuntimeError) return error;
  const jsStack = stackOf(error);
  if (error instanceof RangeError) {
    if (stackPattern.test(error.message))
      return new RuntimeError('stack-overflow', runtimeMessages.stackOverflow, { cause: error, jsStack });
    if (memoryPattern.test(error.message))
      return new RuntimeError('out-of-memory', runtimeMessages.outOfMemory(memoryLimitBytes), {
        cause: error,
        jsStack,
      });
  }
  if (error instanceof TypeError) {
    if (nullPattern.test(error.message))
      return new RuntimeError('null-dereference', runtimeMessages.nullDereference, { cause: error, jsStack });
    return new RuntimeError('type-error', error.message, { cause: error, jsStack });
  }
  if (error instanceof Error) {
    return new RuntimeError('thrown', error.message || error.name, { cause: error, jsStack });
  }
  let text: string;
  try {
    text = typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
  } catch {
    text = 'unknown error';
  }
  return new RuntimeError('thrown', text, { cause: error, jsStack });
}
