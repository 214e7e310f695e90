import { describe, expect, it } from 'vitest';
import { fontCharacters, glyphRows } from './font.ts';
import { LedImage } from './led-image.ts';

describe('LedImage', () => {
  it('parses image literals with any spacing and frames side by side', () => {
    const image = LedImage.fromLiteral(`
      # . . . . # # . . .
      . # . . . . . . . .
      . . # . . . . . . .
      . . . # . . . . . .
      . . . . # . . . . #`);
    expect(image.width).toBe(10);
    expect(image.toRows()).toEqual(['#....##...', '.#........', '..#.......', '...#......', '....#....#']);
    expect(LedImage.fromLiteral('').width).toBe(0);
  });

  it('renders text in the font with one dark column between characters', () => {
    const image = LedImage.fromText('Hi');
    expect(image.width).toBe(11);
    const rows = image.toRows();
    expect(rows.map((row) => row.slice(0, 5))).toEqual(glyphRows('H'));
    expect(rows.every((row) => row[5] === '.')).toBe(true);
    expect(LedImage.fromText('é').toRows()).toEqual(glyphRows(' '));
  });

  it('has a glyph for every printable ASCII character, each 5x5', () => {
    expect(fontCharacters).toHaveLength(95);
    for (const char of fontCharacters) {
      expect(glyphRows(char)).toHaveLength(5);
      for (const row of glyphRows(char)) expect(row).toMatch(/^[#.]{5}$/);
    }
  });

  it('clamps pixel values and ignores pixels off the image', () => {
    const image = new LedImage(5);
    image.set(1, 1, 999);
    image.set(-1, 9, 255);
    expect(image.get(1, 1)).toBe(255);
    expect(image.get(-1, 9)).toBe(0);
    const copy = image.clone();
    image.shiftLeft(1);
    expect(image.get(0, 1)).toBe(255);
    image.shiftRight(2);
    expect(image.get(2, 1)).toBe(255);
    expect(copy.get(1, 1)).toBe(255);
  });
});
