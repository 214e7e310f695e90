// LED pictures written as text for `//% imageLiteral` parameters (basic.showLeds,
// images.createImage): one row per line, `#` (or `*`, `1`) lit and `.` (or `0`) dark.

import type { IrImageLiteral } from '../ir-nodes.ts';
import { stringType } from '../ir-types.ts';

/** The picture, or undefined when the text is not a rectangle of LEDs. */
export function parseImageLiteral(text: string): IrImageLiteral | undefined {
  const rows: string[] = [];
  for (const line of text.split('\n')) {
    let row = '';
    for (const c of line) {
      if (c === '#' || c === '*' || c === '1') row += '1';
      else if (c === '.' || c === '0') row += '0';
      else if (!/\s/.test(c)) return undefined;
    }
    if (row !== '') rows.push(row);
  }
  const columns = rows[0]?.length ?? 0;
  if (rows.length === 0 || rows.some((row) => row.length !== columns)) return undefined;
  return { kind: 'image', text, rows: rows.length, columns, pixels: rows.join(''), type: stringType };
}
