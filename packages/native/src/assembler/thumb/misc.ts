// Hints, BKPT, SVC, UDF, CPSIE/CPSID, barriers, MRS/MSR, byte reversal, extension, CLZ/RBIT and
// the bit-field instructions.
import { EncodeError } from '../errors.ts';
import { exprName } from '../evaluate.ts';
import { BARRIER_OPTIONS, SPECIAL_REGISTERS } from '../names.ts';
import type { Expr } from '../types.ts';
import {
  type EncodeResult,
  type Ins,
  expectCount,
  immExpr,
  isReg,
  opAt,
  reg,
  rejectSpPc,
  shiftedReg,
  wide,
} from './context.ts';
import { badOperands, outOfRange, show, t16 } from './fields.ts';

const HINTS: Readonly<Record<string, number>> = { nop: 0, yield: 1, wfe: 2, wfi: 3, sev: 4 };

/** NOP, YIELD, WFE, WFI, SEV. */
export function hint(ins: Ins): EncodeResult {
  expectCount(ins, 0, 0, 'no operands');
  const n = HINTS[ins.name]!;
  if (ins.sizeReq === 4) return wide(ins, 0xf3af8000 | n);
  // The Cortex-M0 has no 16-bit NOP hint: GNU as uses MOV r8, r8.
  if (ins.name === 'nop' && ins.env.cpu === 'v6m') return t16(0x46c0);
  return t16(0xbf00 | (n << 4));
}

function optionalImmediate(ins: Ins, max: number, what: string): number {
  if (ins.ops.length === 0) return 0;
  const value = ins.env.value(immExpr(ins, 0));
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw outOfRange(`${what} takes 0 to ${max}, not ${show(value)}`, opAt(ins, 0));
  }
  return value;
}

export function bkpt(ins: Ins): EncodeResult {
  expectCount(ins, 0, 1, '#imm');
  return t16(0xbe00 | optionalImmediate(ins, 255, 'bkpt'));
}

export function svc(ins: Ins): EncodeResult {
  expectCount(ins, 1, 1, '#imm');
  return t16(0xdf00 | optionalImmediate(ins, 255, 'svc'));
}

export function udf(ins: Ins): EncodeResult {
  expectCount(ins, 0, 1, '#imm');
  const value = optionalImmediate(ins, ins.sizeReq === 2 ? 255 : 0xffff, 'udf');
  if (value > 255 || ins.sizeReq === 4) return wide(ins, 0xf7f0a000 | ((value & 0xf000) << 4) | (value & 0xfff));
  return t16(0xde00 | value);
}

/** CPSIE and CPSID with i and/or f. */
export function cps(ins: Ins): EncodeResult {
  if (ins.ops.length !== 1) {
    throw badOperands(`${ins.name} takes one operand, the flags: i, f or if`, opAt(ins, 1));
  }
  const flags = symbolName(immExpr(ins, 0))?.toLowerCase();
  if (flags === undefined || flags === '' || !/^[aif]+$/.test(flags) || new Set(flags).size !== flags.length) {
    throw badOperands(`${ins.name} takes the flags i, f or if`, opAt(ins, 0));
  }
  if (flags.includes('a')) throw badOperands('M-profile cores have no A flag', opAt(ins, 0));
  if (ins.sizeReq === 4) throw badOperands(`${ins.name} has no 32-bit encoding on M-profile cores`, ins.at);
  let bits = 0;
  if (flags.includes('i')) bits |= 2;
  if (flags.includes('f')) bits |= 1;
  return t16((ins.name === 'cpsid' ? 0xb670 : 0xb660) | bits);
}

function symbolName(expr: Expr): string | undefined {
  return exprName(expr);
}

const BARRIERS: Readonly<Record<string, number>> = { dsb: 0xf3bf8f40, dmb: 0xf3bf8f50, isb: 0xf3bf8f60 };

