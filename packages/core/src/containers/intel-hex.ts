import { MemoryBuilder, type MemorySection, type MemorySegment } from './memory-image.ts';

/** Why an Intel HEX text was refused (line numbers start at 1). Readers map it to their message. */
export class IntelHexError extends Error {
  override readonly name = 'IntelHexError';
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`);
  }
}

export const HEX_RECORD = {
  data: 0x00,
  endOfFile: 0x01,
  extendedSegmentAddress: 0x02,
  startSegmentAddress: 0x03,
  extendedLinearAddress: 0x04,
  startLinearAddress: 0x05,
  // micro:bit Universal Hex additions
  blockStart: 0x0a,
  blockEnd: 0x0b,
  paddedData: 0x0c,
  customData: 0x0d,
  otherData: 0x0e,
} as const;

export interface IntelHexImage {
  /** The plain image is one section with boardId null; a Universal Hex has one per board. */
  sections: MemorySection[];
  /**
   * Other-data (0E) records after the end-of-file record, addressed from 0: where MakeCode puts
   * the project source in the single-board .hex files it builds. Never part of what is flashed.
   */
  trailer: MemorySegment[];
  startLinearAddress: number | null;
  records: number;
}

const HEX_VALUE = new Int8Array(256).fill(-1);
for (let i = 0; i < 10; i++) HEX_VALUE[48 + i] = i;
for (let i = 0; i < 6; i++) {
  HEX_VALUE[65 + i] = 10 + i;
  HEX_VALUE[97 + i] = 10 + i;
}

function isBlank(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0d;
}

/**
 * Reads Intel HEX strictly: every record must be well formed with a correct checksum, record types
 * are the standard ones plus the micro:bit Universal Hex ones (block start/end, padding, custom and
 * other data), and the file must end with an end-of-file record followed by nothing but blank lines
 * and other-data (0E) records, which go into `trailer`. Data records (00, 0D, 0E) before it land in
 * the current section; padding and block ends are skipped.
 */
export function parseIntelHex(input: Uint8Array | string): IntelHexImage {
  const bytes = typeof input === 'string' ? Uint8Array.from(input, (c) => c.charCodeAt(0) & 0xff) : input;
  const n = bytes.length;
  const record = new Uint8Array(256 + 5);
  const builders = new Map<number | null, MemoryBuilder>();
  let builder = new MemoryBuilder();
  builders.set(null, builder);
  const trailer = new MemoryBuilder();
  let base = 0;
  let startLinearAddress: number | null = null;
  let records = 0;
  let ended = false;
  let line = 0;
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;

  while (i < n) {
    line++;
    let end = bytes.indexOf(0x0a, i);
    if (end < 0) end = n;
    let stop = end;
    while (stop > i && isBlank(bytes[stop - 1]!)) stop--;
    let start = i;
    while (start < stop && isBlank(bytes[start]!)) start++;
    i = end + 1;
    if (start === stop) continue;
    if (bytes[start] !== 0x3a) throw new IntelHexError('a record must start with ":"', line);
    const digits = stop - start - 1;
    if (digits < 10 || digits % 2 !== 0) throw new IntelHexError('a record has a broken length', line);
    const count = digits / 2;
    let sum = 0;
    for (let k = 0; k < count; k++) {
      const hi = HEX_VALUE[bytes[start + 1 + 2 * k]!]!;
      const lo = HEX_VALUE[bytes[start + 2 + 2 * k]!]!;
      if (hi < 0 || lo < 0) throw new IntelHexError('a record contains a character that is not hexadecimal', line);
      const value = (hi << 4) | lo;
      record[k] = value;
      sum += value;
    }
    const length = record[0]!;
    if (length + 5 !== count) throw new IntelHexError('the byte count does not match the record', line);
    if ((sum & 0xff) !== 0) throw new IntelHexError('wrong checksum', line);
    records++;
    const offset = (record[1]! << 8) | record[2]!;
    const type = record[3]!;
    if (ended) {
      if (type !== HEX_RECORD.otherData) throw new IntelHexError('text after the end-of-file record', line);
      if (length > 0) trailer.write(offset, record, 4, length);
      continue;
    }
    switch (type) {
      case HEX_RECORD.data:
      case HEX_RECORD.customData:
      case HEX_RECORD.otherData:
        if (length > 0) builder.write(base + offset, record, 4, length);
        break;
      case HEX_RECORD.endOfFile:
        if (length !== 0) throw new IntelHexError('the end-of-file record must be empty', line);
        ended = true;
        break;
      case HEX_RECORD.extendedSegmentAddress:
        if (length !== 2) throw new IntelHexError('an extended segment address needs 2 bytes', line);
        base = ((record[4]! << 8) | record[5]!) * 16;
        break;
      case HEX_RECORD.extendedLinearAddress:
        if (length !== 2) throw new IntelHexError('an extended linear address needs 2 bytes', line);
        base = ((record[4]! << 8) | record[5]!) * 0x10000;
        break;
      case HEX_RECORD.startSegmentAddress:
        if (length !== 4) throw new IntelHexError('a start segment address needs 4 bytes', line);
        break;
      case HEX_RECORD.startLinearAddress:
        if (length !== 4) throw new IntelHexError('a start linear address needs 4 bytes', line);
        startLinearAddress = ((record[4]! << 24) | (record[5]! << 16) | (record[6]! << 8) | record[7]!) >>> 0;
        break;
      case HEX_RECORD.blockStart: {
        if (length < 2) throw new IntelHexError('a block start needs a board id', line);
        const boardId = (record[4]! << 8) | record[5]!;
        let next = builders.get(boardId);
        if (!next) {
          next = new MemoryBuilder();
          builders.set(boardId, next);
        }
        builder = next;
        break;
      }
      case HEX_RECORD.blockEnd:
      case HEX_RECORD.paddedData:
        break;
      default:
        throw new IntelHexError(`unknown record type ${type}`, line);
    }
  }
  if (!ended) throw new IntelHexError('the end-of-file record is missing', line);
  const sections: MemorySection[] = [];
  for (const [boardId, b] of builders) {
    if (boardId === null && b.isEmpty && builders.size > 1) continue;
    sections.push({ boardId, segments: b.build() });
  }
  return { sections, trailer: trailer.isEmpty ? [] : trailer.build(), startLinearAddress, records };
}

const HEX_DIGITS = '0123456789ABCDEF';

/** One record line (without line ending): `:LLAAAATT<data>CC`. */
export function formatHexRecord(type: number, offset: number, data: ArrayLike<number> = []): string {
  let sum = data.length + ((offset >>> 8) & 0xff) + (offset & 0xff) + type;
  let line = ':' + hexByte(data.length) + hexByte((offset >>> 8) & 0xff) + hexByte(offset & 0xff) + hexByte(type);
  for (let i = 0; i < data.length; i++) {
    const b = data[i]! & 0xff;
    sum += b;
    line += HEX_DIGITS[b >> 4]! + HEX_DIGITS[b & 15]!;
  }
  return line + hexByte(-sum & 0xff);
}

function hexByte(b: number): string {
  return HEX_DIGITS[(b >> 4) & 15]! + HEX_DIGITS[b & 15]!;
}

export interface IntelHexWriteOptions {
  /** Data bytes per record; 16 is what MakeCode and most tools write. */
  bytesPerRecord?: number;
}

/**
 * Writes segments as Intel HEX (I32HEX): an extended linear address record before the first data
 * and whenever the upper 16 address bits change, data records that never cross a 64 KiB boundary,
 * and the end-of-file record. Lines end with "\n"; digits are upper case.
 */
export function writeIntelHex(segments: readonly MemorySegment[], options: IntelHexWriteOptions = {}): string {
  const perRecord = Math.min(255, Math.max(1, options.bytesPerRecord ?? 16));
  const lines: string[] = [];
  let upper = -1;
  const sorted = [...segments].sort((a, b) => a.address - b.address);
  for (const segment of sorted) {
    let address = segment.address;
    let offset = 0;
    while (offset < segment.data.length) {
      const high = Math.floor(address / 0x10000);
      if (high !== upper) {
        lines.push(formatHexRecord(HEX_RECORD.extendedLinearAddress, 0, [(high >>> 8) & 0xff, high & 0xff]));
        upper = high;
      }
      const low = address & 0xffff;
      const count = Math.min(perRecord, segment.data.length - offset, 0x10000 - low);
      lines.push(formatHexRecord(HEX_RECORD.data, low, segment.data.subarray(offset, offset + count)));
      offset += count;
      address += count;
    }
  }
  lines.push(formatHexRecord(HEX_RECORD.endOfFile, 0));
  return lines.join('\n') + '\n';
}
