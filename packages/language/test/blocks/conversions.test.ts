// Details of both conversions the golden cases do not show well: the block -> source range map,
// diagnostics, variable names that are not identifiers, and the layout of decompiled blocks.
import { describe, expect, it } from 'vitest';
import type { BlockNode, BlocksWorkspace } from '../../src/blocks/model/blocks-model.ts';
import { readBlocksXml } from '../../src/blocks/model/read-blocks-xml.ts';
import { decompile, generate } from './harness.ts';

const num = (value: string) => `<shadow type="math_number"><field name="NUM">${value}</field></shadow>`;

describe('blocks -> TypeScript', () => {
  it('maps every block id to the range of its code (1-based lines and columns, end exclusive)', () => {
    const workspace = readBlocksXml(
      `<xml><block type="device_button_event" id="event" x="0" y="0"><field name="NAME">Button.A</field>
        <statement name="HANDLER"><block type="device_show_number" id="show">
          <value name="number"><block type="math_arithmetic" id="sum"><field name="OP">ADD</field>
            <value name="A">${num('1')}</value><value name="B">${num('2')}</value></block></value>
          <next><block type="device_clear_display" id="clear"/></next>
        </block></statement></block>
        <block type="pxt-on-start" id="start" x="0" y="500"><statement name="HANDLER"><block type="device_pause" id="pause"><value name="pause">${num('100')}</value></block></statement></block></xml>`,
    );
    const { code, sourceMap } = generate(workspace);
    expect(code).toBe(
      [
        'input.onButtonPressed(Button.A, function () {',
        '    basic.showNumber(1 + 2)',
        '    basic.clearScreen()',
        '})',
        'basic.pause(100)',
        '',
      ].join('\n'),
    );
    const range = (id: string) => sourceMap.find((r) => r.id === id);
    expect(range('event')).toEqual({ id: 'event', startLine: 1, startColumn: 1, endLine: 4, endColumn: 3 });
    expect(range('show')).toEqual({ id: 'show', startLine: 2, startColumn: 5, endLine: 2, endColumn: 28 });
    expect(range('sum')).toEqual({ id: 'sum', startLine: 2, startColumn: 22, endLine: 2, endColumn: 27 });
    expect(range('clear')).toEqual({ id: 'clear', startLine: 3, startColumn: 5, endLine: 3, endColumn: 24 });
    expect(range('start')).toEqual({ id: 'start', startLine: 5, startColumn: 1, endLine: 6, endColumn: 1 });
    expect(range('pause')).toEqual({ id: 'pause', startLine: 5, startColumn: 1, endLine: 5, endColumn: 17 });
  });

  it('reports blocks that do not run or are incomplete, and still writes the rest', () => {
    const workspace = readBlocksXml(
      `<xml><block type="pxt-on-start" x="0" y="0"><statement name="HANDLER">
          <block type="device_show_number" id="empty"/>
          </statement></block>
        <block type="device_clear_display" id="stray" x="0" y="100"/>
        <block type="device_forever" id="off" disabled="true" x="0" y="200"/>
        <block type="device_forever" id="on" x="0" y="300"><statement name="HANDLER"><block type="mystery_block" id="mystery"/></statement></block>
        <block type="device_show_number" id="bad" x="0" y="400"/></xml>`,
    );
    const result = generate(workspace);
    expect(result.code).toBe('basic.showNumber(0)\nbasic.forever(function () {\n})\n');
    expect(result.diagnostics.map((d) => [d.kind, d.blockId])).toEqual([
      ['disconnected', 'stray'],
      ['disabled', 'off'],
      ['disconnected', 'bad'],
      ['missing-input', 'empty'],
      ['unknown-block', 'mystery'],
    ]);
    expect(result.diagnostics[0]!.message).toBe(
      'A "device_clear_display" block is not inside an event or "on start", so it does not run.',
    );
  });

  it('turns variable names into identifiers that clash with nothing', () => {
    const set = (name: string, value: string) =>
      `<block type="variables_set"><field name="VAR">${name}</field><value name="VALUE">${num(value)}</value>`;
    const workspace = readBlocksXml(
      `<xml><block type="pxt-on-start"><statement name="HANDLER">${set('my score', '1')}<next>${set('if', '2')}<next>${set('basic', '3')}<next>${set('2nd', '4')}<next>` +
        `<block type="device_show_number"><value name="number"><block type="variables_get"><field name="VAR">basic</field></block></value></block>` +
        `</next></block></next></block></next></block></next></block></statement></block></xml>`,
    );
    expect(generate(workspace).code).toBe(
      ['let my_score = 1', 'let if_ = 2', 'let basic2 = 3', 'let _2nd = 4', 'basic.showNumber(basic2)', ''].join('\n'),
    );
  });
});

describe('TypeScript -> blocks', () => {
  const events = Array.from(
    { length: 12 },
    (_, i) => `input.onButtonPressed(Button.${['A', 'B', 'AB'][i % 3]}, function () {\n    basic.showNumber(${i})\n})`,
  ).join('\n');

  it('lays blocks out in rows, in program order, without two at one place, the same every time', () => {
    const first = decompile(events).workspace;
    const second = decompile(events).workspace;
    const place = (w: BlocksWorkspace) => w.blocks.map((b) => [b.x, b.y]);
    expect(place(first)).toEqual(place(second));
    const handlers = first.blocks.filter((b) => b.type === 'device_button_event');
    const order = [...handlers].sort((a, b) => a.y! - b.y! || a.x! - b.x!);
    expect(order.map(shown)).toEqual(handlers.map(shown));
    expect(new Set(first.blocks.map((b) => `${b.x},${b.y}`)).size).toBe(first.blocks.length);
    expect(new Set(first.blocks.map((b) => b.y)).size).toBeGreaterThan(1);
  });

  it('gives every block and variable an id, and keeps on start first', () => {
    const { workspace } = decompile('let n = 1\nbasic.showNumber(n)\n');
    expect(workspace.blocks[0]!.type).toBe('pxt-on-start');
    expect(workspace.variables).toEqual([{ name: 'n', id: 'v_n', type: '' }]);
    const ids: string[] = [];
    const visit = (b: BlockNode | undefined) => {
      for (let block = b; block; block = block.next) {
        ids.push(block.id!);
        for (const input of block.inputs) {
          visit(input.shadow);
          visit(input.block);
        }
      }
    };
    workspace.blocks.forEach(visit);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('renames a variable that shadows another, in blocks and in grey code that uses it', () => {
    const source = [
      'let x = 1',
      'function f() {',
      '    let x = 2',
      '    basic.showNumber(x > 1 ? x : 0)',
      '}',
      '',
    ].join('\n');
    const code = generate(decompile(source).workspace).code;
    expect(code).toBe(
      ['function f() {', '    let x2 = 2', '    basic.showNumber(x2 > 1 ? x2 : 0)', '}', 'let x = 1', ''].join('\n'),
    );
  });
});

function shown(block: BlockNode): string {
  return JSON.stringify(block.inputs[0]?.block);
}
