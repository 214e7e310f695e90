import { isUniversalHex, separateUniversalHex } from '@microbit/microbit-universal-hex';
import {
  parseIntelHex,
  parseUf2Blocks,
  readProjectHex,
  readProjectUf2,
  uf2Memory,
  type MemorySegment,
} from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { testFirmwareStore } from '../../test/support/node-firmware.ts';
import { tinyProgram } from '../../test/support/tiny-program.ts';
import { projectSource } from './device-build.ts';
import { writeUniversalHex, writeVariantHex, writeVariantUf2 } from './device-files.ts';
import { linkVariant } from './link-variant.ts';

const store = testFirmwareStore();
const files = {
  'pxt.json': JSON.stringify({ name: 'Device files', dependencies: { core: '*' }, files: ['main.ts'] }),
  'main.ts': 'basic.showString("Hello, world ✓")\n',
};
const source = projectSource(files);

async function linked() {
  const program = tinyProgram();
  return { v1: linkVariant(await store.get('v1'), program), v2: linkVariant(await store.get('v2'), program) };
}

/**
 * Checks that `actual` holds exactly the bytes of `expected` at the same addresses, whatever the
 * split into segments; `padding` bytes may extend a segment (UF2 blocks are whole 256 bytes).
 * Reports the first difference only, so a failure stays readable.
 */
function sameBytes(actual: readonly MemorySegment[], expected: readonly MemorySegment[], padding?: number): void {
  // Both sides as sorted, merged runs; each expected run must sit inside one actual run.
  const runs = (segments: readonly MemorySegment[]) => {
    const out: { address: number; data: Uint8Array }[] = [];
    for (const s of [...segments].sort((a, b) => a.address - b.address)) {
      const last = out[out.length - 1];
      if (last && last.address + last.data.length === s.address) {
        const data = new Uint8Array(last.data.length + s.data.length);
        data.set(last.data);
        data.set(s.data, last.data.length);
        last.data = data;
      } else out.push({ address: s.address, data: s.data });
    }
    return out.map((r) => ({ ...r, covered: new Uint8Array(r.data.length) }));
  };
  const mine = runs(actual);
  for (const run of runs(expected)) {
    const end = run.address + run.data.length;
    const holder = mine.find((m) => m.address <= run.address && end <= m.address + m.data.length);
    if (!holder) expect.fail(`no run holds 0x${run.address.toString(16)}..0x${end.toString(16)}`);
    const offset = run.address - holder.address;
    const first = run.data.findIndex((b, i) => holder.data[offset + i] !== b);
    if (first >= 0) expect.fail(`byte at 0x${(run.address + first).toString(16)} differs`);
    holder.covered.fill(1, offset, offset + run.data.length);
  }
  for (const m of mine) {
    const stray = m.data.findIndex((b, i) => !m.covered[i] && b !== padding);
    if (stray >= 0) expect.fail(`unexpected byte at 0x${(m.address + stray).toString(16)}`);
  }
}

describe('device files', () => {
  it('writes a V1 .hex whose flash is the linked image and whose source reads back', async () => {
    const { v1 } = await linked();
    const hex = writeVariantHex(v1, source);
    const flashOnly = hex
      .split('\n')
      .filter((l) => !/^:......0E/.test(l))
      .join('\n');
    sameBytes(parseIntelHex(flashOnly).sections[0]!.segments, v1.segments);
    expect(parseIntelHex(hex).startLinearAddress).toBe(v1.firmware.startLinearAddress);
    const project = readProjectHex(new TextEncoder().encode(hex));
    expect(project.files).toEqual(files);
    expect(project.program).toBe('present');
  });

  it('writes source records as MakeCode reads them: full 16-byte 0x0E records', async () => {
    const { v1 } = await linked();
    const lines = writeVariantHex(v1, source).split('\n');
    const sourceLines = lines.filter((l) => /^:......0E/.test(l));
    expect(sourceLines.length).toBe(Math.ceil(source.length / 16));
    for (const line of sourceLines) expect(line.slice(1, 3)).toBe('10');
    expect(sourceLines[0]!.slice(9, 25)).toBe('41140E2FB82FA2BB');
    expect(lines[lines.length - 2]).toBe(':00000001FF');
  });

  it('writes a Universal Hex in 512-character sections that the Foundation library separates', async () => {
    const { v1, v2 } = await linked();
    const universal = writeUniversalHex(v1, v2, source);
    expect(isUniversalHex(universal)).toBe(true);
    const lines = universal.split('\n');
    const blockEnds = lines.map((l, i) => (/^:..00000B/.test(l) ? i : -1)).filter((i) => i >= 0);
    expect(blockEnds).toHaveLength(2);
    const upTo = (index: number) => lines.slice(0, index + 1).reduce((n, l) => n + l.length + 1, 0);
    expect(upTo(blockEnds[0]!) % 512).toBe(0);
    expect(upTo(blockEnds[1]!) % 512).toBe(0);
    expect(lines.slice(-2)).toEqual([':00000001FF', '']);

    const parts = separateUniversalHex(universal);
    expect(parts.map((p) => p.boardId)).toEqual([0x9900, 0x9903]);
    sameBytes(parseIntelHex(parts[0]!.hex).sections[0]!.segments, v1.segments);
    sameBytes(parseIntelHex(parts[1]!.hex).sections[0]!.segments, v2.segments);

    const sections = parseIntelHex(universal).sections;
    const v1Section = sections.find((s) => s.boardId === 0x9900)!;
    sameBytes(v1Section.segments, v1.segments);
    expect(readProjectHex(new TextEncoder().encode(universal)).files).toEqual(files);
  });

  it('writes a V2 .uf2 of the flash image with the source in not-main-flash blocks', async () => {
    const { v1, v2 } = await linked();
    const uf2 = writeVariantUf2(v2, source);
    const blocks = parseUf2Blocks(uf2);
    expect(blocks.every((b) => b.familyOrSize === 0x621e937a)).toBe(true);
    const flash = uf2Memory(blocks.filter((b) => !(b.flags & 1)));
    sameBytes(
      flash,
      v2.segments.filter((s) => s.address < 0x80000),
      0xff,
    );
    expect(readProjectUf2(uf2).files).toEqual(files);
    expect(() => writeVariantUf2(v1)).toThrow(/micro:bit V1 does not take \.uf2 files/);
  });
});
