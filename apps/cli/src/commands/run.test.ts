import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../main.ts';

async function run(source: string, ...args: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'blockyard-run-'));
  writeFileSync(join(dir, 'main.ts'), source);
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['run', 'main.ts', ...args], {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    cwd: dir,
  });
  return { code, out: out.join(''), err: err.join('') };
}

const heart = ['.#.#.', '#####', '#####', '.###.', '..#..'].join('\n');

describe('blockyard run', () => {
  it('prints serial lines as they are sent, then the LEDs', async () => {
    const result = await run(
      'serial.writeLine("hello")\nbasic.showIcon(IconNames.Heart)\nserial.writeValue("x", 42)\n',
    );
    expect(result).toEqual({ code: 0, out: `hello\nx:42\n--- board 1 leds\n${heart}\n`, err: '' });
  });

  it('presses buttons at the given times and runs for --time ms', async () => {
    const source = `input.onButtonPressed(Button.A, () => serial.writeValue("A", control.millis()))
input.onButtonPressed(Button.B, () => serial.writeValue("B", control.millis()))
input.onButtonPressed(Button.AB, () => serial.writeValue("AB", control.millis()))
`;
    const result = await run(source, '--press', 'A@500,B@1200,AB@2000', '--time', '3000');
    expect(result.out.split('\n').slice(0, 3)).toEqual(['A:600', 'B:1300', 'AB:2100']);
    const short = await run(source, '--press', 'A@500,B@1200', '--time', '1000');
    expect(short.out.split('\n')[0]).toBe('A:600');
    expect(short.out).not.toContain('B:');
  });

  it('sets sensor values at their times', async () => {
    const result = await run(
      'serial.writeValue("light", 0)\nbasic.pause(200)\nserial.writeValue("later", 1)\n',
      '--set',
      'lightLevel=200@100,temperature=30@0',
    );
    expect(result.code).toBe(0);
    const bad = await run('', '--set', 'colour=3@0');
    expect(bad).toMatchObject({ code: 1, out: '' });
    expect(bad.err).toContain('there is no "colour". You can set lightLevel, compassHeading');
  });

  it('prefixes lines with [board N] when several boards run', async () => {
    const result = await run('serial.writeLine("hi")\n', '--boards', '2', '--time', '100');
    expect(result.out).toBe(
      '[board 1] hi\n[board 2] hi\n--- board 1 leds\n' +
        '.....\n'.repeat(5) +
        '--- board 2 leds\n' +
        '.....\n'.repeat(5),
    );
  });

  it('prints a runtime error with its line and exits 1', async () => {
    const result = await run('serial.writeLine("start")\nlet list: number[] = null\nlist.push(1)\n');
    expect(result.code).toBe(1);
    expect(result.out).toBe(
      'start\n--- board 1 leds\n' + '.....\n'.repeat(5) + 'error: Dereferencing null/undefined value. at line 3\n',
    );
  });

  it('stops deep recursion with a clear error instead of crashing', async () => {
    const result = await run('function down(n: number): number {\n  return down(n + 1)\n}\ndown(0)\n');
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/error: Stack overflow at line 2\n$/);
  });

  it('does not hang on a loop without a pause', async () => {
    const result = await run('let n = 0\nwhile (true) {\n  n++\n}\n', '--time', '2000');
    expect(result.code).toBe(0);
    expect(result.out).toContain('--- board 1 leds');
  });

  it('reports compile errors instead of running', async () => {
    const result = await run('basic.showString(42)\n');
    expect(result.code).toBe(1);
    expect(result.out).toBe(
      "main.ts:1:18 Argument of type 'number' is not assignable to parameter of type 'string'.\n",
    );
  });

  it('rejects malformed options with the expected form', async () => {
    expect((await run('', '--press', 'C@100')).err).toContain('--press "C@100" should look like A@500');
    expect((await run('', '--press', '3:A@100', '--boards', '2')).err).toContain('there is no board 3');
    expect((await run('', '--time', 'soon')).err).toContain('--time "soon" must be a whole number of milliseconds');
    expect((await run('', '--boards', '0')).err).toContain('--boards must be a whole number from 1 to 16');
  });
});
