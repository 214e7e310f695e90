// An image for the 5-row LED display: `width` columns of brightness values 0-255. Image
// literals (`showLeds(\`# . # . #\n…\`)`) and text for scrolling both become LedImages.

import { glyphRows } from './font.ts';

export const ROWS = 5;
const ON = 255;

export class LedImage {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    pixels?: Uint8Array,
  ) {
    this.pixels = pixels ?? new Uint8Array(width * ROWS);
  }

  get(x: number, y: number): number {
    const col = Math.trunc(x);
    const row = Math.trunc(y);
    if (col < 0 || col >= this.width || row < 0 || row >= ROWS) return 0;
    return this.pixels[row * this.width + col]!;
  }

  set(x: number, y: number, value: number): void {
    const col = Math.trunc(x);
    const row = Math.trunc(y);
    if (col < 0 || col >= this.width || row < 0 || row >= ROWS) return;
    this.pixels[row * this.width + col] = Math.max(0, Math.min(255, Math.trunc(value) || 0));
  }

  /** Copies `length` columns from `fromX` into `target` at `toX` (off-image columns read as dark). */
  copyTo(fromX: number, length: number, target: LedImage, toX: number): void {
    for (let x = 0; x < length; x++) {
      for (let y = 0; y < ROWS; y++) target.set(toX + x, y, this.get(fromX + x, y));
    }
  }

  shiftLeft(columns: number): void {
    for (let x = 0; x < this.width; x++) {
      for (let y = 0; y < ROWS; y++) this.set(x, y, x + columns < this.width ? this.get(x + columns, y) : 0);
    }
  }

  shiftRight(columns: number): void {
    for (let x = this.width - 1; x >= 0; x--) {
      for (let y = 0; y < ROWS; y++) this.set(x, y, x - columns >= 0 ? this.get(x - columns, y) : 0);
    }
  }

  clear(): void {
    this.pixels.fill(0);
  }

  clone(): LedImage {
    return new LedImage(this.width, this.pixels.slice());
  }

  /** Rows of '#' (lit) and '.' (dark). */
  toRows(): string[] {
    const rows: string[] = [];
    for (let y = 0; y < ROWS; y++) {
      let row = '';
      for (let x = 0; x < this.width; x++) row += this.get(x, y) > 0 ? '#' : '.';
      rows.push(row);
    }
    return rows;
  }

  /**
   * Parses an image literal: rows of `#` (or `*`, `1`) for lit and `.` (or `0`) for dark, any
   * spacing; frames of an animation sit side by side. Missing pixels are dark.
   */
  static fromLiteral(text: string): LedImage {
    const rows = text
      .split('\n')
      .map((line) => line.replace(/[^#*1.0]/g, ''))
      .filter((line) => line.length > 0)
      .slice(0, ROWS);
    const width = Math.max(0, ...rows.map((row) => row.length));
    const image = new LedImage(width);
    rows.forEach((row, y) => {
      for (let x = 0; x < row.length; x++) if ('#*1'.includes(row[x]!)) image.set(x, y, ON);
    });
    return image;
  }

  /** Text in the display font: 5 columns per character with one dark column between. */
  static fromText(text: string): LedImage {
    const chars = [...text];
    const image = new LedImage(Math.max(0, chars.length * 6 - 1));
    chars.forEach((char, i) => {
      glyphRows(char).forEach((row, y) => {
        for (let x = 0; x < 5; x++) if (row[x] === '#') image.set(i * 6 + x, y, ON);
      });
    });
    return image;
  }
}
