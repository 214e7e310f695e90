// ADD/SUB (all their forms), ADDW/SUBW, ADC/SBC/AND/ORR/EOR/BIC/ORN, RSB/NEG, MUL and the
// 32-bit multiplies and divides. Narrow-or-wide choices follow GNU as in unified syntax.
import { PC, SP } from '../names.ts';
import {
  GROW,
  type EncodeResult,
  type Ins,
  expectCount,
  immExpr,
  isImm,
  narrowByFlags,
  opAt,
  reg,
  rejectSpPc,
  relaxable,
  shiftedReg,
  wide,
  cannotNarrow,
} from './context.ts';
import {
  DataOp,
  badOperands,
  dataImmediate,
  dataRegister,
  outOfRange,
  placeImm12,
  shiftField,
  show,
  t16,
} from './fields.ts';

const ADD_SUB_FORMS = 'Rd, Rn, Rm / Rd, Rn, #imm / Rd, #imm';

/** The three operands of a "Rd, Rn, x" instruction whose Rn may be left out (then Rn = Rd). */
function threeOperands(ins: Ins, forms: string): { rd: number; rs: number; last: number } {
  expectCount(ins, 2, 3, forms);
  const rd = reg(ins, 0);
  if (ins.ops.length === 3) return { rd, rs: reg(ins, 1), last: 2 };
  return { rd, rs: rd, last: 1 };
}

type NarrowAdd = 'inc_sp' | 'add_sp' | 'add_pc' | 'imm';

/** ADD, ADDS, SUB, SUBS. */
export function addSub(ins: Ins): EncodeResult {
  const add = ins.name === 'add';
  const { rd, rs, last } = threeOperands(ins, ADD_SUB_FORMS);
  const narrow = narrowByFlags(ins);
  if (isImm(ins, last)) {
    const expr = immExpr(ins, last);
    if (rd === SP && rs !== SP)
      throw badOperands('sp can only be changed by adding to or subtracting from sp', opAt(ins, 0));
    let form: NarrowAdd | undefined;
    if (ins.sizeReq !== 4) {
      if (rd === SP && rs === SP && !ins.s) form = 'inc_sp';
      else if (rd <= 7 && rs === SP && add && !ins.s) form = 'add_sp';
      else if (rd <= 7 && rs === PC && add && !ins.s) form = 'add_pc';
      else if (rd <= 7 && rs <= 7 && narrow) form = 'imm';
      if (form !== undefined) {
        if (!relaxable(ins)) return narrowAddImmediate(ins, rd, rs, !add, ins.env.value(expr));
        if (!ins.env.wide) {
          if (ins.env.assumeFits) return narrowAddImmediate(ins, rd, rs, !add, 0);
          const value = ins.env.isConstant(expr) ? ins.env.value(expr) : NaN;
          if (relaxedAddFits(form, rd, rs, value)) return narrowAddImmediate(ins, rd, rs, !add, value);
          return GROW;
        }
        return wideAddImmediate(ins, add, rd, rs, ins.env.value(expr));
      }
      if (ins.sizeReq === 2) throw cannotNarrow(ins);
    }
    return wideAddImmediate(ins, add, rd, rs, ins.env.value(expr));
  }
  const { reg: rn, shift } = shiftedReg(ins, last);
  if (shift === undefined && ins.sizeReq !== 4) {
    if (narrow && rd <= 7 && rs <= 7 && rn <= 7) return t16((add ? 0x1800 : 0x1a00) | rd | (rs << 3) | (rn << 6));
    if (add && !ins.s && (rd === rs || rd === rn)) {
      const other = rd === rn ? rs : rn;
      return t16(0x4400 | ((rd & 8) << 4) | (rd & 7) | (other << 3));
    }
  }
  if (rd === PC) throw badOperands('pc cannot be the destination of this form', opAt(ins, 0));
  if (rd === SP && rs !== SP)
    throw badOperands('sp can only be changed by adding to or subtracting from sp', opAt(ins, 0));
  if (rs === PC) throw badOperands('pc cannot be the first source of this form', opAt(ins, last - 1));
  rejectSpPc(ins, rn, last);
  if (shift?.reg !== undefined) throw badOperands('the shift amount must be a constant, not a register', shift.at);
  const amount = shift?.amount !== undefined ? ins.env.value(shift.amount) : 0;
  if (rd === SP && rs === SP && shift !== undefined) {
    if (shift.kind !== 'lsl') throw badOperands('only lsl is allowed when adding to sp', shift.at);
    if (amount > 3) throw outOfRange(`a shift of sp arithmetic takes 0 to 3, not ${show(amount)}`, shift.at);
  }
  return wide(ins, dataRegister(add ? DataOp.Add : DataOp.Sub, ins.s, rd, rs, rn) | shiftField(shift, amount));
}

