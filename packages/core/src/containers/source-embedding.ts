import { readU16LE, readU32LE, writeU16LE, writeU32LE } from '../formats/bytes.ts';
import type { MemorySegment } from './memory-image.ts';

/**
 * MakeCode's source-embedding layout (makecode.com/source-embedding), which we both read and write:
 * a 16-byte header aligned to 16 bytes somewhere in flash, then a UTF-8 JSON "meta" header, then
 * the text (LZMA-compressed when meta.compression is "LZMA").
 *
 *   offset 0  8 bytes  magic 41 14 0E 2F B8 2F A2 BB
 *   offset 8  u16 LE   meta length
 *   offset 10 u32 LE   text length (not naturally aligned, for historical reasons)
 *   offset 14 u16      reserved, zero
 */
const SOURCE_MAGIC = Uint8Array.of(0x41, 0x14, 0x0e, 0x2f, 0xb8, 0x2f, 0xa2, 0xbb);
export const SOURCE_HEADER_SIZE = 16;
const MAX_META = 0xffff;

export interface RawEmbeddedSource {
  /** Where the 16-byte header sits. */
  address: number;
  meta: Uint8Array;
  text: Uint8Array;
}

export type FindSourceResult =
  | { found: true; source: RawEmbeddedSource }
  /** `magicSeen`: a header was there but its data was cut short (so the file is damaged, not sourceless). */
  | { found: false; magicSeen: boolean };

/** The bytes to place in flash (at a 16-byte aligned address) for this meta and text. */
export function buildSourceEmbedding(meta: Uint8Array, text: Uint8Array): Uint8Array {
  if (meta.length > MAX_META)
    throw new RangeError(`The embedded source header is ${meta.length} bytes; at most 65535.`);
  const out = new Uint8Array(SOURCE_HEADER_SIZE + meta.length + text.length);
  out.set(SOURCE_MAGIC, 0);
  writeU16LE(out, 8, meta.length);
  writeU32LE(out, 10, text.length);
  out.set(meta, SOURCE_HEADER_SIZE);
  out.set(text, SOURCE_HEADER_SIZE + meta.length);
  return out;
}

function magicAt(data: Uint8Array, offset: number): boolean {
  for (let k = 0; k < SOURCE_MAGIC.length; k++) if (data[offset + k] !== SOURCE_MAGIC[k]) return false;
  return true;
}

/** Finds the first complete embedded source in the segments, looking only at 16-byte aligned addresses. */
export function findSourceEmbedding(segments: readonly MemorySegment[]): FindSourceResult {
  let magicSeen = false;
  for (const segment of segments) {
    const { data, address } = segment;
    let offset = (16 - (address % 16)) % 16;
    for (; offset + SOURCE_HEADER_SIZE <= data.length; offset += 16) {
      if (data[offset] !== 0x41 || !magicAt(data, offset)) continue;
      magicSeen = true;
      const metaLength = readU16LE(data, offset + 8);
      const textLength = readU32LE(data, offset + 10);
      const start = offset + SOURCE_HEADER_SIZE;
      const end = start + metaLength + textLength;
      if (end > data.length) continue;
      return {
        found: true,
        source: {
          address: address + offset,
          meta: data.subarray(start, start + metaLength),
          text: data.subarray(start + metaLength, end),
        },
      };
    }
  }
  return { found: false, magicSeen };
}
