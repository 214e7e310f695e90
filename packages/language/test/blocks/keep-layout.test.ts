// Blocks -> code -> (an edit) -> blocks: what the learner arranged survives (keepLayout), and the
// test for "the code is unchanged" ignores layout only (sameCode).
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { keepLayout } from '../../src/blocks/decompile/keep-layout.ts';
import { sameCode } from '../../src/blocks/decompile/same-code.ts';
import type { BlockNode, BlocksWorkspace } from '../../src/blocks/model/blocks-model.ts';
import { readBlocksXml } from '../../src/blocks/model/read-blocks-xml.ts';
import { decompile, generate, registry } from './harness.ts';

/** What a learner left on the workspace: arranged, collapsed, commented, with a loose block. */
const arranged = readBlocksXml(`<xml xmlns="https://developers.google.com/blockly/xml">
  <variables><variable id="Qx9" type="">score</variable></variables>
  <block type="pxt-on-start" id="start!1" x="310" y="520">
    <statement name="HANDLER">
      <block type="device_show_number" id="show!2">
        <comment pinned="true" h="90" w="210">greet</comment>
        <value name="number"><shadow type="math_number" id="num!3"><field name="NUM">7</field></shadow></value>
      </block>
    </statement>
  </block>
  <block type="device_forever" id="loop!4" x="900" y="60" collapsed="true">
    <statement name="HANDLER">
      <block type="device_pause" id="pause!5">
        <value name="pause"><shadow type="math_number" id="num!6"><field name="NUM">100</field></shadow></value>
      </block>
    </statement>
  </block>
  <block type="device_button_event" id="btn!7" x="40" y="60">
    <field name="NAME">Button.A</field>
    <statement name="HANDLER">
      <block type="device_clear_display" id="clear!8"/>
    </statement>
  </block>
  <block type="variables_set" id="loose!9" x="620" y="900">
    <field name="VAR" id="Qx9">score</field>
    <value name="VALUE"><shadow type="math_number" id="num!10"><field name="NUM">3</field></shadow></value>
  </block>
  <block type="device_show_leds" id="off!11" x="1200" y="900" disabled="true">
    <field name="LEDS">\`
    # . . . .
    . . . . .
    . . . . .
    . . . . .
    . . . . .
    \`</field>
  </block>
</xml>`);

function top(workspace: BlocksWorkspace, type: string): BlockNode {
  const found = workspace.blocks.find((b) => b.type === type);
  if (!found) throw new Error(`no ${type}`);
  return found;
}

function ids(workspace: BlocksWorkspace): string[] {
  const out: string[] = [];
  const visit = (block: BlockNode | undefined) => {
    for (let b = block; b; b = b.next) {
      if (b.id !== undefined) out.push(b.id);
      for (const input of b.inputs) {
        visit(input.shadow);
        visit(input.block);
      }
    }
  };
  workspace.blocks.forEach(visit);
  return out;
}

describe('keepLayout', () => {
  const code = generate(arranged).code;

  it('the loose and the disabled block have no code: only keepLayout can bring them back', () => {
    expect(code).not.toContain('score = 3');
    expect(decompile(code).workspace.blocks.map((b) => b.type)).not.toContain('variables_set');
  });

  it('after an edit to one event, the rest keeps its place, ids, collapsed state and comment bubbles', () => {
    const edited = code.replace('basic.pause(100)', 'basic.pause(100)\n    basic.showString("Hi")');
    expect(edited).not.toBe(code);
    const next = decompile(edited).workspace;
    const kept = keepLayout(next, arranged, registry);

    // Unchanged: on start and the button event, exactly where they were, with their ids.
    expect(top(kept, 'pxt-on-start')).toMatchObject({ id: 'start!1', x: 310, y: 520 });
    expect(top(kept, 'device_button_event')).toMatchObject({ id: 'btn!7', x: 40, y: 60 });
    const show = top(kept, 'pxt-on-start').inputs[0]!.block!;
    expect(show).toMatchObject({ id: 'show!2', comment: { text: 'greet', attributes: { pinned: 'true', h: '90' } } });
    // Edited: forever stays in its place and stays collapsed.
    expect(top(kept, 'device_forever')).toMatchObject({ x: 900, y: 60, attributes: { collapsed: 'true' } });
    // Loose and disabled blocks come back as they were, pointing at the workspace's variable.
    expect(kept.blocks.find((b) => b.id === 'loose!9')).toMatchObject({ x: 620, y: 900 });
    expect(kept.blocks.find((b) => b.id === 'off!11')).toMatchObject({ attributes: { disabled: 'true' } });
    const scoreId = kept.variables.find((v) => v.name === 'score')?.id;
    expect(kept.blocks.find((b) => b.id === 'loose!9')!.fields[0]?.attributes?.['id']).toBe(scoreId);
    // Every id is used once, and the program is the edited code.
    expect(new Set(ids(kept)).size).toBe(ids(kept).length);
    expect(generate(kept).code).toBe(generate(next).code);
  });

  it('a new event goes below everything that kept its place', () => {
    const edited = `${code}input.onButtonPressed(Button.B, function () {\n    basic.showIcon(IconNames.Heart)\n})\n`;
    const kept = keepLayout(decompile(edited).workspace, arranged, registry);
    const added = kept.blocks.find(
      (b) => b.type === 'device_button_event' && b.fields.some((f) => f.value === 'Button.B'),
    )!;
    expect(added.y).toBeGreaterThan(900);
    expect(top(kept, 'device_button_event')).toMatchObject({ id: 'btn!7', x: 40, y: 60 });
  });
});

describe('sameCode', () => {
  it('sets layout aside, nothing else', () => {
    const a = 'basic.forever(function () {\n    basic.showNumber(1) // one\n})\n';
    expect(sameCode(ts, a, 'basic.forever(function () {\n  basic.showNumber( 1 )   //   one\n})')).toBe(true);
    expect(sameCode(ts, a, 'basic.forever(function () {\n    basic.showNumber(2) // one\n})\n')).toBe(false);
    expect(sameCode(ts, a, 'basic.forever(function () {\n    basic.showNumber(1) // two\n})\n')).toBe(false);
    expect(sameCode(ts, 'basic.showString("a  b")', 'basic.showString("a b")')).toBe(false);
  });
});
