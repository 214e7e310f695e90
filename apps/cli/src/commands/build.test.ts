import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readProjectHex } from '@blockyard/core';
import { readProgramHeader } from '@blockyard/native';
import { describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../test/cli-harness.ts';

const PROJECT = {
  'pxt.json': JSON.stringify({ name: 'hello', dependencies: { core: '*' }, files: ['main.ts'] }),
  'main.ts': 'basic.showString("Hi")\nbasic.forever(function () {\n    basic.showIcon(IconNames.Heart)\n})\n',
};

/** The data bytes of an Intel HEX file at [from, from + length) (records 00 with 04 bases). */
function hexBytes(text: string, from: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let base = 0;
  for (const line of text.split(/\r?\n/)) {
    if (!line.startsWith(':')) continue;
    const count = parseInt(line.slice(1, 3), 16);
    const offset = parseInt(line.slice(3, 7), 16);
    const type = parseInt(line.slice(7, 9), 16);
    if (type === 4) base = parseInt(line.slice(9, 13), 16) << 16;
    if (type !== 0) continue;
    for (let i = 0; i < count; i++) {
      const address = base + offset + i;
      if (address >= from && address < from + length)
        out[address - from] = parseInt(line.slice(9 + 2 * i, 11 + 2 * i), 16);
    }
  }
  return out;
}

describe('blockyard build', () => {
  it('writes a universal .hex with the program and the source, and says how big it is', async () => {
    const cwd = tempWorkspace('build', PROJECT);
    const result = await runCli(['build', '.', '-o', 'out.hex'], cwd);
    expect(result.err).toBe('');
    expect(result.out).toMatch(
      /^Wrote out\.hex \(both boards; program V1: [\d,]+ bytes of 24,576, V2: [\d,]+ bytes of 180,224\)\.\n$/,
    );
    expect(result.code).toBe(0);
    const text = readFileSync(join(cwd, 'out.hex'), 'utf8');
    expect(readProjectHex(new TextEncoder().encode(text)).files).toEqual(PROJECT);
  });

  it('writes one board with --variant, and the assembly with --asm', async () => {
    const cwd = tempWorkspace('build', { 'blink.ts': 'led.plot(2, 2)\n' });
    const result = await runCli(['build', 'blink.ts', '-o', 'blink.hex', '--variant', 'v1', '--asm'], cwd);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/\(V1; program V1: [\d,]+ bytes of 24,576\)/);
    const text = readFileSync(join(cwd, 'blink.hex'), 'utf8');
    const header = readProgramHeader(hexBytes(text, 0x35400, 64));
    expect(header.magic).toBe('708e3b92c615a841c49866c975ee5197');
    expect(readFileSync(join(cwd, 'blink.asm'), 'utf8')).toMatch(/led::plot/);
  });

  it('names what does not run on the board yet and writes nothing', async () => {
    // Every API call runs on the board now; an object literal does not yet.
    const cwd = tempWorkspace('build', { 'main.ts': 'let o = { x: 1 }\n' });
    const result = await runCli(['build', 'main.ts', '-o', 'out.hex'], cwd);
    expect(result).toEqual({
      code: 1,
      out: 'main.ts:1:1 An object literal or interface cannot be compiled for the micro:bit yet.\n',
      err: '',
    });
  });

  it('builds a Python program with classes, and names a problem on its Python line', async () => {
    const cwd = tempWorkspace('build', {
      'main.py': [
        'class Counter:',
        '    def __init__(self, start):',
        '        self.count = start',
        '',
        '    def add(self, amount):',
        '        self.count += amount',
        '        return self.count',
        '',
        'c = Counter(2)',
        'basic.show_number(c.add(3))',
        '',
      ].join('\n'),
      'bad.py': '# an object\nclass A:\n    pass\nx = A()\nx.y = {"a": 1}\n',
    });
    const result = await runCli(['build', 'main.py', '-o', 'main.hex', '--variant', 'v2', '--asm'], cwd);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const files = readProjectHex(new TextEncoder().encode(readFileSync(join(cwd, 'main.hex'), 'utf8'))).files;
    expect(files['main.py']).toContain('class Counter:');
    expect(files['main.ts']).toContain('class Counter {');
    expect(JSON.parse(files['pxt.json']!)).toMatchObject({ preferredEditor: 'pyprj' });
    // The class's method is compiled for the board.
    expect(readFileSync(join(cwd, 'main.asm'), 'utf8')).toMatch(/add/);
    const bad = await runCli(['build', 'bad.py', '-o', 'bad.hex'], cwd);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/^bad\.py:5:7 Python on the micro:bit cannot use dictionaries/);
    // What the board cannot run yet is named on the Python line too.
    writeFileSync(join(cwd, 'text.py'), 'a = [3, 1, 2]\nx = Object.keys([1])\n');
    const text = await runCli(['build', 'text.py', '-o', 'text.hex'], cwd);
    expect(text).toEqual({
      code: 1,
      out: 'text.py:2:1 Object.keys does not run on the micro:bit yet.\n',
      err: '',
    });
  }, 60_000);

  it('refuses an unknown board', async () => {
    const cwd = tempWorkspace('build', PROJECT);
    const result = await runCli(['build', '.', '-o', 'out.hex', '--variant', 'v3'], cwd);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/--variant takes v1, v2 or universal/);
  });
});
