import * as Blockly from 'blockly/core';
import { describe, expect, it } from 'vitest';
import { headlessWorkspace, testEnvironment, xmlOf } from '../test/headless.ts';
import { loadWorkspaceXml, saveWorkspaceXml } from '../workspace/workspace-xml.ts';
import { ifElseShape } from './if-else.ts';
import { itemCount } from './item-list.ts';
import { MINUS_BUTTON, PLUS_BUTTON } from './mutation-support.ts';

function load(body: string) {
  const workspace = headlessWorkspace();
  loadWorkspaceXml(workspace, testEnvironment(), xmlOf(body));
  return workspace;
}

/** Presses a + or - button of a block (the image fields with click handlers). */
function press(block: Blockly.Block, which: 'plus' | 'minus'): void {
  const button = block.getField(which === 'plus' ? PLUS_BUTTON : MINUS_BUTTON);
  if (!(button instanceof Blockly.FieldImage)) throw new Error(`no ${which} button on ${block.type}`);
  // Blockly calls the click handler from its gesture; tests call it the same way.
  (button as unknown as { clickHandler: (field: Blockly.FieldImage) => void }).clickHandler(button);
}

describe('blocks that change shape', () => {
  it('if: + adds an else, then else-ifs; - takes the last arm away; the mutation follows', () => {
    const workspace = load(
      '<block type="controls_if" id="if" x="0" y="0"><value name="IF0"><shadow type="logic_boolean"><field name="BOOL">TRUE</field></shadow></value></block>',
    );
    const block = workspace.getBlockById('if')!;
    press(block, 'plus');
    expect(ifElseShape(block)).toEqual({ elseIfs: 0, else: true });
    press(block, 'plus');
    press(block, 'plus');
    expect(ifElseShape(block)).toEqual({ elseIfs: 2, else: true });
    expect(block.getInput('IF2')?.connection?.targetBlock()?.getFieldValue('BOOL')).toBe('FALSE');
    expect(saveWorkspaceXml(workspace)).toMatch(/<mutation (elseif="2" else="1"|else="1" elseif="2")\/>/);
    press(block, 'minus');
    expect(ifElseShape(block)).toEqual({ elseIfs: 1, else: true });
    const lastInput = block.inputList.at(-1);
    expect(lastInput?.name).toBe('BUTTONS');
  });

  it('if: a statement stack in a removed arm is kept on the workspace, not deleted', () => {
    const workspace = load(
      '<block type="controls_if" id="if" x="0" y="0"><mutation elseif="1"/>' +
        '<statement name="DO1"><block type="device_show_number" id="inner"/></statement></block>',
    );
    const block = workspace.getBlockById('if')!;
    press(block, 'minus');
    expect(ifElseShape(block)).toEqual({ elseIfs: 0, else: false });
    expect(workspace.getBlockById('inner')?.getParent()).toBeNull();
  });

  it('join and array: + and - change the number of items and items=""', () => {
    const workspace = load('<block type="text_join" id="j" x="0" y="0"><mutation items="1"/></block>');
    const block = workspace.getBlockById('j')!;
    expect(itemCount(block)).toBe(1);
    press(block, 'plus');
    expect(itemCount(block)).toBe(2);
    expect(block.getInput('ADD1')?.connection?.targetBlock()?.type).toBe('text');
    expect(saveWorkspaceXml(workspace)).toContain('<mutation items="2"/>');
    press(block, 'minus');
    press(block, 'minus');
    expect(itemCount(block)).toBe(0);
  });

  it('optional parameters: + shows the next one with its default, - hides it again', () => {
    const workspace = load(
      '<block type="device_print_message" id="s" x="0" y="0"><mutation _expanded="0" _input_init="false"/>' +
        '<value name="text"><shadow type="text"><field name="TEXT">Hi</field></shadow></value></block>',
    );
    const block = workspace.getBlockById('s')!;
    expect(block.getInput('interval')).toBeNull();
    press(block, 'plus');
    expect(String(block.getInput('interval')?.connection?.targetBlock()?.getFieldValue('NUM'))).toBe('150');
    const saved = saveWorkspaceXml(workspace);
    expect(saved).toMatch(/_expanded="1"/);
    expect(saved).toMatch(/_input_init="true"/);
    press(block, 'minus');
    expect(block.getInput('interval')).toBeNull();
  });

  it('optional parameters given in the file show expanded', () => {
    const workspace = load(
      '<block type="device_print_message" id="s" x="0" y="0"><mutation _expanded="1" _input_init="true"/>' +
        '<value name="text"><shadow type="text"><field name="TEXT">Hi</field></shadow></value>' +
        '<value name="interval"><shadow type="math_number"><field name="NUM">99</field></shadow></value></block>',
    );
    const block = workspace.getBlockById('s')!;
    expect(String(block.getInput('interval')?.connection?.targetBlock()?.getFieldValue('NUM'))).toBe('99');
  });

  it('undo takes a whole shape change back in one step', async () => {
    const workspace = load('<block type="text_join" id="j" x="0" y="0"><mutation items="2"/></block>');
    const block = workspace.getBlockById('j')!;
    press(block, 'plus');
    expect(itemCount(block)).toBe(3);
    // Blockly delivers events (and fills its undo stack) on the next turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 0));
    workspace.undo(false);
    expect(itemCount(block)).toBe(2);
    expect(workspace.getAllBlocks(false).filter((b) => b.type === 'text')).toHaveLength(0);
    workspace.undo(true);
    expect(itemCount(block)).toBe(3);
  });

  it('math functions take a second input for atan2 and idiv', () => {
    const workspace = load(
      '<block type="math_js_op" id="m" x="0" y="0"><mutation op-type="unary"/><field name="OP">sqrt</field></block>',
    );
    const block = workspace.getBlockById('m')!;
    expect(block.getInput('ARG1')).toBeNull();
    block.setFieldValue('atan2', 'OP');
    expect(block.getInput('ARG1')).not.toBeNull();
    expect(saveWorkspaceXml(workspace)).toContain('op-type="binary"');
  });

  it('renaming a function renames its calls', () => {
    const workspace = load(
      '<block type="function_definition" id="d" x="0" y="0"><mutation name="go" functionid="f"/><field name="function_name">go</field></block>' +
        '<block type="pxt-on-start" x="300" y="0"><statement name="HANDLER"><block type="function_call" id="c"><mutation name="go" functionid="f"/></block></statement></block>',
    );
    workspace.getBlockById('d')!.setFieldValue('run', 'function_name');
    expect(saveWorkspaceXml(workspace)).toMatch(/type="function_call"[^>]*>\s*<mutation name="run"/);
  });
});
