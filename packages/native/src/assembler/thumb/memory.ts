// Loads and stores: LDR/STR (B, H, SB, SH), pc-relative loads from labels and literal pools,
// LDRD/STRD, LDM/STM, PUSH/POP and ADR.
import { EncodeError } from '../errors.ts';
import { LR, PC, SP, registerName } from '../names.ts';
import {
  GROW,
  type EncodeResult,
  type Ins,
  type MemOperand,
  cannotNarrow,
  expectCount,
  opAt,
  reg,
  rejectSpPc,
  relaxable,
  wide,
} from './context.ts';
import type { Expr } from '../types.ts';
import {
  DataOp,
  badOperands,
  dataImmediate,
  modifiedImmediate,
  outOfRange,
  placeImm12,
  placeImm16,
  show,
  t16,
  t32,
} from './fields.ts';

interface LoadStore {
  readonly load: boolean;
  /** 16-bit register-offset opcode. */
  readonly reg16: number;
  /** 16-bit immediate-offset opcode (undefined for ldrsb/ldrsh). */
  readonly imm16?: number;
  /** log2 of the access size: scales the 5-bit offset. */
  readonly scale: number;
  readonly op32: number;
}

const LOAD_STORE: Readonly<Record<string, LoadStore>> = {
  str: { load: false, reg16: 0x5000, imm16: 0x6000, scale: 2, op32: 0xf8400000 },
  strh: { load: false, reg16: 0x5200, imm16: 0x8000, scale: 1, op32: 0xf8200000 },
  strb: { load: false, reg16: 0x5400, imm16: 0x7000, scale: 0, op32: 0xf8000000 },
  ldrsb: { load: true, reg16: 0x5600, scale: 0, op32: 0xf9100000 },
  ldr: { load: true, reg16: 0x5800, imm16: 0x6800, scale: 2, op32: 0xf8500000 },
  ldrh: { load: true, reg16: 0x5a00, imm16: 0x8800, scale: 1, op32: 0xf8300000 },
  ldrb: { load: true, reg16: 0x5c00, imm16: 0x7800, scale: 0, op32: 0xf8100000 },
  ldrsh: { load: true, reg16: 0x5e00, scale: 1, op32: 0xf9300000 },
};

/** The Thumb pc value an instruction at `address` uses for pc-relative loads and ADR. */
function alignedPc(address: number): number {
  return (address + 4) & ~3;
}

type NarrowKind = 'pc' | 'sp' | 'low';

/** LDR, STR, LDRB, STRB, LDRH, STRH, LDRSB, LDRSH. */
export function loadStore(ins: Ins): EncodeResult {
  expectCount(ins, 2, 2, 'Rt, [Rn, #offset] / Rt, [Rn, Rm] / Rt, label / Rt, =value');
  const spec = LOAD_STORE[ins.name]!;
  const rt = reg(ins, 0);
  if (rt === PC && ins.name !== 'ldr') throw badOperands(`pc cannot be the register of ${ins.name}`, opAt(ins, 0));
  if (rt === SP && spec.scale < 2) throw badOperands(`sp cannot be the register of ${ins.name}`, opAt(ins, 0));
  const op = ins.ops[1]!;
  if (op.kind === 'literal') {
    if (ins.name !== 'ldr') throw badOperands('only ldr can load a =value from the literal pool', op.at);
    return literalLoad(ins, rt);
  }
  if (op.kind === 'imm' && op.part === undefined) {
    if (!spec.load) throw badOperands('a store cannot use a pc-relative label address', op.at);
    const target = ins.env.target(op.expr);
    return labelLoad(ins, spec, rt, target.address, target);
  }
  if (op.kind !== 'mem') throw badOperands('operand 2 must be an address such as [r1, #4]', op.at);
  const mem = op;
  const offsetValue = mem.offset === undefined ? 0 : ins.env.value(mem.offset);
  const negativeZero = mem.negativeZero === true && offsetValue === 0;
  if (
    mem.writeback !== true &&
    mem.indexShift === undefined &&
    mem.postIndex !== true &&
    !negativeZero &&
    mem.subtractIndex !== true &&
    rt <= 7 &&
    ins.sizeReq !== 4
  ) {
    const rn = mem.base;
    if (mem.index !== undefined) {
      if (rn <= 7 && mem.index <= 7) return t16(spec.reg16 | rt | (rn << 3) | (mem.index << 6));
      if (ins.name !== 'ldr' && ins.name !== 'str') rejectSpPc(ins, mem.index, 1);
    } else if (
      (rn <= 7 && spec.imm16 !== undefined) ||
      ((rn === PC || rn === SP) && ins.name === 'ldr') ||
      (rn === SP && ins.name === 'str')
    ) {
      const kind: NarrowKind = rn === PC ? 'pc' : rn === SP ? 'sp' : 'low';
      return narrowOffset(ins, spec, kind, rt, rn, mem, offsetValue);
    }
  }
  return wideLoadStore(ins, spec, rt, mem, offsetValue);
}

