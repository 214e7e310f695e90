// `blockyard py2ts`, `ts2py`, and `compile`/`run` of Python programs (a .py file, or a MakeCode
// Python project folder): problems and runtime errors on the Python lines; a Python program and
// its TypeScript twin print the same serial output and LEDs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../test/cli-harness.ts';

const workspace = (files: Record<string, string>) => tempWorkspace('python', files);

const python = [
  'count = 0',
  'def on_forever():',
  '    global count',
  '    count += 1',
  '    serial.write_line(f"n={count}")',
  '    basic.show_number(count)',
  '    basic.pause(400)',
  'basic.forever(on_forever)',
  '',
].join('\n');

const typescript = [
  'let count = 0',
  'basic.forever(function () {',
  '    count += 1',
  '    serial.writeLine(`n=${count}`)',
  '    basic.showNumber(count)',
  '    basic.pause(400)',
  '})',
  '',
].join('\n');

describe('blockyard py2ts and ts2py', () => {
  it('py2ts prints the TypeScript, ts2py the Python back', async () => {
    const cwd = workspace({ 'main.py': python, 'main.ts': typescript });
    expect(await runCli(['py2ts', 'main.py'], cwd)).toEqual({ code: 0, out: typescript, err: '' });
    expect(await runCli(['ts2py', 'main.ts'], cwd)).toEqual({ code: 0, out: python, err: '' });
  });

  it('py2ts reports Python problems on their lines and exits 1', async () => {
    const cwd = workspace({ 'bad.py': 'x = 1\nclass Robot:\n    @staticmethod\n    def make():\n        pass\n' });
    const result = await runCli(['py2ts', 'bad.py'], cwd);
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toBe(
      'bad.py:3:5 Python on the micro:bit cannot use decorators (@staticmethod, @classmethod...): write a def outside the class instead.\n',
    );
  });

  it('ts2py keeps what Python cannot show as a comment, with a warning', async () => {
    const cwd = workspace({ 'main.ts': 'let n = 0\nfor (let k in [1, 2]) {\n    n++\n}\n' });
    const result = await runCli(['ts2py', 'main.ts'], cwd);
    expect(result.code).toBe(0);
    expect(result.out).toBe('n = 0\n# for (let k in [1, 2]) {\n#     n++\n# }\n');
    expect(result.err).toBe('warning: main.ts:2:1 Python cannot show a for...in loop: it is kept as a comment.\n');
  });

  it('refuses blocks given as Python', async () => {
    const cwd = workspace({ 'main.blocks': '<xml xmlns="https://developers.google.com/blockly/xml"></xml>' });
    const result = await runCli(['py2ts', 'main.blocks'], cwd);
    expect(result.code).toBe(1);
    expect(result.err).toContain('not Python');
  });
});

describe('blockyard compile and run with Python', () => {
  it('runs a Python program as its TypeScript twin runs', async () => {
    const cwd = workspace({ 'main.py': python, 'main.ts': typescript });
    const fromPython = await runCli(['run', 'main.py', '--time', '3000'], cwd);
    const fromTypeScript = await runCli(['run', 'main.ts', '--time', '3000'], cwd);
    expect(fromPython.code).toBe(0);
    expect(fromPython.out).toContain('n=2\n');
    expect(fromPython).toEqual(fromTypeScript);
  });

  it('runs defaults, named arguments, lambda, comprehensions and list built-ins as Python would', async () => {
    // The language package's golden program (its TypeScript twin is checked there).
    const golden = join(import.meta.dirname, '../../../../packages/language/test/python/baselines/functional.py');
    const cwd = workspace({ 'main.py': readFileSync(golden, 'utf8') });
    const result = await runCli(['run', 'main.py', '--time', '500'], cwd);
    expect(result.err).toBe('');
    // What it prints, before the LEDs at the end.
    expect(result.out.split('--- board')[0]).toBe(
      [
        'sum: 22 points',
        'max: 9 pts',
        'min: 2 !',
        '8, 18, 14',
        '2, 4, 7, 9',
        '6',
        '8, 1, 7, 2, 9, 4',
        '9, 7',
        '3',
        'olleh',
        '1.75 and 3',
        'third: 3.3',
        '',
      ].join('\n'),
    );
  }, 30_000);

  it('runs a program with classes as its TypeScript twin runs', async () => {
    // The language package's golden pair (classes.py and the TypeScript it converts to).
    const dir = join(import.meta.dirname, '../../../../packages/language/test/python/baselines');
    const cwd = workspace({
      'main.py': readFileSync(join(dir, 'classes.py'), 'utf8'),
      'main.ts': readFileSync(join(dir, 'classes.ts.txt'), 'utf8'),
    });
    const fromPython = await runCli(['run', 'main.py', '--time', '500'], cwd);
    const fromTypeScript = await runCli(['run', 'main.ts', '--time', '500'], cwd);
    expect(fromPython.err).toBe('');
    // What Python itself prints for classes.py.
    expect(fromPython.out.split('--- board')[0]).toBe('a=2\nb=4\n4\ns=4 2\n5\n');
    expect(fromPython).toEqual(fromTypeScript);
  }, 30_000);

  it('runs switch, do...while, an enum, an optional parameter and try as their TypeScript runs', async () => {
    // The language package's golden pair: the TypeScript, and the Python ts2py writes for it.
    const dir = join(import.meta.dirname, '../../../../packages/language/test/python/baselines');
    const cwd = workspace({
      'main.py': readFileSync(join(dir, 'statements.py'), 'utf8'),
      'main.ts': readFileSync(join(dir, 'statements.ts.txt'), 'utf8'),
    });
    const fromPython = await runCli(['run', 'main.py', '--time', '500'], cwd);
    const fromTypeScript = await runCli(['run', 'main.ts', '--time', '500'], cwd);
    expect(fromPython.err).toBe('');
    expect(fromPython.out.split('--- board')[0]).toBe('small\nrolls=1\nn=15\nhappy\ngrumpy\nmood=5\n');
    expect(fromPython).toEqual(fromTypeScript);
  }, 30_000);

  it('compile reports type errors on the Python line', async () => {
    const cwd = workspace({ 'main.py': 'name = "a"\nbasic.show_number(nam)\n' });
    const result = await runCli(['compile', 'main.py'], cwd);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^main\.py:2:19 Cannot find name 'nam'/);
  });

  it('runtime errors name the Python line', async () => {
    const cwd = workspace({ 'main.py': '# deep\n\ndef f(n):\n    return f(n + 1)\nbasic.show_number(f(1))\n' });
    const result = await runCli(['run', 'main.py', '--time', '500'], cwd);
    expect(result.code).toBe(1);
    expect(result.out).toContain('error: Stack overflow at line 4 of main.py');
  });

  it('a MakeCode Python project folder runs its main.py', async () => {
    const cwd = workspace({
      'pxt.json': JSON.stringify({ name: 'p', files: ['main.ts', 'main.py'], preferredEditor: 'pyprj' }),
      'main.py': 'serial.write_line("from python")\n',
      'main.ts': 'serial.writeLine("stale twin")\n',
    });
    const result = await runCli(['run', '.', '--time', '100'], cwd);
    expect(result.out).toContain('from python');
    expect(result.out).not.toContain('stale twin');
  });
});
