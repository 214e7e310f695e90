// MOV/MOVS/CMP, CMN/MVN/TST/TEQ, the shifts (LSL/LSR/ASR/ROR/RRX) and MOVW/MOVT.
import { PC, SP } from '../names.ts';
import type { Shift } from '../types.ts';
import {
  GROW,
  type EncodeResult,
  type Ins,
  cannotNarrow,
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
} from './context.ts';
import { DataOp, badOperands, dataImmediate, outOfRange, placeImm16, shiftField, show, t16 } from './fields.ts';

const SHIFT16_REG: Readonly<Record<string, number>> = { lsl: 0x4080, lsr: 0x40c0, asr: 0x4100, ror: 0x41c0 };
const SHIFT32_REG: Readonly<Record<string, number>> = {
  lsl: 0xfa00f000,
  lsr: 0xfa20f000,
  asr: 0xfa40f000,
  ror: 0xfa60f000,
};
const SHIFT16_IMM: Readonly<Record<string, number>> = { lsl: 0x0000, lsr: 0x0800, asr: 0x1000 };

/** The 16-bit shift by an immediate, fixed up as GNU as does (lsr/asr #0 become lsl #0). */
function narrowShiftImmediate(kind: string, rd: number, rm: number, amount: number, at: number | undefined): number {
  if (!Number.isInteger(amount) || amount < 0 || amount > 32 || (kind === 'lsl' && amount === 32)) {
    throw outOfRange(`a ${kind} shift takes ${kind === 'lsl' ? '0 to 31' : '1 to 32'}, not ${show(amount)}`, at);
  }
  let op = SHIFT16_IMM[kind]!;
  let n = amount;
  if (n === 0) op = SHIFT16_IMM.lsl!;
  else if (n === 32) n = 0;
  return op | rd | (rm << 3) | (n << 6);
}

/** MOV, MOVS and CMP. */
export function movCmp(ins: Ins): EncodeResult {
  expectCount(ins, 2, 2, ins.name === 'cmp' ? 'Rn, Rm / Rn, #imm' : 'Rd, Rm / Rd, #imm');
  const isCmp = ins.name === 'cmp';
  const movs = !isCmp && ins.s;
  const rn = reg(ins, 0);
  const immediate = isImm(ins, 1);
  const source = immediate ? undefined : shiftedReg(ins, 1);
  const rm = source?.reg ?? 0;
  const shift = source?.shift;
  const lowRegs = rn <= 7 && rm <= 7;
  let narrow = ins.env.inIt ? !movs : !movs || lowRegs;
  if (ins.sizeReq === 4 || shift !== undefined) narrow = false;
  // MOVS PC, LR (exception return) is SUBS PC, LR, #0.
  if (movs && !immediate && shift === undefined && rn === PC && rm === 14) return wide(ins, 0xf3de8f00);

  if (isCmp) {
    if (rn === PC) throw badOperands('pc cannot be compared', opAt(ins, 0));
    if (!immediate) {
      if (narrow) {
        if (rm === PC) throw badOperands('pc cannot be compared', opAt(ins, 1));
      } else rejectSpPc(ins, rm, 1);
    }
  } else if (!immediate) {
    if (movs) {
      rejectSpPc(ins, rn, 0);
      rejectSpPc(ins, rm, 1);
    } else if (!narrow) {
      if (rn === PC || rm === PC) throw badOperands('pc is not allowed in mov.w', opAt(ins, rn === PC ? 0 : 1));
      if (rn === SP && rm === SP) throw badOperands('mov.w sp, sp is not allowed', opAt(ins, 0));
    }
  } else rejectSpPc(ins, rn, 0);

  if (immediate) {
    const expr = immExpr(ins, 1);
    if (!ins.env.inIt && !isCmp && !ins.s) narrow = false;
    if (lowRegs && narrow) {
      const op16 = (isCmp ? 0x2800 : 0x2000) | (rn << 8);
      if (!relaxable(ins)) return t16(op16 | imm8(ins, ins.env.value(expr)));
      if (!ins.env.wide) {
        if (ins.env.assumeFits) return t16(op16);
        const value = ins.env.isConstant(expr) ? ins.env.value(expr) : NaN;
        if (Number.isInteger(value) && value >= 0 && value <= 255) return t16(op16 | value);
        return GROW;
      }
    }
    const value = ins.env.value(expr);
    const at = opAt(ins, 1);
    const bits = isCmp
      ? dataImmediate(DataOp.Sub, true, 15, rn, value, { at, what: 'cmp' })
      : dataImmediate(DataOp.Orr, ins.s, rn, 15, value, { at, movw: true, what: ins.s ? 'movs' : 'mov' });
    return wide(ins, bits);
  }

  if (shift?.reg !== undefined) {
    if (isCmp) throw badOperands('the shift amount must be a constant, not a register', shift.at);
    // mov Rd, Rm, lsl Rs is the shift instruction lsl Rd, Rm, Rs.
    const flags = ins.s;
    let narrowShift = ins.env.inIt ? !flags : flags;
    if (ins.sizeReq === 4 || !lowRegs || shift.reg > 7 || rn !== rm) narrowShift = false;
    if (shift.kind === 'rrx') throw badOperands('rrx does not take a register', shift.at);
    if (narrowShift) return t16(SHIFT16_REG[shift.kind]! | rn | (shift.reg << 3));
    return wide(ins, SHIFT32_REG[shift.kind]! | (flags ? 1 << 20 : 0) | (rn << 8) | (rm << 16) | shift.reg);
  }

  if (!narrow) {
    let narrowShift = false;
    if (lowRegs && shift !== undefined && !isCmp && ins.sizeReq !== 4) {
      narrowShift = ins.env.inIt ? !ins.s : ins.s;
    }
    if (narrowShift && shift !== undefined && shift.kind !== 'ror' && shift.kind !== 'rrx') {
      const amount = ins.env.value(shift.amount!);
      return t16(narrowShiftImmediate(shift.kind, rn, rm, amount, shift.at));
    }
    const amount = shift?.amount !== undefined ? ins.env.value(shift.amount) : 0;
    const base = isCmp ? 0xebb00f00 | (rn << 16) : (ins.s ? 0xea5f0000 : 0xea4f0000) | (rn << 8);
    return wide(ins, base | rm | shiftField(shift, amount));
  }
  if (isCmp) {
    if (lowRegs) return t16(0x4280 | rn | (rm << 3));
    return t16(0x4500 | ((rn & 8) << 4) | (rn & 7) | (rm << 3));
  }
  if (movs) return t16(rn | (rm << 3));
  return t16(0x4600 | ((rn & 8) << 4) | (rn & 7) | (rm << 3));
}

