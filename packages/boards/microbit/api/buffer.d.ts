// `Buffer` and `NumberFormat`: bytes the radio, serial, pins and control namespaces pass around,
// and the `hex` literal tag. Buffers are the runtime's RtBuffer objects, created by the host
// functions that return them (radio.receivedBuffer, pins.createBuffer, control.createBuffer…) or
// by hex`…` literals, which the compiler turns into read-only buffers itself.

/**
 * How a number is stored in a buffer: size, signedness and byte order.
 */
declare const enum NumberFormat {
  Int8LE = 1,
  UInt8LE = 2,
  Int16LE = 3,
  UInt16LE = 4,
  Int32LE = 5,
  Int8BE = 6,
  UInt8BE = 7,
  Int16BE = 8,
  UInt16BE = 9,
  Int32BE = 10,
  UInt32LE = 11,
  UInt32BE = 12,
  Float32LE = 13,
  Float64LE = 14,
  Float32BE = 15,
  Float64BE = 16,
}

/**
 * A fixed number of bytes, read and written as numbers in any NumberFormat.
 */
declare interface Buffer {
  /** How many bytes the buffer holds. */
  readonly length: number;

  /** Reads a number stored in `format` at byte `offset` (0 outside the buffer). */
  getNumber(format: NumberFormat, offset: number): number;

  /** Stores `value` in `format` at byte `offset` (ignored outside the buffer). */
  setNumber(format: NumberFormat, offset: number, value: number): void;

  /** Reads the byte at `offset` (0 to 255). */
  getUint8(offset: number): number;

  /** Writes the byte at `offset`. */
  setUint8(offset: number, value: number): void;

  /** True when the buffer cannot be written (a literal in the program). */
  isReadOnly(): boolean;

  /** Sets `length` bytes from `offset` (default: all of them) to `value`. */
  fill(value: number, offset?: number, length?: number): void;

  /** A copy of `length` bytes from `offset` (default: to the end). */
  slice(offset?: number, length?: number): Buffer;

  /** Moves bytes left by `offset` (right when negative), filling with zeros. */
  shift(offset: number, start?: number, length?: number): void;

  /** Rotates bytes left by `offset` (right when negative). */
  rotate(offset: number, start?: number, length?: number): void;

  /** Copies `src` into this buffer at `dstOffset`, as much as fits. */
  write(dstOffset: number, src: Buffer): void;

  /** A new buffer: this one followed by `other`. */
  concat(other: Buffer): Buffer;

  /** True when both buffers hold the same bytes. */
  equals(other: Buffer): boolean;

  /** Where `other` first occurs from `start`, or -1. */
  indexOf(other: Buffer, start?: number): number;

  /** Every number of `format` in the buffer, in order. */
  toArray(format: NumberFormat): number[];

  /** The buffer cut into pieces of at most `maxSize` bytes. */
  chunked(maxSize: number): Buffer[];

  /** The bytes as hexadecimal digits, two per byte. */
  toHex(): string;

  /** The bytes read as UTF-8 text. */
  toString(): string;
}

/**
 * A read-only buffer written in the program as hexadecimal digits, two per byte, with spaces
 * allowed between bytes: hex`00 78 04`.
 */
declare function hex(literal: TemplateStringsArray, ...substitutions: unknown[]): Buffer;
