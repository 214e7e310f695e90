import * as Blockly from 'blockly/core';
import ts from 'typescript';
import { createBlockRegistry } from '@blockyard/language';
import { describe, expect, it } from 'vitest';
import { headlessWorkspace, testEnvironment, xmlOf } from '../test/headless.ts';
import { loadWorkspaceXml } from '../workspace/workspace-xml.ts';
import { blockyardFields } from '../fields/blockyard-fields.ts';
import { BlocksEnvironment } from './blocks-environment.ts';
import { contrastRatio } from './block-styles.ts';

const otherLibrary = `
//% color=#00AA00 weight=10
namespace basic {
    /** A different show number. */
    //% blockId=device_show_number block="say %n out loud"
    function showNumber(n: number): void;
}
`;

describe('BlocksEnvironment', () => {
  it('keeps registries per workspace: the same block type can mean different blocks side by side', () => {
    const other = new BlocksEnvironment(
      createBlockRegistry({ ts, library: [{ name: 'other.d.ts', text: otherLibrary }] }),
      { fields: blockyardFields },
    );
    const mine = headlessWorkspace();
    const theirs = headlessWorkspace(other);
    const xml = xmlOf('<block type="device_show_number" id="n" x="0" y="0"/>');
    loadWorkspaceXml(mine, testEnvironment(), xml);
    loadWorkspaceXml(theirs, other, xml);
    const text = (workspace: Blockly.Workspace) =>
      workspace
        .getBlockById('n')!
        .inputList.flatMap((input) => input.fieldRow.map((field) => field.getText()))
        .join(' ');
    expect(text(mine)).toContain('show number');
    expect(text(theirs)).toContain('say');
    // Creating the second environment did not change what the first one builds.
    const again = headlessWorkspace();
    loadWorkspaceXml(again, testEnvironment(), xml);
    expect(text(again)).toContain('show number');
  });

  it('refuses to build a block on a workspace that has no environment', () => {
    testEnvironment();
    const bare = new Blockly.Workspace();
    expect(() => bare.newBlock('device_show_number')).toThrow(/without a Blockyard blocks environment/);
  });

  it('adopts block types nobody defined from the file, as grey kept-as-is blocks', () => {
    const environment = new BlocksEnvironment(
      createBlockRegistry({ ts, library: [{ name: 'other.d.ts', text: otherLibrary }] }),
      { fields: blockyardFields },
    );
    const workspace = headlessWorkspace(environment);
    const result = loadWorkspaceXml(
      workspace,
      environment,
      xmlOf('<block type="mystery_block" x="0" y="0"><field name="A">1</field><value name="B"/></block>'),
    );
    expect(result.unknownTypes).toEqual(['mystery_block']);
    const block = workspace.getAllBlocks(false)[0]!;
    expect(block.getFieldValue('A')).toBe('1');
    expect(block.getInput('B')).not.toBeNull();
    expect(environment.definition('mystery_block')?.tooltip).toContain('mystery_block');
  });

  it('gives blocks the tooltip and help page of their annotation', () => {
    const workspace = headlessWorkspace();
    const block = workspace.newBlock('device_show_number');
    expect(block.tooltip).toBe('Shows a number on the screen.');
    expect(block.helpUrl).toBe('/reference/basic/show-number');
  });

  it('builds themes with a style for every block colour, readable in high contrast', () => {
    const environment = testEnvironment();
    const theme = environment.theme('high-contrast');
    for (const colour of environment.colours()) {
      const style = theme.blockStyles[`by_${colour.slice(1)}`];
      expect(style, colour).toBeDefined();
      expect(contrastRatio(style!.colourPrimary, '#ffffff')).toBeGreaterThanOrEqual(7);
    }
    expect(environment.theme('light').componentStyles.workspaceBackgroundColour).toBe('#f6f7fb');
  });
});

describe('the toolbox', () => {
  it('lists categories by weight with colours and icons, advanced ones inside "Advanced"', () => {
    const toolbox = testEnvironment().toolboxJson();
    const rows = toolbox.contents as unknown as {
      name: string;
      colour: string;
      toolboxitemid: string;
      contents?: { name: string }[];
    }[];
    expect(rows.map((r) => r.name).slice(0, 5)).toEqual(['Basic', 'Input', 'Radio', 'Music', 'Pins']);
    expect(rows[0]!.colour).toBe('#1E90FF');
    const advanced = rows.at(-1)!;
    expect(advanced.toolboxitemid).toBe('advanced');
    expect(advanced.contents?.map((c) => c.name)).toEqual(['Functions', 'Arrays', 'Text']);
  });

  it('finds "show number" first when searching for it, and by the JavaScript name too', () => {
    const environment = testEnvironment();
    expect(environment.search('show number')[0]?.entry.type).toBe('device_show_number');
    expect(environment.search('SHOW   num')[0]?.entry.type).toBe('device_show_number');
    expect(environment.search('showNumber')[0]?.entry.type).toBe('device_show_number');
    expect(environment.search('no block has this')).toEqual([]);
  });
});
