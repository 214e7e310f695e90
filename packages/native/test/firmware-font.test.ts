// The simulator's LED font is the firmware's, glyph for glyph: every printable ASCII character
// the simulator draws (LedImage.fromText) is read back from the font table inside each of the
// four pxt-microbit images (V1 DAL and V2 CODAL, radio and bluetooth flavors).
//
// Facts used (lancaster-university/microbit-dal, source/core/MicroBitFont.cpp and
// source/types/MicroBitImage.cpp, commit 318c6ab): the system font is 95 glyphs of 5 bytes for
// characters 32..126, one byte per row, column 1 at bit 4 down to column 5 at bit 0; the display
// reads `row & (0x10 >> column)`, so the three high bits are not part of the picture (the table
// has stray bits there). The table starts with a blank space glyph, then "!" (rows 0x08 0x08 0x08
// 0x00 0x08) and '"' (0x0a 0x4a 0x40 0x00 0x00): those 15 bytes find it in an image.
import { parseIntelHex } from '@blockyard/core';
import { LedImage } from '@blockyard/board-microbit';
import { describe, expect, it } from 'vitest';
import { allFirmwareFileNames } from '../src/firmware/firmware-store.ts';
import { nodeFirmwareLoader } from './support/node-firmware.ts';

const FIRST = 32;
const LAST = 126;
const GLYPHS = LAST - FIRST + 1;
const TABLE_START = [0, 0, 0, 0, 0, 0x08, 0x08, 0x08, 0x00, 0x08, 0x0a, 0x4a, 0x40, 0x00, 0x00];

/** Every place in the image's flash where the font table starts. */
function findFontTables(hex: Uint8Array): Uint8Array[] {
  const found: Uint8Array[] = [];
  for (const section of parseIntelHex(hex).sections)
    for (const { data } of section.segments)
      for (let at = 0; at + GLYPHS * 5 <= data.length; at++)
        if (TABLE_START.every((byte, i) => data[at + i] === byte)) found.push(data.subarray(at, at + GLYPHS * 5));
  return found;
}

/** A glyph's rows as the display shows them ('#' lit). */
function firmwareGlyph(table: Uint8Array, code: number): string[] {
  return Array.from(table.subarray((code - FIRST) * 5, (code - FIRST) * 5 + 5), (row) =>
    Array.from({ length: 5 }, (_, column) => (row & (0x10 >> column) ? '#' : '.')).join(''),
  );
}

function simulatorGlyph(code: number): string[] {
  return LedImage.fromText(String.fromCharCode(code)).toRows();
}

describe("the simulator's font", () => {
  for (const fileName of allFirmwareFileNames()) {
    it(`is the font table of firmware image ${fileName.slice(0, 8)}, every printable character`, async () => {
      const tables = findFontTables(await nodeFirmwareLoader.load(fileName));
      expect(tables, 'the font table, once').toHaveLength(1);
      const differing: string[] = [];
      for (let code = FIRST; code <= LAST; code++) {
        const firmware = firmwareGlyph(tables[0]!, code).join(' ');
        const simulator = simulatorGlyph(code).join(' ');
        if (firmware !== simulator)
          differing.push(`${JSON.stringify(String.fromCharCode(code))}: firmware ${firmware}, simulator ${simulator}`);
      }
      expect(differing).toEqual([]);
    });
  }

  it('draws a character the firmware has no glyph for as a space, as the firmware does', () => {
    expect(simulatorGlyph(0x7f)).toEqual(simulatorGlyph(32));
  });
});
