// An LED strip in words, for screen readers and for anyone who cannot tell its colours apart:
// each LED's colour by a plain name ("red", "dim blue", "off") and its hex code. Pure, so the
// view and its tests share it.

import type { Translate } from './led-description.ts';

export type StripColourName =
  'off' | 'white' | 'red' | 'orange' | 'yellow' | 'green' | 'cyan' | 'blue' | 'purple' | 'pink';

/** Hue boundaries (degrees, upper end) of each colour name, red wrapping round at 345. */
const HUES: readonly [number, StripColourName][] = [
  [15, 'red'],
  [45, 'orange'],
  [70, 'yellow'],
  [165, 'green'],
  [195, 'cyan'],
  [260, 'blue'],
  [290, 'purple'],
  [345, 'pink'],
  [360, 'red'],
];

/** A colour (0xRRGGBB) by name, and whether it is dim (less than 40% of full). */
export function stripColourName(rgb: number): { name: StripColourName; dim: boolean } {
  const r = (rgb >> 16) & 0xff;
  const g = (rgb >> 8) & 0xff;
  const b = rgb & 0xff;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max < 8) return { name: 'off', dim: false };
  const dim = max < 102;
  // Little difference between the parts: it looks white (or grey when dim).
  if ((max - min) / max < 0.25) return { name: 'white', dim };
  const d = max - min;
  let hue: number;
  if (max === r) hue = (((g - b) / d) * 60 + 360) % 360;
  else if (max === g) hue = ((b - r) / d) * 60 + 120;
  else hue = ((r - g) / d) * 60 + 240;
  const name = HUES.find(([end]) => hue < end)?.[1] ?? 'red';
  return { name, dim };
}

/** The colour as `#rrggbb`. */
export function hexColour(rgb: number): string {
  return `#${(rgb & 0xffffff).toString(16).padStart(6, '0')}`;
}

/** "red", "dim blue", "off": the words a screen reader says for one LED's colour. */
export function describeStripColour(rgb: number, t: Translate): string {
  const { name, dim } = stripColourName(rgb);
  const colour = t(`sim.strip.colour.${name}`);
  return dim ? t('sim.strip.dim', { colour }) : colour;
}

/** One line per LED: "LED 1: red (#ff0000)". */
export function describeStripLeds(colours: readonly number[], t: Translate): string[] {
  return colours.map((rgb, i) =>
    t('sim.strip.led', { n: i + 1, colour: describeStripColour(rgb, t), hex: hexColour(rgb) }),
  );
}
