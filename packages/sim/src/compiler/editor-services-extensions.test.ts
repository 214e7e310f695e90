import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import type { Compiler } from '@blockyard/language';
import { createEditorServices } from './editor-services.ts';

let compiler: Compiler | undefined;
const services = createEditorServices(ts, () => (compiler ??= createMicrobitCompiler(ts)));

const lamp = {
  'pxt_modules/lamp/lamp.ts': `//% color=#ff8800 weight=20 icon="\\uf0eb" block="Lamp"
namespace lamp {
    let level = 0
    //% blockId=lamp_set block="set lamp to %value"
    export function set(value: number): void {
        level = value
        serial.writeLine("lamp " + value)
    }
    //% blockId=lamp_flash block="flash lamp" shim=lamp::flash
    export function flash(): void;
}`,
};

const xml =
  '<xml xmlns="https://developers.google.com/blockly/xml"><block type="pxt-on-start" x="0" y="0"><statement name="HANDLER">' +
  '<block type="lamp_set"><value name="value"><shadow type="math_number"><field name="NUM">3</field></shadow></value></block>' +
  '</statement></block></xml>';

describe('extensions in the compiler worker', () => {
  it('answers the blocks an extension adds and its board-only functions', () => {
    const answer = services.answer({ op: 'extensions', files: lamp });
    expect(Object.keys(answer.metadata.namespaces)).toEqual(['lamp']);
    expect(answer.metadata.functions['lamp.set']?.blockId).toBe('lamp_set');
    expect(answer.boardOnly).toEqual({ lamp: ['lamp.flash'] });
    // Plain data: it travels to the page by postMessage.
    expect(structuredClone(answer)).toEqual(answer);
  });

  it('turns the extension blocks into code and back', () => {
    services.answer({ op: 'extensions', files: lamp });
    const { code } = services.answer({ op: 'toCode', xml });
    expect(code).toContain('lamp.set(3)');
    const back = services.answer({ op: 'toBlocks', files: { ...lamp, 'main.ts': 'lamp.set(5)\n' } });
    expect(back.greyBlocks).toBe(0);
    expect(back.xml).toContain('type="lamp_set"');
  });

  it('knows the extension in Python', () => {
    services.answer({ op: 'extensions', files: lamp });
    const answer = services.answer({ op: 'fromPython', python: 'lamp.set(2)\n', files: lamp });
    expect(answer.diagnostics).toEqual([]);
    expect(answer.code).toContain('lamp.set(2)');
  });

  it('forgets the extension when its files are taken away', () => {
    services.answer({ op: 'extensions', files: lamp });
    const answer = services.answer({ op: 'extensions', files: {} });
    expect(answer.metadata.functions).toEqual({});
    const { code } = services.answer({ op: 'toCode', xml });
    expect(code).not.toContain('lamp.set(3)');
  });

  it('reads extensions for their help pages without adding their blocks to the editor', () => {
    services.answer({ op: 'extensions', files: {} });
    const bell = {
      'pxt_modules/bell/bell.ts':
        '//% block="Bell"\nnamespace bell {\n    //% block="ring"\n    export function ring(): void {}\n}\n',
    };
    const answer = services.answer({ op: 'readExtensions', files: { ...lamp, ...bell } });
    expect(answer.packageOf).toEqual({ 'lamp.set': 'lamp', 'lamp.flash': 'lamp', 'bell.ring': 'bell' });
    expect(answer.boardOnly).toEqual({ lamp: ['lamp.flash'] });
    expect(answer.metadata.functions['bell.ring']?.blockId).toBe('bell_ring');
    // The editor's blocks are untouched: lamp_set is still unknown to blocks -> code.
    const { code } = services.answer({ op: 'toCode', xml });
    expect(code).not.toContain('lamp.set(3)');
  });
});