/** GNU as's relaxation test: does this immediate fit the 16-bit form it started as? */
function relaxedAddFits(form: NarrowAdd, rd: number, rs: number, value: number): boolean {
  if (!Number.isInteger(value) || value < 0) return false;
  switch (form) {
    case 'inc_sp':
      return (value & 3) === 0 && value <= 508;
    case 'add_sp':
    case 'add_pc':
      return (value & 3) === 0 && value <= 1020;
    case 'imm':
      return value <= (rd === rs ? 255 : 7);
  }
}

/** The 16-bit add/sub with an immediate, as GNU as fixes it up (negative values flip the op). */
function narrowAddImmediate(ins: Ins, rd: number, rs: number, subtract: boolean, value: number): EncodeResult {
  let sub = subtract;
  let v = value;
  if ((rd > 7 && (rd !== SP || rs !== SP)) || (rs > 7 && rs !== SP && rs !== PC)) {
    throw badOperands('a high register cannot be used with an immediate here', opAt(ins, 0));
  }
  if (!Number.isInteger(v)) throw outOfRange(`${show(v)} is not a whole number`, opAt(ins, ins.ops.length - 1));
  // GNU as fixes up a 32-bit value: 0xffffffff is -1 here.
  if (v >= 0x80000000 && v <= 0xffffffff) v |= 0;
  if (v < 0) {
    v = -v;
    sub = !sub;
  }
  const at = opAt(ins, ins.ops.length - 1);
  if (rd === SP) {
    if ((v & ~0x1fc) !== 0)
      throw outOfRange(`sp can be moved by a multiple of 4 from 0 to 508, not ${show(value)}`, at);
    return t16((sub ? 0xb080 : 0xb000) | (v >> 2));
  }
  if (rs === PC || rs === SP) {
    if (sub || (v & ~0x3fc) !== 0) {
      throw outOfRange(
        `an address from ${rs === PC ? 'pc' : 'sp'} takes a multiple of 4 from 0 to 1020, not ${show(value)}`,
        at,
      );
    }
    return t16((rs === PC ? 0xa000 : 0xa800) | (rd << 8) | (v >> 2));
  }
  if (rs === rd) {
    if (v > 0xff)
      throw outOfRange(`${ins.name}${ins.s ? 's' : ''} ${regText(rd)}, #imm takes 0 to 255, not ${show(value)}`, at);
    return t16((sub ? 0x3800 : 0x3000) | (rd << 8) | v);
  }
  if (v > 7)
    throw outOfRange(
      `${ins.name}${ins.s ? 's' : ''} with two registers takes an immediate of 0 to 7, not ${show(value)}`,
      at,
    );
  return t16((sub ? 0x1e00 : 0x1c00) | rd | (rs << 3) | (v << 6));
}

function regText(r: number): string {
  return r === SP ? 'sp' : r === PC ? 'pc' : `r${r}`;
}

function wideAddImmediate(ins: Ins, add: boolean, rd: number, rs: number, value: number): EncodeResult {
  const at = opAt(ins, ins.ops.length - 1);
  if (rd === PC) throw badOperands('pc cannot be the destination of add or sub', opAt(ins, 0));
  if (rs === PC) return wide(ins, plain12(add, rd, PC, value, at, 'an offset from pc'));
  const bits = dataImmediate(add ? DataOp.Add : DataOp.Sub, ins.s, rd, rs, value, {
    plain12: !ins.s,
    at,
    what: `${ins.name}${ins.s ? 's' : ''}`,
  });
  return wide(ins, bits);
}

/** ADDW and SUBW: a plain 12-bit immediate. */
export function addwSubw(ins: Ins): EncodeResult {
  expectCount(ins, 3, 3, 'Rd, Rn, #imm12');
  const { rd, rs, last } = threeOperands(ins, 'Rd, Rn, #imm12');
  if (rs === SP) {
    if (rd === PC) throw badOperands('pc cannot be the destination', opAt(ins, 0));
  } else rejectSpPc(ins, rd, 0);
  const value = ins.env.value(immExpr(ins, last));
  return wide(ins, plain12(ins.name === 'addw', rd, rs, value, opAt(ins, last), ins.name));
}

