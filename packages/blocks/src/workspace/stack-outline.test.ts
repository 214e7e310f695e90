// @vitest-environment happy-dom
import type * as Blockly from 'blockly/core';
import { describe, expect, it } from 'vitest';
import { headlessWorkspace, testEnvironment, xmlOf } from '../test/headless.ts';
import { StackOutline } from './stack-outline.ts';
import { loadWorkspaceXml } from './workspace-xml.ts';

const number = (id: string, n: number) =>
  `<shadow type="math_number" id="${id}"><field name="NUM">${n}</field></shadow>`;

/** Two stacks: on start (show number 7, show number 100) and a forever loop far below it. */
const program = xmlOf(
  `<block type="pxt-on-start" id="start" x="0" y="0"><statement name="HANDLER">` +
    `<block type="device_show_number" id="show"><value name="number">${number('n1', 7)}</value>` +
    `<next><block type="device_show_number" id="show2"><value name="number">${number('n2', 100)}</value></block></next>` +
    `</block></statement></block>` +
    `<block type="device_forever" id="loop" x="0" y="5000"></block>`,
);

function outlineOf(workspace: Blockly.Workspace) {
  const container = document.createElement('div');
  document.body.append(container);
  const outline = new StackOutline(container, workspace as Blockly.WorkspaceSvg, 'Your program, stack by stack');
  const region = container.querySelector('section')!;
  /** The top-level list's items, as their text. */
  const stacks = () => [...region.querySelectorAll(':scope > ol > li')].map((item) => item.textContent);
  return { outline, region, stacks };
}

describe('the stack outline', () => {
  it('lists every stack with its blocks, in reading order, labelled by its heading', () => {
    const workspace = headlessWorkspace();
    loadWorkspaceXml(workspace, testEnvironment(), program);
    const { outline, region, stacks } = outlineOf(workspace);
    outline.update();
    expect(stacks()).toHaveLength(2);
    expect(stacks()[0]).toContain('show number 7');
    expect(stacks()[0]).toContain('show number 100');
    expect(stacks()[1]).toContain('forever');
    // The blocks inside "on start" are a list nested in its item.
    expect(region.querySelectorAll(':scope > ol > li > ul > li > ul > li')).toHaveLength(2);
    const heading = region.querySelector('h2')!;
    expect(region.getAttribute('aria-labelledby')).toBe(heading.id);
    expect(heading.textContent).toBe('Your program, stack by stack');
    // Nothing in it takes focus: the tab order does not change.
    expect(region.querySelectorAll('a, button, input, [tabindex]')).toHaveLength(0);
  });

  it('writes again only the stacks whose words changed, and drops deleted stacks', () => {
    const workspace = headlessWorkspace();
    loadWorkspaceXml(workspace, testEnvironment(), program);
    const { outline, region, stacks } = outlineOf(workspace);
    outline.update();
    const [first, second] = region.querySelectorAll(':scope > ol > li');
    workspace.getBlockById('n1')!.setFieldValue(42, 'NUM');
    outline.update();
    const [firstAfter, secondAfter] = region.querySelectorAll(':scope > ol > li');
    expect(firstAfter).not.toBe(first);
    expect(secondAfter).toBe(second);
    expect(stacks()[0]).toContain('show number 42');
    workspace.getBlockById('start')!.dispose(false);
    outline.update();
    expect(stacks()).toHaveLength(1);
    expect(stacks()[0]).toContain('forever');
    outline.dispose();
    expect(region.isConnected).toBe(false);
  });

  it('is a named group, not a second landmark, beside a read-only picture', () => {
    const workspace = headlessWorkspace();
    const container = document.createElement('div');
    document.body.append(container);
    const outline = new StackOutline(container, workspace as Blockly.WorkspaceSvg, 'Your program, stack by stack', {
      landmark: false,
    });
    const group = container.querySelector('.blockyard-stack-outline')!;
    expect(group.tagName).toBe('DIV');
    expect(group.getAttribute('role')).toBe('group');
    expect(group.getAttribute('aria-labelledby')).toBe(group.querySelector('h2')!.id);
    outline.dispose();
  });
});
