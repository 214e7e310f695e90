// The pin of a pins block is a value input holding a pin shadow (`digital_pin_shadow`,
// `analog_pin_shadow`, `analog_read_write_pin_shadow`), as in MakeCode 9: MakeCode's files load,
// a pin kept in a variable stays blocks, and files saved before (pin as a field) still load.
import { describe, expect, it } from 'vitest';
import type { BlockNode } from '../../src/blocks/model/blocks-model.ts';
import { readBlocksXml } from '../../src/blocks/model/read-blocks-xml.ts';
import { writeBlocksXml } from '../../src/blocks/model/write-blocks-xml.ts';
import { decompile, generate } from './harness.ts';

const shadow = (type: string, pin: string) =>
  `<value name="name"><shadow type="${type}"><field name="pin">${pin}</field></shadow></value>`;

// Written from MakeCode 9's block format: the pin is a value input with a shadow block.
const makeCode9 =
  '<xml xmlns="https://developers.google.com/blockly/xml"><block type="pxt-on-start" x="0" y="0">' +
  '<statement name="HANDLER"><block type="device_set_digital_pin">' +
  shadow('digital_pin_shadow', 'DigitalPin.P1') +
  '<value name="value"><shadow type="math_number"><field name="NUM">1</field></shadow></value>' +
  '<next><block type="device_set_analog_pin">' +
  shadow('analog_pin_shadow', 'AnalogPin.P2') +
  '<value name="value"><shadow type="math_number"><field name="NUM">512</field></shadow></value>' +
  '<next><block type="device_show_number"><value name="number"><shadow type="math_number"><field name="NUM">0</field></shadow>' +
  '<block type="device_get_analog_pin">' +
  shadow('analog_read_write_pin_shadow', 'AnalogReadWritePin.P0') +
  '</block></value></block></next></block></next></block></statement></block></xml>';

// Written by Blockyard before the pin became an input: the pin is a field of the block.
const oldFormat =
  '<xml xmlns="https://developers.google.com/blockly/xml"><block type="pxt-on-start" x="0" y="0">' +
  '<statement name="HANDLER"><block type="device_set_digital_pin"><field name="name">DigitalPin.P1</field>' +
  '<value name="value"><shadow type="math_number"><field name="NUM">1</field></shadow></value>' +
  '<next><block type="device_show_number"><value name="number"><shadow type="math_number"><field name="NUM">0</field></shadow>' +
  '<block type="device_get_digital_pin"><field name="name">DigitalPin.P2</field></block></value></block></next>' +
  '</block></statement></block></xml>';

// Old `analog read pin` blocks: a pin that can be read, and one that can only be written.
const oldAnalogRead = (pin: string) =>
  '<xml xmlns="https://developers.google.com/blockly/xml"><block type="pxt-on-start" x="0" y="0">' +
  '<statement name="HANDLER"><block type="device_show_number"><value name="number">' +
  `<block type="device_get_analog_pin"><field name="name">${pin}</field></block></value></block>` +
  '</statement></block></xml>';

function findBlock(blocks: readonly BlockNode[], type: string): BlockNode | undefined {
  for (const block of blocks) {
    if (block.type === type) return block;
    const inner = findBlock(
      [
        ...block.inputs.flatMap((i) => [i.shadow, i.block].filter((b): b is BlockNode => !!b)),
        ...(block.next ? [block.next] : []),
      ],
      type,
    );
    if (inner) return inner;
  }
  return undefined;
}