function imm8(ins: Ins, value: number): number {
  if (!Number.isInteger(value) || value < 0 || value > 255) {
    throw outOfRange(
      `${ins.name}${ins.s ? 's' : ''} with a low register takes an immediate of 0 to 255, not ${show(value)}`,
      opAt(ins, 1),
    );
  }
  return value;
}

interface TestOp {
  readonly op16: number | undefined;
  readonly op32: number;
  /** Bit position of the register operand in the 32-bit form (8 for Rd, 16 for Rn). */
  readonly shift: number;
}

const TESTS: Readonly<Record<string, TestOp>> = {
  mvn: { op16: 0x43c0, op32: 0xea6f0000, shift: 8 },
  tst: { op16: 0x4200, op32: 0xea100f00, shift: 16 },
  cmn: { op16: 0x42c0, op32: 0xeb100f00, shift: 16 },
  teq: { op16: undefined, op32: 0xea900f00, shift: 16 },
};

/** MVN, MVNS, TST, CMN, TEQ. */
export function mvnTest(ins: Ins): EncodeResult {
  expectCount(ins, 2, 2, 'Rd, Rm / Rd, #imm');
  const spec = TESTS[ins.name]!;
  const rn = reg(ins, 0);
  if (ins.name === 'cmn') {
    if (rn === PC) throw badOperands('pc cannot be compared', opAt(ins, 0));
  } else rejectSpPc(ins, rn, 0);
  if (isImm(ins, 1)) {
    const value = ins.env.value(immExpr(ins, 1));
    const s = ins.name === 'mvn' ? ins.s : true;
    const at = opAt(ins, 1);
    const bits =
      ins.name === 'mvn'
        ? dataImmediate(DataOp.Orn, s, rn, 15, value, { at, what: 'mvn' })
        : ins.name === 'tst'
          ? dataImmediate(DataOp.And, true, 15, rn, value, { at, what: 'tst' })
          : ins.name === 'teq'
            ? dataImmediate(DataOp.Eor, true, 15, rn, value, { at, what: 'teq' })
            : dataImmediate(DataOp.Add, true, 15, rn, value, { at, what: 'cmn' });
    return wide(ins, bits);
  }
  const { reg: rm, shift } = shiftedReg(ins, 1);
  rejectSpPc(ins, rm, 1);
  let narrow: boolean;
  if (ins.sizeReq === 4 || spec.op16 === undefined || shift !== undefined || rn > 7 || rm > 7) narrow = false;
  else if (ins.name === 'cmn' || ins.name === 'tst') narrow = true;
  else narrow = narrowByFlags(ins);
  if (narrow) return t16(spec.op16! | rn | (rm << 3));
  if (shift?.reg !== undefined) throw badOperands('the shift amount must be a constant, not a register', shift.at);
  const amount = shift?.amount !== undefined ? ins.env.value(shift.amount) : 0;
  const s = ins.name === 'mvn' && ins.s ? 1 << 20 : 0;
  return wide(ins, spec.op32 | s | (rn << spec.shift) | rm | shiftField(shift, amount));
}

