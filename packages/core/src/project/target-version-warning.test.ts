import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseProjectConfig } from './project-config.ts';
import { targetVersionWarning } from './target-version-warning.ts';
import { TARGET_VERSION } from './versions.ts';

const config = (target: string, dependencies: Record<string, string> = { core: '*' }) =>
  parseProjectConfig(JSON.stringify({ name: 'Pets', dependencies, files: ['main.ts'], targetVersions: { target } }));

describe('target version of project files', () => {
  it('is the MakeCode target whose API we follow: the pxt-microbit packages/native builds against', () => {
    const require = createRequire(import.meta.url);
    const nativePackage = JSON.parse(
      readFileSync(new URL('../../../native/package.json', import.meta.url), 'utf8'),
    ) as { dependencies: Record<string, string> };
    expect(TARGET_VERSION).toBe(nativePackage.dependencies['pxt-microbit']);
    const installed = JSON.parse(readFileSync(require.resolve('pxt-microbit/package.json'), 'utf8')) as {
      version: string;
    };
    expect(TARGET_VERSION).toBe(installed.version);
  });

  it('has nothing to say about files from MakeCode 0.x to 9.x', () => {
    for (const target of [
      '0.9.46',
      '1.4.12',
      '2.3.4',
      '3.0.15',
      '4.0.22',
      '5.1.28',
      '6.0.28',
      '7.1.2',
      '8.2.3',
      '9.1.1',
      '9.9.0',
    ])
      expect(targetVersionWarning(config(target))).toBeNull();
    expect(targetVersionWarning(config('*'))).toBeNull();
  });

  it('names what may not work in a file from a newer MakeCode', () => {
    const warning = targetVersionWarning(config('10.0.3', { core: '*', radio: '*', neopixel: 'github:a/b#v1' }));
    expect(warning).toMatchObject({ code: 'target-version-newer', required: '10.0.3', running: TARGET_VERSION });
    expect(warning?.mayNotWork).toEqual(['blocks added after MakeCode 9', 'the neopixel extension']);
    expect(warning?.message).toBe(
      `"Pets" was made with MakeCode 10.0.3; Blockyard follows MakeCode ${TARGET_VERSION}. ` +
        'It opened, but these may not work: blocks added after MakeCode 9, the neopixel extension.',
    );
  });

  it('still refuses a target version that is not a version', () => {
    expect(() => targetVersionWarning(config('ten'))).toThrow("doesn't look like a semantic version number");
  });
});
