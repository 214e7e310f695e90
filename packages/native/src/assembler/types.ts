// The assembler's public data: options, the result, errors, and the statement tree that the text
// parser produces and a back end may build directly (constructors in `build.ts`, exported as `asm`).

/** The core to assemble for: `v6m` is the micro:bit V1's Cortex-M0, `v7m` the V2's Cortex-M4. */
export type Cpu = 'v6m' | 'v7m';

/** Where a line came from, passed through untouched so a back end can map errors to its source. */
export interface SourceRef {
  readonly file?: string;
  readonly line: number;
  readonly column?: number;
}

/** One input line: its text, optionally with the back end's source position. */
export interface AsmInputLine {
  readonly text: string;
  readonly source?: SourceRef;
}

/** What `assemble` accepts: a whole text, or lines (strings, lines with sources, or statements). */
export type AsmInput = string | readonly (string | AsmInputLine | Statement)[];

export interface AssembleOptions {
  /** The core; `.cpu`/`.arch` in the text switch it too. Default `v6m`. */
  readonly cpu?: Cpu;
  /** Address of the first byte (a multiple of 4). Default 0. */
  readonly origin?: number;
  /** MakeCode-style inline assembly: labels starting with `_` are reserved, the stack is checked. */
  readonly inline?: boolean;
  /** Track push/pop/`add sp`/`sub sp` and report "stack underflow" / "stack misaligned". Default: `inline`. */
  readonly checkStack?: boolean;
  /** Stop after this many errors (spec 001 §9: 10). */
  readonly maxErrors?: number;
  /** Symbols defined outside the text (e.g. runtime entry points), like a linker's `--defsym`. */
  readonly symbols?: Readonly<Record<string, number>>;
  /** Build the listing (default true). */
  readonly listing?: boolean;
  /**
   * Also lay the same code out from this origin (a multiple of 4 that keeps the text's
   * alignments, e.g. 0x100000) and return that image as `secondImage`: the words that differ are
   * the position-dependent ones (program addresses). Costs one layout pass, not a second assembly.
   */
  readonly secondOrigin?: number;
}

/** The error kinds; the first six are the names spec 001 §8 gives them. */
export type AsmErrorCode =
  | 'stack-underflow'
  | 'stack-misaligned'
  | 'label-redefinition'
  | 'unknown-label'
  | 'expecting-register'
  | 'out-of-range'
  | 'reserved-label'
  | 'syntax'
  | 'unknown-instruction'
  | 'unknown-directive'
  | 'unsupported-on-cpu'
  | 'bad-operands'
  | 'it-block'
  | 'too-large'
  | 'internal';

export interface AsmError {
  readonly code: AsmErrorCode;
  /** Starts with the spec's name of the error where it has one, then says what to do. */
  readonly message: string;
  /** 1-based line of the input (for statement input: its index + 1). */
  readonly line: number;
  /** 1-based column of the offending part of the line. */
  readonly column: number;
  readonly source?: SourceRef;
}

export interface AsmSymbol {
  readonly name: string;
  readonly value: number;
  readonly kind: 'label' | 'constant' | 'external';
  readonly section?: string;
  /** A Thumb function: data references (`.word f`, `ldr r0, =f`, `adr`) get bit 0 set. */
  readonly thumbFunction: boolean;
  readonly global: boolean;
  readonly line?: number;
}

/** One listing row: the bytes one statement produced, at their address. */
export interface ListingEntry {
  readonly line: number;
  readonly address: number;
  readonly bytes: Uint8Array;
  /** The statement's text (for pools: `<literal pool>`). */
  readonly text: string;
  readonly source?: SourceRef;
}

export interface AsmSection {
  readonly name: string;
  readonly address: number;
  readonly size: number;
}

export interface AssembleResult {
  /** No errors. */
  readonly ok: boolean;
  /** The flat image: sections one after the other from `origin`. Empty when there are errors. */
  readonly bytes: Uint8Array;
  readonly origin: number;
  readonly cpu: Cpu;
  readonly sections: readonly AsmSection[];
  readonly symbols: ReadonlyMap<string, AsmSymbol>;
  readonly listing: readonly ListingEntry[];
  readonly errors: readonly AsmError[];
  /** True when assembly stopped at `maxErrors`. */
  readonly stoppedEarly: boolean;
  /** With `secondOrigin` and no errors: the image laid out from there (same length as `bytes`). */
  readonly secondImage?: Uint8Array;
}

