import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { mergeApiMetadata, readExtensionApi } from '@blockyard/language';
import {
  buildPackageHelp,
  packageBlockAnchor,
  packageBlockHelpUrl,
  packageExamples,
  packageHelpPath,
  packageRefText,
  parsePackagePath,
  withPythonExamples,
} from './package-help.ts';
import { testApi } from './test-api.ts';

describe('extension help addresses', () => {
  it('reads ours, a repository and a release of it', () => {
    expect(parsePackagePath('servo-kit')).toEqual({ kind: 'builtin', id: 'servo-kit' });
    expect(parsePackagePath('maker/pxt-lamp')).toEqual({ kind: 'repository', owner: 'maker', project: 'pxt-lamp' });
    expect(parsePackagePath('/maker/pxt-lamp/v1.2.0/')).toEqual({
      kind: 'repository',
      owner: 'maker',
      project: 'pxt-lamp',
      tag: 'v1.2.0',
    });
  });

  it('refuses what names no extension', () => {
    for (const bad of ['', 'a/b/c/d', '../x', 'maker/..', 'maker/p q', 'maker/lamp/v1#2', 'x'.repeat(101)]) {
      expect(parsePackagePath(bad), bad).toBeUndefined();
    }
  });

  it('writes addresses back, with anchors for blocks', () => {
    for (const splat of ['servo-kit', 'maker/pxt-lamp', 'maker/pxt-lamp/v1.2.0']) {
      expect(packageHelpPath(parsePackagePath(splat)!)).toBe(`/pkg/${splat}`);
    }
    expect(packageRefText(parsePackagePath('maker/pxt-lamp/v1.2.0')!)).toBe('maker/pxt-lamp#v1.2.0');
    expect(packageBlockAnchor('servos.setAngle')).toBe('servos-set-angle');
    expect(packageBlockHelpUrl({ kind: 'builtin', id: 'servo-kit' }, 'servos.stop')).toBe('/pkg/servo-kit#servos-stop');
  });
});

describe('an extension help page', () => {
  const lamp = readExtensionApi(ts, {
    'pxt_modules/lamp/lamp.ts': `//% color=#ff8800 block="Lamp"
namespace lamp {
    /**
     * Lights the lamp.
     * @param level how bright, eg: 80
     */
    //% blockId=lamp_set block="set lamp to %level"
    export function set(level: number): void {}
    /** When the lamp goes out. */
    //% blockId=lamp_off block="on lamp off"
    export function onOff(handler: () => void): void {}
    export function helper(): void {}
}`,
  }).metadata;
  const merged = mergeApiMetadata(testApi, lamp);
  const pages = buildPackageHelp(merged, (fn) => Object.hasOwn(lamp.functions, fn.qName));

  it('lists only the extension blocks, drawn and described like the board help pages', () => {
    expect(pages.map((p) => p.path)).toEqual(['lamp/on-off', 'lamp/set']);
    const set = pages.find((p) => p.path === 'lamp/set')!;
    expect(set).toMatchObject({ title: 'set', category: 'lamp', colour: '#ff8800' });
    expect(set.entries[0]).toMatchObject({
      qName: 'lamp.set',
      doc: 'Lights the lamp.',
      signature: 'lamp.set(level: number): void',
      parameters: [{ name: 'level', doc: 'how bright', defaultValue: '80' }],
      block: { shape: 'statement', colour: '#ff8800' },
    });
    expect(pages.find((p) => p.path === 'lamp/on-off')?.entries[0]?.block?.shape).toBe('hat');
    // Its example is made by the board's rules: the block with the value a new one starts with.
    expect(set.example).toBe('lamp.set(80)');
    expect(pages.find((p) => p.path === 'lamp/on-off')?.example).toBe(
      'lamp.onOff(function () {\n    basic.showIcon(IconNames.Heart)\n})',
    );
    expect(set.related.map((r) => r.path)).toEqual(['lamp/on-off']);
    // No Python without the converter's names.
    expect(set.entries[0]?.pythonSignature).toBeUndefined();
  });

  it('gives Python signatures by the names the converter has, and the examples said in Python', () => {
    const named = buildPackageHelp(merged, (fn) => Object.hasOwn(lamp.functions, fn.qName), {
      'lamp.set': 'lamp.set_level',
    });
    const set = named.find((p) => p.path === 'lamp/set')!;
    expect(set.entries[0]?.pythonSignature).toBe('lamp.set_level(level: number) -> None');
    // A name the table lacks follows the snake-case rule.
    const off = named.find((p) => p.path === 'lamp/on-off')!;
    expect(off.entries[0]?.pythonSignature).toBe('lamp.on_off(handler: Callable) -> None');

    expect(packageExamples(named)).toEqual([off.example, set.example]);
    const said = withPythonExamples(named, [null, 'lamp.set_level(80)']);
    expect(said.find((p) => p.path === 'lamp/set')?.examplePython).toBe('lamp.set_level(80)');
    expect(said.find((p) => p.path === 'lamp/on-off')?.examplePython).toBeUndefined();
  });
});
