import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseIntelHex, readProject } from '@blockyard/core';
import { main } from '../main.ts';

const hasSrecCat = spawnSync('srec_cat', ['--version']).status === 0;
const makecodeFixtures = join(import.meta.dirname, '../../../../packages/core/test/baselines/makecode');

const project = {
  'pxt.json': JSON.stringify(
    { name: 'Blinky', dependencies: { core: '*' }, files: ['main.blocks', 'main.ts', 'README.md', 'sub/notes.md'] },
    null,
    4,
  ),
  'main.blocks':
    '<xml xmlns="https://developers.google.com/blockly/xml"><block type="pxt-on-start" x="0" y="0"></block></xml>',
  'main.ts': 'basic.showIcon(IconNames.Heart)\n',
  'README.md': '# Blinky ✨\n',
  'sub/notes.md': 'nested files survive\n',
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function workspace() {
  const dir = mkdtempSync(join(tmpdir(), 'blockyard-pack-'));
  dirs.push(dir);
  const out: string[] = [];
  const err: string[] = [];
  const io = { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t), cwd: dir };
  const writeProjectDir = (name: string, files: Record<string, string> = project) => {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(join(dir, name, file, '..'), { recursive: true });
      writeFileSync(join(dir, name, file), text);
    }
  };
  const readDir = (name: string): Record<string, string> => {
    const files: Record<string, string> = {};
    const walk = (rel: string) => {
      for (const entry of readdirSync(join(dir, name, rel), { withFileTypes: true })) {
        const path = rel ? `${rel}/${entry.name}` : entry.name;
        if (entry.isDirectory()) walk(path);
        else files[path] = readFileSync(join(dir, name, path), 'utf8');
      }
    };
    walk('');
    return files;
  };
  return { dir, io, out, err, writeProjectDir, readDir };
}

