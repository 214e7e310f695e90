// A .hex file as the pages it puts into one board's flash. Reads plain Intel HEX and micro:bit
// Universal Hex (only the blocks for the connected board; "other data" records, where MakeCode
// keeps the project's source, are not flash contents, as DAPLink agrees). Refuses, as "Invalid
// file", anything that is not flash for this board: addresses outside its flash and settings
// area (UICR), a settings area that would lock the debugger out (APPROTECT / RBPCONF), a file
// with nothing for this board, and files over 8 MB. Finds the program (MakeCode's 16-byte magic
// on a page boundary after the runtime) and its two hashes: the template (firmware, "DAL") hash
// and the program ("MakeCode") hash, which partial flashing compares (spec 001 §4-§5).

// The header module alone: the package's main entry is the whole device compiler (about 100 KB
// compressed), which the home page would then download for this one constant.
import { PROGRAM_MAGIC } from '@blockyard/native/program-header';
import { DeviceError, SPEC_MESSAGES } from '../device-error.ts';

export type BoardVariant = 'v1' | 'v2';

interface BoardLayoutFacts {
  variant: BoardVariant;
  flashSize: number;
  pageSize: number;
  /** Where programs may start (after the SoftDevice) and where the DAL's scratch page is. */
  applicationStart: number;
  scratchPage: number;
}

const BOARD_FLASH: Readonly<Record<BoardVariant, BoardLayoutFacts>> = {
  v1: { variant: 'v1', flashSize: 256 * 1024, pageSize: 1024, applicationStart: 0x18000, scratchPage: 0x3b400 },
  v2: { variant: 'v2', flashSize: 512 * 1024, pageSize: 4096, applicationStart: 0x1c000, scratchPage: 0x73000 },
};

const MAX_HEX_BYTES = 8 * 1024 * 1024;
const UICR_START = 0x10001000;
const UICR_END = 0x10001400;
/** UICR.NRFFW[0]: where the board's bootloader starts, different on each board. */
const UICR_BOOTLOADER_ADDRESS = 0x10001014;
const BOOTLOADER_ADDRESS: Readonly<Record<BoardVariant, number>> = { v1: 0x3c000, v2: 0x77000 };
/** Settings words that, once written, stop any debugger (and so any later USB flash). */
const LOCKING_UICR_WORDS = [0x10001004 /* nRF51 RBPCONF */, 0x10001208 /* nRF52 APPROTECT */];

