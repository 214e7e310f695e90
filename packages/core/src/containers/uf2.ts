import { readU32LE, writeU32LE } from '../formats/bytes.ts';
import { MemoryBuilder, type MemorySegment } from './memory-image.ts';

/** UF2 (github.com/microsoft/uf2): 512-byte blocks, each carrying up to 476 bytes for one address. */
const UF2_BLOCK_SIZE = 512;
/** Spec 001 §9: uploaded file blocks carry 256 bytes of payload. */
export const UF2_PAYLOAD_SIZE = 256;
const UF2_MAGIC_START0 = 0x0a324655; // "UF2\n"
const UF2_MAGIC_START1 = 0x9e5d5157;
const UF2_MAGIC_END = 0x0ab16f30;
const MAX_PAYLOAD = 476;

export const UF2_FLAGS = {
  /** Not for the main flash: bootloaders skip it. Used for comments such as embedded source. */
  notMainFlash: 0x00000001,
  fileContainer: 0x00001000,
  familyIdPresent: 0x00002000,
  md5Present: 0x00004000,
  extensionTags: 0x00008000,
} as const;

export class Uf2Error extends Error {
  override readonly name = 'Uf2Error';
}

export interface Uf2Block {
  flags: number;
  address: number;
  payload: Uint8Array;
  blockNo: number;
  numBlocks: number;
  /** The family id when the family flag is set, else the file size field. */
  familyOrSize: number;
}

export function isUf2(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && readU32LE(bytes, 0) === UF2_MAGIC_START0 && readU32LE(bytes, 4) === UF2_MAGIC_START1;
}

/**
 * Reads every block strictly: the file is whole blocks, each with both start magics and the end
 * magic, a payload that fits, and block numbers that count 0..numBlocks-1 in order.
 */
export function parseUf2Blocks(bytes: Uint8Array): Uf2Block[] {
  if (bytes.length === 0 || bytes.length % UF2_BLOCK_SIZE !== 0) {
    throw new Uf2Error(`a UF2 file is made of whole 512-byte blocks; this one has ${bytes.length} bytes`);
  }
  const blocks: Uf2Block[] = [];
  for (let offset = 0; offset < bytes.length; offset += UF2_BLOCK_SIZE) {
    const index = offset / UF2_BLOCK_SIZE;
    if (
      readU32LE(bytes, offset) !== UF2_MAGIC_START0 ||
      readU32LE(bytes, offset + 4) !== UF2_MAGIC_START1 ||
      readU32LE(bytes, offset + UF2_BLOCK_SIZE - 4) !== UF2_MAGIC_END
    ) {
      throw new Uf2Error(`block ${index} has wrong magic numbers`);
    }
    const payloadSize = readU32LE(bytes, offset + 16);
    if (payloadSize > MAX_PAYLOAD) throw new Uf2Error(`block ${index} claims ${payloadSize} payload bytes`);
    const blockNo = readU32LE(bytes, offset + 20);
    const numBlocks = readU32LE(bytes, offset + 24);
    if (blockNo >= numBlocks) throw new Uf2Error(`block ${index} is numbered ${blockNo} of ${numBlocks}`);
    blocks.push({
      flags: readU32LE(bytes, offset + 8),
      address: readU32LE(bytes, offset + 12),
      payload: bytes.subarray(offset + 32, offset + 32 + payloadSize),
      blockNo,
      numBlocks,
      familyOrSize: readU32LE(bytes, offset + 28),
    });
  }
  // Files may be concatenated UF2 files; each must count its blocks from 0 without gaps.
  let expected = 0;
  let total = -1;
  for (const block of blocks) {
    if (expected === 0) total = block.numBlocks;
    if (block.blockNo !== expected || block.numBlocks !== total) {
      throw new Uf2Error(`block numbers are out of order at block ${block.blockNo} of ${block.numBlocks}`);
    }
    expected = expected + 1 === total ? 0 : expected + 1;
  }
  if (expected !== 0) throw new Uf2Error('the file ends before its last block');
  return blocks;
}

/** The memory the blocks describe, including not-main-flash blocks; file-container blocks are skipped. */
export function uf2Memory(blocks: readonly Uf2Block[]): MemorySegment[] {
  const builder = new MemoryBuilder();
  for (const block of blocks) {
    if (block.flags & UF2_FLAGS.fileContainer) continue;
    builder.write(block.address, block.payload, 0, block.payload.length);
  }
  return builder.build();
}

export interface Uf2Region {
  address: number;
  data: Uint8Array;
  /** Extra UF2 flags for every block of this region (e.g. notMainFlash). */
  flags?: number;
}

/** Writes regions as 256-byte-payload blocks with the family id; block numbers span the whole file. */
export function writeUf2(regions: readonly Uf2Region[], familyId: number): Uint8Array {
  const chunks: { address: number; payload: Uint8Array; flags: number }[] = [];
  for (const region of regions) {
    for (let offset = 0; offset < region.data.length; offset += UF2_PAYLOAD_SIZE) {
      chunks.push({
        address: region.address + offset,
        payload: region.data.subarray(offset, Math.min(region.data.length, offset + UF2_PAYLOAD_SIZE)),
        flags: (region.flags ?? 0) | UF2_FLAGS.familyIdPresent,
      });
    }
  }
  const out = new Uint8Array(chunks.length * UF2_BLOCK_SIZE);
  chunks.forEach((chunk, index) => {
    const offset = index * UF2_BLOCK_SIZE;
    writeU32LE(out, offset, UF2_MAGIC_START0);
    writeU32LE(out, offset + 4, UF2_MAGIC_START1);
    writeU32LE(out, offset + 8, chunk.flags);
    writeU32LE(out, offset + 12, chunk.address);
    writeU32LE(out, offset + 16, UF2_PAYLOAD_SIZE);
    writeU32LE(out, offset + 20, index);
    writeU32LE(out, offset + 24, chunks.length);
    writeU32LE(out, offset + 28, familyId);
    out.set(chunk.payload, offset + 32);
    writeU32LE(out, offset + UF2_BLOCK_SIZE - 4, UF2_MAGIC_END);
  });
  return out;
}