/** The 16-bit immediate-offset form, relaxed or fixed up as GNU as does. */
function narrowOffset(
  ins: Ins,
  spec: LoadStore,
  kind: NarrowKind,
  rt: number,
  rn: number,
  mem: MemOperand,
  value: number,
): EncodeResult {
  const scale = kind === 'low' ? spec.scale : 2;
  const limit = (kind === 'low' ? 31 : 255) << scale;
  // Plain functions, not closures: this runs for every load and store on every layout pass.
  if (relaxable(ins)) {
    if (!ins.env.wide) {
      if (ins.env.assumeFits) return encodeNarrow(spec, kind, rt, rn, scale, 0);
      const constant = mem.offset === undefined || ins.env.isConstant(mem.offset);
      if (constant && fitsNarrow(value, limit, scale)) return encodeNarrow(spec, kind, rt, rn, scale, value);
      return GROW;
    }
    return wideLoadStore(ins, spec, rt, mem, value);
  }
  if (!fitsNarrow(value, limit, scale)) {
    const base = kind === 'pc' ? 'pc' : kind === 'sp' ? 'sp' : registerName(rn);
    const step = 1 << scale;
    throw outOfRange(
      `${ins.name} from ${base} takes an offset of 0 to ${limit}${step > 1 ? ` in steps of ${step}` : ''}, not ${show(value)}`,
      mem.offset?.at ?? mem.at,
    );
  }
  return encodeNarrow(spec, kind, rt, rn, scale, value);
}

function fitsNarrow(v: number, limit: number, scale: number): boolean {
  return Number.isInteger(v) && v >= 0 && v <= limit && (v & ((1 << scale) - 1)) === 0;
}

function encodeNarrow(
  spec: LoadStore,
  kind: NarrowKind,
  rt: number,
  rn: number,
  scale: number,
  v: number,
): EncodeResult {
  return kind === 'low'
    ? t16(spec.imm16! | rt | (rn << 3) | ((v >> scale) << 6))
    : t16((kind === 'pc' ? 0x4800 : spec.load ? 0x9800 : 0x9000) | (rt << 8) | (v >> 2));
}

function wideLoadStore(ins: Ins, spec: LoadStore, rt: number, mem: MemOperand, value: number): EncodeResult {
  const rn = mem.base;
  const at = mem.offset?.at ?? mem.at;
  if (mem.index !== undefined) rejectSpPc(ins, mem.index, 1);
  if (mem.writeback === true && rt === rn) {
    throw badOperands(`${registerName(rt)} cannot be both loaded or stored and the written-back base`, mem.at);
  }
  const base = spec.op32 | (rt << 12);
  if (mem.index !== undefined) {
    if (rn === PC) throw badOperands('pc cannot be the base of a register offset', mem.at);
    if (mem.subtractIndex === true) throw badOperands('Thumb has no negative register offset', mem.at);
    if (mem.postIndex === true) throw badOperands('Thumb has no register post-index', mem.at);
    if (mem.writeback === true) throw badOperands('Thumb has no register offset with writeback', mem.at);
    let amount = 0;
    if (mem.indexShift !== undefined) {
      if (mem.indexShift.kind !== 'lsl' || mem.indexShift.amount === undefined) {
        throw badOperands('a register offset can only be shifted by lsl #0 to #3', mem.indexShift.at);
      }
      amount = ins.env.value(mem.indexShift.amount);
      if (!Number.isInteger(amount) || amount < 0 || amount > 3) {
        throw outOfRange(`a register offset shift takes lsl #0 to #3, not ${show(amount)}`, mem.indexShift.at);
      }
    }
    return wide(ins, base | (rn << 16) | (amount << 4) | mem.index);
  }
  if (!Number.isInteger(value)) throw outOfRange(`${show(value)} is not a whole number`, at);
  if (mem.postIndex !== true) {
    if (rn === PC) {
      if (mem.writeback === true) throw badOperands('pc-relative addressing cannot write back', mem.at);
      if (!spec.load) throw badOperands('a store cannot be pc-relative', mem.at);
      if (rt === PC && (value & 3) !== 0) throw outOfRange('a load into pc needs a word-aligned offset', at);
      return wide(ins, pcRelative(base, value, at));
    }
    if (mem.writeback !== true) {
      if (value >= 0 && value <= 0xfff) return wide(ins, base | 0x00800000 | (rn << 16) | value);
      if (value < 0 && value >= -255) return wide(ins, base | 0xc00 | (rn << 16) | -value);
      throw outOfRange(`${ins.name} takes an offset of -255 to 4095, not ${show(value)}`, at);
    }
    if (value < -255 || value > 255)
      throw outOfRange(`an offset with writeback takes -255 to 255, not ${show(value)}`, at);
    return wide(ins, base | 0xd00 | (value >= 0 ? 0x200 : 0) | (rn << 16) | Math.abs(value));
  }
  if (rn === PC) throw badOperands('pc cannot be post-indexed', mem.at);
  if (value < -255 || value > 255) throw outOfRange(`a post-index takes -255 to 255, not ${show(value)}`, at);
  return wide(ins, base | 0x900 | (value >= 0 ? 0x200 : 0) | (rn << 16) | Math.abs(value));
}

