import { describe, expect, it } from 'vitest';
import { iconImage, iconNames } from '../images/icons.ts';
import { type Translate, describeLeds, ledPattern } from './led-description.ts';

function leds(rows: string[]): number[] {
  return rows
    .join('')
    .split('')
    .map((c) => (c === '#' ? 255 : 0));
}

// English strings as the page has them, so the sentence can be read in the test.
const english: Record<string, string> = {
  'sim.board.ledsOff': 'LED display: all off',
  'sim.board.ledsAll': 'LED display: all on',
  'sim.board.ledsIcon': 'LED display: {{name}} shape',
  'sim.board.ledsRows': 'LED display: {{rows}}',
  'sim.board.rowOff': 'row {{row}} off',
  'sim.board.rowOn': 'row {{row}} on at {{columns}}',
  'sim.icon.Heart': 'heart',
};
const t: Translate = (key, values = {}) =>
  (english[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

describe('LED description', () => {
  it('names a built-in icon', () => {
    expect(describeLeds(leds(['.#.#.', '#####', '#####', '.###.', '..#..']), t)).toBe('LED display: heart shape');
  });

  it('knows every icon by its pixels', () => {
    iconNames.forEach((name, i) => {
      const image = iconImage(i).toRows();
      // EigthNote is MakeCode's old spelling of EighthNote: the same picture, named the new way.
      const expected = name === 'EigthNote' ? 'EighthNote' : name;
      expect(ledPattern(leds(image))).toEqual(
        image.join('').includes('#') ? { kind: 'icon', icon: expected } : { kind: 'off' },
      );
    });
  });

  it('says all off and all on', () => {
    expect(describeLeds(new Array(25).fill(0), t)).toBe('LED display: all off');
    expect(describeLeds(new Array(25).fill(40), t)).toBe('LED display: all on');
  });

  it('reads any other picture row by row', () => {
    expect(describeLeds(leds(['#....', '.....', '..#..', '.....', '#...#']), t)).toBe(
      'LED display: row 1 on at 1; row 2 off; row 3 on at 3; row 4 off; row 5 on at 1, 5',
    );
  });

  it('counts dim LEDs as lit', () => {
    expect(ledPattern([1, ...new Array<number>(24).fill(0)]).kind).toBe('rows');
  });
});