interface ProgramRegion {
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

const HEX_DIGIT = new Int8Array(256).fill(-1);
for (let i = 0; i < 10; i++) HEX_DIGIT[48 + i] = i;
for (let i = 0; i < 6; i++) {
  HEX_DIGIT[65 + i] = 10 + i;
  HEX_DIGIT[97 + i] = 10 + i;
}

/** Text to bytes, one byte per character (a .hex is ASCII). */
export function hexBytes(file: Uint8Array | string): Uint8Array {
  if (typeof file !== 'string') return file;
  const bytes = new Uint8Array(file.length);
  for (let i = 0; i < file.length; i++) bytes[i] = file.charCodeAt(i) & 0xff;
  return bytes;
}

/**
 * Calls `onRecord` for each record of an Intel HEX file, checking each one (hex digits, length,
 * checksum) and that the file ends with an end-of-file record. Throws 'invalid-file'.
 */
function walkRecords(bytes: Uint8Array, onRecord: (type: number, offset: number, data: Uint8Array) => boolean): void {
  const record = new Uint8Array(261);
  let line = 0;
  let ended = false;
  for (let i = 0; i < bytes.length;) {
    line++;
    let end = bytes.indexOf(0x0a, i);
    if (end < 0) end = bytes.length;
    let stop = end;
    while (stop > i && (bytes[stop - 1] === 0x0d || bytes[stop - 1] === 0x20 || bytes[stop - 1] === 0x09)) stop--;
    let start = i;
    while (start < stop && (bytes[start] === 0x20 || bytes[start] === 0x09)) start++;
    i = end + 1;
    if (start === stop) continue;
    if (ended) break; // text after the end record is not flashed (MakeCode's V1 files put the source there)
    if (bytes[start] !== 0x3a) throw invalid(`this is not a .hex file (line ${line} does not start with ":")`);
    const digits = stop - start - 1;
    if (digits < 10 || digits % 2 !== 0 || digits / 2 > record.length)
      throw invalid(`line ${line} of the .hex is broken`);
    let sum = 0;
    for (let k = 0; k < digits / 2; k++) {
      const hi = HEX_DIGIT[bytes[start + 1 + 2 * k]!]!;
      const lo = HEX_DIGIT[bytes[start + 2 + 2 * k]!]!;
      if (hi < 0 || lo < 0) throw invalid(`line ${line} of the .hex has a character that is not hexadecimal`);
      record[k] = (hi << 4) | lo;
      sum += record[k]!;
    }
    const length = record[0]!;
    if (length + 5 !== digits / 2 || (sum & 0xff) !== 0)
      throw invalid(`line ${line} of the .hex is damaged (wrong length or checksum)`);
    const type = record[3]!;
    if (type === 0x01) ended = true;
    if (!onRecord(type, (record[1]! << 8) | record[2]!, record.subarray(4, 4 + length))) ended = true;
  }
  if (!ended) throw invalid('the .hex has no end record: it may be cut short');
}

/** Reads the flash contents a hex file has for `variant`. Throws DeviceError 'invalid-file'. */
export function flashImageFor(file: Uint8Array | string, variant: BoardVariant): FlashImage {
  const bytes = hexBytes(file);
  if (bytes.length > MAX_HEX_BYTES) throw invalid('the file is larger than 8 MB');
  const layout = BOARD_FLASH[variant];
  const pages = new Map<number, Uint8Array>();
  const uicr = new Map<number, number>();
  let dataBytes = 0;
  let base = 0;
  let inBlock = false;
  let blockForUs = true;
  let sawBlocks = false;
  let outside = -1;
  walkRecords(bytes, (type, offset, data) => {
    const length = data.length;
    if (type === 0x04 && length === 2) base = ((data[0]! << 8) | data[1]!) * 0x10000;
    else if (type === 0x02 && length === 2) base = ((data[0]! << 8) | data[1]!) * 16;
    else if (type === 0x0a && length >= 2) {
      sawBlocks = true;
      inBlock = true;
      blockForUs = boardIdMatches(variant, (data[0]! << 8) | data[1]!);
    } else if (type === 0x0b) inBlock = false;
    else if ((type === 0x00 || type === 0x0d) && length > 0 && (inBlock ? blockForUs : !sawBlocks)) {
      const address = base + offset;
      if (address >= UICR_START && address + length <= UICR_END) {
        for (let i = 0; i < length; i++) {
          const word = (address + i) & ~3;
          const shift = ((address + i) & 3) * 8;
          const old = uicr.get(word) ?? 0xffffffff;
          uicr.set(word, ((old & ~(0xff << shift)) | (data[i]! << shift)) >>> 0);
        }
      } else if (address + length <= layout.flashSize) {
        for (let i = 0; i < length;) {
          const at = address + i;
          const pageAddress = at - (at % layout.pageSize);
          let page = pages.get(pageAddress);
          if (!page) {
            page = new Uint8Array(layout.pageSize).fill(0xff);
            pages.set(pageAddress, page);
          }
          const count = Math.min(length - i, pageAddress + layout.pageSize - at);
          page.set(data.subarray(i, i + count), at - pageAddress);
          i += count;
        }
      } else if (outside < 0) outside = address;
      dataBytes += length;
    }
    return true;
  });
  if (outside >= 0) {
    throw invalid(
      `it writes to 0x${outside.toString(16)}, outside the ${variant === 'v1' ? 'micro:bit V1' : 'micro:bit V2'}'s flash`,
    );
  }
  if (dataBytes === 0) {
    throw invalid(`it has nothing for a ${variant === 'v1' ? 'micro:bit V1' : 'micro:bit V2'}`);
  }
  if (!sawBlocks) {
    // A plain .hex says which board it is for by where its bootloader lives, or by using flash
    // only the V2 has.
    const bootloader = uicr.get(UICR_BOOTLOADER_ADDRESS);
    const forBoard: BoardVariant | null = [...pages.keys()].some((page) => page >= BOARD_FLASH.v1.flashSize)
      ? 'v2'
      : bootloader === BOOTLOADER_ADDRESS.v1
        ? 'v1'
        : bootloader === BOOTLOADER_ADDRESS.v2
          ? 'v2'
          : null;
    if (forBoard && forBoard !== variant) {
      throw invalid(
        `it is for a ${forBoard === 'v1' ? 'micro:bit V1' : 'micro:bit V2'}, and this is a ${variant === 'v1' ? 'micro:bit V1' : 'micro:bit V2'}`,
      );
    }
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
