import { describe, expect, it } from 'vitest';
import { readU32LE, writeU32LE } from '../formats/bytes.ts';
import { isUf2, parseUf2Blocks, uf2Memory, Uf2Error, UF2_FLAGS, writeUf2 } from './uf2.ts';

const data = new Uint8Array(600).map((_, i) => i & 0xff);

describe('UF2', () => {
  it('writes 512-byte blocks with 256-byte payloads, the family id and numbered blocks', () => {
    const file = writeUf2([{ address: 0x1c000, data }], 0x621e937a);
    expect(file.length).toBe(3 * 512);
    expect(isUf2(file)).toBe(true);
    const blocks = parseUf2Blocks(file);
    expect(blocks.map((b) => [b.address, b.payload.length, b.blockNo, b.numBlocks, b.familyOrSize])).toEqual([
      [0x1c000, 256, 0, 3, 0x621e937a],
      [0x1c100, 256, 1, 3, 0x621e937a],
      [0x1c200, 256, 2, 3, 0x621e937a],
    ]);
    expect(blocks.every((b) => b.flags === UF2_FLAGS.familyIdPresent)).toBe(true);
    expect(readU32LE(file, 512 - 4)).toBe(0x0ab16f30);
  });

  it('reads back the same memory (the last block padded with zeros)', () => {
    const file = writeUf2(
      [
        { address: 0x2000, data },
        { address: 0x8000, data: data.subarray(0, 10), flags: 1 },
      ],
      1,
    );
    const memory = uf2Memory(parseUf2Blocks(file));
    const padded = new Uint8Array(768);
    padded.set(data);
    const second = new Uint8Array(256);
    second.set(data.subarray(0, 10));
    expect(memory).toEqual([
      { address: 0x2000, data: padded },
      { address: 0x8000, data: second },
    ]);
  });

  it.each([
    ['a partial block', (f: Uint8Array) => f.subarray(0, 1000)],
    ['an empty file', () => new Uint8Array(0)],
    ['a broken start magic', (f: Uint8Array) => (writeU32LE(f, 4, 1), f)],
    ['a broken end magic', (f: Uint8Array) => (writeU32LE(f, 1020, 1), f)],
    ['an oversized payload', (f: Uint8Array) => (writeU32LE(f, 16, 477), f)],
    ['a block number past the count', (f: Uint8Array) => (writeU32LE(f, 20, 9), f)],
    ['blocks out of order', (f: Uint8Array) => (writeU32LE(f, 20, 1), writeU32LE(f, 512 + 20, 0), f)],
    ['a missing last block', (f: Uint8Array) => f.subarray(0, 1024)],
  ])('refuses %s', (_name, damage) => {
    const file = damage(writeUf2([{ address: 0, data }], 1).slice());
    expect(() => parseUf2Blocks(file)).toThrow(Uf2Error);
  });

  it('accepts concatenated UF2 files, each numbering its own blocks', () => {
    const a = writeUf2([{ address: 0, data }], 1);
    const b = writeUf2([{ address: 0x10000, data: data.subarray(0, 100) }], 1);
    const both = new Uint8Array(a.length + b.length);
    both.set(a);
    both.set(b, a.length);
    expect(parseUf2Blocks(both)).toHaveLength(4);
  });
});
