import { readBlocksXml } from '@blockyard/language';
import { describe, expect, it } from 'vitest';
import { testEnvironment } from '../test/headless.ts';
import { filterToolbox } from './toolbox-filter.ts';

const toolbox = () => testEnvironment().toolbox;
const types = (entries: readonly { kind: string; type?: string }[]) =>
  entries.filter((e) => e.kind === 'block').map((e) => e.type);

describe('filterToolbox', () => {
  it('keeps only the blocks a tutorial uses, and drops categories left empty', () => {
    const { toolbox: limited } = filterToolbox(toolbox(), {
      only: ['device_show_number', 'device_button_event', 'variables_set'],
    });
    expect(limited.categories.map((c) => c.id)).toEqual(['basic', 'input', 'variables', 'arrays']);
    expect(types(limited.categories[0]!.contents)).toEqual(['device_show_number']);
    // The variables category keeps its "Make a Variable" button: its blocks need a variable.
    expect(limited.categories[2]!.contents[0]).toMatchObject({ kind: 'button', action: 'create-variable' });
  });

  it('drops group labels with no block left under them', () => {
    const { toolbox: limited } = filterToolbox(toolbox(), { only: ['array_pop'] });
    const arrays = limited.categories.find((c) => c.id === 'arrays')!;
    expect(arrays.contents.map((e) => (e.kind === 'label' ? `label:${e.text}` : e.kind))).toEqual([
      'label:Read',
      'block',
    ]);
  });

  it('offers every block without `only`, and marks the categories of the highlighted types', () => {
    const whole = toolbox();
    const { toolbox: same, highlighted } = filterToolbox(whole, {
      highlight: ['device_forever', 'text_join', 'variables_get'],
    });
    expect(same.categories.map((c) => c.id)).toEqual(whole.categories.map((c) => c.id));
    expect([...highlighted].sort()).toEqual(['advanced', 'basic', 'text', 'variables']);
  });

  it("offers a blockconfig block with the tutorial's values in place of the toolbox's", () => {
    const config = readBlocksXml(
      '<xml xmlns="https://developers.google.com/blockly/xml"><block type="device_show_number" x="10" y="20">' +
        '<value name="number"><shadow type="math_number"><field name="NUM">42</field></shadow></value></block>' +
        '<block type="no_such_block"/></xml>',
    ).blocks;
    const { toolbox: configured } = filterToolbox(toolbox(), { blocks: config });
    const basic = configured.categories[0]!.contents;
    expect(types(basic)).toEqual(types(toolbox().categories[0]!.contents));
    const entry = basic[0]!;
    expect(entry.kind === 'block' && entry.block.inputs[0]?.shadow?.fields[0]?.value).toBe('42');
    expect(entry.kind === 'block' && 'x' in entry.block).toBe(false);
  });

  it('turns the marks into toolbox rows Blockly draws as highlighted', () => {
    const json = testEnvironment().toolboxJson({}, { highlight: ['device_show_number'] });
    const rows = json.contents as unknown as { toolboxitemid: string; blockyardhighlight?: boolean }[];
    expect(rows.filter((r) => r.blockyardhighlight).map((r) => r.toolboxitemid)).toEqual(['basic']);
  });
});
