// The LED display in words, for screen readers: a built-in icon by name ("heart"), "all off",
// "all on", or row by row which LEDs are lit. Pure, so the board view and tests share it.

import { iconImage, iconNames } from '../images/icons.ts';

export type LedPattern =
  { kind: 'off' } | { kind: 'all' } | { kind: 'icon'; icon: string } | { kind: 'rows'; rows: boolean[][] };

let iconRows: { name: string; key: string }[] | undefined;

function key(lit: readonly boolean[]): string {
  return lit.map((on) => (on ? '#' : '.')).join('');
}

/** What `leds` (25 brightness values, row by row) show. */
export function ledPattern(leds: ArrayLike<number>): LedPattern {
  const lit = Array.from({ length: 25 }, (_, i) => (leds[i] ?? 0) > 0);
  const count = lit.filter(Boolean).length;
  if (count === 0) return { kind: 'off' };
  if (count === 25) return { kind: 'all' };
  iconRows ??= iconNames.map((name, i) => ({ name, key: iconImage(i).toRows().join('') }));
  const shown = key(lit);
  // The last icon with the picture: EighthNote, not MakeCode's misspelled EigthNote before it.
  const icon = iconRows.findLast((entry) => entry.key === shown);
  if (icon) return { kind: 'icon', icon: icon.name };
  return { kind: 'rows', rows: [0, 1, 2, 3, 4].map((y) => lit.slice(y * 5, y * 5 + 5)) };
}

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The sentence a screen reader hears, in the page's language. */
export function describeLeds(leds: ArrayLike<number>, t: Translate): string {
  const pattern = ledPattern(leds);
  switch (pattern.kind) {
    case 'off':
      return t('sim.board.ledsOff');
    case 'all':
      return t('sim.board.ledsAll');
    case 'icon':
      return t('sim.board.ledsIcon', { name: t(`sim.icon.${pattern.icon}`) });
    case 'rows': {
      const rows = pattern.rows.map((row, y) => {
        const on = row.flatMap((lit, x) => (lit ? [x + 1] : []));
        return on.length === 0
          ? t('sim.board.rowOff', { row: y + 1 })
          : t('sim.board.rowOn', { row: y + 1, columns: on.join(', ') });
      });
      return t('sim.board.ledsRows', { rows: rows.join('; ') });
    }
  }
}