/** DMB, DSB, ISB with an option (sy by default) or #0-15. */
export function barrier(ins: Ins): EncodeResult {
  expectCount(ins, 0, 1, 'option (sy)');
  let option = 15;
  if (ins.ops.length === 1) {
    const op = ins.ops[0]!;
    if (op.kind !== 'imm') throw badOperands(`${ins.name} takes an option such as sy`, op.at);
    const name = op.hash === true ? undefined : symbolName(op.expr)?.toLowerCase();
    if (name !== undefined) {
      const value = BARRIER_OPTIONS[name];
      if (value === undefined || (ins.name === 'isb' && name !== 'sy')) {
        throw badOperands(`'${name}' is not a barrier option of ${ins.name}`, op.at);
      }
      option = value;
    } else {
      option = ins.env.value(op.expr);
      if (!Number.isInteger(option) || option < 0 || option > 15) {
        throw outOfRange(`${ins.name} takes an option of 0 to 15, not ${show(option)}`, op.at);
      }
    }
  }
  return { size: 4, bits: (BARRIERS[ins.name]! | option) >>> 0 };
}

/** A special register name for MRS/MSR, with the MSR mask bits for xPSR suffixes. */
function specialRegister(ins: Ins, i: number, forMsr: boolean): { sysm: number; mask: number } {
  const op = ins.ops[i];
  const name = op?.kind === 'imm' && op.hash !== true ? symbolName(op.expr)?.toLowerCase() : undefined;
  const fail = () =>
    badOperands(
      `operand ${i + 1} must be a special register such as primask, control, apsr, msp or psp`,
      op?.at ?? ins.at,
    );
  if (name === undefined) throw fail();
  const [base, suffix] = name.split('_', 2) as [string, string | undefined];
  let sysm = SPECIAL_REGISTERS[name];
  let mask = 2;
  if (sysm === undefined) {
    sysm = SPECIAL_REGISTERS[base];
    if (sysm === undefined || sysm > 7 || suffix === undefined || !forMsr) throw fail();
    if (suffix === 'nzcvq') mask = 2;
    else if (suffix === 'g') mask = 1;
    else if (suffix === 'nzcvqg') mask = 3;
    else throw fail();
    if ((mask & 1) !== 0 && ins.env.cpu === 'v6m') {
      throw new EncodeError('unsupported-on-cpu', 'the Cortex-M0 (v6m) has no DSP extension (apsr_g)', op?.at);
    }
  }
  return { sysm, mask };
}

export function mrs(ins: Ins): EncodeResult {
  expectCount(ins, 2, 2, 'Rd, special register');
  const rd = reg(ins, 0);
  rejectSpPc(ins, rd, 0);
  const { sysm } = specialRegister(ins, 1, false);
  return { size: 4, bits: (0xf3ef8000 | (rd << 8) | sysm) >>> 0 };
}

export function msr(ins: Ins): EncodeResult {
  expectCount(ins, 2, 2, 'special register, Rn');
  const { sysm, mask } = specialRegister(ins, 0, true);
  if (!isReg(ins, 1)) throw badOperands('msr takes a register, not an immediate, in Thumb', opAt(ins, 1));
  const rn = reg(ins, 1);
  rejectSpPc(ins, rn, 1);
  return { size: 4, bits: (0xf3808000 | (mask << 10) | (rn << 16) | sysm) >>> 0 };
}

const REVERSE: Readonly<Record<string, [number, number]>> = {
  rev: [0xba00, 0xfa90f080],
  rev16: [0xba40, 0xfa90f090],
  revsh: [0xbac0, 0xfa90f0b0],
};

/** REV, REV16, REVSH. */
export function reverse(ins: Ins): EncodeResult {
  expectCount(ins, 2, 2, 'Rd, Rm');
  const rd = reg(ins, 0);
  const rm = reg(ins, 1);
  rejectSpPc(ins, rd, 0);
  rejectSpPc(ins, rm, 1);
  const [op16, op32] = REVERSE[ins.name]!;
  if (rd <= 7 && rm <= 7 && ins.sizeReq !== 4) return t16(op16 | rd | (rm << 3));
  return wide(ins, op32 | (rd << 8) | (rm << 16) | rm);
}

const EXTEND: Readonly<Record<string, [number, number]>> = {
  sxth: [0xb200, 0xfa0ff080],
  sxtb: [0xb240, 0xfa4ff080],
  uxth: [0xb280, 0xfa1ff080],
  uxtb: [0xb2c0, 0xfa5ff080],
};

