// @vitest-environment jsdom
// jsdom, not happy-dom: Blockly's inject runs in it (no canvas: text is measured roughly).
import * as Blockly from 'blockly/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testEnvironment, xmlOf } from '../test/headless.ts';
import { BlocksWorkspaceController } from './workspace-controller.ts';

/** "on button A pressed" showing 1 then 2, and a lone "show number 3" beside it. */
const PROGRAM = xmlOf(
  `<block type="device_button_event" id="h" x="0" y="0"><field name="NAME">Button.A</field>` +
    `<statement name="HANDLER"><block type="device_show_number" id="s1">` +
    `<value name="number"><shadow type="math_number" id="n1"><field name="NUM">1</field></shadow></value>` +
    `<next><block type="device_show_number" id="s2">` +
    `<value name="number"><shadow type="math_number" id="n2"><field name="NUM">2</field></shadow></value>` +
    `</block></next></block></statement></block>` +
    `<block type="device_show_number" id="s3" x="400" y="0">` +
    `<value name="number"><shadow type="math_number" id="n3"><field name="NUM">3</field></shadow></value></block>`,
);

let controller: BlocksWorkspaceController | undefined;

afterEach(() => {
  controller?.dispose();
  controller = undefined;
  document.body.replaceChildren();
});

async function editor() {
  const container = document.createElement('div');
  document.body.append(container);
  const onChange = vi.fn<(xml: string) => void>();
  controller = new BlocksWorkspaceController({
    environment: testEnvironment(),
    container,
    theme: 'light',
    readOnly: false,
    media: '/blockly-media/',
    services: {},
    changeDelayMs: 0,
    onChange,
    onLoadProblem: () => {},
    sounds: false,
  });
  controller.setXml(PROGRAM);
  await controller.loaded();
  controller.finishLoading();
  // The load's own events and the save cache's priming are over.
  await new Promise((resolve) => setTimeout(resolve, 50));
  onChange.mockClear();
  return { controller, workspace: controller.workspace, onChange };
}

/**
 * Picks a block up, and once Blockly has reported what picking it up changed (a real drag lasts
 * many frames; `quick`: not even that), moves it by `dx`, `dy` pixels and lets it go without a
 * pointer event (as a keyboard move ends). `onChange` is cleared before the drop.
 */
async function drag(
  workspace: Blockly.WorkspaceSvg,
  block: Blockly.BlockSvg,
  dx: number,
  dy: number,
  onChange: ReturnType<typeof vi.fn>,
  quick = false,
): Promise<void> {
  const Dragger = Blockly.registry.getClassFromOptions(Blockly.registry.Type.BLOCK_DRAGGER, workspace.options, true)!;
  const dragger = new Dragger(block, workspace);
  dragger.onDragStart(undefined);
  if (!quick) await new Promise((resolve) => setTimeout(resolve, 50));
  onChange.mockClear();
  const delta = new Blockly.utils.Coordinate(dx, dy);
  dragger.onDrag(undefined, delta);
  dragger.onDragEnd(undefined, delta);
}

describe('a finished drag', () => {
  it('is saved in its own task, before the frame Blockly reports it on', async () => {
    const { controller, workspace, onChange } = await editor();
    // Pixels at the workspace's starting scale (0.9): 200 and 150 of its own units.
    await drag(workspace, workspace.getBlockById('s3')!, 180, 135, onChange);
    // Nothing ran in between: no frame, no timer.
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.lastCall![0]).toBe(controller.getXml());
    expect(onChange.mock.lastCall![0]).toContain('x="600" y="150"');
    // Its events, when they come, find nothing new.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('saves both the stack a block left and the one it became, even before the pick-up is reported', async () => {
    const { controller, workspace, onChange } = await editor();
    await drag(workspace, workspace.getBlockById('s2')!, 300, 300, onChange, true);
    expect(onChange).toHaveBeenCalledTimes(1);
    const xml = onChange.mock.lastCall![0];
    expect(xml).toBe(controller.getXml());
    expect(workspace.getBlockById('s1')!.getNextBlock()).toBeNull();
    expect(workspace.getTopBlocks(false).map((block) => block.id)).toContain('s2');
  });

  it('saves a block taken out of the toolbox (the drag starts on the flyout workspace)', async () => {
    const { controller, workspace, onChange } = await editor();
    const toolbox = workspace.getToolbox() as Blockly.Toolbox;
    toolbox.selectItemByPosition(0);
    const flyout = workspace.getFlyout()!.getWorkspace();
    const from = flyout.getTopBlocks(true)[0]!;
    await drag(flyout, from, 300, 300, onChange);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(workspace.getTopBlocks(false).length).toBe(3);
    expect(onChange.mock.lastCall![0]).toBe(controller.getXml());
    expect(onChange.mock.lastCall![0]).toContain(`type="${from.type}"`);
  });
  it('saves a block dropped on the bin', async () => {
    const { controller, workspace, onChange } = await editor();
    const block = workspace.getBlockById('s2')!;
    const Dragger = Blockly.registry.getClassFromOptions(Blockly.registry.Type.BLOCK_DRAGGER, workspace.options, true)!;
    const dragger = new Dragger(block, workspace);
    dragger.onDragStart(undefined);
    // Over the bin: jsdom lays nothing out, so the workspace is told where the pointer is.
    workspace.getDragTarget = () => workspace.trashcan;
    onChange.mockClear();
    dragger.onDragEnd(new PointerEvent('pointerup', { clientX: 10, clientY: 10 }), new Blockly.utils.Coordinate(0, 0));
    expect(workspace.getBlockById('s2')).toBeNull();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.lastCall![0]).toBe(controller.getXml());
    expect(onChange.mock.lastCall![0]).not.toContain('id="s2"');
  });
});