/** ADDW/SUBW with a 12-bit value; GNU as turns a negative value into the other one. */
function plain12(add: boolean, rd: number, rn: number, value: number, at: number | undefined, what: string): number {
  let v = value;
  let sub = !add;
  if (Number.isInteger(v) && v < 0) {
    v = -v;
    sub = !sub;
  }
  if (!Number.isInteger(v) || v > 0xfff) throw outOfRange(`${what} takes -4095 to 4095, not ${show(value)}`, at);
  return placeImm12((sub ? 0xf2a00000 : 0xf2000000) | (rn << 16) | (rd << 8), v);
}

interface Alu {
  readonly op: DataOp;
  readonly op16: number;
  readonly commutative: boolean;
}

const ALU: Readonly<Record<string, Alu>> = {
  and: { op: DataOp.And, op16: 0x4000, commutative: true },
  eor: { op: DataOp.Eor, op16: 0x4040, commutative: true },
  adc: { op: DataOp.Adc, op16: 0x4140, commutative: true },
  orr: { op: DataOp.Orr, op16: 0x4300, commutative: true },
  sbc: { op: DataOp.Sbc, op16: 0x4180, commutative: false },
  bic: { op: DataOp.Bic, op16: 0x4380, commutative: false },
};

/** ADC, SBC, AND, ORR, EOR, BIC: one 16-bit form (two low registers), else Thumb-2. */
export function alu(ins: Ins): EncodeResult {
  const spec = ALU[ins.name]!;
  const { rd, rs, last } = threeOperands(ins, 'Rd, Rn, Rm / Rd, Rm / Rd, Rn, #imm');
  rejectSpPc(ins, rd, 0);
  rejectSpPc(ins, rs, last - 1);
  if (isImm(ins, last)) {
    const value = ins.env.value(immExpr(ins, last));
    return wide(
      ins,
      dataImmediate(spec.op, ins.s, rd, rs, value, { at: opAt(ins, last), what: `${ins.name}${ins.s ? 's' : ''}` }),
    );
  }
  const { reg: rn, shift } = shiftedReg(ins, last);
  rejectSpPc(ins, rn, last);
  let narrow = narrowByFlags(ins);
  if (rd > 7 || rn > 7 || rs > 7 || shift !== undefined || ins.sizeReq === 4) narrow = false;
  if (narrow && rd === rs) return t16(spec.op16 | rd | (rn << 3));
  if (narrow && spec.commutative && rd === rn) return t16(spec.op16 | rd | (rs << 3));
  if (shift?.reg !== undefined) throw badOperands('the shift amount must be a constant, not a register', shift.at);
  const amount = shift?.amount !== undefined ? ins.env.value(shift.amount) : 0;
  return wide(ins, dataRegister(spec.op, ins.s, rd, rs, rn) | shiftField(shift, amount));
}

/** ORN (Thumb-2 only). */
export function orn(ins: Ins): EncodeResult {
  const { rd, rs, last } = threeOperands(ins, 'Rd, Rn, Rm / Rd, Rn, #imm');
  rejectSpPc(ins, rd, 0);
  rejectSpPc(ins, rs, last - 1);
  if (isImm(ins, last)) {
    const value = ins.env.value(immExpr(ins, last));
    return wide(ins, dataImmediate(DataOp.Orn, ins.s, rd, rs, value, { at: opAt(ins, last), what: 'orn' }));
  }
  const { reg: rm, shift } = shiftedReg(ins, last);
  rejectSpPc(ins, rm, last);
  if (shift?.reg !== undefined) throw badOperands('the shift amount must be a constant, not a register', shift.at);
  const amount = shift?.amount !== undefined ? ins.env.value(shift.amount) : 0;
  return wide(ins, dataRegister(DataOp.Orn, ins.s, rd, rs, rm) | shiftField(shift, amount));
}

/** RSB: `rsbs Rd, Rn, #0` is the 16-bit NEGS; everything else is Thumb-2. */
export function rsb(ins: Ins): EncodeResult {
  const { rd, rs, last } = threeOperands(ins, 'Rd, Rn, #imm / Rd, Rn, Rm');
  rejectSpPc(ins, rd, 0);
  rejectSpPc(ins, rs, last - 1);
  if (isImm(ins, last)) {
    const expr = immExpr(ins, last);
    let narrow = narrowByFlags(ins);
    if (rd > 7 || rs > 7 || ins.sizeReq === 4) narrow = false;
    if (!ins.env.isConstant(expr) || ins.env.value(expr) !== 0) narrow = false;
    if (narrow) return t16(0x4240 | (rs << 3) | rd);
    const value = ins.env.value(expr);
    return wide(ins, dataImmediate(DataOp.Rsb, ins.s, rd, rs, value, { at: opAt(ins, last), what: 'rsb' }));
  }
  const { reg: rm, shift } = shiftedReg(ins, last);
  rejectSpPc(ins, rm, last);
  if (shift?.reg !== undefined) throw badOperands('the shift amount must be a constant, not a register', shift.at);
  const amount = shift?.amount !== undefined ? ins.env.value(shift.amount) : 0;
  return wide(ins, dataRegister(DataOp.Rsb, ins.s, rd, rs, rm) | shiftField(shift, amount));
}

