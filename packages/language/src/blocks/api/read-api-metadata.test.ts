import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readApiMetadata } from './read-api-metadata.ts';

const library = `
/**
 * Things that blink.
 */
//% color=#FF8000 weight=90 icon="\\uf0eb" block="Blinky" groups='["Start", "others"]'
declare namespace blinky {
  /**
   * Blinks a light.
   * @param times how many times, eg: 3
   * @param speed milliseconds per blink, eg: 100, 200
   */
  //% blockId=blinky_blink block="blink %times|times||at speed %speed"
  //% times.min=1 times.max=10 speed.defl=150 group="Start" weight=80 blockGap=16
  //% help=blinky/blink expandableArgumentMode=toggle inlineInputMode=inline
  function blink(times: number, speed?: number): void;

  /** Whether it is lit. */
  //% block="is lit" advanced=true
  function isLit(): boolean;

  /**
   * Says something.
   * @param text what to say, eg: "Hello!"
   */
  //% blockId=blinky_say block="say $text" text.shadowOptions.toString=true text.shadow=text_helper
  function say(text: string): void;

  /**
   * Runs when a message comes.
   * @param handler the code to run
   */
  //% blockId=blinky_on_message block="on message $message with $code" draggableParameters=reporter
  function onMessage(handler: (message: string, code: number) => void): void;

  //% blockId=blinky_color block="color %c" c.fieldEditor="gridpicker" c.fieldOptions.columns=4
  function color(c: Shade): void;

  //% blockId=blinky_old block="old" deprecated=true
  function old(): void;

  //% blockId=blinky_hidden block="%value" blockHidden=true shim=TD_ID
  function hiddenValue(value: number): number;

  //% help=none block="spread %codes"
  function spread(...codes: number[]): void;

  /** Not a block. */
  function helper(): void;

  //% fixedInstances
  class Lamp {
    //% blockId=lamp_on block="turn %this(lamp) on"
    on(): void;
    //% blockId=lamp_match block="%lamp|matches %other"
    matches(other: Lamp): boolean;
  }

  //% fixedInstance block="{id:lamp}kitchen"
  const kitchen: Lamp;
}

/** Light colours. */
//% emitAsConstant
declare const enum Shade {
  //% block="warm white" blockIdentity=blinky.hiddenValue blockImage=1
  Warm = 1,
  Cold,
  //% block="blue"
  Blue = 10,
}

//% enumIdentity="Shade.Blue"
declare const BLUE = Shade.Blue;

interface Array<T> {
  //% blockId=array_push block="%list| add value %value| to end"
  push(item: T): number;
  //% blockId=toString_test block="%list|keyed"
  toString(): string;
}
`;

const metadata = readApiMetadata(ts, [{ name: 'blinky.d.ts', text: library }]);

