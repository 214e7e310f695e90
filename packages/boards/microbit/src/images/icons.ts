// The built-in icons (IconNames) and arrows (ArrowNames) of the micro:bit API: the same
// pictures the device shows, by the enum values MakeCode uses, written here as 5x5 rows.

import { LedImage } from './led-image.ts';

/** Indexed by IconNames value (Heart = 0 … Scissors = 40). */
const iconRows: readonly string[] = [
  '.#.#. ##### ##### .###. ..#..', // Heart
  '..... .#.#. .###. ..#.. .....', // SmallHeart
  '..... ....# ...#. #.#.. .#...', // Yes
  '#...# .#.#. ..#.. .#.#. #...#', // No
  '..... .#.#. ..... #...# .###.', // Happy
  '..... .#.#. ..... .###. #...#', // Sad
  '..... .#.#. ..... .#.#. #.#.#', // Confused
  '#...# .#.#. ..... ##### #.#.#', // Angry
  '..... ##.## ..... .###. .....', // Asleep
  '.#.#. ..... ..#.. .#.#. ..#..', // Surprised
  '#...# ..... ##### ...## ...##', // Silly
  '##### ##.## ..... .#.#. .###.', // Fabulous
  '##.## ..... ...#. ..#.. .#...', // Meh
  '##.## ##### .###. .###. .###.', // TShirt
  '...## ...## ##### ##### .#.#.', // Rollerskate
  '.##.. ###.. .#### .###. .....', // Duck
  '..#.. .###. ##### .###. .#.#.', // House
  '..... .###. ##### .#.#. .....', // Tortoise
  '##.## ##### ..#.. ##### ##.##', // Butterfly
  '..#.. ##### ..#.. .#.#. #...#', // StickFigure
  '.###. #.#.# ##### ##### #.#.#', // Ghost
  '..#.. ..#.. ..#.. .###. ..#..', // Sword
  '##... .#... .#... .###. .#.#.', // Giraffe
  '.###. #.#.# ##### .###. .###.', // Skull
  '.###. ##### ..#.. #.#.. ###..', // Umbrella
  '##... ##.## .#.#. .###. .....', // Snake
  '#.#.. #.#.. ####. ##.#. ####.', // Rabbit
  '#...# #...# ##### .###. ..#..', // Cow
  '..#.. ..#.. ..#.. ###.. ###..', // QuarterNote
  '..#.. ..##. ..#.# ###.. ###..', // EigthNote (MakeCode's first spelling of EighthNote)
  '..#.. ..##. ..#.# ###.. ###..', // EighthNote
  '#.#.# #.#.# ##### ..#.. ..#..', // Pitchfork
  '..#.. .###. ##.## .###. ..#..', // Target
  '..... ..#.. .#.#. ##### .....', // Triangle
  '#.... ##... #.#.. #..#. #####', // LeftTriangle
  '.#.#. #.#.# .#.#. #.#.# .#.#.', // Chessboard
  '..#.. .#.#. #...# .#.#. ..#..', // Diamond
  '..... ..#.. .#.#. ..#.. .....', // SmallDiamond
  '##### #...# #...# #...# #####', // Square
  '..... .###. .#.#. .###. .....', // SmallSquare
  '##..# ##.#. ..#.. ##.#. ##..#', // Scissors
];

/** IconNames member names in value order, for tests and the block picker. */
export const iconNames = [
  'Heart',
  'SmallHeart',
  'Yes',
  'No',
  'Happy',
  'Sad',
  'Confused',
  'Angry',
  'Asleep',
  'Surprised',
  'Silly',
  'Fabulous',
  'Meh',
  'TShirt',
  'Rollerskate',
  'Duck',
  'House',
  'Tortoise',
  'Butterfly',
  'StickFigure',
  'Ghost',
  'Sword',
  'Giraffe',
  'Skull',
  'Umbrella',
  'Snake',
  'Rabbit',
  'Cow',
  'QuarterNote',
  'EigthNote',
  'EighthNote',
  'Pitchfork',
  'Target',
  'Triangle',
  'LeftTriangle',
  'Chessboard',
  'Diamond',
  'SmallDiamond',
  'Square',
  'SmallSquare',
  'Scissors',
] as const;

/** Indexed by ArrowNames value (North = 0, clockwise to NorthWest = 7). */
const arrowRows: readonly string[] = [
  '..#.. .###. #.#.# ..#.. ..#..', // North
  '..### ...## ..#.# .#... #....', // NorthEast
  '..#.. ...#. ##### ...#. ..#..', // East
  '#.... .#... ..#.# ...## ..###', // SouthEast
  '..#.. ..#.. #.#.# .###. ..#..', // South
  '....# ...#. #.#.. ##... ###..', // SouthWest
  '..#.. .#... ##### .#... ..#..', // West
  '###.. ##... #.#.. ...#. ....#', // NorthWest
];

function fromRows(rows: string | undefined): LedImage {
  return LedImage.fromLiteral((rows ?? '..... ..... ..... ..... .....').split(' ').join('\n'));
}

/** The picture of an IconNames value (a blank image for unknown values). */
export function iconImage(icon: number): LedImage {
  return fromRows(iconRows[Math.trunc(icon)]);
}

/** The picture of an ArrowNames value (a blank image for unknown values). */
export function arrowImage(direction: number): LedImage {
  return fromRows(arrowRows[Math.trunc(direction)]);
}

export const iconCount = iconRows.length;