describe('pins blocks hold their pin in a shadow input, as in MakeCode 9', () => {
  it('load a MakeCode 9 file to the right program', () => {
    const result = generate(readBlocksXml(makeCode9));
    expect(result.diagnostics).toEqual([]);
    expect(result.code).toBe(
      'pins.digitalWritePin(DigitalPin.P1, 1)\npins.analogWritePin(AnalogPin.P2, 512)\nbasic.showNumber(pins.analogReadPin(AnalogReadWritePin.P0))\n',
    );
  });

  it('write the pin as a shadow block, the shape MakeCode writes', () => {
    const { workspace, greyNotes } = decompile('pins.digitalWritePin(DigitalPin.P1, 1)\n');
    expect(greyNotes).toEqual([]);
    const write = findBlock(workspace.blocks, 'device_set_digital_pin')!;
    const pin = write.inputs.find((i) => i.name === 'name');
    expect(pin?.shadow?.type).toBe('digital_pin_shadow');
    expect(pin?.shadow?.fields).toEqual([{ name: 'pin', value: 'DigitalPin.P1' }]);
    expect(writeBlocksXml(workspace)).toContain('<shadow type="digital_pin_shadow"');
  });

  it('keep a pin held in a variable as blocks', () => {
    const source = 'let p = DigitalPin.P2\npins.digitalWritePin(p, 1)\nbasic.showNumber(pins.digitalReadPin(p))\n';
    const { workspace, greyNotes } = decompile(source);
    expect(greyNotes).toEqual([]);
    expect(generate(workspace).code).toBe(source);
    const read = findBlock(workspace.blocks, 'device_get_digital_pin')!;
    const pin = read.inputs.find((i) => i.name === 'name');
    expect(pin?.block?.type).toBe('variables_get');
    expect(pin?.shadow?.type).toBe('digital_pin_shadow');
  });

  it('read a pin block given as the pin as that pin (a TD_ID call), as MakeCode does', () => {
    const { workspace, greyNotes } = decompile('pins.servoWritePin(pins._analogPin(AnalogPin.P1), 90)\n');
    expect(greyNotes).toEqual([]);
    expect(generate(workspace).code).toBe('pins.servoWritePin(AnalogPin.P1, 90)\n');
  });

  it('read AnalogPin and AnalogReadWritePin pins in `analog read pin`, as MakeCode does', () => {
    const old = decompile('basic.showNumber(pins.analogReadPin(AnalogPin.P0))\n');
    expect(old.greyNotes).toEqual([]);
    const pin = findBlock(old.workspace.blocks, 'device_get_analog_pin')!.inputs.find((i) => i.name === 'name');
    expect(pin?.shadow?.type).toBe('analog_read_write_pin_shadow');
    expect(pin?.block?.type).toBe('analog_pin');
    expect(pin?.block?.fields).toEqual([{ name: 'pin', value: 'AnalogPin.P0' }]);
    expect(generate(old.workspace).code).toBe('basic.showNumber(pins.analogReadPin(AnalogPin.P0))\n');
    const current = decompile('basic.showNumber(pins.analogReadPin(AnalogReadWritePin.P10))\n');
    expect(current.greyNotes).toEqual([]);
    const shadow = findBlock(current.workspace.blocks, 'analog_read_write_pin_shadow');
    expect(shadow?.fields).toEqual([{ name: 'pin', value: 'AnalogReadWritePin.P10' }]);
    expect(generate(current.workspace).code).toBe('basic.showNumber(pins.analogReadPin(AnalogReadWritePin.P10))\n');
  });

  it('upgrade an old `analog read pin` field to the pin shadow MakeCode 9 gives it', () => {
    const readable = generate(readBlocksXml(oldAnalogRead('AnalogPin.P1')));
    expect(readable.diagnostics).toEqual([]);
    expect(readable.code).toBe('basic.showNumber(pins.analogReadPin(AnalogReadWritePin.P1))\n');
    // P5 can only be written: it stays AnalogPin.P5, as an `analog pin` block over the shadow.
    const writeOnly = generate(readBlocksXml(oldAnalogRead('AnalogPin.P5')));
    expect(writeOnly.diagnostics).toEqual([]);
    expect(writeOnly.code).toBe('basic.showNumber(pins.analogReadPin(AnalogPin.P5))\n');
  });

  it('still load files saved with the pin as a field', () => {
    const result = generate(readBlocksXml(oldFormat));
    expect(result.diagnostics).toEqual([]);
    expect(result.code).toBe(
      'pins.digitalWritePin(DigitalPin.P1, 1)\nbasic.showNumber(pins.digitalReadPin(DigitalPin.P2))\n',
    );
  });
});
