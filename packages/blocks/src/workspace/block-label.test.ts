import { describe, expect, it } from 'vitest';
import { headlessWorkspace, testEnvironment, xmlOf } from '../test/headless.ts';
import { blockLabel } from './block-label.ts';
import { loadWorkspaceXml } from './workspace-xml.ts';

describe('blockLabel', () => {
  it('names a block by its own words and dropdown choices, not what is plugged into it', () => {
    const workspace = headlessWorkspace();
    loadWorkspaceXml(
      workspace,
      testEnvironment(),
      xmlOf(
        `<block type="device_button_event" id="e" x="0" y="0"><field name="NAME">Button.A</field>` +
          `<statement name="HANDLER"><block type="device_show_number" id="s"><value name="number">` +
          `<shadow type="math_number" id="n"><field name="NUM">42</field></shadow></value></block></statement></block>`,
      ),
    );
    expect(blockLabel(workspace.getBlockById('s')!)).toBe('show number');
    expect(blockLabel(workspace.getBlockById('e')!)).toMatch(/^on button A\b/);
    expect(blockLabel(workspace.getBlockById('n')!)).toBe('42');
  });
});