/** SXTB, SXTH, UXTB, UXTH, with an optional `ror #8/16/24` on v7m. */
export function extend(ins: Ins): EncodeResult {
  expectCount(ins, 2, 2, 'Rd, Rm{, ror #8|16|24}');
  const rd = reg(ins, 0);
  const { reg: rm, shift } = shiftedReg(ins, 1);
  rejectSpPc(ins, rd, 0);
  rejectSpPc(ins, rm, 1);
  let rotation = 0;
  if (shift !== undefined) {
    if (shift.kind !== 'ror' || shift.amount === undefined) {
      throw badOperands(`${ins.name} can only rotate its source: ror #8, #16 or #24`, shift.at);
    }
    const amount = ins.env.value(shift.amount);
    if (amount !== 0 && amount !== 8 && amount !== 16 && amount !== 24) {
      throw outOfRange(`${ins.name} rotates by 0, 8, 16 or 24, not ${show(amount)}`, shift.at);
    }
    rotation = amount / 8;
  }
  const [op16, op32] = EXTEND[ins.name]!;
  if (ins.sizeReq !== 4 && rd <= 7 && rm <= 7 && rotation === 0) return t16(op16 | rd | (rm << 3));
  return wide(ins, op32 | (rd << 8) | rm | (rotation << 4));
}

/** CLZ and RBIT. */
export function countReverse(ins: Ins): EncodeResult {
  expectCount(ins, 2, 2, 'Rd, Rm');
  const rd = reg(ins, 0);
  const rm = reg(ins, 1);
  rejectSpPc(ins, rd, 0);
  rejectSpPc(ins, rm, 1);
  return wide(ins, (ins.name === 'clz' ? 0xfab0f080 : 0xfa90f0a0) | (rd << 8) | (rm << 16) | rm);
}

function bitField(ins: Ins, lsbIndex: number): { lsb: number; width: number } {
  const lsb = ins.env.value(immExpr(ins, lsbIndex));
  const width = ins.env.value(immExpr(ins, lsbIndex + 1));
  if (!Number.isInteger(lsb) || lsb < 0 || lsb > 31) {
    throw outOfRange(`the lowest bit is 0 to 31, not ${show(lsb)}`, opAt(ins, lsbIndex));
  }
  if (!Number.isInteger(width) || width < 1 || width > 32) {
    throw outOfRange(`the width is 1 to 32, not ${show(width)}`, opAt(ins, lsbIndex + 1));
  }
  if (lsb + width > 32) throw outOfRange('the bit field extends past bit 31', opAt(ins, lsbIndex + 1));
  return { lsb, width };
}

function lsbField(lsb: number): number {
  return ((lsb & 0x1c) << 10) | ((lsb & 3) << 6);
}

/** BFC Rd, #lsb, #width. */
export function bfc(ins: Ins): EncodeResult {
  expectCount(ins, 3, 3, 'Rd, #lsb, #width');
  const rd = reg(ins, 0);
  rejectSpPc(ins, rd, 0);
  const { lsb, width } = bitField(ins, 1);
  return wide(ins, 0xf36f0000 | (rd << 8) | lsbField(lsb) | (lsb + width - 1));
}

/** BFI Rd, Rn, #lsb, #width. */
export function bfi(ins: Ins): EncodeResult {
  expectCount(ins, 4, 4, 'Rd, Rn, #lsb, #width');
  const rd = reg(ins, 0);
  rejectSpPc(ins, rd, 0);
  let rn = 15;
  if (isReg(ins, 1)) {
    rn = reg(ins, 1);
    rejectSpPc(ins, rn, 1);
  } else if (ins.env.value(immExpr(ins, 1)) !== 0) {
    throw badOperands('bfi takes a register (or #0, meaning bfc) as operand 2', opAt(ins, 1));
  }
  const { lsb, width } = bitField(ins, 2);
  return wide(ins, 0xf3600000 | (rd << 8) | (rn << 16) | lsbField(lsb) | (lsb + width - 1));
}

/** SBFX and UBFX: Rd, Rn, #lsb, #width. */
export function bitFieldExtract(ins: Ins): EncodeResult {
  expectCount(ins, 4, 4, 'Rd, Rn, #lsb, #width');
  const rd = reg(ins, 0);
  const rn = reg(ins, 1);
  rejectSpPc(ins, rd, 0);
  rejectSpPc(ins, rn, 1);
  const { lsb, width } = bitField(ins, 2);
  return wide(
    ins,
    (ins.name === 'sbfx' ? 0xf3400000 : 0xf3c00000) | (rd << 8) | (rn << 16) | lsbField(lsb) | (width - 1),
  );
}