/** LSL, LSR, ASR, ROR (and their S forms): Rd, Rm, #n / Rd, Rn, Rs / Rd, #n / Rd, Rs. */
export function shiftInstruction(ins: Ins): EncodeResult {
  expectCount(ins, 2, 3, 'Rd, Rm, #imm / Rd, Rn, Rs');
  const kind = ins.name;
  const rd = reg(ins, 0);
  const rs = ins.ops.length === 3 ? reg(ins, 1) : rd;
  const last = ins.ops.length - 1;
  const byReg = !isImm(ins, last);
  let narrow = narrowByFlags(ins);
  if (rd > 7 || rs > 7) narrow = false;
  if (!byReg && kind === 'ror') narrow = false;
  const rm = byReg ? shiftedReg(ins, last) : undefined;
  if (rm !== undefined && (rs !== rd || rm.reg > 7)) narrow = false;
  if (ins.sizeReq === 4) narrow = false;
  rejectSpPc(ins, rd, 0);
  rejectSpPc(ins, rs, ins.ops.length === 3 ? 1 : 0);
  if (rm !== undefined && rm.shift !== undefined) {
    throw badOperands('a shift instruction cannot shift its shift register too', rm.shift.at);
  }
  if (!narrow) {
    if (rm !== undefined) {
      rejectSpPc(ins, rm.reg, last);
      return wide(ins, SHIFT32_REG[kind]! | (ins.s ? 1 << 20 : 0) | (rd << 8) | (rs << 16) | rm.reg);
    }
    const amount = ins.env.value(immExpr(ins, last));
    const shift: Shift = { kind: kind as Shift['kind'], at: opAt(ins, last) };
    return wide(ins, (ins.s ? 0xea5f0000 : 0xea4f0000) | (rd << 8) | rs | shiftField(shift, amount));
  }
  if (rm !== undefined) return t16(SHIFT16_REG[kind]! | rd | (rm.reg << 3));
  const amount = ins.env.value(immExpr(ins, last));
  return t16(narrowShiftImmediate(kind, rd, rs, amount, opAt(ins, last)));
}

/** RRX Rd, Rm (Thumb-2 only). */
export function rrx(ins: Ins): EncodeResult {
  expectCount(ins, 2, 2, 'Rd, Rm');
  const rd = reg(ins, 0);
  const rm = reg(ins, 1);
  rejectSpPc(ins, rd, 0);
  rejectSpPc(ins, rm, 1);
  return wide(ins, (ins.s ? 0xea5f0030 : 0xea4f0030) | (rd << 8) | rm);
}

/** MOVW and MOVT, with `#:lower16:label` / `#:upper16:label`. */
export function movwMovt(ins: Ins): EncodeResult {
  expectCount(ins, 2, 2, 'Rd, #imm16');
  const rd = reg(ins, 0);
  rejectSpPc(ins, rd, 0);
  const op = ins.ops[1]!;
  if (op.kind !== 'imm') throw badOperands('operand 2 must be an immediate such as #0x1234', op.at);
  const top = ins.name === 'movt';
  let value: number;
  if (op.part === 'lower16') {
    if (top) throw badOperands(':lower16: belongs with movw; movt takes :upper16:', op.at);
    value = ins.env.dataValue(op.expr) & 0xffff;
  } else if (op.part === 'upper16') {
    if (!top) throw badOperands(':upper16: belongs with movt; movw takes :lower16:', op.at);
    value = (ins.env.value(op.expr) >>> 16) & 0xffff;
  } else {
    value = ins.env.value(op.expr);
    if (!Number.isInteger(value) || value < 0 || value > 0xffff) {
      throw outOfRange(`${ins.name} takes 0 to 65535, not ${show(value)}`, op.at);
    }
  }
  if (ins.sizeReq === 2) throw cannotNarrow(ins);
  return wide(ins, placeImm16(top ? 0xf2c00000 : 0xf2400000, value) | (rd << 8));
}
