// Branches: B (conditional and not, narrow and wide, relaxed), BL, BX, BLX, CBZ/CBNZ, TBB/TBH
// and the IT instruction's encoding.
import { EncodeError } from '../errors.ts';
import { COND_ALWAYS, PC, SP } from '../names.ts';
import {
  GROW,
  type EncodeResult,
  type Ins,
  expectCount,
  immExpr,
  opAt,
  reg,
  rejectSpPc,
  relaxable,
  wide,
} from './context.ts';
import { badOperands, outOfRange, show, t16 } from './fields.ts';

/**
 * Branch offset from an instruction at `address` (the Thumb pc is 4 ahead). Bit 0 of the target
 * is dropped, as the linker does: addresses of Thumb functions (e.g. from the runtime's function
 * table) carry it.
 */
function offsetTo(address: number, target: number): number {
  return target - (((target % 2) + 2) % 2) - (address + 4);
}

/** The 32-bit B.W / BL offset fields (S, J1, J2, imm10, imm11). */
function branch24(offset: number): number {
  const s = offset < 0 ? 1 : 0;
  const imm = (offset >> 1) & 0xffffff;
  const i1 = (imm >> 22) & 1;
  const i2 = (imm >> 21) & 1;
  const j1 = (~(i1 ^ s) & 1) << 13;
  const j2 = (~(i2 ^ s) & 1) << 11;
  return ((s << 26) | (((imm >> 11) & 0x3ff) << 16) | j1 | j2 | (imm & 0x7ff)) >>> 0;
}

/** The 32-bit conditional branch offset fields (S, J2, J1, imm6, imm11). */
function branch20(offset: number): number {
  const s = offset < 0 ? 1 : 0;
  const imm = (offset >> 1) & 0xfffff;
  const j2 = ((imm >> 18) & 1) << 11;
  const j1 = ((imm >> 17) & 1) << 13;
  return ((s << 26) | (((imm >> 11) & 0x3f) << 16) | j1 | j2 | (imm & 0x7ff)) >>> 0;
}

/** B and B<cond>. */
export function branch(ins: Ins): EncodeResult {
  expectCount(ins, 1, 1, 'label');
  const expr = immExpr(ins, 0);
  const at = opAt(ins, 0);
  const target = ins.env.target(expr);
  const cond = ins.env.inIt ? COND_ALWAYS : ins.cond;
  const offset = offsetTo(ins.env.address, target.address);
  const wantWide = ins.sizeReq === 4 || (ins.sizeReq === 0 && (target.constant || ins.env.wide));
  if (wantWide) return wideBranch(ins, cond, offset, at);
  const limit = cond === COND_ALWAYS ? 2048 : 256;
  const fits = offset >= -limit && offset < limit;
  if (relaxable(ins)) {
    if (ins.env.assumeFits) return narrowBranch(cond, 0);
    if (target.sameSection && fits) {
      return narrowBranch(cond, offset);
    }
    return GROW;
  }
  if (!fits) {
    throw outOfRange(
      `the target is ${show(offset)} bytes away; ${cond === COND_ALWAYS ? 'b' : 'a conditional b'} reaches -${limit} to ${limit - 2}${
        ins.env.cpu === 'v6m'
          ? cond === COND_ALWAYS
            ? ' (use bl for longer jumps)'
            : ' (branch over an unconditional b)'
          : ''
      }`,
      at,
    );
  }
  return narrowBranch(cond, offset);
}

function narrowBranch(cond: number, offset: number): EncodeResult {
  if (cond === COND_ALWAYS) return t16(0xe000 | ((offset >> 1) & 0x7ff));
  return t16(0xd000 | (cond << 8) | ((offset >> 1) & 0xff));
}

function wideBranch(ins: Ins, cond: number, offset: number, at: number | undefined): EncodeResult {
  if (ins.env.cpu === 'v6m') {
    throw new EncodeError('unsupported-on-cpu', 'the Cortex-M0 (v6m) has no 32-bit b.w; use b or bl', ins.at);
  }
  if (cond === COND_ALWAYS) {
    if (offset < -16777216 || offset > 16777214) throw outOfRange(`b.w reaches ±16 MB, not ${show(offset)} bytes`, at);
    return wide(ins, 0xf0009000 | branch24(offset));
  }
  if (offset < -1048576 || offset > 1048574)
    throw outOfRange(`a conditional b.w reaches ±1 MB, not ${show(offset)} bytes`, at);
  return wide(ins, 0xf0008000 | (cond << 22) | branch20(offset));
}

