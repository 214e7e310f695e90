import { readU32LE, writeU32LE } from '../formats/bytes.ts';
import type { MemorySegment } from './memory-image.ts';

/**
 * Until the device firmware exists, our .hex and .uf2 files carry no program. Where the program
 * would start they hold this 48-byte marker instead, readable in any hex dump:
 *
 *   bytes 0-39   ASCII "BLOCKYARD EMPTY PROGRAM: NO FIRMWARE YET"
 *   bytes 40-43  u32 LE marker version (1)
 *   bytes 44-47  u32 LE bytes reserved for the program (the source follows that region)
 *
 * A board flashed with such a file runs nothing; the file exists to carry the project's source.
 */
export const EMPTY_PROGRAM_TEXT = 'BLOCKYARD EMPTY PROGRAM: NO FIRMWARE YET';
const EMPTY_PROGRAM_MARKER_SIZE = 48;
const MARKER_VERSION = 1;

export function emptyProgramMarker(reservedBytes: number): Uint8Array {
  const out = new Uint8Array(EMPTY_PROGRAM_MARKER_SIZE);
  for (let i = 0; i < EMPTY_PROGRAM_TEXT.length; i++) out[i] = EMPTY_PROGRAM_TEXT.charCodeAt(i);
  writeU32LE(out, 40, MARKER_VERSION);
  writeU32LE(out, 44, reservedBytes);
  return out;
}

/** Whether the memory holds the empty-program marker (at a 16-byte aligned address). */
export function hasEmptyProgramMarker(segments: readonly MemorySegment[]): boolean {
  for (const { address, data } of segments) {
    for (let offset = (16 - (address % 16)) % 16; offset + EMPTY_PROGRAM_MARKER_SIZE <= data.length; offset += 16) {
      if (data[offset] !== 0x42) continue;
      let same = true;
      for (let i = 0; i < EMPTY_PROGRAM_TEXT.length && same; i++) {
        same = data[offset + i] === EMPTY_PROGRAM_TEXT.charCodeAt(i);
      }
      if (same && readU32LE(data, offset + 40) === MARKER_VERSION) return true;
    }
  }
  return false;
}