/** The 32-bit pc-relative (literal) form: base register 15, U bit, 12-bit offset. */
function pcRelative(op32: number, offset: number, at: number | undefined): number {
  if (!Number.isInteger(offset) || offset < -4095 || offset > 4095) {
    throw outOfRange(`a pc-relative load reaches -4095 to 4095 bytes, not ${show(offset)}`, at);
  }
  return (op32 | 0x000f0000 | (offset >= 0 ? 0x00800000 : 0) | Math.abs(offset)) >>> 0;
}

/** `ldr Rt, label` and friends. `target` is where to load from. */
function labelLoad(
  ins: Ins,
  spec: LoadStore,
  rt: number,
  address: number,
  target: { constant: boolean; sameSection: boolean; thumbFunction: boolean },
  at = opAt(ins, 1),
  pooled = false,
): EncodeResult {
  const offset = address - alignedPc(ins.env.address);
  if (ins.name === 'ldr' && rt <= 7 && ins.sizeReq !== 4) {
    const fits = offset >= 0 && offset <= 1020 && (offset & 3) === 0;
    if (relaxable(ins)) {
      if (!ins.env.wide) {
        if (ins.env.assumeFits) return t16(0x4800 | (rt << 8));
        if (!target.constant && target.sameSection && !target.thumbFunction && (address & 3) === 0 && fits) {
          return t16(0x4800 | (rt << 8) | (offset >> 2));
        }
        return GROW;
      }
    } else {
      if ((address & 3) !== 0)
        throw outOfRange(`ldr from a label needs a word-aligned label; add .balign 4 before it`, at);
      if (!fits) {
        throw outOfRange(
          pooled
            ? `the literal pool is ${show(offset)} bytes from this ldr, which reaches 0 to 1020 bytes forward: put a .ltorg closer (after a return or an unconditional branch)`
            : `the label is ${show(offset)} bytes from this ldr, which reaches 0 to 1020 bytes forward`,
          at,
        );
      }
      return t16(0x4800 | (rt << 8) | (offset >> 2));
    }
  }
  return wide(ins, pcRelative(spec.op32 | (rt << 12), offset, at));
}

/** `ldr Rt, =value`: a move on v7m when the value allows it, else a load from the literal pool. */
function literalLoad(ins: Ins, rt: number): EncodeResult {
  const op = ins.ops[1] as { expr: Expr; at?: number };
  const value = ins.env.value(op.expr);
  const move = ins.env.pooled ? undefined : literalMove(ins.env.cpu, true, value);
  // GNU as keeps movw even for ldr.n (only the mov.w/mvn.w choice respects the width).
  if (move === 'movw') return t32(placeImm16(0xf2400000 | (rt << 8), value));
  if (move === 'modified') return wide(ins, dataImmediate(DataOp.Orr, false, rt, 15, value, { at: op.at }));
  const address = ins.env.literalAddress();
  return labelLoad(
    ins,
    LOAD_STORE.ldr!,
    rt,
    address,
    { constant: false, sameSection: true, thumbFunction: false },
    op.at,
    true,
  );
}

/** GNU as turns `ldr rX, =constant` into mov.w or mvn.w, or movw, when the core has them. */
export function literalMove(cpu: string, constant: boolean, value: number): 'modified' | 'movw' | undefined {
  if (cpu !== 'v7m' || !constant) return undefined;
  if (!Number.isInteger(value) || value < -0x80000000 || value > 0xffffffff) return undefined;
  if (modifiedImmediate(value) >= 0 || modifiedImmediate(~value) >= 0) return 'modified';
  return value >= 0 && value <= 0xffff ? 'movw' : undefined;
}

