// The number formats of spec 002 §9 with MakeCode's NumberFormat values (a fact of the
// micro:bit API): 8, 16 and 32-bit signed or unsigned integers and 32/64-bit floats, little or
// big endian. An unknown format is the runtime error "bad format".

import { RuntimeError, runtimeMessages } from '../errors/runtime-error.ts';

export const NumberFormat = {
  Int8LE: 1,
  UInt8LE: 2,
  Int16LE: 3,
  UInt16LE: 4,
  Int32LE: 5,
  Int8BE: 6,
  UInt8BE: 7,
  Int16BE: 8,
  UInt16BE: 9,
  Int32BE: 10,
  UInt32LE: 11,
  UInt32BE: 12,
  Float32LE: 13,
  Float64LE: 14,
  Float32BE: 15,
  Float64BE: 16,
} as const;

export type NumberFormatName = keyof typeof NumberFormat;

export interface FormatInfo {
  size: 1 | 2 | 4 | 8;
  kind: 'int' | 'uint' | 'float';
  littleEndian: boolean;
}

const formats = new Map<number, FormatInfo>([
  [NumberFormat.Int8LE, { size: 1, kind: 'int', littleEndian: true }],
  [NumberFormat.UInt8LE, { size: 1, kind: 'uint', littleEndian: true }],
  [NumberFormat.Int16LE, { size: 2, kind: 'int', littleEndian: true }],
  [NumberFormat.UInt16LE, { size: 2, kind: 'uint', littleEndian: true }],
  [NumberFormat.Int32LE, { size: 4, kind: 'int', littleEndian: true }],
  [NumberFormat.Int8BE, { size: 1, kind: 'int', littleEndian: false }],
  [NumberFormat.UInt8BE, { size: 1, kind: 'uint', littleEndian: false }],
  [NumberFormat.Int16BE, { size: 2, kind: 'int', littleEndian: false }],
  [NumberFormat.UInt16BE, { size: 2, kind: 'uint', littleEndian: false }],
  [NumberFormat.Int32BE, { size: 4, kind: 'int', littleEndian: false }],
  [NumberFormat.UInt32LE, { size: 4, kind: 'uint', littleEndian: true }],
  [NumberFormat.UInt32BE, { size: 4, kind: 'uint', littleEndian: false }],
  [NumberFormat.Float32LE, { size: 4, kind: 'float', littleEndian: true }],
  [NumberFormat.Float64LE, { size: 8, kind: 'float', littleEndian: true }],
  [NumberFormat.Float32BE, { size: 4, kind: 'float', littleEndian: false }],
  [NumberFormat.Float64BE, { size: 8, kind: 'float', littleEndian: false }],
]);

/** Size, kind and byte order of `format`; throws "bad format" for anything else. */
export function formatInfo(format: number): FormatInfo {
  const info = formats.get(format);
  if (!info) throw new RuntimeError('bad-format', runtimeMessages.badFormat);
  return info;
}

export function sizeOfFormat(format: number): number {
  return formatInfo(format).size;
}

/** Reads one number; the caller has checked that the bytes are in range. */
export function readFormatted(view: DataView, info: FormatInfo, offset: number): number {
  const le = info.littleEndian;
  switch (info.size) {
    case 1:
      return info.kind === 'int' ? view.getInt8(offset) : view.getUint8(offset);
    case 2:
      return info.kind === 'int' ? view.getInt16(offset, le) : view.getUint16(offset, le);
    case 4:
      if (info.kind === 'float') return view.getFloat32(offset, le);
      return info.kind === 'int' ? view.getInt32(offset, le) : view.getUint32(offset, le);
    case 8:
      return view.getFloat64(offset, le);
  }
}

/** Writes one number: integers wrap like the device's C casts (NaN becomes 0). */
export function writeFormatted(view: DataView, info: FormatInfo, offset: number, value: number): void {
  const le = info.littleEndian;
  if (info.kind === 'float') {
    if (info.size === 4) view.setFloat32(offset, value, le);
    else view.setFloat64(offset, value, le);
    return;
  }
  const int = Number.isFinite(value) ? Math.trunc(value) : 0;
  switch (info.size) {
    case 1:
      view.setUint8(offset, int & 0xff);
      return;
    case 2:
      view.setUint16(offset, int & 0xffff, le);
      return;
    default:
      view.setUint32(offset, int >>> 0, le);
  }
}
