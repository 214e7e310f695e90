// MakeCode-style Python programs (packages/language/test/python/makecode/: handlers as named defs,
// globals, lists, images, music, radio, game sprites, `while True`) run unchanged with
// `blockyard run`: no problem reported, and what they print is what the program says.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../test/cli-harness.ts';

const dir = join(import.meta.dirname, '../../../../packages/language/test/python/makecode');

/** Each program, the run's options, and lines its serial output must hold (in this order). */
const cases: [string, string[], string[]][] = [
  ['background.py', ['--time', '1500'], ['ticks 5']],
  ['dodge-game.py', ['--press', 'A@100,B@300', '--time', '800'], []],
  ['fstrings.py', ['--time', '300'], ['Kit has 3 lives', 'round 1', 'round 2']],
  ['functions.py', ['--press', 'A@100', '--time', '600'], ['1', '4', '9']],
  ['melody.py', ['--press', 'A@100,B@500,LOGO@900', '--time', '1500'], ['tempo 140']],
  ['nightlight.py', ['--set', 'lightLevel=30@0', '--press', 'A@200,B@400', '--time', '800'], ['21']],
  ['pictures.py', ['--time', '8000'], ['pixel true']],
  ['pins-meter.py', ['--press', 'P0@300', '--time', '500'], ['0', 'reading:0']],
  ['radio-counter.py', ['--boards', '2', '--press', 'A@200,A@400,AB@600', '--time', '8000'], ['[board 2] temp:21']],
  [
    'scores-list.py',
    ['--time', '300'],
    ['first 2 of 4', 'average 5', 'popped 6', 'index of 8: 1', 'Ann 0', 'Bo 1', 'Cy 2', 'Bea'],
  ],
  ['step-counter.py', ['--set', 'gesture=shake@100,gesture=shake@300', '--time', '1200'], ['x=0 steps=2']],
  [
    'text-tools.py',
    ['--time', '300'],
    ['banana!', 'a appears 3 times', 'ban', 'nan at 2', 'has ban: true', '7', 'BANANA', 'BANANA 6'],
  ],
  ['while-true.py', ['--time', '1500'], ['full turn']],
];

describe('MakeCode-style Python programs in blockyard run', () => {
  it('covers every program of the folder', () => {
    const programs = readdirSync(dir).filter((name) => name.endsWith('.py'));
    expect(cases.map(([name]) => name).sort()).toEqual(programs.sort());
  });

  it.each(cases)(
    '%s runs',
    async (name, options, lines) => {
      const cwd = tempWorkspace('makecode-py', { 'main.py': readFileSync(join(dir, name), 'utf8') });
      const result = await runCli(['run', 'main.py', ...options], cwd);
      expect(result.err).toBe('');
      expect(result.code).toBe(0);
      const printed = result.out.split('\n--- board')[0]!.split('\n');
      let at = 0;
      for (const line of lines) {
        const found = printed.indexOf(line, at);
        expect(found, `${line} in\n${result.out}`).toBeGreaterThanOrEqual(0);
        at = found + 1;
      }
    },
    60_000,
  );
});