// ---------------------------------------------------------------------------------------------
// The statement tree. Columns (`at`) are 1-based and optional: built statements may omit them.

export type BinaryOp =
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '<<'
  | '>>'
  | '&'
  | '|'
  | '^'
  | '!'
  | '=='
  | '!='
  | '<'
  | '>'
  | '<='
  | '>='
  | '&&'
  | '||';

export type Expr =
  | { readonly kind: 'num'; readonly value: bigint; readonly at?: number }
  | { readonly kind: 'sym'; readonly name: string; readonly at?: number }
  /** A numeric local label reference: `1b` (backward) or `1f` (forward). */
  | { readonly kind: 'local'; readonly label: number; readonly dir: 'b' | 'f'; readonly at?: number }
  /** `.`: the address of the current statement. */
  | { readonly kind: 'dot'; readonly at?: number }
  | { readonly kind: 'unary'; readonly op: '-' | '~' | '!' | '+'; readonly arg: Expr; readonly at?: number }
  | { readonly kind: 'binary'; readonly op: BinaryOp; readonly left: Expr; readonly right: Expr; readonly at?: number };

export type ShiftKind = 'lsl' | 'lsr' | 'asr' | 'ror' | 'rrx';

export interface Shift {
  readonly kind: ShiftKind;
  /** Shift by an immediate (absent for `rrx` and register shifts). */
  readonly amount?: Expr;
  /** Shift by a register. */
  readonly reg?: number;
  readonly at?: number;
}

export type Operand =
  /** A register, maybe with `!` (ldm/stm base) and a shift (`r2, lsl #3`). */
  | {
      readonly kind: 'reg';
      readonly reg: number;
      readonly writeback?: boolean;
      readonly shift?: Shift;
      readonly at?: number;
    }
  /** An immediate or address: `#expr`, a bare `expr` (labels), `#:lower16:expr`. */
  | {
      readonly kind: 'imm';
      readonly expr: Expr;
      readonly hash?: boolean;
      readonly part?: 'lower16' | 'upper16';
      readonly at?: number;
    }
  /** A register list `{r0-r3, lr}` as a bit mask. */
  | { readonly kind: 'regs'; readonly mask: number; readonly at?: number }
  /** `[base]`, `[base, #off]`, `[base, #off]!`, `[base], #off`, `[base, rm, lsl #n]`. */
  | {
      readonly kind: 'mem';
      readonly base: number;
      readonly offset?: Expr;
      /** The offset was written with a leading minus (GNU as treats `#-0` as a subtraction). */
      readonly negativeZero?: boolean;
      readonly index?: number;
      readonly indexShift?: Shift;
      readonly subtractIndex?: boolean;
      /** The offset is outside the brackets (`[r0], #4`): post-indexed, always writes back. */
      readonly postIndex?: boolean;
      readonly writeback?: boolean;
      readonly at?: number;
    }
  /** `=expr`: load from the literal pool (or a move, when the value allows it on v7m). */
  | { readonly kind: 'literal'; readonly expr: Expr; readonly at?: number };

export type Statement =
  | { readonly kind: 'label'; readonly name: string; readonly at?: number; readonly source?: SourceRef }
  | {
      readonly kind: 'instruction';
      /** As written: `adds`, `beq.n`, `ldr.w`, `itte`. */
      readonly mnemonic: string;
      readonly operands: readonly Operand[];
      readonly at?: number;
      readonly source?: SourceRef;
    }
  | {
      readonly kind: 'directive';
      /** With the dot: `.word`. */
      readonly name: string;
      /** The argument text after the name, parsed by the directive. */
      readonly args: string;
      readonly at?: number;
      readonly argsAt?: number;
      readonly source?: SourceRef;
    }
  /** `name = expr` (GNU as's short form of `.set`). */
  | {
      readonly kind: 'assignment';
      readonly name: string;
      readonly expr: Expr;
      readonly at?: number;
      readonly source?: SourceRef;
    };
