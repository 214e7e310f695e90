// Golden cases (see golden-cases.ts): each baseline must match, code in the generator's own form
// must come back unchanged, blocks must come back as the same blocks, nothing may be lost, and
// together the cases must use every block of the toolbox.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBlocksXml } from '../../src/blocks/model/read-blocks-xml.ts';
import { writeBlocksXml } from '../../src/blocks/model/write-blocks-xml.ts';
import { baselinesDir, goldenCases, produce } from './golden-cases.ts';
import { blockTypes, decompile, generate, normalize, registry } from './harness.ts';

const cases = goldenCases();

describe('golden cases', () => {
  it('has at least 150 cases, with distinct names', () => {
    expect(cases.length).toBeGreaterThanOrEqual(150);
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  });

  for (const golden of cases) {
    it(golden.file, () => {
      const path = join(baselinesDir, golden.baselineFile);
      expect(
        existsSync(path),
        `no baseline for ${golden.file}: run npm run update-baselines -w @blockyard/language`,
      ).toBe(true);
      const produced = produce(golden);
      expect(produced).toBe(readFileSync(path, 'utf8'));
      if (golden.kind === 'ts') {
        const workspace = readBlocksXml(produced);
        // A toolbox block must come back as itself, never as grey code.
        if (golden.name.startsWith('toolbox-')) expect(decompile(golden.input).greyNotes).toEqual([]);
        const code = generate(workspace).code;
        if (golden.exact) expect(code).toBe(golden.input);
        // Whatever the input, its blocks are a fixed point: converting again changes nothing.
        expect(normalize(decompile(code).workspace)).toEqual(normalize(workspace));
      } else {
        const workspace = readBlocksXml(golden.input);
        const again = decompile(produced);
        if (golden.exact) expect(normalize(again.workspace)).toEqual(normalize(workspace));
        expect(generate(again.workspace).code).toBe(produced);
      }
    });
  }
});

describe('toolbox coverage', () => {
  it('every block type of the toolbox appears in some case', () => {
    const used = new Set<string>();
    for (const golden of cases) {
      const workspace = golden.kind === 'ts' ? decompile(golden.input).workspace : readBlocksXml(golden.input);
      for (const type of blockTypes(workspace)) used.add(type);
    }
    const missing = registry.toolbox.categories
      .flatMap((c) => [...c.contents, ...(c.more ?? [])])
      .flatMap((e) => (e.kind === 'block' ? [e.type, ...(e.wraps !== undefined ? [e.wraps] : [])] : []))
      .filter((type) => !used.has(type));
    expect(
      [...new Set(missing)],
      'add a case under packages/language/test/blocks/cases that uses these blocks (npm run update-baselines -w @blockyard/language -- --add-missing writes one per block)',
    ).toEqual([]);
  }, 120_000);

  it('every toolbox block round-trips as it comes out of the toolbox', () => {
    for (const category of registry.toolbox.categories) {
      for (const entry of [...category.contents, ...(category.more ?? [])]) {
        if (entry.kind !== 'block') continue;
        const xml = writeBlocksXml({ variables: [], blocks: [entry.block], comments: [] });
        expect(readBlocksXml(xml).blocks[0], entry.type).toEqual(entry.block);
      }
    }
  }, 60_000);
});
