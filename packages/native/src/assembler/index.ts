// The Thumb assembler's public surface (see packages/native/README.md, "Assembler").
export { assemble, MAX_LINE_CHARS, MAX_SOURCE_CHARS } from './assemble.ts';
export * as asm from './build.ts';
export { DEFAULT_MAX_ERRORS, SPEC_ERROR_NAMES } from './errors.ts';
export { formatExpr, formatListing, formatOperand, formatStatement } from './print.ts';
export { knownMnemonics } from './thumb/instructions.ts';
export type {
  AsmError,
  AsmErrorCode,
  AsmInput,
  AsmInputLine,
  AsmSection,
  AsmSymbol,
  AssembleOptions,
  AssembleResult,
  BinaryOp,
  Cpu,
  Expr,
  ListingEntry,
  Operand,
  Shift,
  ShiftKind,
  SourceRef,
  Statement,
} from './types.ts';
