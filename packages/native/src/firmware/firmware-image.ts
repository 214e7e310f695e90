import { parseIntelHex, type MemorySegment } from '@blockyard/core';
import { readU32 } from '../binary/bytes.ts';
import { DEVICE_FACTS, type DeviceVariant, type FirmwareFlavor } from './device-variant.ts';
import { runtimeFunctionTable, type RuntimeEntry, type RuntimeFunctionTable } from './runtime-function-table.ts';

/**
 * A prebuilt runtime firmware, read from its Intel HEX: where its function table is, what each
 * entry points at, and where a program may go. See docs/firmware-interface.md, "Finding things".
 */

/** The 16 bytes the firmware places before its function table (four little-endian words). */
const TABLE_MARKER_WORDS = [0x08010801, 0x42424242, 0x08010801, 0x8de9d83e] as const;
export const TABLE_MARKER_SIZE = 16;
/** The version word a linked image writes over the marker's first word (the runtime checks it). */
export const LINKED_MARKER_VERSION = 0x4210;

export class FirmwareError extends Error {
  override readonly name = 'FirmwareError';
}

export interface FirmwareImage {
  variant: DeviceVariant;
  flavor: FirmwareFlavor;
  /** pxt's template hash (64 hex digits); its first 8 bytes go into the program header. */
  templateHash: string;
  /** Every byte the .hex defines (flash and UICR), sorted, as in the file. */
  segments: readonly MemorySegment[];
  /** The start linear address record (05) of the .hex, if any. */
  startLinearAddress: number | null;
  /** Address of the 16-byte marker; the function table starts 20 bytes later. */
  markerAddress: number;
  /** The word after the marker: the firmware's own top of program flash (0 on V1: "not set"). */
  topOfFlash: number;
  /** The raw table words, one per entry of the flavor's runtime function list. */
  tableWords: Uint32Array;
  /** End of the firmware's code and data below the program area (16-byte aligned). */
  firmwareEnd: number;
  /** Where a program starts: the next page boundary after firmwareEnd. */
  programStart: number;
  /** First address a program may not use (storage and bootloader pages follow). */
  programLimit: number;
  table: RuntimeFunctionTable;
  /**
   * The segment holding the marker, without the marker's 16 bytes: the part before it and the
   * part after it. A linked image reuses these objects unchanged (so their .hex text is cached).
   */
  unchangedAroundMarker: readonly [MemorySegment, MemorySegment];
}

function findMarker(segments: readonly MemorySegment[]): { segment: MemorySegment; offset: number }[] {
  const found: { segment: MemorySegment; offset: number }[] = [];
  for (const segment of segments) {
    const data = segment.data;
    // The C++ array is aligned to 32 bytes.
    for (let offset = (32 - (segment.address % 32)) % 32; offset + TABLE_MARKER_SIZE <= data.length; offset += 32) {
      if (TABLE_MARKER_WORDS.every((word, i) => readU32(data, offset + 4 * i) === word))
        found.push({ segment, offset });
    }
  }
  return found;
}

/**
 * Reads a firmware image. `templateHash` names it (it is not derivable from the bytes); the
 * flavor says which runtime function list its table follows.
 */
export function parseFirmware(
  hex: Uint8Array | string,
  variant: DeviceVariant,
  flavor: FirmwareFlavor,
  templateHash: string,
): FirmwareImage {
  const facts = DEVICE_FACTS[variant];
  const table = runtimeFunctionTable(flavor);
  let parsed;
  try {
    parsed = parseIntelHex(hex);
  } catch (error) {
    throw new FirmwareError(`the ${facts.title} firmware is not a valid .hex file (${(error as Error).message})`);
  }
  if (parsed.sections.length !== 1) throw new FirmwareError(`the ${facts.title} firmware must hold one image`);
  const segments = parsed.sections[0]!.segments;
  const markers = findMarker(segments);
  if (markers.length !== 1) {
    throw new FirmwareError(`the ${facts.title} firmware has ${markers.length} function table markers; expected 1`);
  }
  const { segment, offset } = markers[0]!;
  const markerAddress = segment.address + offset;
  const first = offset + TABLE_MARKER_SIZE + 4;
  const count = table.entries.length;
  if (first + 4 * count > segment.data.length) {
    throw new FirmwareError(`the ${facts.title} firmware's function table is shorter than ${count} entries`);
  }
  const tableWords = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    const word = readU32(segment.data, first + 4 * i);
    if (word === 0 || word >= facts.flashSize) {
      throw new FirmwareError(
        `entry ${i} (${table.entries[i]!.name}) of the ${facts.title} firmware's table is ${word}`,
      );
    }
    tableWords[i] = word;
  }
  const topOfFlash = readU32(segment.data, offset + TABLE_MARKER_SIZE);
  const firmwareEnd = Math.ceil((segment.address + segment.data.length) / 16) * 16;
  const programStart = (firmwareEnd & ~(facts.pageSize - 1)) + facts.pageSize;
  // The next thing in flash above the firmware (V1: the bootloader at 0x3C000); the DAL keeps
  // storage pages right below it. A firmware that states its top of flash (V2) is taken at its word.
  const above = segments.find((s) => s.address >= programStart && s.address < facts.flashSize);
  const limitBelowNext = above ? above.address - facts.reservedPagesBelowBootloader * facts.pageSize : facts.flashSize;
  const programLimit = topOfFlash > 0 ? topOfFlash : limitBelowNext;
  if (programLimit <= programStart || programLimit > facts.flashSize) {
    throw new FirmwareError(`the ${facts.title} firmware leaves no room for a program`);
  }
  return {
    variant,
    flavor,
    templateHash,
    segments,
    startLinearAddress: parsed.startLinearAddress,
    markerAddress,
    topOfFlash,
    tableWords,
    firmwareEnd,
    programStart,
    programLimit,
    table,
    unchangedAroundMarker: [
      { address: segment.address, data: segment.data.subarray(0, offset) },
      { address: markerAddress + TABLE_MARKER_SIZE, data: segment.data.subarray(offset + TABLE_MARKER_SIZE) },
    ],
  };
}

/** The address an entry stands for: code without the Thumb bit, or the datum's address. */
export function entryAddress(firmware: FirmwareImage, entry: RuntimeEntry): number {
  return firmware.tableWords[entry.index]! & ~1;
}

/** Resolves a runtime name for this firmware, or throws a FirmwareError naming it. */
export function resolveRuntimeEntry(firmware: FirmwareImage, name: string): { entry: RuntimeEntry; address: number } {
  const entry = firmware.table.byName.get(name);
  if (!entry) throw new FirmwareError(`the ${firmware.flavor} firmware has no runtime entry named ${name}`);
  return { entry, address: entryAddress(firmware, entry) };
}

/** The first 8 bytes of the template hash, as the header and the marker carry them. */
export function templateHashBytes(firmware: FirmwareImage): Uint8Array {
  const out = new Uint8Array(8);
  for (let i = 0; i < 8; i++) out[i] = parseInt(firmware.templateHash.slice(2 * i, 2 * i + 2), 16);
  return out;
}
