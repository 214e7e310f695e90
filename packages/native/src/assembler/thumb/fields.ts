// Bit-level helpers shared by the Thumb encoders: the Thumb-2 modified immediate, shifted
// register operands, and how GNU as fits a data-processing immediate (flipping add/sub, and/bic,
// orr/orn, adc/sbc, mov/mvn, cmp/cmn, and falling back to addw/subw or movw), so that our choices
// are byte-identical to `arm-none-eabi-as`.
import { EncodeError } from '../errors.ts';
import type { Shift } from '../types.ts';

export interface Encoded {
  readonly size: 2 | 4;
  /** A halfword, or for 32-bit encodings the first halfword in bits 31-16. */
  readonly bits: number;
}

export function t16(bits: number): Encoded {
  return { size: 2, bits: bits & 0xffff };
}

export function t32(bits: number): Encoded {
  return { size: 4, bits: bits >>> 0 };
}

/** The 12-bit i:imm3:imm8 field for `value` as a Thumb-2 modified immediate, or -1. */
export function modifiedImmediate(value: number): number {
  const v = value >>> 0;
  if (v <= 0xff) return v;
  const lo = v & 0xff;
  if ((v & 0xff00ff00) === 0 && v === ((lo << 16) | lo) >>> 0) return 0x100 | lo;
  const hi = (v >>> 8) & 0xff;
  if ((v & 0x00ff00ff) === 0 && v === ((hi << 24) | (hi << 8)) >>> 0) return 0x200 | hi;
  if (v === ((lo << 24) | (lo << 16) | (lo << 8) | lo) >>> 0) return 0x300 | lo;
  // An 8-bit value 1bcdefgh rotated right by 8..31.
  for (let rot = 8; rot < 32; rot++) {
    const unrotated = ((v << rot) | (v >>> (32 - rot))) >>> 0;
    if (unrotated <= 0xff && unrotated >= 0x80) return (rot << 7) | (unrotated & 0x7f);
  }
  return -1;
}

/** Places a 12-bit i:imm3:imm8 field into a 32-bit Thumb-2 instruction. */
export function placeImm12(bits: number, imm12: number): number {
  return (bits | ((imm12 & 0x800) << 15) | ((imm12 & 0x700) << 4) | (imm12 & 0xff)) >>> 0;
}

/** Places a 16-bit immediate as MOVW/MOVT do (imm4:i:imm3:imm8). */
export function placeImm16(bits: number, imm16: number): number {
  return (bits | ((imm16 & 0xf000) << 4) | ((imm16 & 0x0800) << 15) | ((imm16 & 0x0700) << 4) | (imm16 & 0xff)) >>> 0;
}

export const enum DataOp {
  And = 0,
  Bic = 1,
  Orr = 2,
  Orn = 3,
  Eor = 4,
  Add = 8,
  Adc = 10,
  Sbc = 11,
  Sub = 13,
  Rsb = 14,
}

/** A 32-bit data-processing instruction with a register operand (shift added separately). */
export function dataRegister(op: DataOp, s: boolean, rd: number, rn: number, rm: number): number {
  return (0xea000000 | (op << 21) | (s ? 1 << 20 : 0) | (rn << 16) | (rd << 8) | rm) >>> 0;
}

/** Range of a 32-bit value: signed or unsigned 32-bit, as instructions take them. */
function fits32(value: number): boolean {
  return Number.isInteger(value) && value >= -0x80000000 && value <= 0xffffffff;
}

/**
 * A 32-bit data-processing instruction with an immediate, fitted the way GNU as does:
 * the modified immediate; else the complementary instruction with the negated or inverted value;
 * else (`plain12`) ADDW/SUBW; else (`movw`) MOVW for MOV. Throws when nothing fits.
 */
