// What an instruction encoder sees: the decoded mnemonic, its operands, and the layout
// environment (address, IT state, relaxation state, expression values).
import { EncodeError } from '../errors.ts';
import { registerName } from '../names.ts';
import type { Cpu, Expr, Operand, Shift } from '../types.ts';
import { badOperands, type Encoded } from './fields.ts';

/** Where a branch, `adr` or literal load points. */
export interface Target {
  /** The absolute address (for Thumb functions: without bit 0, which `dataAddress` adds). */
  readonly address: number;
  /** The expression had no symbols when it was read (GNU as's "constant"). */
  readonly constant: boolean;
  /** A label defined in the same section as the instruction. */
  readonly sameSection: boolean;
  readonly thumbFunction: boolean;
}

export interface EncodeEnv {
  readonly cpu: Cpu;
  /** Absolute address of the instruction. */
  readonly address: number;
  readonly inIt: boolean;
  /** Relaxation has widened this instruction. */
  readonly wide: boolean;
  /**
   * The first layout pass, when forward labels are not placed yet: relaxable instructions assume
   * their narrow form fits (reading this marks the instruction as one whose size may change).
   */
  readonly assumeFits: boolean;
  /** The first layout pass: do not report ranges, the addresses are not known yet. */
  readonly estimating: boolean;
  /** The value of an expression as a number (labels are absolute addresses). */
  value(expr: Expr): number;
  /** The value for data (`.word`, literals, `adr`): a Thumb function's address has bit 0 set. */
  dataValue(expr: Expr): number;
  /** No symbols when read: GNU as decides some encodings on this. */
  isConstant(expr: Expr): boolean;
  target(expr: Expr): Target;
  /** `ldr rX, =value` loads from a pool entry (else the value became a move when read). */
  readonly pooled: boolean;
  /** The address of this instruction's literal pool entry. */
  literalAddress(): number;
}

/** One instruction, decoded: `addseq.w` is name `add`, s, cond eq, sizeReq 4. */
export interface Ins {
  readonly name: string;
  readonly s: boolean;
  readonly cond: number;
  /** 0: any width; 2: `.n` (and every instruction on v6m); 4: `.w`. */
  readonly sizeReq: 0 | 2 | 4;
  readonly ops: readonly Operand[];
  /** Column of the mnemonic. */
  readonly at: number;
  readonly env: EncodeEnv;
}

/** An encoder's answer when its narrow form does not fit and relaxation may widen it. */
export const GROW = 'grow' as const;
export type EncodeResult = Encoded | typeof GROW;
export type Handler = (ins: Ins) => EncodeResult;

export type MemOperand = Operand & { kind: 'mem' };

/** Relaxation may pick the wide form later (v7m, no width suffix). */
export function relaxable(ins: Ins): boolean {
  return ins.sizeReq === 0 && ins.env.cpu === 'v7m';
}

/** In unified syntax 16-bit ALU instructions set flags outside IT blocks and not inside them. */
export function narrowByFlags(ins: Ins): boolean {
  return ins.s ? !ins.env.inIt : ins.env.inIt;
}

function usage(ins: Ins, forms: string): EncodeError {
  return badOperands(`${ins.name}${ins.s ? 's' : ''} takes ${forms}`, ins.at);
}

export function opAt(ins: Ins, i: number): number {
  return ins.ops[i]?.at ?? ins.at;
}

/** Operand `i` as a plain register. */
export function reg(ins: Ins, i: number): number {
  const op = ins.ops[i];
  if (op === undefined) throw new EncodeError('expecting-register', `operand ${i + 1} is missing`, ins.at);
  if (op.kind !== 'reg') {
    throw new EncodeError('expecting-register', `operand ${i + 1} must be a register (r0 to r15, sp, lr, pc)`, op.at);
  }
  if (op.writeback === true) throw badOperands(`'!' is not allowed after ${registerName(op.reg)} here`, op.at);
  if (op.shift !== undefined) throw badOperands('a shift is not allowed here', op.shift.at ?? op.at);
  return op.reg;
}

export function isReg(ins: Ins, i: number): boolean {
  return ins.ops[i]?.kind === 'reg';
}

export function isImm(ins: Ins, i: number): boolean {
  const op = ins.ops[i];
  return op?.kind === 'imm' && op.part === undefined;
}

/** Operand `i` as a register that may carry a shift. */
export function shiftedReg(ins: Ins, i: number): { reg: number; shift?: Shift; at?: number } {
  const op = ins.ops[i];
  if (op?.kind !== 'reg') return { reg: reg(ins, i) };
  if (op.writeback === true) throw badOperands(`'!' is not allowed after ${registerName(op.reg)} here`, op.at);
  return op.shift === undefined ? { reg: op.reg, at: op.at } : { reg: op.reg, shift: op.shift, at: op.at };
}

/** Operand `i` as an immediate expression (with or without `#`). */
export function immExpr(ins: Ins, i: number): Expr {
  const op = ins.ops[i];
  if (op === undefined) throw badOperands(`operand ${i + 1} is missing`, ins.at);
  if (op.kind !== 'imm' || op.part !== undefined) {
    throw badOperands(`operand ${i + 1} must be an immediate such as #4`, op.at);
  }
  return op.expr;
}

export function expectCount(ins: Ins, min: number, max: number, forms: string): void {
  const n = ins.ops.length;
  if (n < min || n > max) throw usage(ins, forms);
}

/** GNU as's reject_bad_reg: sp and pc are not allowed in most 32-bit encodings. */
export function rejectSpPc(ins: Ins, r: number, i: number): void {
  if (r === 13 || r === 15) {
    throw badOperands(`${registerName(r)} is not allowed as operand ${i + 1} of ${ins.name}`, opAt(ins, i));
  }
}

/** Instructions whose 16-bit forms set the flags: on v6m the S form is the one that exists. */
const FLAG_SETTING = new Set([
  'add',
  'sub',
  'adc',
  'sbc',
  'and',
  'orr',
  'eor',
  'bic',
  'mov',
  'mvn',
  'lsl',
  'lsr',
  'asr',
  'ror',
  'mul',
  'neg',
  'rsb',
]);

/** A narrow-only request (`.n`, or any instruction on v6m) that needs the 32-bit form. */
export function cannotNarrow(ins: Ins): EncodeError {
  if (ins.env.cpu === 'v6m') {
    const hint =
      !ins.s && FLAG_SETTING.has(ins.name)
        ? `; with low registers (r0 to r7), ${ins.name}s (which also sets the flags) has a 16-bit form`
        : '';
    return new EncodeError(
      'unsupported-on-cpu',
      `this form of ${ins.name}${ins.s ? 's' : ''} needs a 32-bit Thumb-2 encoding, which the Cortex-M0 (v6m, micro:bit V1) does not have${hint}`,
      ins.at,
    );
  }
  return badOperands(`this form of ${ins.name} has no 16-bit encoding, so '.n' cannot be honoured`, ins.at);
}

/** Checks that a 32-bit encoding is allowed here, then returns it. */
export function wide(ins: Ins, bits: number): Encoded {
  if (ins.sizeReq === 2) throw cannotNarrow(ins);
  return { size: 4, bits: bits >>> 0 };
}
