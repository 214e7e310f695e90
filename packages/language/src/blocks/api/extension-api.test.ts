import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readExtensionApi } from './extension-api.ts';

const motorFiles = {
  'pxt.json': '{"name":"board-only","files":["motor.ts","shims.d.ts","motor.cpp"]}',
  'shims.d.ts': `declare namespace motor {
    /** Drive the motor. */
    //% blockId=motor_run block="run motor at %speed" shim=motor::run
    function run(speed: number): void;
}`,
  'motor.ts': `//% color="#9a3412" weight=40 block="Motor"
namespace motor {
    //% blockId=motor_stop block="stop motor"
    export function stop(): void { run(0); }

    /** Has a TypeScript body, so the simulator runs it even with a shim. */
    //% blockId=motor_brake block="brake" shim=motor::brake
    export function brake(): void { run(0); }

    //% shim=TD_ID blockId=motor_speed block="%speed"
    export function speed(speed: number): number { return speed; }

    //% blockHidden=1 blockId=motor_secret block="secret"
    export function secret(): void {}
}`,
  'motor.cpp': 'namespace motor { void run(int speed) {} }',
};

const distanceFiles = {
  'distance.ts': `//% color="#0f766e" weight=80 block="Distance"
namespace distance {
    //% blockId=distance_read_cm block="distance (cm) trigger %trig echo %echo"
    export function readCm(trig: DigitalPin, echo: DigitalPin): number { return 0; }
    /** No block: only for text programs. */
    export function raw(): number { return 0; }
    //% blockId=distance_inner block="inner"
    export namespace inner {
        //% shim=distance::innerNative
        export function deep(): void { }
    }
}`,
  'test.ts': '//% blockId=test_only block="test only"\nfunction testOnly() {}',
  'README.md': '# hi',
};

describe('readExtensionApi', () => {
  it('finds the categories and blocks an extension adds to the toolbox', () => {
    const api = readExtensionApi(ts, { ...distanceFiles, ...motorFiles });
    expect(api.categories.map((ns) => [ns.name, ns.label, ns.color])).toEqual([
      ['distance', 'Distance', '#0f766e'],
      ['motor', 'Motor', '#9a3412'],
    ]);
    expect(api.blocks.map((fn) => fn.blockId).sort()).toEqual([
      'distance_read_cm',
      'motor_brake',
      'motor_run',
      'motor_speed',
      'motor_stop',
    ]);
  });

  it('marks C++-only functions (a shim on a declaration) as board-only, never those with a body', () => {
    expect(readExtensionApi(ts, motorFiles).boardOnly).toEqual(['motor.run']);
    expect(readExtensionApi(ts, distanceFiles).boardOnly).toEqual([]);
  });

  it('reads nothing from broken or empty sources without throwing', () => {
    const api = readExtensionApi(ts, { 'main.ts': 'namespace { %%% ))) function', 'pxt.json': '{' });
    expect(api.blocks).toEqual([]);
    expect(api.boardOnly).toEqual([]);
    expect(readExtensionApi(ts, {}).categories).toEqual([]);
  });
});
