import { describe, expect, it } from 'vitest';
import { buildSourceEmbedding, findSourceEmbedding, SOURCE_HEADER_SIZE } from './source-embedding.ts';

const meta = new TextEncoder().encode('{"compression":"LZMA"}');
const text = new Uint8Array(70_000).map((_, i) => (i * 13) & 0xff);

describe('source embedding', () => {
  it('lays out magic, meta length (u16), text length (u32), zero, meta, text', () => {
    const blob = buildSourceEmbedding(meta, text);
    expect(Array.from(blob.subarray(0, 8))).toEqual([0x41, 0x14, 0x0e, 0x2f, 0xb8, 0x2f, 0xa2, 0xbb]);
    expect(new DataView(blob.buffer).getUint16(8, true)).toBe(meta.length);
    expect(new DataView(blob.buffer).getUint32(10, true)).toBe(70_000);
    expect(new DataView(blob.buffer).getUint16(14, true)).toBe(0);
    expect(blob.length).toBe(SOURCE_HEADER_SIZE + meta.length + text.length);
  });

  it('is found only at 16-byte aligned addresses', () => {
    const blob = buildSourceEmbedding(meta, text);
    const data = new Uint8Array(64 + blob.length);
    data.set(blob, 32);
    const found = findSourceEmbedding([{ address: 0x1000, data }]);
    expect(found.found && found.source.address).toBe(0x1020);
    expect(found.found && found.source.text).toEqual(text);
    const unaligned = new Uint8Array(64 + blob.length);
    unaligned.set(blob, 33);
    expect(findSourceEmbedding([{ address: 0x1000, data: unaligned }])).toEqual({ found: false, magicSeen: false });
    // The segment's own address decides alignment.
    expect(findSourceEmbedding([{ address: 0x0fff, data: unaligned }]).found).toBe(true);
  });

  it('says when a header is there but its data is cut short', () => {
    const blob = buildSourceEmbedding(meta, text).subarray(0, 5000);
    expect(findSourceEmbedding([{ address: 0, data: blob }])).toEqual({ found: false, magicSeen: true });
  });
});
