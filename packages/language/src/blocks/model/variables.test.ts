import { describe, expect, it } from 'vitest';
import { readBlocksXml } from './read-blocks-xml.ts';
import { deleteVariable, renameVariable, variableUses } from './variables.ts';
import { writeBlocksXml } from './write-blocks-xml.ts';

const xml = `<xml><variables><variable id="v1">score</variable><variable id="v2">other</variable></variables>
<block type="pxt-on-start" x="0" y="0"><statement name="HANDLER">
  <block type="variables_set"><field name="VAR" id="v1">score</field><value name="VALUE"><shadow type="math_number"><field name="NUM">0</field></shadow></value>
    <next><block type="device_show_number"><value name="number"><shadow type="math_number"><field name="NUM">7</field></shadow><block type="variables_get"><field name="VAR" id="v1">score</field></block></value>
      <next><block type="pxt_controls_for"><value name="VAR"><shadow type="variables_get_reporter"><field name="VAR">score</field></shadow></value>
        <statement name="DO"><block type="device_clear_display"/></statement>
        <next><block type="variables_change"><field name="VAR" id="v2">other</field><value name="VALUE"><shadow type="math_number"><field name="NUM">1</field></shadow></value></block></next>
      </block></next>
    </block></next>
  </block>
</statement></block></xml>`;

describe('variables of a blocks program', () => {
  const workspace = readBlocksXml(xml);

  it('renames a variable in the list and in every block', () => {
    const renamed = renameVariable(workspace, 'score', 'points');
    const text = writeBlocksXml(renamed);
    expect(renamed.variables.map((v) => v.name)).toEqual(['points', 'other']);
    expect(text).not.toContain('>score<');
    expect(text.match(/>points</g)).toHaveLength(4);
    expect(variableUses(renamed, 'points')).toBe(3);
  });

  it('deletes a variable with the blocks that use it, keeping the rest in order', () => {
    expect(variableUses(workspace, 'score')).toBe(3);
    const deleted = deleteVariable(workspace, 'score');
    expect(deleted.variables.map((v) => v.name)).toEqual(['other']);
    const handler = deleted.blocks[0]!.inputs[0]!.block!;
    expect(handler.type).toBe('device_show_number');
    expect(handler.inputs[0]).toEqual({
      kind: 'value',
      name: 'number',
      shadow: { type: 'math_number', shadow: true, fields: [{ name: 'NUM', value: '7' }], inputs: [] },
    });
    expect(handler.next?.type).toBe('variables_change');
    expect(handler.next?.next).toBeUndefined();
    expect(deleted.blocks[0]).toMatchObject({ x: 0, y: 0 });
  });
});
