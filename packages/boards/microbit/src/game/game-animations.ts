// The pictures the game engine shows (our own drawings, with the device's frame counts and
// timings): a flash when the score changes, a cross when a life is lost, the countdown's
// start, and the wipe of the game-over sequence.
import { LedImage } from '../images/led-image.ts';

/** Frames side by side, each written as 5 rows of 5 ('#' on, '.' off). */
function frames(...pictures: string[][]): LedImage {
  const image = new LedImage(pictures.length * 5);
  pictures.forEach((rows, frame) => {
    rows.forEach((row, y) => {
      for (let x = 0; x < 5; x++) if (row[x] === '#') image.set(frame * 5 + x, y, 255);
    });
  });
  return image;
}

const blank = ['.....', '.....', '.....', '.....', '.....'];
const full = ['#####', '#####', '#####', '#####', '#####'];
const dot = ['.....', '.....', '..#..', '.....', '.....'];
const ring = ['.....', '.###.', '.#.#.', '.###.', '.....'];
const box = ['#####', '#...#', '#...#', '#...#', '#####'];
const cross = ['#...#', '.#.#.', '..#..', '.#.#.', '#...#'];

/** Score went up: a burst from the centre and back (10 frames, 20 ms each). */
export const SCORE_FLASH = frames(dot, ring, box, full, box, ring, dot, ring, dot, blank);
export const SCORE_FLASH_INTERVAL_MS = 20;

/** A life was lost: a cross blinks twice (4 frames, 40 ms each). */
export const LIFE_LOST = frames(cross, blank, cross, blank);
export const LIFE_LOST_INTERVAL_MS = 40;

/** Before a countdown: the screen fills up row by row, then blinks (9 frames, 400 ms each). */
export const COUNTDOWN_START = frames(
  ['.....', '.....', '.....', '.....', '#####'],
  ['.....', '.....', '.....', '#####', '#####'],
  ['.....', '.....', '#####', '#####', '#####'],
  ['.....', '#####', '#####', '#####', '#####'],
  full,
  blank,
  full,
  blank,
  full,
);
export const COUNTDOWN_START_INTERVAL_MS = 400;

/** Game over: the lit screen is wiped away diagonally (10 frames, 100 ms each). */
export const GAME_OVER_WIPE = (() => {
  const image = new LedImage(50);
  for (let frame = 0; frame < 10; frame++) {
    for (let y = 0; y < 5; y++) for (let x = 0; x < 5; x++) if (x + y >= frame) image.set(frame * 5 + x, y, 255);
  }
  return image;
})();
export const GAME_OVER_WIPE_INTERVAL_MS = 100;

export const FULL_SCREEN = frames(full);