/** LDRD and STRD: Rt, Rt2, [Rn, #±imm8*4]{!} or [Rn], #±imm8*4. */
export function loadStoreDouble(ins: Ins): EncodeResult {
  expectCount(ins, 2, 3, 'Rt, Rt2, [Rn, #offset]');
  const rt = reg(ins, 0);
  let rt2: number;
  if (ins.ops.length === 3) rt2 = reg(ins, 1);
  else {
    if (rt === LR) throw badOperands('r14 cannot be the first register when the second is left out', opAt(ins, 0));
    if (rt === 12) throw badOperands('r12 cannot be the first register when the second is left out', opAt(ins, 0));
    rt2 = rt + 1;
  }
  const memIndex = ins.ops.length - 1;
  const op = ins.ops[memIndex]!;
  if (op.kind !== 'mem') throw badOperands(`operand ${memIndex + 1} must be an address such as [r2, #8]`, op.at);
  if (op.index !== undefined) throw badOperands(`${ins.name} cannot use a register offset`, op.at);
  const load = ins.name === 'ldrd';
  let bits = (load ? 0xe8500000 : 0xe8400000) | (rt << 12) | (rt2 << 8) | (op.base << 16);
  if (op.postIndex === true) {
    if (op.base === PC) throw badOperands('pc cannot be post-indexed', op.at);
    bits |= 0x00200000;
  } else {
    if (op.base === PC && op.writeback === true) throw badOperands('pc-relative addressing cannot write back', op.at);
    if (op.base === PC && !load) throw badOperands('a store cannot be pc-relative', op.at);
    bits |= 0x01000000;
    if (op.writeback === true) bits |= 0x00200000;
  }
  const value = op.offset === undefined ? 0 : ins.env.value(op.offset);
  const at = op.offset?.at ?? op.at;
  if (!Number.isInteger(value) || (value & 3) !== 0 || value < -1020 || value > 1020) {
    throw outOfRange(`${ins.name} takes an offset of -1020 to 1020 in steps of 4, not ${show(value)}`, at);
  }
  if (value >= 0) bits |= 0x00800000;
  return wide(ins, bits | (Math.abs(value) >> 2));
}

const MULTIPLE: Readonly<Record<string, { op32: number; increment: boolean; load: boolean }>> = {
  ldmia: { op32: 0xe8900000, increment: true, load: true },
  stmia: { op32: 0xe8800000, increment: true, load: false },
  ldmdb: { op32: 0xe9100000, increment: false, load: true },
  stmdb: { op32: 0xe9000000, increment: false, load: false },
};

function single(mask: number): number {
  return mask !== 0 && (mask & (mask - 1)) === 0 ? 31 - Math.clz32(mask) : -1;
}

/** LDM/STM (IA and DB) with their 16-bit forms and GNU as's single-register rewrites. */
export function loadStoreMultiple(ins: Ins): EncodeResult {
  expectCount(ins, 2, 2, 'Rn{!}, {registers}');
  const baseOp = ins.ops[0]!;
  if (baseOp.kind !== 'reg') {
    throw new EncodeError('expecting-register', 'operand 1 must be the base register', baseOp.at);
  }
  const rn = baseOp.reg;
  const writeback = baseOp.writeback === true;
  const list = ins.ops[1]!;
  if (list.kind !== 'regs') throw badOperands('operand 2 must be a register list such as {r0, r1}', list.at);
  const mask = list.mask;
  const spec = MULTIPLE[ins.name]!;
  const one = single(mask);
  if (spec.increment && ins.sizeReq !== 4 && (mask & ~0xff) === 0) {
    if (rn <= 7) {
      const inList = (mask & (1 << rn)) !== 0;
      if (spec.load ? writeback === !inList : writeback) {
        return t16((spec.load ? 0xc800 : 0xc000) | (rn << 8) | mask);
      }
      if (one >= 0) {
        if (inList && writeback) {
          throw badOperands('the base register cannot be in the list when it is written back', list.at);
        }
        return t16((spec.load ? 0x6800 : 0x6000) | (rn << 3) | one);
      }
    } else if (rn === SP) {
      if (writeback) return t16((spec.load ? 0xbc00 : 0xb400) | mask);
      if (one >= 0) return t16((spec.load ? 0x9800 : 0x9000) | (one << 8));
    }
  }
  if (ins.sizeReq === 2) throw cannotNarrow(ins);
  return wide(ins, multiple32(ins, spec.op32, rn, mask, writeback, list.at));
}

