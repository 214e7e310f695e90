// The CLI against hostile files and folders (issue 21): LZMA bombs and bad file names are refused
// before anything is written, nothing is written or read through a link, and output piped into a
// reader that stops early ends quietly.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from './test/cli-harness.ts';

const hostile = join(import.meta.dirname, '../../../packages/core/test/fixtures/hostile');
const bin = join(import.meta.dirname, '../bin/blockyard.mjs');

const project = {
  'pxt.json': JSON.stringify({ name: 'Blinky', dependencies: { core: '*' }, files: ['main.ts', 'sub/notes.md'] }),
  'main.ts': 'basic.showIcon(IconNames.Heart)\n',
  'sub/notes.md': 'notes\n',
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function workspace(files: Record<string, string> = {}): string {
  const dir = tempWorkspace('hostile', files);
  dirs.push(dir);
  return dir;
}

describe('blockyard unpack and pack on hostile input', () => {
  it.each(['lzma-bomb.mkcd', 'lzma-bomb.hex'])('stops %s at the cap and writes nothing', async (fixture) => {
    const dir = workspace();
    const { code, err } = await runCli(['unpack', join(hostile, fixture), '-o', 'out'], dir);
    expect(code).toBe(1);
    expect(err).toBe(
      'error: This project is too big to open: it unpacks to more than 16 MB.\n  (The LZMA data unpacks to more than 16777216 bytes.)\n',
    );
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it.each([
    ['parent-path.json', '../evil.ts', 'it points outside the project folder (..)'],
    ['absolute-path.mkcd', '/etc/cron.d/evil', 'it is a full path on a computer, not a name inside the project'],
    [
      'git-hooks.json',
      '.git/hooks/post-checkout',
      'it uses a name that computers keep for themselves (such as CON, NUL or .git)',
    ],
  ])('refuses %s before writing anything', async (fixture, shown, reason) => {
    const dir = workspace();
    const { code, err } = await runCli(['unpack', join(hostile, fixture), '-o', 'out'], dir);
    expect(code).toBe(1);
    expect(err.split('\n')[0]).toBe(`error: The file name "${shown}" is not allowed in a project: ${reason}.`);
    expect(existsSync(join(dir, 'out'))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('never writes through a link already in the output folder, and says so', async () => {
    const dir = workspace({
      'blinky/pxt.json': project['pxt.json'],
      'blinky/main.ts': project['main.ts'],
      'blinky/sub/notes.md': 'notes\n',
    });
    expect((await runCli(['pack', 'blinky', '-o', 'blinky.hex'], dir)).code).toBe(0);
    // The output folder holds a link where main.ts goes, pointing at a file outside it.
    writeFileSync(join(dir, 'precious.txt'), 'do not touch');
    mkdirSync(join(dir, 'out'));
    symlinkSync(join(dir, 'precious.txt'), join(dir, 'out', 'main.ts'));
    const { code, err } = await runCli(['unpack', 'blinky.hex', '-o', 'out', '--force'], dir);
    expect(code).toBe(1);
    expect(err).toContain(
      `${join(dir, 'out', 'main.ts')} is a link (a shortcut to somewhere else). Blockyard never writes or reads through links, so nothing was written.`,
    );
    expect(readFileSync(join(dir, 'precious.txt'), 'utf8')).toBe('do not touch');
    expect(lstatSync(join(dir, 'out', 'main.ts')).isSymbolicLink()).toBe(true);
    expect(existsSync(join(dir, 'out', 'pxt.json'))).toBe(false);
  });

  it('never writes through a linked folder inside the output folder', async () => {
    const dir = workspace({
      'blinky/pxt.json': project['pxt.json'],
      'blinky/main.ts': project['main.ts'],
      'blinky/sub/notes.md': 'notes\n',
    });
    expect((await runCli(['pack', 'blinky', '-o', 'blinky.mkcd'], dir)).code).toBe(0);
    mkdirSync(join(dir, 'elsewhere'));
    mkdirSync(join(dir, 'out'));
    symlinkSync(join(dir, 'elsewhere'), join(dir, 'out', 'sub'));
    const { code, err } = await runCli(['unpack', 'blinky.mkcd', '-o', 'out'], dir);
    expect(code).toBe(1);
    expect(err).toContain(`${join(dir, 'out', 'sub')} is a link`);
    expect(readdirSync(join(dir, 'elsewhere'))).toEqual([]);
  });

  it('never writes a packed file through a link, nor packs a file a link points to', async () => {
    const dir = workspace({
      'blinky/pxt.json': project['pxt.json'],
      'blinky/main.ts': project['main.ts'],
      'blinky/sub/notes.md': 'notes\n',
    });
    writeFileSync(join(dir, 'precious.txt'), 'do not touch');
    symlinkSync(join(dir, 'precious.txt'), join(dir, 'blinky.hex'));
    const packed = await runCli(['pack', 'blinky', '-o', 'blinky.hex', '--force'], dir);
    expect(packed.code).not.toBe(0);
    expect(packed.err).toContain('is a link');
    expect(readFileSync(join(dir, 'precious.txt'), 'utf8')).toBe('do not touch');
    expect(readlinkSync(join(dir, 'blinky.hex'))).toBe(join(dir, 'precious.txt'));
    // A project folder whose main.ts is a link to a private file: not carried into the .hex.
    rmSync(join(dir, 'blinky', 'main.ts'));
    symlinkSync(join(dir, 'precious.txt'), join(dir, 'blinky', 'main.ts'));
    const leaked = await runCli(['pack', 'blinky', '-o', 'other.hex'], dir);
    expect(leaked.code).toBe(1);
    expect(leaked.err).toContain('is a link');
    expect(existsSync(join(dir, 'other.hex'))).toBe(false);
  });

  it('still unpacks into a folder that is itself a link the learner made', async () => {
    const dir = workspace({
      'blinky/pxt.json': project['pxt.json'],
      'blinky/main.ts': project['main.ts'],
      'blinky/sub/notes.md': 'notes\n',
    });
    expect((await runCli(['pack', 'blinky', '-o', 'blinky.json'], dir)).code).toBe(0);
    mkdirSync(join(dir, 'real'));
    symlinkSync(join(dir, 'real'), join(dir, 'chosen'));
    expect((await runCli(['unpack', 'blinky.json', '-o', 'chosen'], dir)).code).toBe(0);
    expect(readFileSync(join(dir, 'real', 'sub', 'notes.md'), 'utf8')).toBe('notes\n');
    // No temporary files are left behind.
    expect(readdirSync(join(dir, 'real')).sort()).toEqual(['main.ts', 'pxt.json', 'sub']);
  });
});

describe('every command that writes a file the learner named', () => {
  // asm, run --audio and sound write one file at a path from the command line: a link already
  // there (say, planted in a shared folder) is refused, never followed.
  it.each([
    ['asm', ['asm', 'blink.s', '-o', 'out.bin']],
    ['asm --listing', ['asm', 'blink.s', '-o', 'fine.bin', '--listing', 'out.bin']],
    ['run --audio', ['run', 'main.ts', '--audio', 'out.bin', '--time', '200']],
    ['sound', ['sound', 'giggle', '-o', 'out.bin']],
  ])('%s does not write through a link', async (_name, args) => {
    const dir = workspace({
      'blink.s': 'movs r0, #1\nbx lr\n',
      'main.ts': 'music.playTone(440, 100)\n',
      'precious.txt': 'do not touch',
    });
    symlinkSync(join(dir, 'precious.txt'), join(dir, 'out.bin'));
    const { code, err } = await runCli(args, dir);
    expect(code).not.toBe(0);
    expect(err).toContain('is a link (a shortcut to somewhere else)');
    expect(readFileSync(join(dir, 'precious.txt'), 'utf8')).toBe('do not touch');
    expect(readlinkSync(join(dir, 'out.bin'))).toBe(join(dir, 'precious.txt'));
  });
});

describe('blockyard with its output piped into a reader that stops early', () => {
  it('ends quietly, without an EPIPE error, whatever the command', () => {
    const dir = workspace({ 'main.ts': 'basic.showNumber(1)\n'.repeat(5000) });
    for (const args of ['--help', 'decompile main.ts']) {
      // `true` reads nothing and exits at once: every write of the CLI meets a closed pipe.
      const result = spawnSync('sh', ['-c', `node ${JSON.stringify(bin)} ${args} | true`], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(result.stderr).not.toMatch(/EPIPE|Error|at /);
      expect(result.status).toBe(0);
    }
  }, 120_000);
});
