import { BlocksXmlError, writeBlocksXml } from '@blockyard/language';
import * as Blockly from 'blockly/core';
import { describe, expect, it } from 'vitest';
import { collectWarnings, headlessWorkspace, testEnvironment, xmlOf } from '../test/headless.ts';
import { variablesFlyout } from './dynamic-flyouts.ts';
import { loadWorkspaceXml, saveWorkspaceXml } from './workspace-xml.ts';
import { compareBlocksXml } from './xml-compare.ts';

function roundTrip(xml: string) {
  const workspace = headlessWorkspace();
  const { result: saved, warnings } = collectWarnings(() => {
    loadWorkspaceXml(workspace, testEnvironment(), xml);
    return saveWorkspaceXml(workspace);
  });
  return { saved, warnings, differences: compareBlocksXml(xml, saved), workspace };
}

describe('loading and saving main.blocks through Blockly', () => {
  it('moves a pin saved as a field (files from before pin inputs) into its shadow input', () => {
    const workspace = headlessWorkspace();
    loadWorkspaceXml(
      workspace,
      testEnvironment(),
      xmlOf('<block type="device_get_digital_pin" id="r" x="0" y="0"><field name="name">DigitalPin.P1</field></block>'),
    );
    const shadow = workspace.getBlockById('r')!.getInputTargetBlock('name');
    expect(shadow?.type).toBe('digital_pin_shadow');
    expect(shadow?.isShadow()).toBe(true);
    expect(shadow?.getFieldValue('pin')).toBe('DigitalPin.P1');
  });

  it('keeps every toolbox block of the library exactly, with no Blockly warnings', () => {
    const environment = testEnvironment();
    let count = 0;
    for (const category of environment.registry.toolbox.categories) {
      for (const entry of [...category.contents, ...(category.more ?? [])]) {
        if (entry.kind !== 'block') continue;
        const xml = writeBlocksXml({
          variables: [
            { name: 'item', id: 'v1', type: '' },
            { name: 'index', id: 'v2', type: '' },
            { name: 'value', id: 'v3', type: '' },
            { name: 'list', id: 'v4', type: '' },
          ],
          comments: [],
          blocks: [{ ...entry.block, shadow: false, x: 10, y: 10 }],
        });
        const { differences, warnings } = roundTrip(xml);
        expect({ type: entry.type, differences, warnings }).toEqual({
          type: entry.type,
          differences: [],
          warnings: [],
        });
        count++;
      }
    }
    expect(count).toBeGreaterThan(60);
  });

  it('loads a typed array variable (let names: string[] = []) and offers it in the Variables drawer', () => {
    // As the decompiler writes it: Blockly refuses a typed variable whose field omits the type.
    const xml = xmlOf(
      `<block type="pxt-on-start" id="s" x="20" y="20"><statement name="HANDLER">` +
        `<block type="variables_set" id="b3"><field name="VAR" id="v_names" variabletype="string[]">names</field>` +
        `<value name="VALUE"><shadow type="math_number" id="b1"><field name="NUM">0</field></shadow>` +
        `<block type="lists_create_with" id="b2"><mutation items="0"/></block></value></block>` +
        `</statement></block>`,
      '<variable type="string[]" id="v_names">names</variable>',
    );
    const { differences, warnings, workspace } = roundTrip(xml);
    expect({ differences, warnings }).toEqual({ differences: [], warnings: [] });
    const flyout = variablesFlyout(workspace as Blockly.WorkspaceSvg, testEnvironment()) as unknown as {
      blockxml?: string;
    }[];
    const blocks = flyout.flatMap((item) => (item.blockxml ? [item.blockxml] : []));
    expect(blocks.some((b) => b.includes('variables_get') && b.includes('variabletype="string[]"'))).toBe(true);
    // Each block of the drawer loads next to the typed variable.
    for (const block of blocks) {
      expect(() => Blockly.Xml.domToBlock(Blockly.utils.xml.textToDom(block), workspace)).not.toThrow();
    }
  });

  it('keeps blocks nobody defined: their fields, inputs, mutation and unknown elements', () => {
    const xml = xmlOf(
      `<block type="pxt-on-start" x="0" y="0"><statement name="HANDLER">` +
        `<block type="ext_motor_run" id="m1"><mutation speed="fast"><part a="1"/></mutation>` +
        `<field name="DIR">forward</field><value name="POWER"><shadow type="math_number"><field name="NUM">50</field></shadow></value>` +
        `<icons><comment>kept</comment></icons></block>` +
        `</statement></block><toolbox-position>left</toolbox-position>`,
    );
    const { differences, warnings, saved } = roundTrip(xml);
    expect(differences).toEqual([]);
    expect(warnings).toEqual([]);
    expect(saved).toContain('<toolbox-position>left</toolbox-position>');
    expect(saved).toContain('<icons>');
  });

  it('keeps values a dropdown does not list and numbers exactly as written', () => {
    const xml = xmlOf(
      `<block type="device_button_event" x="0" y="0"><field name="NAME">Button.AB</field>` +
        `<statement name="HANDLER"><block type="device_show_number"><value name="number">` +
        `<shadow type="math_number"><field name="NUM">0x10</field></shadow></value>` +
        `<next><block type="device_show_number"><value name="number"><shadow type="math_number"><field name="NUM">1.50</field></shadow></value></block></next>` +
        `</block></statement></block>`,
    );
    const { differences, saved } = roundTrip(xml);
    expect(differences).toEqual([]);
    expect(saved).toContain('>Button.AB<');
    expect(saved).toContain('>0x10<');
    expect(saved).toContain('>1.50<');
  });

  it('writes a disabled block the way MakeCode does, and every declared variable', () => {
    const xml = xmlOf(
      `<block type="device_forever" x="0" y="0" disabled="true"/>`,
      `<variable type="" id="v_spare">spare</variable>`,
    );
    const { differences, saved } = roundTrip(xml);
    expect(differences).toEqual([]);
    expect(saved).toContain('disabled="true"');
    expect(saved).not.toContain('disabled-reasons');
    expect(saved).toContain('>spare</variable>');
  });

  it('keeps handler parameter reporters as shadows in the file but real blocks in Blockly', () => {
    const xml = xmlOf(
      `<block type="radio_on_number_drag" x="0" y="0"><value name="HANDLER_DRAG_PARAM_receivedNumber">` +
        `<shadow type="argument_reporter_number"><field name="VALUE">receivedNumber</field></shadow></value></block>`,
    );
    const { differences, workspace } = roundTrip(xml);
    expect(differences).toEqual([]);
    const reporter = workspace.getBlocksByType('argument_reporter_number', false)[0];
    expect(reporter?.isShadow()).toBe(false);
    expect(reporter?.isDeletable()).toBe(false);
  });

  it('shows function parameters as reporters without adding them to the file', () => {
    const xml = xmlOf(
      `<block type="function_definition" x="0" y="0"><mutation name="double" functionid="f1"><arg name="x" id="a1" type="number"/></mutation>` +
        `<field name="function_name">double</field></block>` +
        `<block type="pxt-on-start" x="300" y="0"><statement name="HANDLER"><block type="function_call"><mutation name="double" functionid="f1"><arg name="x" id="a1" type="number"/></mutation>` +
        `<value name="a1"><shadow type="math_number"><field name="NUM">4</field></shadow></value></block></statement></block>`,
    );
    const { differences, workspace, saved } = roundTrip(xml);
    expect(differences).toEqual([]);
    const definition = workspace.getBlocksByType('function_definition', false)[0]!;
    expect(definition.getInput('a1')?.connection?.targetBlock()?.getFieldValue('VALUE')).toBe('x');
    expect(saved).not.toContain('argument_reporter');
  });

  it('keeps grey code blocks and their lines', () => {
    const xml = xmlOf(
      `<block type="pxt-on-start" x="0" y="0"><statement name="HANDLER"><block type="typescript_statement">` +
        `<mutation numlines="2" line0="let a = {" line1="}" declaredvars="a"/></block></statement></block>`,
    );
    const { differences, workspace } = roundTrip(xml);
    expect(differences).toEqual([]);
    const grey = workspace.getBlocksByType('typescript_statement', false)[0]!;
    expect(grey.getFieldValue('NAME_LABEL')).toBe('let a = {');
  });

  it('refuses a file that is not blocks XML with a plain message, before touching the workspace', () => {
    const workspace = headlessWorkspace();
    loadWorkspaceXml(workspace, testEnvironment(), xmlOf('<block type="device_forever" x="0" y="0"/>'));
    expect(() => loadWorkspaceXml(workspace, testEnvironment(), '<html><body/></html>')).toThrow(BlocksXmlError);
    expect(() => loadWorkspaceXml(workspace, testEnvironment(), '<xml><block')).toThrow(/not valid XML/);
    expect(workspace.getAllBlocks(false).map((b) => b.type)).toEqual(['device_forever']);
  });
});
