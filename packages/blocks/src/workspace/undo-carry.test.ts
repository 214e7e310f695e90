import * as Blockly from 'blockly/core';
import { describe, expect, it } from 'vitest';
import { linkEnvironment } from '../environment/environment-link.ts';
import { headlessWorkspace, testEnvironment, xmlOf } from '../test/headless.ts';
import { carryUndo } from './undo-carry.ts';
import { loadWorkspaceXml, saveWorkspaceXml } from './workspace-xml.ts';

const file = xmlOf(
  '<block type="device_show_number" id="show" x="40" y="20"><value name="number"><shadow type="math_number" id="n"><field name="NUM">1</field></shadow></value></block>',
);

/** Blockly delivers events (and fills its undo stack) on the next turn of the event loop. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function rtlWorkspace(width: number): Blockly.Workspace {
  const workspace = new Blockly.Workspace(new Blockly.Options({ rtl: true }));
  workspace.getWidth = () => width;
  return workspace;
}

async function editedWorkspace(): Promise<Blockly.Workspace> {
  const workspace = headlessWorkspace();
  loadWorkspaceXml(workspace, testEnvironment(), file);
  const block = workspace.getBlockById('show')!;
  block.moveBy(60, 0); // x 40 -> 100
  await settle();
  workspace.getBlockById('n')!.setFieldValue('7', 'NUM');
  await settle();
  return workspace;
}

function handOver(workspace: Blockly.Workspace, rtl = false, width = 0) {
  return {
    undo: [...workspace.getUndoStack()],
    redo: [...workspace.getRedoStack()],
    rtl,
    width,
  };
}

describe('carryUndo', () => {
  it('lets a rebuilt workspace undo and redo what was done on the old one', async () => {
    const old = await editedWorkspace();
    const xml = saveWorkspaceXml(old);
    const successor = headlessWorkspace();
    loadWorkspaceXml(successor, testEnvironment(), xml);
    carryUndo(handOver(old), successor);
    const show = () => successor.getBlockById('show')!;
    expect(show().getRelativeToSurfaceXY().x).toBe(100);

    successor.undo(false);
    await settle();
    expect(String(successor.getBlockById('n')!.getFieldValue('NUM'))).toBe('1');
    successor.undo(false);
    await settle();
    expect(show().getRelativeToSurfaceXY().x).toBe(40);
    successor.undo(true);
    await settle();
    expect(show().getRelativeToSurfaceXY().x).toBe(100);
    // The old workspace is untouched by all this.
    expect(String(old.getBlockById('n')!.getFieldValue('NUM'))).toBe('7');
  });

  it('mirrors moves when the successor runs right to left, as Blockly mirrors the file', async () => {
    const old = await editedWorkspace();
    const xml = saveWorkspaceXml(old);
    const successor = rtlWorkspace(500);
    linkEnvironment(successor, testEnvironment());
    loadWorkspaceXml(successor, testEnvironment(), xml);
    const show = () => successor.getBlockById('show')!;
    expect(show().getRelativeToSurfaceXY().x).toBe(500 - 100);
    carryUndo(handOver(old), successor);
    successor.undo(false); // the number
    successor.undo(false); // the move, back to file x 40
    await settle();
    expect(show().getRelativeToSurfaceXY().x).toBe(500 - 40);
    expect(saveWorkspaceXml(successor)).toContain('x="40"');
  });
});
