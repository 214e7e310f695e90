import { describe, expect, it } from 'vitest';
import { describeStripLeds, hexColour, stripColourName } from './strip-description.ts';

const t = (key: string, values?: Record<string, string | number>) => key + (values ? ' ' + JSON.stringify(values) : '');

describe('stripColourName', () => {
  it.each([
    [0x000000, 'off', false],
    [0x050505, 'off', false],
    [0xffffff, 'white', false],
    [0x404040, 'white', true],
    [0xff0000, 'red', false],
    [0xff0030, 'red', false],
    [0xffa500, 'orange', false],
    [0xffff00, 'yellow', false],
    [0x00ff00, 'green', false],
    [0x00ffff, 'cyan', false],
    [0x0000ff, 'blue', false],
    [0x000050, 'blue', true],
    [0x8a2be2, 'purple', false],
    [0xff00ff, 'pink', false],
    [0x800500, 'red', false],
  ] as const)('%s is %s (dim %s)', (rgb, name, dim) => {
    expect(stripColourName(rgb)).toEqual({ name, dim });
  });
});

describe('describeStripLeds', () => {
  it('says each LED by number, colour name and code', () => {
    expect(hexColour(0x00ff)).toBe('#0000ff');
    expect(describeStripLeds([0xff0000, 0x000040], t)).toEqual([
      'sim.strip.led {"n":1,"colour":"sim.strip.colour.red","hex":"#ff0000"}',
      'sim.strip.led {"n":2,"colour":"sim.strip.dim {\\"colour\\":\\"sim.strip.colour.blue\\"}","hex":"#000040"}',
    ]);
  });
});
