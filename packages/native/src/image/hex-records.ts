import { formatHexRecord, HEX_RECORD, type MemorySegment } from '@blockyard/core';

/**
 * Intel HEX records for the device files. `dataType` is 0x00 in plain files and in a Universal
 * Hex's V1 section, 0x0D (custom data) in its V2 section.
 */
export interface RecordOptions {
  dataType?: number;
  /** Data bytes per record (16 by default, as MakeCode and DAPLink's tools write). */
  bytesPerRecord?: number;
}

function addressRecord(upper: number): string {
  return formatHexRecord(HEX_RECORD.extendedLinearAddress, 0, [(upper >>> 8) & 0xff, upper & 0xff]);
}

const HEX_PAIRS: string[] = Array.from({ length: 256 }, (_, b) => b.toString(16).toUpperCase().padStart(2, '0'));

/** One record, table-driven (a firmware image is some 40,000 of them). */
function dataRecord(type: number, low: number, bytes: Uint8Array, start: number, count: number): string {
  let sum = count + (low >>> 8) + (low & 0xff) + type;
  let line = ':' + HEX_PAIRS[count]! + HEX_PAIRS[low >>> 8]! + HEX_PAIRS[low & 0xff]! + HEX_PAIRS[type]!;
  for (let i = start; i < start + count; i++) {
    const b = bytes[i]!;
    sum += b;
    line += HEX_PAIRS[b]!;
  }
  return line + HEX_PAIRS[-sum & 0xff]!;
}

/** Encoded text of firmware segments the linker never changes, per segment and record type. */
const untouched = new WeakMap<Uint8Array, Map<string, EncodedSegment>>();

interface EncodedSegment {
  /** Records, each ending with a newline, starting with the segment's address record. */
  text: string;
  /** Length of that first address record line. */
  firstLineLength: number;
  /** The upper address in force at the end. */
  upper: number;
}

function encodeSegment(segment: MemorySegment, dataType: number, perRecord: number): EncodedSegment {
  const lines: string[] = [];
  let upper = -1;
  let address = segment.address;
  let offset = 0;
  while (offset < segment.data.length) {
    const high = Math.floor(address / 0x10000);
    if (high !== upper) {
      lines.push(addressRecord(high));
      upper = high;
    }
    const low = address & 0xffff;
    const count = Math.min(perRecord, segment.data.length - offset, 0x10000 - low);
    lines.push(dataRecord(dataType, low, segment.data, offset, count));
    offset += count;
    address += count;
  }
  return { text: lines.join('\n') + '\n', firstLineLength: (lines[0]?.length ?? -1) + 1, upper };
}

/** Records for a run of segments: text (newline after each record) and the final upper address. */
export interface RecordsText {
  text: string;
  upper: number;
}

/**
 * Data records for the segments (in address order), with extended linear address records.
 * `reuse`: segments whose bytes never change (the firmware's own), whose text is kept, so a
 * build re-encodes only the program and the patched marker.
 */
export function segmentRecords(
  segments: readonly MemorySegment[],
  options: RecordOptions = {},
  reuse: ReadonlySet<MemorySegment> = new Set(),
): RecordsText {
  const dataType = options.dataType ?? HEX_RECORD.data;
  const perRecord = options.bytesPerRecord ?? 16;
  const key = `${dataType}/${perRecord}`;
  const parts: string[] = [];
  let upper = -1;
  for (const segment of [...segments].sort((a, b) => a.address - b.address)) {
    if (segment.data.length === 0) continue;
    let encoded = reuse.has(segment) ? untouched.get(segment.data)?.get(key) : undefined;
    if (!encoded) {
      encoded = encodeSegment(segment, dataType, perRecord);
      if (reuse.has(segment)) {
        const byKey = untouched.get(segment.data) ?? new Map<string, EncodedSegment>();
        byKey.set(key, encoded);
        untouched.set(segment.data, byKey);
      }
    }
    // Each encoded segment opens with its address record: skip it when that upper is in force.
    const startUpper = Math.floor(segment.address / 0x10000);
    parts.push(startUpper === upper ? encoded.text.slice(encoded.firstLineLength) : encoded.text);
    upper = encoded.upper;
  }
  return { text: parts.join(''), upper: Math.max(upper, 0) };
}

/**
 * The embedded source (MakeCode's layout, built by core's buildSourceEmbedding) as 0x0E
 * ("other data") records: never flashed, found by MakeCode's reader, which wants full 16-byte
 * records (the last one is padded with zeros). They continue from the file's current upper
 * address, as MakeCode's do, and a new upper address starts every 64 KiB so readers that map
 * them to memory see one contiguous block.
 */
export function sourceRecords(source: Uint8Array, upper: number): string[] {
  const lines: string[] = [];
  const padded = new Uint8Array(Math.ceil(source.length / 16) * 16);
  padded.set(source);
  let high = upper;
  for (let offset = 0; offset < padded.length; offset += 16) {
    const low = offset & 0xffff;
    if (offset > 0 && low === 0) {
      high++;
      lines.push(addressRecord(high));
    }
    lines.push(formatHexRecord(HEX_RECORD.otherData, low, padded.subarray(offset, offset + 16)));
  }
  return lines;
}

export function startLinearAddressRecord(address: number): string {
  return formatHexRecord(HEX_RECORD.startLinearAddress, 0, [
    (address >>> 24) & 0xff,
    (address >>> 16) & 0xff,
    (address >>> 8) & 0xff,
    address & 0xff,
  ]);
}

export const END_OF_FILE_RECORD = formatHexRecord(HEX_RECORD.endOfFile, 0);