describe('readApiMetadata', () => {
  it('reads a namespace: label, colour, weight, icon, groups, documentation', () => {
    expect(metadata.namespaces['blinky']).toMatchObject({
      name: 'blinky',
      label: 'Blinky',
      color: '#FF8000',
      weight: 90,
      icon: '\uf0eb',
      advanced: false,
      groups: ['Start', 'others'],
      doc: 'Things that blink.',
    });
  });

  it('reads a function block: id, text, parameters, defaults, ranges, expansion, placement, help', () => {
    const blink = metadata.functions['blinky.blink']!;
    expect(blink).toMatchObject({
      kind: 'function',
      owner: 'blinky',
      category: 'blinky',
      blockId: 'blinky_blink',
      returnType: 'void',
      doc: 'Blinks a light.',
      weight: 80,
      blockGap: 16,
      group: 'Start',
      help: 'blinky/blink',
      expandableArgumentMode: 'toggle',
      inlineInputMode: 'inline',
      advanced: false,
      deprecated: false,
    });
    expect(blink.block?.expandAt).toBe(4);
    expect(blink.parameters).toEqual([
      expect.objectContaining({
        name: 'times',
        blockName: 'times',
        expandable: false,
        defaultValue: '3',
        min: 1,
        max: 10,
      }),
      expect.objectContaining({
        name: 'speed',
        blockName: 'speed',
        expandable: true,
        optional: true,
        defaultValue: '150',
      }),
    ]);
  });

  it('gives a block without blockId an id from its name, and reads flags', () => {
    expect(metadata.functions['blinky.isLit']).toMatchObject({
      blockId: 'blinky_isLit',
      returnType: 'boolean',
      advanced: true,
    });
    expect(metadata.functions['blinky.old']).toMatchObject({ deprecated: true });
    expect(metadata.functions['blinky.hiddenValue']).toMatchObject({ blockHidden: true, identity: true });
    expect(metadata.functions['blinky.helper']).toMatchObject({ doc: 'Not a block.' });
    expect(metadata.functions['blinky.helper']!.block).toBeUndefined();
    expect(metadata.functions['blinky.spread']!.help).toBeUndefined();
    expect(metadata.functions['blinky.spread']!.parameters[0]).toMatchObject({ type: 'number', optional: true });
  });

  it('reads shadows and shadow options, handlers and their arguments, field editors', () => {
    expect(metadata.functions['blinky.say']!.parameters[0]).toMatchObject({
      shadow: 'text_helper',
      shadowOptions: { toString: 'true' },
      defaultValue: 'Hello!',
    });
    expect(metadata.functions['blinky.onMessage']).toMatchObject({ draggableParameters: 'reporter' });
    expect(metadata.functions['blinky.onMessage']!.parameters[0]!.handler).toEqual({
      parameters: [
        { name: 'message', type: 'string' },
        { name: 'code', type: 'number' },
      ],
    });
    expect(metadata.functions['blinky.color']!.parameters[0]).toMatchObject({
      enumType: 'Shade',
      fieldEditor: 'gridpicker',
      fieldOptions: { columns: '4' },
    });
  });

  it('reads enums: values, labels, block identities, pictures, constants', () => {
    const shade = metadata.enums['Shade']!;
    expect(shade).toMatchObject({ isConst: true, emitAsConstant: true, doc: 'Light colours.' });
    expect(shade.members.map((m) => [m.qName, m.value, m.label, m.image, m.blockIdentity])).toEqual([
      ['Shade.Warm', 1, 'warm white', true, 'blinky.hiddenValue'],
      ['Shade.Cold', 2, 'Cold', false, undefined],
      ['Shade.Blue', 10, 'blue', false, undefined],
    ]);
    expect(metadata.enumConstants).toEqual({ 'Shade.Blue': 'BLUE' });
  });

  it('reads methods with their receiver, and fixed instances as a dropdown', () => {
    expect(metadata.functions['blinky.Lamp.on']).toMatchObject({
      kind: 'method',
      owner: 'blinky.Lamp',
      receiver: { blockName: 'this', type: 'this', variable: 'lamp' },
    });
    const matches = metadata.functions['blinky.Lamp.matches']!;
    expect(matches.receiver).toMatchObject({ blockName: 'lamp' });
    expect(matches.parameters[0]).toMatchObject({
      name: 'other',
      blockName: 'other',
      type: 'blinky.Lamp',
      enumType: 'blinky.Lamp',
    });
    expect(metadata.enums['blinky.Lamp']).toMatchObject({
      fixedInstances: true,
      members: [expect.objectContaining({ qName: 'blinky.kitchen', label: 'kitchen' })],
    });
    expect(metadata.functions['Array.push']).toMatchObject({
      kind: 'method',
      receiver: { blockName: 'list' },
      parameters: [expect.objectContaining({ name: 'item', blockName: 'value' })],
    });
  });

  it('is not confused by names that Object.prototype has', () => {
    expect(metadata.functions['Array.toString']).toMatchObject({ blockId: 'toString_test' });
    const odd = readApiMetadata(ts, [
      { name: 'odd.d.ts', text: '//% block="v %toString"\ndeclare function constructor(toString: number): void;' },
    ]);
    expect(odd.functions['constructor']!.parameters[0]).toMatchObject({ shadowOptions: {}, fieldOptions: {} });
  });
});
