// A .hex file as the pages it puts into one board's flash. Reads plain Intel HEX and micro:bit
// Universal Hex (only the blocks for the connected board; "other data" records, where MakeCode
// keeps the project's source, are not flash contents, as DAPLink agrees). Refuses, as "Invalid
// file", anything that is not flash for this board: addresses outside its flash and settings
// area (UICR), a settings area that would lock the debugger out (APPROTECT / RBPCONF), a file
// with nothing for this board, and files over 8 MB. Finds the program (MakeCode's 16-byte magic
// on a page boundary after the runtime) and its two hashes: the template (firmware, "DAL") hash
// and the program ("MakeCode") hash, which partial flashing compares (spec 001 §4-§5).

import { IntelHexError, parseIntelHex } from '@blockyard/core';
import { PROGRAM_MAGIC } from '@blockyard/native';
import { DeviceError, SPEC_MESSAGES } from '../device-error.ts';

export type BoardVariant = 'v1' | 'v2';

export interface BoardLayoutFacts {
  variant: BoardVariant;
  flashSize: number;
  pageSize: number;
  /** Where programs may start (after the SoftDevice) and where the DAL's scratch page is. */
  applicationStart: number;
  scratchPage: number;
}

export const BOARD_FLASH: Readonly<Record<BoardVariant, BoardLayoutFacts>> = {
  v1: { variant: 'v1', flashSize: 256 * 1024, pageSize: 1024, applicationStart: 0x18000, scratchPage: 0x3b400 },
  v2: { variant: 'v2', flashSize: 512 * 1024, pageSize: 4096, applicationStart: 0x1c000, scratchPage: 0x73000 },
};

export const MAX_HEX_BYTES = 8 * 1024 * 1024;
export const UICR_START = 0x10001000;
export const UICR_END = 0x10001400;
/** Settings words that, once written, stop any debugger (and so any later USB flash). */
const LOCKING_UICR_WORDS = [0x10001004 /* nRF51 RBPCONF */, 0x10001208 /* nRF52 APPROTECT */];

export interface ProgramRegion {
  start: number;
  /** Header bytes 16-24: the firmware's template hash (the "DAL hash"). */
  templateHash: string;
  /** Header bytes 24-32: the program hash (the "MakeCode hash"). */
  programHash: string;
}

export interface FlashImage {
  variant: BoardVariant;
  pageSize: number;
  /** Page address → page contents (0xFF where the file writes nothing), in address order. */
  pages: Map<number, Uint8Array>;
  /** UICR words the file sets. */
  uicr: { address: number; value: number }[];
  program: ProgramRegion | null;
  /** Data bytes the file holds for this board. */
  dataBytes: number;
}

function invalid(why: string): DeviceError {
  return new DeviceError('invalid-file', `${SPEC_MESSAGES.invalidFile}: ${why}`, { recoverable: false });
}

