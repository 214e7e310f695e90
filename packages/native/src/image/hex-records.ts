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

/** Data records for the segments (in address order), with extended linear address records. */
export function segmentRecords(segments: readonly MemorySegment[], options: RecordOptions = {}): string[] {
  const dataType = options.dataType ?? HEX_RECORD.data;
  const perRecord = options.bytesPerRecord ?? 16;
  const lines: string[] = [];
  let upper = -1;
  for (const segment of [...segments].sort((a, b) => a.address - b.address)) {
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
      lines.push(formatHexRecord(dataType, low, segment.data.subarray(offset, offset + count)));
      offset += count;
      address += count;
    }
  }
  return lines;
}

/** The upper address the last extended linear address record in `lines` set (0 if none). */
export function lastUpperAddress(lines: readonly string[]): number {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (line.startsWith(':02000004')) return parseInt(line.slice(9, 13), 16);
  }
  return 0;
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
