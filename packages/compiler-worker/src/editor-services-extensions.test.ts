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
    // Python names as the converter has them.
    expect(answer.pythonNames).toMatchObject({ 'lamp.set': 'lamp.set', 'bell.ring': 'bell.ring' });
    // The editor's blocks are untouched: lamp_set is still unknown to blocks -> code.
    const { code } = services.answer({ op: 'toCode', xml });
    expect(code).not.toContain('lamp.set(3)');
  });

  it('names extension functions in Python and says their help examples in Python', () => {
    services.answer({ op: 'extensions', files: {} });
    const dimmer = {
      'pxt_modules/dimmer/dimmer.ts': `//% block="Dimmer"
namespace dimmer {
    //% block="fade to %level"
    export function fadeTo(level: number): void {}
    //% block="set brightness to %level" py.name=set_level
    export function setBrightnessLevel(level: number): void {}
}`,
    };
    const answer = services.answer({ op: 'readExtensions', files: dimmer });
    expect(answer.pythonNames).toEqual({
      'dimmer.fadeTo': 'dimmer.fade_to',
      'dimmer.setBrightnessLevel': 'dimmer.set_level',
    });
    const python = services.answer({
      op: 'readExtensionsPython',
      files: dimmer,
      code: ['dimmer.fadeTo(3)\ndimmer.setBrightnessLevel(1)', 'let list = [...[1]]'],
    });
    expect(python).toEqual(['dimmer.fade_to(3)\ndimmer.set_level(1)', null]);
    // The editor does not know the extension's names: its Python stays the board's.
    expect(services.answer({ op: 'toPython', code: 'dimmer.fadeTo(3)' }).python).not.toContain('fade_to');
  });
});