export function dataImmediate(
  op: DataOp,
  s: boolean,
  rd: number,
  rn: number,
  value: number,
  fallback: { plain12?: boolean; movw?: boolean; at?: number; what?: string } = {},
): number {
  const what = fallback.what ?? 'this instruction';
  if (!fits32(value)) throw outOfRange(`${show(value)} does not fit in 32 bits`, fallback.at);
  const base = (0xf0000000 | (s ? 1 << 20 : 0) | (rn << 16) | (rd << 8)) >>> 0;
  let imm = modifiedImmediate(value);
  if (imm >= 0) return placeImm12(base | (op << 21), imm);
  const flipped = flipDataOp(op, rd, value);
  if (flipped !== undefined) {
    imm = modifiedImmediate(flipped.value);
    if (imm >= 0) return placeImm12(base | (flipped.op << 21), imm);
  }
  if (fallback.plain12 === true && !s && (op === DataOp.Add || op === DataOp.Sub)) {
    let v = value;
    let sub = op === DataOp.Sub;
    if (v < 0) {
      v = -v;
      sub = !sub;
    }
    if (v <= 0xfff) return placeImm12((sub ? 0xf2a00000 : 0xf2000000) | (rn << 16) | (rd << 8), v);
  }
  if (fallback.movw === true && !s && op === DataOp.Orr && rn === 15 && value >= 0 && value <= 0xffff) {
    return placeImm16(0xf2400000 | (rd << 8), value);
  }
  const range =
    fallback.plain12 === true
      ? 'a Thumb-2 modified constant (an 8-bit value shifted, or a repeated byte pattern) or 0 to 4095'
      : fallback.movw === true
        ? 'a Thumb-2 modified constant (an 8-bit value shifted, or a repeated byte pattern) or 0 to 65535'
        : 'a Thumb-2 modified constant: an 8-bit value shifted left, or a repeated byte pattern';
  throw outOfRange(`${show(value)} cannot be encoded in ${what}; it needs ${range}`, fallback.at);
}

/** GNU as's complementary instruction for an immediate that does not encode, or undefined. */
function flipDataOp(op: DataOp, rd: number, value: number): { op: DataOp; value: number } | undefined {
  const inverted = ~value >>> 0;
  const negated = -value >>> 0;
  switch (op) {
    case DataOp.And:
      return rd === 15 ? undefined : { op: DataOp.Bic, value: inverted };
    case DataOp.Bic:
      return { op: DataOp.And, value: inverted };
    case DataOp.Orr:
      return { op: DataOp.Orn, value: inverted };
    case DataOp.Orn:
      return { op: DataOp.Orr, value: inverted };
    case DataOp.Add:
      return { op: DataOp.Sub, value: negated };
    case DataOp.Sub:
      return { op: DataOp.Add, value: negated };
    case DataOp.Adc:
      return { op: DataOp.Sbc, value: inverted };
    case DataOp.Sbc:
      return { op: DataOp.Adc, value: inverted };
    default:
      return undefined;
  }
}

/** The Thumb-2 shifted-register field (type and imm5) for `shift` with `amount`. */
export function shiftField(shift: Shift | undefined, amount: number): number {
  if (shift === undefined) return 0;
  if (shift.kind === 'rrx') return 3 << 4;
  let kind = shift.kind;
  let n = amount;
  if (!Number.isInteger(n) || n < 0 || n > 32 || (n === 32 && (kind === 'lsl' || kind === 'ror'))) {
    throw outOfRange(
      `a ${kind} shift takes ${kind === 'lsl' ? '0 to 31' : kind === 'ror' ? '0 to 31' : '1 to 32'}, not ${show(amount)}`,
      shift.at,
    );
  }
  if (n === 0) kind = 'lsl';
  else if (n === 32) n = 0;
  const type = kind === 'lsl' ? 0 : kind === 'lsr' ? 1 : kind === 'asr' ? 2 : 3;
  return (type << 4) | ((n & 3) << 6) | ((n & 0x1c) << 10);
}

export function outOfRange(detail: string, at?: number): EncodeError {
  return new EncodeError('out-of-range', detail, at);
}

export function badOperands(detail: string, at?: number): EncodeError {
  return new EncodeError('bad-operands', detail, at);
}

/** A number as a learner wrote it: small ones in decimal, large ones in hex too. */
export function show(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) < 4096) return String(value);
  return value < 0 ? `-0x${(-value).toString(16)}` : `0x${value.toString(16)}`;
}
