// Error reporting: every error carries a line and column, and assembly stops at the limit
// (spec 001 §5 and §9: "The assembler stops after 10 errors").
import type { AsmError, AsmErrorCode, SourceRef } from './types.ts';

/** The names spec 001 §8 gives the assembler's errors; messages start with them. */
export const SPEC_ERROR_NAMES: Partial<Record<AsmErrorCode, string>> = {
  'stack-underflow': 'stack underflow',
  'stack-misaligned': 'stack misaligned',
  'label-redefinition': 'label redefinition',
  'unknown-label': 'unknown label',
  'expecting-register': 'expecting register name',
  'out-of-range': 'argument out of range',
};

export const DEFAULT_MAX_ERRORS = 10;

/** Thrown inside the assembler to unwind when the error limit is reached. */
export class StopAssembly extends Error {
  constructor() {
    super('too many errors');
  }
}

/** V8's stack trace depth, where the engine has one. */
const errorConstructor = Error as { stackTraceLimit?: number };

/**
 * An error found while encoding, before the assembler knows the line it belongs to. These are
 * thrown and caught in the layout's hot loop (an instruction that does not fit may fail in every
 * pass), so they skip the stack trace, which costs more than the assembly itself.
 */
export class EncodeError extends Error {
  readonly code: AsmErrorCode;
  readonly detail: string;
  /** Column within the line, when known. */
  readonly at: number | undefined;

  constructor(code: AsmErrorCode, detail: string, at?: number) {
    const limit = errorConstructor.stackTraceLimit;
    if (limit !== undefined) errorConstructor.stackTraceLimit = 0;
    super(detail);
    if (limit !== undefined) errorConstructor.stackTraceLimit = limit;
    this.code = code;
    this.detail = detail;
    this.at = at;
  }
}

/** The message for `code`: the spec's name first (when it has one), then the detail. */
function errorMessage(code: AsmErrorCode, detail: string): string {
  const name = SPEC_ERROR_NAMES[code];
  if (name === undefined) return detail;
  return detail === '' ? name : `${name}: ${detail}`;
}

export class ErrorSink {
  readonly errors: AsmError[] = [];
  private readonly seen = new Set<string>();

  constructor(readonly max: number) {}

  /** Records an error; throws `StopAssembly` when the limit is reached. Duplicates are dropped. */
  add(code: AsmErrorCode, detail: string, line: number, column: number, source?: SourceRef): void {
    const message = errorMessage(code, detail);
    const key = `${line}:${column}:${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.errors.push(source === undefined ? { code, message, line, column } : { code, message, line, column, source });
    if (this.errors.length >= this.max) throw new StopAssembly();
  }

  get count(): number {
    return this.errors.length;
  }
}
