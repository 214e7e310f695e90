import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BlockNode } from './blocks-model.ts';
import { readBlocksXml } from './read-blocks-xml.ts';
import { writeBlocksXml } from './write-blocks-xml.ts';

const baselines = join(import.meta.dirname, '../../../test/blocks/baselines');

describe('compact Blockly XML', () => {
  it('reads back to the same workspace as the indented form, for every golden baseline', () => {
    const files = readdirSync(baselines).filter((name) => name.endsWith('.blocks'));
    expect(files.length).toBeGreaterThan(20);
    for (const name of files) {
      const workspace = readBlocksXml(readFileSync(join(baselines, name), 'utf8'));
      const compact = writeBlocksXml(workspace, { indent: false });
      expect(compact, name).not.toContain('\n  <');
      expect(readBlocksXml(compact), name).toEqual(readBlocksXml(writeBlocksXml(workspace)));
    }
  });

  it('keeps text that is only spaces and line breaks', () => {
    const xml =
      '<xml xmlns="https://developers.google.com/blockly/xml"><block type="text" id="t"><field name="TEXT">\n  </field></block></xml>';
    const workspace = readBlocksXml(xml);
    expect(writeBlocksXml(workspace, { indent: false })).toBe(xml);
  });

  it('grows in step with a long stack, not with its square', () => {
    const stack = (n: number): BlockNode => {
      let block: BlockNode | undefined;
      for (let i = 0; i < n; i++) {
        block = { type: 'device_pause', id: `b${i}`, fields: [], inputs: [], ...(block ? { next: block } : {}) };
      }
      return block!;
    };
    const size = (n: number) =>
      writeBlocksXml({ variables: [], comments: [], blocks: [stack(n)] }, { indent: false }).length;
    expect(size(2000) / size(1000)).toBeLessThan(2.1);
  });
});