/** The 32-bit LDM/STM (or LDR/STR for a single register), as GNU as's encode_thumb2_ldmstm. */
function multiple32(ins: Ins, op32: number, rn: number, mask: number, writeback: boolean, at?: number): number {
  const load = (op32 & (1 << 20)) !== 0;
  if ((mask & (1 << SP)) !== 0) throw badOperands('sp cannot be in the register list', at);
  if ((mask & (1 << rn)) !== 0 && writeback) {
    throw badOperands('the base register cannot be in the list when it is written back', at);
  }
  if (load) {
    if ((mask & (1 << PC)) !== 0 && (mask & (1 << LR)) !== 0) {
      throw badOperands('lr and pc cannot both be in the register list', at);
    }
  } else if ((mask & (1 << PC)) !== 0) throw badOperands('pc cannot be in the register list of a store', at);
  if (mask === 0) throw badOperands('the register list is empty', at);
  const one = single(mask);
  if (one >= 0) {
    const increment = (op32 & 0x00800000) !== 0;
    let bits: number;
    if (writeback) bits = increment ? 0x00000b04 : 0x00000d04;
    else bits = increment ? 0x00800000 : 0x00000c04;
    return (0xf8400000 | bits | (load ? 0x00100000 : 0) | (one << 12) | (rn << 16)) >>> 0;
  }
  void ins;
  return (op32 | (writeback ? 0x00200000 : 0) | mask | (rn << 16)) >>> 0;
}

/** PUSH and POP. */
export function pushPop(ins: Ins): EncodeResult {
  expectCount(ins, 1, 1, '{registers}');
  const list = ins.ops[0]!;
  if (list.kind !== 'regs') throw badOperands('push and pop take a register list such as {r4, lr}', list.at);
  const push = ins.name === 'push';
  const mask = list.mask;
  if (ins.sizeReq !== 4 && (mask & ~0xff) === 0) return t16((push ? 0xb400 : 0xbc00) | mask);
  if (ins.sizeReq !== 4 && (mask & ~0xff) === 1 << (push ? LR : PC)) {
    return t16((push ? 0xb500 : 0xbd00) | (mask & 0xff));
  }
  if (ins.sizeReq === 2) {
    if (ins.env.cpu === 'v6m') {
      throw new EncodeError(
        'unsupported-on-cpu',
        `the Cortex-M0 (v6m) can only ${ins.name} r0 to r7${push ? ' and lr' : ' and pc'}; move high registers through a low one first`,
        list.at,
      );
    }
    throw cannotNarrow(ins);
  }
  return wide(ins, multiple32(ins, push ? 0xe9000000 : 0xe8900000, SP, mask, true, list.at));
}

/** ADR Rd, label. */
export function adr(ins: Ins): EncodeResult {
  expectCount(ins, 2, 2, 'Rd, label');
  const rd = reg(ins, 0);
  rejectSpPc(ins, rd, 0);
  const op = ins.ops[1]!;
  if (op.kind !== 'imm' || op.part !== undefined) throw badOperands('operand 2 must be a label', op.at);
  const target = ins.env.target(op.expr);
  const address = ins.env.dataValue(op.expr);
  const offset = address - alignedPc(ins.env.address);
  const narrowFits = offset >= 0 && offset <= 1020 && (offset & 3) === 0;
  if (ins.sizeReq === 0 && rd <= 7) {
    if (!ins.env.wide) {
      if (ins.env.assumeFits) return t16(0xa000 | (rd << 8));
      if (!target.constant && target.sameSection && !target.thumbFunction && narrowFits) {
        return t16(0xa000 | (rd << 8) | (offset >> 2));
      }
      return GROW;
    }
  } else if (ins.sizeReq === 2) {
    if (rd > 7) throw badOperands('the 16-bit adr needs a low register (r0 to r7)', opAt(ins, 0));
    if (!narrowFits) {
      throw outOfRange(
        `adr reaches a word-aligned label 0 to 1020 bytes forward; this one is ${show(offset)} bytes away`,
        op.at,
      );
    }
    return t16(0xa000 | (rd << 8) | (offset >> 2));
  }
  if (offset < -4095 || offset > 4095) throw outOfRange(`adr reaches -4095 to 4095 bytes, not ${show(offset)}`, op.at);
  return wide(ins, placeImm12((offset >= 0 ? 0xf20f0000 : 0xf2af0000) | (rd << 8), Math.abs(offset)));
}