describe('blockyard pack and unpack', () => {
  it.each(['hex', 'uf2', 'png', 'mkcd', 'json'])(
    'packs a project folder into .%s and unpacks it back',
    async (format) => {
      const { dir, io, out, writeProjectDir, readDir } = workspace();
      writeProjectDir('blinky');
      expect(await main(['pack', 'blinky', '-o', `blinky.${format}`], io)).toBe(0);
      expect(out.join('')).toContain(`blinky.${format}`);
      expect(readProject(new Uint8Array(readFileSync(join(dir, `blinky.${format}`)))).files).toEqual(project);
      expect(await main(['unpack', `blinky.${format}`, '-o', 'copy'], io)).toBe(0);
      expect(readDir('copy')).toEqual(project);
      expect(out.join('')).toContain('Unpacked "Blinky"');
    },
  );

  it('unpacks MakeCode files', async () => {
    const { io, readDir } = workspace();
    expect(await main(['unpack', join(makecodeFixtures, 'universal.hex'), '-o', 'from-makecode'], io)).toBe(0);
    expect(Object.keys(readDir('from-makecode')).sort()).toEqual(['README.md', 'main.blocks', 'main.ts', 'pxt.json']);
  });

  it('exits 1 with the spec message for a bad file, writing nothing', async () => {
    const { dir, io, err } = workspace();
    writeFileSync(join(dir, 'broken.hex'), ':10000000FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF00\n');
    expect(await main(['unpack', 'broken.hex', '-o', 'out'], io)).toBe(1);
    expect(err.join('')).toContain('error: This .hex file is not valid.');
    expect(existsSync(join(dir, 'out'))).toBe(false);

    writeFileSync(join(dir, 'empty.hex'), ':020000040001F9\n:0400000001020304F2\n:00000001FF\n');
    err.length = 0;
    expect(await main(['unpack', 'empty.hex', '-o', 'out'], io)).toBe(1);
    expect(err.join('')).toContain("error: This .hex file doesn't contain source.");

    writeFileSync(join(dir, 'picture.png'), readFileSync(join(makecodeFixtures, 'wrong-magic.png')));
    err.length = 0;
    expect(await main(['unpack', 'picture.png', '-o', 'out'], io)).toBe(1);
    expect(err.join('')).toBe('error: Invalid magic in encoded PNG\n  (the hidden header has no magic)\n');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('refuses to overwrite different files unless --force, and never half-writes', async () => {
    const { dir, io, err, writeProjectDir, readDir } = workspace();
    writeProjectDir('blinky');
    expect(await main(['pack', 'blinky', '-o', 'blinky.mkcd'], io)).toBe(0);
    writeProjectDir('target', { 'main.ts': 'my own work\n', 'keep.txt': 'untouched\n' });
    expect(await main(['unpack', 'blinky.mkcd', '-o', 'target'], io)).toBe(1);
    expect(err.join('')).toContain('already has a file with other contents: main.ts');
    expect(readDir('target')).toEqual({ 'main.ts': 'my own work\n', 'keep.txt': 'untouched\n' });

    // Identical files are no conflict.
    writeFileSync(join(dir, 'target', 'main.ts'), project['main.ts']);
    expect(await main(['unpack', 'blinky.mkcd', '-o', 'target'], io)).toBe(0);

    writeFileSync(join(dir, 'target', 'main.ts'), 'changed again\n');
    expect(await main(['unpack', 'blinky.mkcd', '-o', 'target', '--force'], io)).toBe(0);
    expect(readDir('target')).toEqual({ ...project, 'keep.txt': 'untouched\n' });
  });

  it('refuses to replace a different output file unless --force', async () => {
    const { dir, io, err, writeProjectDir } = workspace();
    writeProjectDir('blinky');
    writeFileSync(join(dir, 'out.json'), 'precious');
    expect(await main(['pack', 'blinky', '-o', 'out.json'], io)).toBe(1);
    expect(err.join('')).toContain('already exists with other contents');
    expect(readFileSync(join(dir, 'out.json'), 'utf8')).toBe('precious');
    expect(await main(['pack', 'blinky', '-o', 'out.json', '--force'], io)).toBe(0);
    expect(await main(['pack', 'blinky', '-o', 'out.json'], io)).toBe(0); // same bytes again
  });

  it('explains a broken project folder or output name', async () => {
    const { io, err, writeProjectDir } = workspace();
    expect(await main(['pack', 'nowhere', '-o', 'x.hex'], io)).toBe(1);
    expect(err.join('')).toMatch(/is not a project folder: it has no pxt.json/);

    writeProjectDir('missing', { 'pxt.json': project['pxt.json'], 'main.ts': '' });
    err.length = 0;
    expect(await main(['pack', 'missing', '-o', 'x.hex'], io)).toBe(1);
    expect(err.join('')).toBe('error: unable to find main.blocks\n');

    writeProjectDir('syntax', { 'pxt.json': '{ "name": "x", ' });
    err.length = 0;
    expect(await main(['pack', 'syntax', '-o', 'x.hex'], io)).toBe(1);
    expect(err.join('')).toContain('error: Syntax error in pxt.json');

    writeProjectDir('ok');
    err.length = 0;
    expect(await main(['pack', 'ok', '-o', 'x.zip'], io)).toBe(1);
    expect(err.join('')).toContain('cannot tell which format to write from "x.zip"');
    err.length = 0;
    expect(await main(['pack', 'ok', '-o', 'x.hex', '--board', 'v3'], io)).toBe(1);
    expect(err.join('')).toContain('--board is v1 or v2');

    writeProjectDir('escape', { 'pxt.json': JSON.stringify({ name: 'e', dependencies: {}, files: ['../secret.ts'] }) });
    err.length = 0;
    expect(await main(['pack', 'escape', '-o', 'x.hex'], io)).toBe(1);
    expect(err.join('')).toContain(
      'The file name "../secret.ts" is not allowed in a project: it points outside the project folder (..).',
    );
  });

  it('writes the V1 layout when asked', async () => {
    const { dir, io, writeProjectDir } = workspace();
    writeProjectDir('blinky');
    expect(await main(['pack', 'blinky', '-o', 'v1.hex', '--board', 'v1'], io)).toBe(0);
    const [marker] = parseIntelHex(readFileSync(join(dir, 'v1.hex'), 'latin1')).sections[0]!.segments;
    expect(marker!.address).toBe(0x18000);
  });

  describe.skipIf(!hasSrecCat)('the packed .hex under an independent Intel HEX parser', () => {
    it('passes srec_cat', async () => {
      const { dir, io, writeProjectDir } = workspace();
      writeProjectDir('blinky');
      expect(await main(['pack', 'blinky', '-o', 'blinky.hex'], io)).toBe(0);
      const result = spawnSync('srec_cat', [join(dir, 'blinky.hex'), '-intel', '-o', '/dev/null'], {
        encoding: 'utf8',
      });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    });
  });
});