/** NEG Rd, Rm (= RSB Rd, Rm, #0). */
export function neg(ins: Ins): EncodeResult {
  expectCount(ins, 2, 2, 'Rd, Rm');
  const rd = reg(ins, 0);
  const rm = reg(ins, 1);
  let narrow = narrowByFlags(ins);
  if (rd > 7 || rm > 7 || ins.sizeReq === 4) narrow = false;
  if (narrow) return t16(0x4240 | rd | (rm << 3));
  return wide(ins, 0xf1c00000 | (ins.s ? 1 << 20 : 0) | (rd << 8) | (rm << 16));
}

/** MUL and MULS. */
export function mul(ins: Ins): EncodeResult {
  expectCount(ins, 2, 3, 'Rd, Rn, Rm / Rd, Rn');
  const rd = reg(ins, 0);
  const rn = reg(ins, 1);
  const rm = ins.ops.length === 3 ? reg(ins, 2) : rd;
  let narrow: boolean;
  if (ins.sizeReq === 4 || (rd !== rn && rd !== rm) || rn > 7 || rm > 7) narrow = false;
  else narrow = narrowByFlags(ins);
  if (narrow) return t16(0x4340 | rd | ((rd === rn ? rm : rn) << 3));
  if (ins.s) {
    if (ins.env.cpu === 'v6m' || ins.sizeReq === 2) {
      throw badOperands(
        'muls needs low registers and a destination that is one of the sources (muls r0, r1, r0)',
        ins.at,
      );
    }
    throw badOperands(
      'the 32-bit mul cannot set flags: use mul, or muls with low registers outside an IT block',
      ins.at,
    );
  }
  rejectSpPc(ins, rd, 0);
  rejectSpPc(ins, rn, 1);
  rejectSpPc(ins, rm, 2);
  return wide(ins, 0xfb00f000 | (rd << 8) | (rn << 16) | rm);
}

/** MLA and MLS: Rd, Rn, Rm, Ra. */
export function mulAccumulate(ins: Ins): EncodeResult {
  expectCount(ins, 4, 4, 'Rd, Rn, Rm, Ra');
  const [rd, rn, rm, ra] = [0, 1, 2, 3].map((i) => {
    const r = reg(ins, i);
    rejectSpPc(ins, r, i);
    return r;
  }) as [number, number, number, number];
  const base = ins.name === 'mla' ? 0xfb000000 : 0xfb000010;
  return wide(ins, base | (rd << 8) | (rn << 16) | rm | (ra << 12));
}

const LONG_MULTIPLY: Readonly<Record<string, number>> = {
  smull: 0xfb800000,
  umull: 0xfba00000,
  smlal: 0xfbc00000,
  umlal: 0xfbe00000,
};

/** SMULL, UMULL, SMLAL, UMLAL: RdLo, RdHi, Rn, Rm. */
export function longMultiply(ins: Ins): EncodeResult {
  expectCount(ins, 4, 4, 'RdLo, RdHi, Rn, Rm');
  const [lo, hi, rn, rm] = [0, 1, 2, 3].map((i) => {
    const r = reg(ins, i);
    rejectSpPc(ins, r, i);
    return r;
  }) as [number, number, number, number];
  return wide(ins, LONG_MULTIPLY[ins.name]! | (lo << 12) | (hi << 8) | (rn << 16) | rm);
}

/** SDIV and UDIV: Rd, Rn, Rm (or Rd, Rm meaning Rd, Rd, Rm). */
export function divide(ins: Ins): EncodeResult {
  expectCount(ins, 2, 3, 'Rd, Rn, Rm');
  const rd = reg(ins, 0);
  const rn = ins.ops.length === 3 ? reg(ins, 1) : rd;
  const rm = reg(ins, ins.ops.length - 1);
  rejectSpPc(ins, rd, 0);
  rejectSpPc(ins, rn, 1);
  rejectSpPc(ins, rm, ins.ops.length - 1);
  return wide(ins, (ins.name === 'sdiv' ? 0xfb90f0f0 : 0xfbb0f0f0) | (rd << 8) | (rn << 16) | rm);
}
