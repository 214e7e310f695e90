import { describe, expect, it } from 'vitest';
import { RuntimeError } from '../errors/runtime-error.ts';
import { NumberFormat, type NumberFormatName, sizeOfFormat } from './number-format.ts';
import { RtBuffer } from './rt-buffer.ts';

const cases: [NumberFormatName, number, number[]][] = [
  ['Int8LE', -2, [0xfe]],
  ['UInt8LE', 200, [0xc8]],
  ['Int8BE', -128, [0x80]],
  ['UInt8BE', 255, [0xff]],
  ['Int16LE', -2, [0xfe, 0xff]],
  ['UInt16LE', 0x1234, [0x34, 0x12]],
  ['Int16BE', -2, [0xff, 0xfe]],
  ['UInt16BE', 0x1234, [0x12, 0x34]],
  ['Int32LE', -2, [0xfe, 0xff, 0xff, 0xff]],
  ['UInt32LE', 0xdeadbeef, [0xef, 0xbe, 0xad, 0xde]],
  ['Int32BE', 0x01020304, [1, 2, 3, 4]],
  ['UInt32BE', 0xdeadbeef, [0xde, 0xad, 0xbe, 0xef]],
  ['Float32LE', 1.5, [0, 0, 0xc0, 0x3f]],
  ['Float32BE', 1.5, [0x3f, 0xc0, 0, 0]],
  ['Float64LE', -2, [0, 0, 0, 0, 0, 0, 0, 0xc0]],
  ['Float64BE', -2, [0xc0, 0, 0, 0, 0, 0, 0, 0]],
];

describe('RtBuffer number formats', () => {
  it.each(cases)('%s writes %d as the expected bytes and reads it back', (name, value, bytes) => {
    const format = NumberFormat[name];
    const buf = RtBuffer.create(8);
    buf.setNumber(format, 0, value);
    expect([...buf.data.slice(0, bytes.length)]).toEqual(bytes);
    expect(buf.getNumber(format, 0)).toBe(value);
    expect(sizeOfFormat(format)).toBe(bytes.length);
  });

  it('wraps integers like the device and reads 0 outside the buffer', () => {
    const buf = RtBuffer.create(4);
    buf.setNumber(NumberFormat.UInt8LE, 0, 300);
    buf.setNumber(NumberFormat.Int16LE, 1, 70000);
    expect(buf.getUint8(0)).toBe(44);
    expect(buf.getNumber(NumberFormat.UInt16LE, 1)).toBe(70000 & 0xffff);
    expect(buf.getNumber(NumberFormat.Int32LE, 1)).toBe(0);
    buf.setNumber(NumberFormat.Int32LE, 2, 1);
    expect([...buf.data]).toEqual([44, 0x70, 0x11, 0]);
  });

  it('rejects an unknown format with "bad format"', () => {
    const buf = RtBuffer.create(4);
    expect(() => buf.getNumber(99, 0)).toThrow('bad format');
    expect(() => buf.setNumber(0, 0, 1)).toThrow(RuntimeError);
  });

  it('refuses every kind of write to a read-only buffer', () => {
    const buf = RtBuffer.fromHex('0102', true);
    expect(buf.isReadOnly()).toBe(true);
    for (const write of [
      () => buf.setNumber(NumberFormat.UInt8LE, 0, 1),
      () => buf.setUint8(0, 1),
      () => buf.fill(0),
      () => buf.shift(1),
      () => buf.rotate(1),
      () => buf.write(0, RtBuffer.create(1)),
    ]) {
      expect(write).toThrow('Cannot write to a read-only buffer.');
    }
    expect(buf.toHex()).toBe('0102');
    expect(buf.slice().isReadOnly()).toBe(false);
  });
});

describe('RtBuffer operations', () => {
  it('fills, slices, shifts and rotates ranges', () => {
    const buf = RtBuffer.fromArray([1, 2, 3, 4, 5]);
    expect([...buf.slice(1, 3).data]).toEqual([2, 3, 4]);
    buf.rotate(2);
    expect([...buf.data]).toEqual([3, 4, 5, 1, 2]);
    buf.rotate(-2);
    expect([...buf.data]).toEqual([1, 2, 3, 4, 5]);
    buf.shift(2);
    expect([...buf.data]).toEqual([3, 4, 5, 0, 0]);
    buf.shift(-1, 0, 3);
    expect([...buf.data]).toEqual([0, 3, 4, 0, 0]);
    buf.fill(9, 3);
    expect([...buf.data]).toEqual([0, 3, 4, 9, 9]);
  });

  it('converts to and from hex, UTF-8 and number arrays', () => {
    expect(RtBuffer.fromHex('00ff10').toHex()).toBe('00ff10');
    const text = 'héllo ✓ 🙂';
    expect(RtBuffer.fromUTF8(text).toString()).toBe(text);
    expect(RtBuffer.fromUTF8('é').length).toBe(2);
    expect(RtBuffer.fromArray([1, 0, 2, 0]).toArray(NumberFormat.UInt16LE)).toEqual([1, 2]);
    expect(new RtBuffer(Uint8Array.from([0xff, 0x41])).toString()).toBe('\ufffdA');
  });

  it('concatenates, compares, searches, chunks and writes', () => {
    const a = RtBuffer.fromArray([1, 2]);
    const b = RtBuffer.fromArray([3]);
    const c = a.concat(b);
    expect([...c.data]).toEqual([1, 2, 3]);
    expect(c.equals(RtBuffer.fromArray([1, 2, 3]))).toBe(true);
    expect(c.equals(a)).toBe(false);
    expect(c.indexOf(RtBuffer.fromArray([2, 3]))).toBe(1);
    expect(c.chunked(2).map((chunk) => chunk.length)).toEqual([2, 1]);
    c.write(2, RtBuffer.fromArray([7, 8]));
    expect([...c.data]).toEqual([1, 2, 7]);
  });
});
