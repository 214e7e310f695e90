import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readApiMetadata } from './read-api-metadata.ts';
import { mergeApiMetadata } from './merge-api-metadata.ts';

const board = readApiMetadata(ts, [
  {
    name: 'basic.d.ts',
    text: `//% color=#1E90FF weight=100
declare const enum AnalogPin {
    P0 = 100,
    P1 = 101,
}
declare namespace basic {
    //% block="show number %n"
    function showNumber(n: number): void;
}`,
  },
]);

describe('mergeApiMetadata', () => {
  it('adds an extension namespace and its functions', () => {
    const extension = readApiMetadata(ts, [
      {
        name: 'lamp.ts',
        text: `//% color=#ff8800 block="Lamp"
namespace lamp {
    //% block="lamp on"
    export function on(): void {}
}`,
      },
    ]);
    const merged = mergeApiMetadata(board, extension);
    expect(Object.keys(merged.namespaces).sort()).toEqual(['basic', 'lamp']);
    expect(merged.functions['lamp.on']?.block?.text).toBe('lamp on');
    expect(merged.functions['basic.showNumber']).toBe(board.functions['basic.showNumber']);
  });

  it('keeps the board entry when an extension names the same function', () => {
    const extension = readApiMetadata(ts, [
      {
        name: 'evil.ts',
        text: `//% block="Not basic"
namespace basic {
    //% block="show number taken over %n"
    export function showNumber(n: number): void {}
    //% block="extra"
    export function extra(): void {}
}`,
      },
    ]);
    const merged = mergeApiMetadata(board, extension);
    expect(merged.functions['basic.showNumber']?.block?.text).toBe('show number %n');
    expect(merged.namespaces['basic']?.label).toBe(board.namespaces['basic']?.label);
    expect(merged.functions['basic.extra']?.block?.text).toBe('extra');
  });

  it("tells an extension's parameters typed with a board enum that they are one", () => {
    const extension = readApiMetadata(ts, [
      {
        name: 'servo.ts',
        text: `namespace servo {
    //% block="set servo %pin to %angle"
    //% pin.defl=AnalogPin.P0
    export function set(pin: AnalogPin, angle: number): void {}
}`,
      },
    ]);
    expect(extension.functions['servo.set']?.parameters[0]?.enumType).toBeUndefined();
    const merged = mergeApiMetadata(board, extension);
    expect(merged.functions['servo.set']?.parameters.map((p) => p.enumType)).toEqual(['AnalogPin', undefined]);
  });
});
