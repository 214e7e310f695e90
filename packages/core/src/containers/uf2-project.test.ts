import { describe, expect, it } from 'vitest';
import { makecodeDir, readBaseline, sampleProject } from '../../test/fixtures/baselines.ts';
import { messageOf } from '../../test/fixtures/format-error-message.ts';
import { parseUf2Blocks, UF2_FLAGS, writeUf2 } from './uf2.ts';
import { readProjectUf2, writeProjectUf2, writeProjectUf2Async } from './uf2-project.ts';

const files = sampleProject();

describe('project .uf2', () => {
  it('round-trips with the marker in main flash and the source in not-main-flash blocks', () => {
    const file = writeProjectUf2(files);
    const blocks = parseUf2Blocks(file);
    expect(blocks[0]).toMatchObject({ address: 0x1c000, flags: UF2_FLAGS.familyIdPresent, familyOrSize: 0x621e937a });
    expect(blocks.slice(1).every((b) => b.flags === (UF2_FLAGS.familyIdPresent | UF2_FLAGS.notMainFlash))).toBe(true);
    expect(blocks[1]!.address).toBe(0x1c000 + 131072);
    const project = readProjectUf2(file);
    expect(project.files).toEqual(files);
    expect(project).toMatchObject({ format: 'uf2', program: 'empty' });
  });

  it('uses the family id asked for, and the same bytes asynchronously', async () => {
    expect(parseUf2Blocks(writeProjectUf2(files, { familyId: 0xada52840 }))[0]!.familyOrSize).toBe(0xada52840);
    expect(await writeProjectUf2Async(files)).toEqual(writeProjectUf2(files));
  });

  it('opens a MakeCode .uf2 with the source after the program', () => {
    const project = readProjectUf2(readBaseline(makecodeDir, 'project.uf2'));
    expect(project.files).toEqual(files);
    expect(project.program).toBe('present');
  });

  it('reports missing source, damaged blocks and cut-short sources', () => {
    expect(messageOf(() => readProjectUf2(writeUf2([{ address: 0, data: new Uint8Array(300) }], 1)))).toBe(
      "This .uf2 file doesn't contain source.",
    );
    const file = writeProjectUf2(files);
    expect(messageOf(() => readProjectUf2(file.subarray(0, 700)))).toBe('This .uf2 file is not valid.');
    const cut = file.slice(0, file.length - 512);
    // Renumber so the blocks themselves are fine: only the source is short.
    const view = new DataView(cut.buffer);
    for (let i = 0; i < cut.length / 512; i++) view.setUint32(i * 512 + 24, cut.length / 512, true);
    expect(messageOf(() => readProjectUf2(cut))).toBe('This .uf2 file is not valid.');
  });
});
