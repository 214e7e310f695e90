// The Buffer of learner programs (MakeCode's `Buffer`): bytes with typed number access in every
// format of spec 002 §9. Reads outside the buffer give 0 and writes outside it are ignored, as on
// the device; writing to a read-only buffer (e.g. a hex literal) is a runtime error.

import { RuntimeError, runtimeMessages } from '../errors/runtime-error.ts';
import type { MemoryBudget } from '../memory/memory-budget.ts';
import { formatInfo, readFormatted, writeFormatted } from './number-format.ts';
import { decodeUtf8, encodeUtf8 } from './utf8.ts';

function toInt(value: number): number {
  return Number.isFinite(value) ? Math.trunc(value) : 0;
}

export class RtBuffer {
  private readonly view: DataView;
  /**
   * The budget of the program that made it (buffers made for learner code): buffers made from
   * it (slice, concat, chunked) are counted there too. Host-internal buffers have none.
   */
  private budget: MemoryBudget | undefined;

  constructor(
    readonly data: Uint8Array,
    private readonly readOnly = false,
  ) {
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  }

  /** A buffer of the program with this budget, entered in its ledger (the size was reserved). */
  static counted(budget: MemoryBudget, data: Uint8Array, readOnly = false): RtBuffer {
    const buffer = new RtBuffer(data, readOnly);
    buffer.budget = budget;
    budget.holdBuffer(buffer, data.byteLength);
    return buffer;
  }

  /** A new buffer derived from `source`'s bytes, counted where `source` is. */
  private static derived(source: RtBuffer | undefined, size: number, fill: (out: Uint8Array) => void): RtBuffer {
    const budget = source?.budget;
    budget?.reserve(size);
    const out = new Uint8Array(size);
    fill(out);
    return budget ? RtBuffer.counted(budget, out) : new RtBuffer(out);
  }

  static create(size: number): RtBuffer {
    return new RtBuffer(new Uint8Array(Math.max(0, toInt(size))));
  }

  static fromHex(hex: string, readOnly = false): RtBuffer {
    const clean = hex.replace(/\s+/g, '');
    const bytes = new Uint8Array(clean.length >> 1);
    for (let i = 0; i < bytes.length; i++) {
      const byte = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
      bytes[i] = Number.isNaN(byte) ? 0 : byte;
    }
    return new RtBuffer(bytes, readOnly);
  }

  static fromUTF8(text: string): RtBuffer {
    return new RtBuffer(encodeUtf8(text));
  }

  static fromArray(bytes: readonly number[]): RtBuffer {
    return new RtBuffer(Uint8Array.from(bytes, (b) => toInt(b) & 0xff));
  }

  static concat(buffers: readonly RtBuffer[]): RtBuffer {
    const total = buffers.reduce((sum, b) => sum + b.length, 0);
    return RtBuffer.derived(
      buffers.find((b) => b.budget),
      total,
      (out) => {
        let at = 0;
        for (const b of buffers) {
          out.set(b.data, at);
          at += b.length;
        }
      },
    );
  }

  get length(): number {
    return this.data.length;
  }

  isReadOnly(): boolean {
    return this.readOnly;
  }

  getNumber(format: number, offset: number): number {
    const info = formatInfo(format);
    const at = toInt(offset);
    if (at < 0 || at + info.size > this.data.length) return 0;
    return readFormatted(this.view, info, at);
  }

  setNumber(format: number, offset: number, value: number): void {
    const info = formatInfo(format);
    this.checkWritable();
    const at = toInt(offset);
    if (at < 0 || at + info.size > this.data.length) return;
    writeFormatted(this.view, info, at, value);
  }

  getUint8(offset: number): number {
    const at = toInt(offset);
    return at >= 0 && at < this.data.length ? this.data[at]! : 0;
  }

  setUint8(offset: number, value: number): void {
    this.checkWritable();
    const at = toInt(offset);
    if (at >= 0 && at < this.data.length) this.data[at] = toInt(value) & 0xff;
  }

  fill(value: number, offset = 0, length = -1): void {
    this.checkWritable();
    const [start, end] = this.range(offset, length);
    this.data.fill(toInt(value) & 0xff, start, end);
  }

  slice(offset = 0, length = -1): RtBuffer {
    const [start, end] = this.range(offset, length);
    return RtBuffer.derived(this, Math.max(0, end - start), (out) => out.set(this.data.subarray(start, end)));
  }

  /** Shifts bytes towards the start (positive) or end (negative), filling with zeros. */
  shift(offset: number, start = 0, length = -1): void {
    this.checkWritable();
    const [from, to] = this.range(start, length);
    const part = this.data.subarray(from, to);
    const n = toInt(offset);
    if (n === 0 || part.length === 0) return;
    if (Math.abs(n) >= part.length) {
      part.fill(0);
      return;
    }
    if (n > 0) {
      part.copyWithin(0, n);
      part.fill(0, part.length - n);
    } else {
      part.copyWithin(-n, 0, part.length + n);
      part.fill(0, 0, -n);
    }
  }

  /** Rotates bytes towards the start (positive) or end (negative). */
  rotate(offset: number, start = 0, length = -1): void {
    this.checkWritable();
    const [from, to] = this.range(start, length);
    const part = this.data.subarray(from, to);
    if (part.length === 0) return;
    const n = ((toInt(offset) % part.length) + part.length) % part.length;
    if (n === 0) return;
    const copy = part.slice();
    for (let i = 0; i < part.length; i++) part[i] = copy[(i + n) % part.length]!;
  }

  /** Copies `source` into this buffer at `dstOffset`, as much as fits. */
  write(dstOffset: number, source: RtBuffer): void {
    this.checkWritable();
    const at = toInt(dstOffset);
    if (at < 0 || at >= this.data.length) return;
    this.data.set(source.data.subarray(0, this.data.length - at), at);
  }

  concat(other: RtBuffer): RtBuffer {
    return RtBuffer.concat([this, other]);
  }

  equals(other: RtBuffer | null | undefined): boolean {
    if (!other || other.length !== this.length) return false;
    return this.data.every((byte, i) => byte === other.data[i]);
  }

  indexOf(other: RtBuffer, start = 0): number {
    const from = Math.max(0, toInt(start));
    outer: for (let i = from; i + other.length <= this.length; i++) {
      for (let j = 0; j < other.length; j++) if (this.data[i + j] !== other.data[j]) continue outer;
      return i;
    }
    return -1;
  }

  toArray(format: number): number[] {
    const size = formatInfo(format).size;
    const out: number[] = [];
    for (let at = 0; at + size <= this.length; at += size) out.push(this.getNumber(format, at));
    return out;
  }

  chunked(maxSize: number): RtBuffer[] {
    const size = Math.max(1, toInt(maxSize));
    const out: RtBuffer[] = [];
    for (let at = 0; at < this.length; at += size) out.push(this.slice(at, size));
    return out;
  }

  toHex(): string {
    let hex = '';
    for (const byte of this.data) hex += byte.toString(16).padStart(2, '0');
    return hex;
  }

  toString(): string {
    return decodeUtf8(this.data);
  }

  private checkWritable(): void {
    if (this.readOnly) throw new RuntimeError('read-only-buffer', runtimeMessages.readOnlyBuffer);
  }

  /** [start, end) of a (offset, length) pair; a negative length means "to the end". */
  private range(offset: number, length: number): [number, number] {
    const start = Math.min(Math.max(0, toInt(offset)), this.length);
    const len = toInt(length);
    const end = len < 0 ? this.length : Math.min(this.length, start + len);
    return [start, end];
  }
}