/** BL label. */
export function branchLink(ins: Ins): EncodeResult {
  expectCount(ins, 1, 1, 'label');
  const at = opAt(ins, 0);
  const target = ins.env.target(immExpr(ins, 0));
  const offset = offsetTo(ins.env.address, target.address);
  if (!ins.env.estimating) {
    if (offset < -16777216 || offset > 16777214) throw outOfRange(`bl reaches ±16 MB, not ${show(offset)} bytes`, at);
  }
  return { size: 4, bits: (0xf000d000 | branch24(offset)) >>> 0 };
}

/** BX Rm and BLX Rm. */
export function branchExchange(ins: Ins): EncodeResult {
  expectCount(ins, 1, 1, 'Rm');
  const op = ins.ops[0]!;
  if (op.kind !== 'reg') {
    if (ins.name === 'blx') {
      throw badOperands('blx to a label switches to ARM state, which Cortex-M cores do not have: use bl', op.at);
    }
    throw new EncodeError('expecting-register', 'bx takes a register such as lr', op.at);
  }
  const rm = reg(ins, 0);
  if (ins.name === 'blx' && rm === PC) throw badOperands('blx pc is not allowed', op.at);
  if (ins.sizeReq === 4) throw badOperands(`${ins.name} has no 32-bit encoding`, ins.at);
  return t16((ins.name === 'blx' ? 0x4780 : 0x4700) | (rm << 3));
}

/** CBZ and CBNZ: a forward branch of 0 to 126 bytes on a low register being zero / not zero. */
export function compareBranch(ins: Ins): EncodeResult {
  expectCount(ins, 2, 2, 'Rn, label');
  const rn = reg(ins, 0);
  if (rn > 7) throw badOperands(`${ins.name} needs a low register (r0 to r7)`, opAt(ins, 0));
  if (ins.sizeReq === 4) throw badOperands(`${ins.name} has no 32-bit encoding`, ins.at);
  const at = opAt(ins, 1);
  const offset = offsetTo(ins.env.address, ins.env.target(immExpr(ins, 1)).address);
  // GNU as turns a branch to the very next instruction into a NOP.
  if (offset === -2 && !ins.env.estimating) return t16(0xbf00);
  if (!ins.env.estimating) {
    if (offset < 0 || offset > 126) {
      throw outOfRange(
        `${ins.name} only branches forward, 0 to 126 bytes, and the target is ${show(offset)} bytes away; use cmp and b${'eq'} instead`,
        at,
      );
    }
  }
  const o = Math.max(0, Math.min(126, offset));
  return t16((ins.name === 'cbz' ? 0xb100 : 0xb900) | ((o & 0x40) << 3) | ((o & 0x3e) << 2) | rn);
}

/** TBB [Rn, Rm] and TBH [Rn, Rm, lsl #1]. */
export function tableBranch(ins: Ins): EncodeResult {
  expectCount(ins, 1, 1, '[Rn, Rm]');
  const op = ins.ops[0]!;
  if (op.kind !== 'mem' || op.index === undefined || op.offset !== undefined) {
    throw badOperands(`${ins.name} takes [Rn, Rm]${ins.name === 'tbh' ? ', lsl #1' : ''}`, op.at);
  }
  if (op.writeback === true || op.postIndex === true || op.subtractIndex === true) {
    throw badOperands(`${ins.name} takes a plain [Rn, Rm]`, op.at);
  }
  const half = ins.name === 'tbh';
  if (op.base === SP) throw badOperands('sp cannot be the table base', op.at);
  rejectSpPc(ins, op.index, 0);
  if (op.indexShift !== undefined) {
    const amount = op.indexShift.amount === undefined ? -1 : ins.env.value(op.indexShift.amount);
    if (!half) throw badOperands('tbb does not shift its index', op.indexShift.at);
    if (op.indexShift.kind !== 'lsl' || amount !== 1)
      throw badOperands('tbh shifts its index by lsl #1', op.indexShift.at);
  }
  return wide(ins, 0xe8d0f000 | (half ? 0x10 : 0) | (op.base << 16) | op.index);
}

/** IT and its forms: the mask from the then/else pattern and the first condition. */
export function itInstruction(cond: number, pattern: string): number {
  const low = cond & 1;
  let mask = 0;
  let bit = 3;
  for (const ch of pattern) {
    mask |= (ch === 't' ? low : low ^ 1) << bit;
    bit--;
  }
  mask |= 1 << bit;
  return 0xbf00 | (cond << 4) | mask;
}
