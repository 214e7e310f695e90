import { describe, expect, it } from 'vitest';
import { messageOf } from '../../test/fixtures/format-error-message.ts';
import { checkTargetVersion, listedFiles, validateForPublish } from './config-validation.ts';
import {
  newProjectConfig,
  parseProjectConfig,
  serializeProjectConfig,
  UNTITLED,
  updateProjectConfig,
} from './project-config.ts';
import { isSemver, compareVersions } from './versions.ts';

const base = { name: 'Demo', dependencies: { core: '*' }, files: ['main.ts'] };

describe('pxt.json', () => {
  it('reads every listed field and keeps unknown ones', () => {
    const text = JSON.stringify({
      ...base,
      version: '1.2.3',
      description: 'd',
      license: 'MIT',
      testFiles: ['test.ts'],
      testDependencies: { radio: '*' },
      fileDependencies: { 'v2.ts': 'v2' },
      public: true,
      targetVersions: { target: '7.1.2', targetId: 'microbit' },
      supportedTargets: ['microbit'],
      preferredEditor: 'tsprj',
      languageRestriction: 'javascript-only',
      assetPack: false,
      palette: ['#000000'],
      screenSize: { width: 160, height: 120 },
      yotta: { config: { 'microbit-dal': { bluetooth: { enabled: 1 } } } },
      installedVersion: 'abc',
    });
    const config = parseProjectConfig(text);
    expect(config).toMatchObject({ name: 'Demo', version: '1.2.3', public: true, preferredEditor: 'tsprj' });
    expect(config.raw.installedVersion).toBe('abc');
    expect(JSON.parse(serializeProjectConfig(config))).toEqual(JSON.parse(text));
  });

  it('writes 4-space JSON with a final newline, keeping field order', () => {
    const text = '{\n    "files": [],\n    "name": "B",\n    "dependencies": {}\n}\n';
    expect(serializeProjectConfig(parseProjectConfig(text))).toBe(text);
  });

  it.each([
    ['not JSON', '{ "name": ', 'Syntax error in pxt.json'],
    ['not an object', '[1, 2]', 'Syntax error in pxt.json'],
    ['no dependencies', JSON.stringify({ name: 'a', files: [] }), 'Missing dependencies in config of: this'],
    [
      'dependencies as a list',
      JSON.stringify({ name: 'a', files: [], dependencies: [] }),
      'Missing dependencies in config of: this',
    ],
    ['no files', JSON.stringify({ name: 'a', dependencies: {} }), 'Missing files in config of: this'],
    [
      'a dependency that is not text',
      JSON.stringify({ name: 'a', files: [], dependencies: { core: 1 } }),
      'In pxt.json of this, "dependencies.core" must be a string.',
    ],
    [
      'a file name that is not text',
      JSON.stringify({ name: 'a', files: [3], dependencies: {} }),
      'In pxt.json of this, "files" must be a list of file names.',
    ],
    ['a name that is not text', JSON.stringify({ ...base, name: 5 }), 'In pxt.json of this, "name" must be a string.'],
    [
      'public as text',
      JSON.stringify({ ...base, public: 'yes' }),
      'In pxt.json of this, "public" must be true or false.',
    ],
  ])('refuses %s', (_name, text, message) => {
    expect(messageOf(() => parseProjectConfig(text))).toBe(message);
  });

  it('names the package in messages', () => {
    expect(messageOf(() => parseProjectConfig('{"name":"x","files":[]}', 'neopixel'))).toBe(
      'Missing dependencies in config of: neopixel',
    );
  });

  it('calls an empty or missing name Untitled', () => {
    expect(parseProjectConfig(JSON.stringify({ ...base, name: '  ' })).name).toBe(UNTITLED);
    expect(parseProjectConfig(JSON.stringify({ dependencies: {}, files: [] })).name).toBe('Untitled');
  });

  it('updates fields in place and adds new ones last', () => {
    const config = updateProjectConfig(parseProjectConfig(JSON.stringify(base)), { name: 'Renamed', public: true });
    expect(Object.keys(JSON.parse(serializeProjectConfig(config)) as object)).toEqual([
      'name',
      'dependencies',
      'files',
      'public',
    ]);
    expect(newProjectConfig('New', ['main.ts']).dependencies).toEqual({ core: '*', radio: '*' });
  });

  it('refuses a project that needs a newer target major version', () => {
    const needs = (target: string) => parseProjectConfig(JSON.stringify({ ...base, targetVersions: { target } }));
    expect(() => checkTargetVersion(needs('8.9.0'), '8.0.0')).not.toThrow();
    expect(() => checkTargetVersion(needs('*'), '1.0.0')).not.toThrow();
    expect(() => checkTargetVersion(needs('0.0.0'), '1.0.0')).not.toThrow();
    expect(messageOf(() => checkTargetVersion(needs('9.0.1'), '8.0.0'))).toBe(
      'Demo requires target version 9.0.1 (you are running 8.0.0)',
    );
    expect(messageOf(() => checkTargetVersion(needs('nine'), '8.0.0'))).toBe(
      "doesn't look like a semantic version number",
    );
  });

  it('applies the publishing rules', () => {
    const files = { 'pxt.json': '', 'main.ts': '' };
    const config = parseProjectConfig(JSON.stringify({ ...base, version: '1.0.0', testFiles: ['test.ts'] }));
    expect(listedFiles(config)).toEqual(['main.ts', 'test.ts']);
    expect(messageOf(() => validateForPublish(config, files))).toBe(
      'Only packages with "public":true can be published',
    );
    const pub = updateProjectConfig(config, { public: true });
    expect(messageOf(() => validateForPublish(pub, files))).toBe('referenced file missing: test.ts');
    expect(messageOf(() => validateForPublish(pub, { ...files, 'test.ts': '' }))).toBe('no error');
    const badVersion = updateProjectConfig(pub, { version: '1.0' });
    expect(messageOf(() => validateForPublish(badVersion, files))).toBe("doesn't look like a semantic version number");
  });

  it('knows semantic versions', () => {
    for (const ok of ['1.2.3', 'v0.0.1', '1.0.0-beta.2', '1.0.0+build.5', '10.20.30-rc.1+sha.abc'])
      expect(isSemver(ok)).toBe(true);
    for (const bad of ['1.2', '01.2.3', '1.2.3.4', 'latest', '', '1.2.x']) expect(isSemver(bad)).toBe(false);
    expect(compareVersions('v1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('1.0.0-beta', '1.0.0')).toBe(-1);
    expect(compareVersions('x', '1.0.0')).toBeNull();
  });
});
