import * as Blockly from 'blockly/core';
import { describe, expect, it } from 'vitest';
import { headlessWorkspace, testEnvironment, xmlOf } from '../test/headless.ts';
import { StackXmlCache } from './stack-xml-cache.ts';
import { loadWorkspaceXml, saveWorkspaceXml } from './workspace-xml.ts';

/** A handler with three statements, each showing a number. */
function handler(id: string, x: number, y: number, values: number[]): string {
  let body = '';
  for (const [i, value] of [...values].reverse().entries()) {
    const number = `<value name="number"><shadow type="math_number" id="${id}n${i}"><field name="NUM">${value}</field></shadow></value>`;
    const next = body ? `<next>${body}</next>` : '';
    body = `<block type="device_show_number" id="${id}s${i}">${number}${next}</block>`;
  }
  return `<block type="device_button_event" id="${id}" x="${x}" y="${y}"><field name="NAME">Button.A</field><statement name="HANDLER">${body}</statement></block>`;
}

function setup() {
  const workspace = headlessWorkspace();
  const xml = xmlOf(
    handler('a', 0, 0, [1, 2, 3]) +
      handler('b', 0, 300, [4, 5, 6]) +
      handler('c', 0, 600, [7, 8, 9]) +
      `<block type="device_forever" id="f" x="400" y="0" disabled="true"/>` +
      `<block type="radio_on_number_drag" id="r" x="400" y="300"><value name="HANDLER_DRAG_PARAM_receivedNumber">` +
      `<shadow type="argument_reporter_number"><field name="VALUE">receivedNumber</field></shadow></value></block>` +
      `<comment x="10" y="900">note</comment><toolbox-position>left</toolbox-position>`,
    `<variable type="" id="v1">spare</variable>`,
  );
  loadWorkspaceXml(workspace, testEnvironment(), xml);
  const cache = new StackXmlCache();
  workspace.addChangeListener((event) => cache.noteEvent(workspace, event));
  /** Delivers queued events, then compares the cached save with a full one. */
  const check = async () => {
    await delivered();
    expect(cache.save(workspace)).toBe(saveWorkspaceXml(workspace));
  };
  return { workspace, cache, check };
}

/** Blockly delivers change events in a task of their own. */
function delivered(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** A small deterministic random source (tests must repeat). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('saving only the stacks that changed', () => {
  it('writes exactly what a full save writes, and keeps unchanged stacks', async () => {
    const { workspace, cache, check } = setup();
    await check();
    expect(cache.size).toBe(5);
    workspace.getBlockById('bn1')!.setFieldValue('42', 'NUM');
    await delivered();
    // Only stack b was dropped from the cache.
    expect(cache.size).toBe(4);
    await check();
    expect(cache.save(workspace)).toContain('>42</field>');
  });

  it('saves a field typed into before its event arrives, when told which block changed', async () => {
    const { workspace, cache, check } = setup();
    await check();
    // A keystroke in a field's text box: the value changes now, Blockly's event comes later.
    Blockly.Events.disable();
    workspace.getBlockById('bn1')!.setFieldValue('42', 'NUM');
    Blockly.Events.enable();
    expect(cache.save(workspace)).not.toBe(saveWorkspaceXml(workspace));
    cache.noteBlock(workspace, 'bn1');
    expect(cache.save(workspace)).toBe(saveWorkspaceXml(workspace));
    expect(cache.save(workspace)).toContain('<field name="NUM">42</field>');
  });

  it('can be filled ahead, a few stacks at a time, and then saves the same', async () => {
    const { workspace, cache, check } = setup();
    let budget = 2;
    expect(cache.prime(workspace, () => budget-- > 0)).toBe(false);
    expect(cache.size).toBe(2);
    expect(cache.prime(workspace, () => true)).toBe(true);
    expect(cache.size).toBe(5);
    workspace.getBlockById('cn0')!.setFieldValue('11', 'NUM');
    await check();
  });

  it('follows blocks moved between stacks, to the top level, deleted and created', async () => {
    const { workspace, check } = setup();
    await check();
    const moved = workspace.getBlockById('as1')!;
    moved.unplug(true);
    await check();
    workspace.getBlockById('cs2')!.nextConnection!.connect(moved.previousConnection!);
    await check();
    workspace.getBlockById('bs0')!.unplug(false);
    workspace.getBlockById('bs0')!.moveBy(50, 50);
    await check();
    workspace.getBlockById('cs1')!.dispose(true);
    await check();
    workspace.getBlockById('a')!.dispose(false);
    await check();
    const created = workspace.newBlock('device_forever', 'new');
    created.moveBy(700, 10);
    await check();
    workspace.getBlockById('f')!.setDisabledReason(false, Blockly.constants.MANUALLY_DISABLED);
    await check();
  });

  it('notices variables and workspace comments', async () => {
    const { workspace, check } = setup();
    await check();
    workspace.getVariableMap().createVariable('fresh', '', 'v2');
    await check();
    workspace.getVariableMap().renameVariable(workspace.getVariableMap().getVariableById('v1')!, 'renamed');
    await check();
    workspace.getTopComments()[0]!.setText('changed');
    await check();
  });

  it('stays equal to a full save over random edits', async () => {
    const { workspace, check } = setup();
    const next = random(7);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    for (let step = 0; step < 60; step++) {
      const statements = workspace.getBlocksByType('device_show_number', false);
      const numbers = workspace.getBlocksByType('math_number', false);
      const action = Math.floor(next() * 4);
      if (action === 0 && numbers.length) pick(numbers).setFieldValue(String(step), 'NUM');
      else if (action === 1 && statements.length) {
        const block = pick(statements);
        block.unplug(next() < 0.5);
        block.moveBy(20 + step, 40 + step);
      } else if (action === 2 && statements.length > 1) {
        const block = pick(statements);
        const inside = new Set(block.getDescendants(false));
        const targets = statements.filter((s) => !inside.has(s));
        if (targets.length) {
          block.unplug(true);
          pick(targets).nextConnection!.connect(block.previousConnection!);
        }
      } else if (action === 3 && statements.length > 4) pick(statements).dispose(next() < 0.5);
      await check();
    }
  });
});
