import { HEX_RECORD, UF2_FLAGS, UF2_PAYLOAD_SIZE, writeUf2, type MemorySegment, type Uf2Region } from '@blockyard/core';
import { DEVICE_FACTS } from '../firmware/device-variant.ts';
import { END_OF_FILE_RECORD, segmentRecords, sourceRecords, startLinearAddressRecord } from './hex-records.ts';
import type { LinkedVariant } from './link-variant.ts';

/**
 * The files a learner downloads: one board's Intel HEX, the Universal Hex (V1 + V2), and a .uf2
 * for V2. `source` is the embedded project (core's buildSourceEmbedding of
 * encodeEmbeddedProject), carried as records or blocks that are never flashed.
 */

/** One board's .hex: the linked flash image, its start address record, the source, end of file. */
export function writeVariantHex(linked: LinkedVariant, source?: Uint8Array): string {
  const records = segmentRecords(linked.segments, {}, reusable(linked));
  let text = records.text;
  if (source) text += sourceRecords(source, records.upper).join('\n') + '\n';
  if (linked.firmware.startLinearAddress !== null) {
    text += startLinearAddressRecord(linked.firmware.startLinearAddress) + '\n';
  }
  return text + END_OF_FILE_RECORD + '\n';
}

/** The firmware pieces a linked image shares with its firmware (their records are cached). */
function reusable(linked: LinkedVariant): ReadonlySet<MemorySegment> {
  return new Set([...linked.firmware.segments, ...linked.firmware.unchangedAroundMarker]);
}

const BLOCK_SIZE = 512;

function record(type: number, data: number[]): string {
  // Built here rather than with formatHexRecord so the padding records are cheap to size.
  let sum = data.length + type;
  let line = ':' + hex2(data.length) + '0000' + hex2(type);
  for (const b of data) {
    sum += b;
    line += hex2(b);
  }
  return line + hex2(-sum & 0xff);
}

function hex2(b: number): string {
  return (b & 0xff).toString(16).toUpperCase().padStart(2, '0');
}

/**
 * One board's section of a Universal Hex ("section" format of the micro:bit Universal Hex
 * specification): extended linear address 0, block start (board id, C0DE), the data records,
 * then padding (0x0C) and a block end (0x0B) so the section is a whole number of 512-character
 * blocks (each line counted with its newline).
 */
function universalSection(records: string, boardId: number): string {
  const head = record(HEX_RECORD.extendedLinearAddress, [0, 0]) + '\n';
  const start = head + record(HEX_RECORD.blockStart, [boardId >> 8, boardId & 0xff, 0xc0, 0xde]) + '\n';
  // The section already starts at upper address 0.
  const body = records.startsWith(head) ? records.slice(head.length) : records;
  let text = start + body;
  const bare = 12; // ":00000B" + checksum + newline
  let need = (BLOCK_SIZE - ((text.length + bare) % BLOCK_SIZE)) % BLOCK_SIZE;
  while (need > 32) {
    const n = Math.min(16, (need - 12) >> 1);
    text += record(HEX_RECORD.paddedData, new Array<number>(n).fill(0xff)) + '\n';
    need -= 12 + 2 * n;
  }
  return text + record(HEX_RECORD.blockEnd, new Array<number>(need >> 1).fill(0xff)) + '\n';
}

/**
 * The Universal Hex: the V1 section (data records 0x00), then the V2 section (0x0D) followed by
 * the source records, then one end-of-file record. DAPLink flashes the section of its board.
 */
export function writeUniversalHex(v1: LinkedVariant, v2: LinkedVariant, source?: Uint8Array): string {
  if (v1.variant !== 'v1' || v2.variant !== 'v2') throw new Error('writeUniversalHex takes a V1 and a V2 image');
  const v1Records = segmentRecords(v1.segments, {}, reusable(v1));
  const v2Records = segmentRecords(v2.segments, { dataType: HEX_RECORD.customData }, reusable(v2));
  let v2Text = v2Records.text;
  if (source) v2Text += sourceRecords(source, v2Records.upper).join('\n') + '\n';
  return (
    universalSection(v1Records.text, DEVICE_FACTS.v1.universalHexBoardId) +
    universalSection(v2Text, DEVICE_FACTS.v2.universalHexBoardId) +
    END_OF_FILE_RECORD +
    '\n'
  );
}

/**
 * The V2 .uf2: every flash byte of the image (UICR is left out: UF2 writes flash only) in
 * 256-byte blocks with the nRF52833 family id, then the source in blocks flagged "not main
 * flash", 4 KiB past the image, as MakeCode places it.
 */
export function writeVariantUf2(linked: LinkedVariant, source?: Uint8Array): Uint8Array {
  const facts = DEVICE_FACTS[linked.variant];
  if (facts.uf2FamilyId === null) throw new Error(`${facts.title} does not take .uf2 files`);
  // Each block carries 256 bytes: the tail of a region is padded with 0xFF, as erased flash reads.
  const regions: Uf2Region[] = linked.segments
    .filter((s) => s.address < facts.flashSize)
    .map((s) => {
      const data = new Uint8Array(Math.ceil(s.data.length / UF2_PAYLOAD_SIZE) * UF2_PAYLOAD_SIZE).fill(0xff);
      data.set(s.data);
      return { address: s.address, data };
    });
  if (source) {
    const end = Math.max(...regions.map((r) => r.address + r.data.length));
    regions.push({ address: (end + 0x1000) & ~0xff, data: source, flags: UF2_FLAGS.notMainFlash });
  }
  return writeUf2(regions, facts.uf2FamilyId);
}
