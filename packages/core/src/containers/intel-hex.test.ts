import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleProject } from '../../test/fixtures/baselines.ts';
import { writeProjectHex } from './hex-project.ts';
import { formatHexRecord, HEX_RECORD, IntelHexError, parseIntelHex, writeIntelHex } from './intel-hex.ts';

const hasSrecCat = spawnSync('srec_cat', ['--version']).status === 0;

describe('Intel HEX', () => {
  it('formats records with the two-complement checksum', () => {
    expect(formatHexRecord(HEX_RECORD.endOfFile, 0)).toBe(':00000001FF');
    expect(formatHexRecord(HEX_RECORD.extendedLinearAddress, 0, [0, 1])).toBe(':020000040001F9');
    expect(formatHexRecord(HEX_RECORD.data, 0x0100, [0x21, 0x46, 0x01])).toBe(':0301000021460194');
  });

  it('writes 16-byte records, an extended linear address per 64 KiB, never crossing a boundary', () => {
    const text = writeIntelHex([{ address: 0xfff8, data: new Uint8Array(24).fill(0xab) }]);
    expect(text.split('\n')).toEqual([
      ':020000040000FA',
      ':08FFF800ABABABABABABABABA9',
      ':020000040001F9',
      ':10000000ABABABABABABABABABABABABABABABAB40',
      ':00000001FF',
      '',
    ]);
  });

  it('round-trips arbitrary segments', () => {
    const segments = fc
      .array(
        fc.record({
          address: fc.integer({ min: 0, max: 0xfff0_0000 }),
          data: fc.uint8Array({ minLength: 1, maxLength: 600 }),
        }),
        {
          maxLength: 5,
        },
      )
      .map((list) => {
        // Keep segments apart so none merge.
        const sorted = [...list].sort((a, b) => a.address - b.address);
        let next = 0;
        return sorted.map((s) => {
          const address = Math.max(s.address, next);
          next = address + s.data.length + 1;
          return { address, data: s.data };
        });
      });
    fc.assert(
      fc.property(segments, (list) => {
        const image = parseIntelHex(writeIntelHex(list));
        expect(image.sections).toHaveLength(1);
        expect(image.sections[0]!.segments).toEqual(list);
      }),
    );
  });

  it('accepts CRLF, blank lines, a BOM and lower-case digits', () => {
    const text = '\uFEFF:020000040001f9\r\n\r\n:0400000001020304F2\r\n   \r\n:00000001FF\r\n\r\n';
    const bytes = Uint8Array.from(new TextEncoder().encode(text));
    expect(parseIntelHex(bytes).sections[0]!.segments).toEqual([{ address: 0x10000, data: Uint8Array.of(1, 2, 3, 4) }]);
  });

  it('splits a Universal Hex into sections by board id, reading custom-data records', () => {
    const lines = [
      ':020000040000FA',
      formatHexRecord(HEX_RECORD.blockStart, 0, [0x99, 0x00, 0xc0, 0xde]),
      formatHexRecord(HEX_RECORD.data, 0x10, [1, 2]),
      formatHexRecord(HEX_RECORD.paddedData, 0, [0x42, 0x42]),
      formatHexRecord(HEX_RECORD.blockEnd, 0, [0xff]),
      ':020000040000FA',
      formatHexRecord(HEX_RECORD.blockStart, 0, [0x99, 0x03, 0xc0, 0xde]),
      formatHexRecord(HEX_RECORD.customData, 0x10, [3, 4]),
      formatHexRecord(HEX_RECORD.blockEnd, 0, [0xff]),
      ':00000001FF',
    ];
    const image = parseIntelHex(lines.join('\n'));
    expect(image.sections.map((s) => [s.boardId, s.segments])).toEqual([
      [0x9900, [{ address: 0x10, data: Uint8Array.of(1, 2) }]],
      [0x9903, [{ address: 0x10, data: Uint8Array.of(3, 4) }]],
    ]);
  });

  it('keeps other-data records after the end-of-file record apart, as MakeCode appends its source', () => {
    const other = (offset: number, ...data: number[]) => formatHexRecord(0x0e, offset, data);
    const text = `:020000041000EA\n:0400000001020304F2\n:00000001FF\n\n${other(0, 10, 11)}\n${other(2, 12, 13)}\n`;
    const image = parseIntelHex(text);
    expect(image.sections).toEqual([
      { boardId: null, segments: [{ address: 0x10000000, data: Uint8Array.of(1, 2, 3, 4) }] },
    ]);
    expect(image.trailer).toEqual([{ address: 0, data: Uint8Array.of(10, 11, 12, 13) }]);
    expect(() => parseIntelHex(`:00000001FF\n${other(0, 1)}\n:0400000001020304F2\n`)).toThrow(/line 3/);
  });

  it.each([
    ['a wrong checksum', ':0400000001020304F3\n:00000001FF\n', /checksum/],
    ['a missing end-of-file record', ':0400000001020304F2\n', /end-of-file record is missing/],
    ['text after the end', ':00000001FF\n:0400000001020304F2\n', /after the end-of-file/],
    ['a line without a colon', 'hello\n:00000001FF\n', /must start with ":"/],
    ['a non-hex digit', ':04000000010203G4F2\n:00000001FF\n', /not hexadecimal/],
    ['a wrong byte count', ':0500000001020304F1\n:00000001FF\n', /byte count/],
    ['an odd number of digits', ':0400000001020304F\n:00000001FF\n', /length/],
    ['an unknown record type', ':00000007F9\n:00000001FF\n', /unknown record type/],
  ])('refuses %s with the line number', (_name, text, pattern) => {
    expect(() => parseIntelHex(text)).toThrow(IntelHexError);
    expect(() => parseIntelHex(text)).toThrow(pattern);
  });

  it('lets later records win where data overlaps', () => {
    const text = ':020000000102FB\n:0100010009F5\n:00000001FF\n';
    expect(parseIntelHex(text).sections[0]!.segments).toEqual([{ address: 0, data: Uint8Array.of(1, 9) }]);
  });

  describe.skipIf(!hasSrecCat)('checked by an independent parser (srec_cat from Debian srecord)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'blockyard-hex-'));
    const check = (name: string, text: string) => {
      const path = join(dir, name);
      writeFileSync(path, text);
      const result = spawnSync('srec_cat', [path, '-intel', '-o', join(dir, `${name}.bin`), '-binary'], {
        encoding: 'utf8',
      });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const dump = spawnSync('srec_cat', [path, '-intel', '-o', '-', '-intel', '-Output_Block_Size=16'], {
        encoding: 'utf8',
      });
      expect(dump.status).toBe(0);
      return dump.stdout;
    };

    it('accepts our project .hex for both boards, with the same data', () => {
      for (const board of ['v1', 'v2'] as const) {
        const text = writeProjectHex(sampleProject(), { board });
        const reprinted = check(`project-${board}.hex`, text);
        expect(parseIntelHex(reprinted).sections[0]!.segments).toEqual(parseIntelHex(text).sections[0]!.segments);
      }
    });

    it('accepts segments across 64 KiB boundaries', () => {
      check('segments.hex', writeIntelHex([{ address: 0x1fff0, data: new Uint8Array(70_000).map((_, i) => i) }]));
    });
  });
});
