import { createImage, type RgbaImage } from './rgba-image.ts';

/** A heart, the first picture most learners make. */
const HEART = ['.#.#.', '#####', '#####', '.###.', '..#..'];

/**
 * The picture used when no simulator screenshot is at hand (the CLI): a 160x120 micro:bit-like
 * board with a lit heart on its 5x5 LEDs. Drawn pixel by pixel so it is identical everywhere.
 */
export function defaultScreenshot(): RgbaImage {
  const width = 160;
  const height = 120;
  const image = createImage(width, height);
  const px = image.data;
  const set = (x: number, y: number, [r, g, b]: readonly [number, number, number]) => {
    const i = (y * width + x) * 4;
    px[i] = r;
    px[i + 1] = g;
    px[i + 2] = b;
    px[i + 3] = 255;
  };
  const rect = (x0: number, y0: number, w: number, h: number, colour: readonly [number, number, number]) => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) set(x, y, colour);
  };
  const disc = (cx: number, cy: number, r: number, colour: readonly [number, number, number]) => {
    for (let y = cy - r; y <= cy + r; y++) {
      for (let x = cx - r; x <= cx + r; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) set(x, y, colour);
    }
  };
  rect(0, 0, width, height, [238, 242, 247]);
  rect(20, 10, 120, 100, [40, 44, 52]);
  disc(34, 60, 7, [90, 96, 108]);
  disc(126, 60, 7, [90, 96, 108]);
  HEART.forEach((row, r) => {
    [...row].forEach((cell, c) => rect(52 + c * 12, 32 + r * 12, 8, 8, cell === '#' ? [230, 40, 40] : [70, 30, 30]));
  });
  return image;
}