function boardIdMatches(variant: BoardVariant, id: number): boolean {
  return variant === 'v1' ? id === 0x9900 || id === 0x9901 : id >= 0x9903 && id <= 0x9906;
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Reads the flash contents a hex file has for `variant`. Throws DeviceError 'invalid-file'. */
export function flashImageFor(file: Uint8Array | string, variant: BoardVariant): FlashImage {
  const bytes = typeof file === 'string' ? Uint8Array.from(file, (c) => c.charCodeAt(0) & 0xff) : file;
  if (bytes.length > MAX_HEX_BYTES) throw invalid('the file is larger than 8 MB');
  try {
    parseIntelHex(bytes); // every record well formed, checksums right, one end record
  } catch (error) {
    if (error instanceof IntelHexError) throw invalid(`this is not a .hex file (${error.message})`);
    throw error;
  }
  const layout = BOARD_FLASH[variant];
  const pages = new Map<number, Uint8Array>();
  const uicr = new Map<number, number>();
  let dataBytes = 0;
  let base = 0;
  let inBlock = false;
  let blockForUs = true;
  let sawBlocks = false;
  const text = new TextDecoder('latin1').decode(bytes);
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line.startsWith(':')) continue;
    const record = Uint8Array.from({ length: (line.length - 1) / 2 }, (_, i) =>
      parseInt(line.slice(1 + 2 * i, 3 + 2 * i), 16),
    );
    const length = record[0]!;
    const offset = (record[1]! << 8) | record[2]!;
    const type = record[3]!;
    const data = record.subarray(4, 4 + length);
    if (type === 0x04) base = ((data[0]! << 8) | data[1]!) * 0x10000;
    else if (type === 0x02) base = ((data[0]! << 8) | data[1]!) * 16;
    else if (type === 0x0a) {
      sawBlocks = true;
      inBlock = true;
      blockForUs = boardIdMatches(variant, (data[0]! << 8) | data[1]!);
    } else if (type === 0x0b) inBlock = false;
    else if (type === 0x01) break;
    else if ((type === 0x00 || type === 0x0d) && length > 0 && (!inBlock || blockForUs)) {
      if (sawBlocks && !inBlock) continue; // between blocks: belongs to no board
      const address = base + offset;
      if (address >= UICR_START && address + length <= UICR_END) {
        for (let i = 0; i < length; i++) {
          const word = (address + i) & ~3;
          const shift = ((address + i) & 3) * 8;
          const old = uicr.get(word) ?? 0xffffffff;
          uicr.set(word, ((old & ~(0xff << shift)) | (data[i]! << shift)) >>> 0);
        }
      } else if (address + length <= layout.flashSize) {
        for (let i = 0; i < length; i++) {
          const at = address + i;
          const pageAddress = at - (at % layout.pageSize);
          let page = pages.get(pageAddress);
          if (!page) {
            page = new Uint8Array(layout.pageSize).fill(0xff);
            pages.set(pageAddress, page);
          }
          page[at - pageAddress] = data[i]!;
        }
      } else {
        throw invalid(
          `it writes to 0x${address.toString(16)}, outside the ${variant === 'v1' ? 'micro:bit V1' : 'micro:bit V2'}'s flash`,
        );
      }
      dataBytes += length;
    }
  }
  if (dataBytes === 0) {
    throw invalid(`it has nothing for a ${variant === 'v1' ? 'micro:bit V1' : 'micro:bit V2'}`);
  }
  for (const word of LOCKING_UICR_WORDS) {
    const value = uicr.get(word);
    if (value !== undefined && value !== 0xffffffff)
      throw invalid('it would lock the board against any further flashing');
  }
  const sorted = new Map([...pages.entries()].sort((a, b) => a[0] - b[0]));
  return {
    variant,
    pageSize: layout.pageSize,
    pages: sorted,
    uicr: [...uicr.entries()].sort((a, b) => a[0] - b[0]).map(([address, value]) => ({ address, value })),
    program: findProgram(sorted, layout),
    dataBytes,
  };
}

function findProgram(pages: Map<number, Uint8Array>, layout: BoardLayoutFacts): ProgramRegion | null {
  for (const [address, page] of pages) {
    if (address < layout.applicationStart || address >= layout.scratchPage) continue;
    if (PROGRAM_MAGIC.every((byte, i) => page[i] === byte)) {
      return { start: address, templateHash: hex(page.subarray(16, 24)), programHash: hex(page.subarray(24, 32)) };
    }
  }
  return null;
}

/** The variant a file can go on at all: 'both' for a Universal Hex with both, else the one it has. */
export function variantsIn(file: Uint8Array | string): BoardVariant[] {
  const found: BoardVariant[] = [];
  for (const variant of ['v1', 'v2'] as const) {
    try {
      flashImageFor(file, variant);
      found.push(variant);
    } catch {
      // not for this one
    }
  }
  return found;
}
