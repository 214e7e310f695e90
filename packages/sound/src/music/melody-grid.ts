// The melody editor's model (spec 001 §2, §9): an 8x8 grid, one column per beat, one row per
// note (C5 at the top down to C), monophonic: each column holds one note or a rest. Its text is
// the melody notation with one token per column ("E D G F B A C5 B"), "-" for a rest.
import { noteFrequency } from './note-table.ts';

export const MELODY_GRID_COLUMNS = 8;
/** Row names from the top row down. */
export const MELODY_GRID_ROWS = ['C5', 'B', 'A', 'G', 'F', 'E', 'D', 'C'] as const;
export type MelodyGridNote = (typeof MELODY_GRID_ROWS)[number];

/** Each row's frequency: C5 523, B 494, A 440, G 392, F 349, E 330, D 294, C 262 Hz. */
export const MELODY_GRID_FREQUENCIES: Readonly<Record<MelodyGridNote, number>> = Object.freeze(
  Object.fromEntries(MELODY_GRID_ROWS.map((row) => [row, noteFrequency(row) ?? 0])) as Record<MelodyGridNote, number>,
);

/** One entry per column: the row index of its note, or null for a rest. */
export type MelodyGrid = (number | null)[];

/** Length of one column's note in ms: 60000 / tempo. */
export function melodyGridNoteMs(tempo: number): number {
  return 60000 / tempo;
}

/**
 * Reads a melody-editor string into the grid. Tokens that are not one of the grid's notes count
 * as rests; missing columns are rests, extra ones are dropped.
 */
export function melodyToGrid(text: string): MelodyGrid {
  const tokens = text.split(/\s+/).filter((token) => token.length > 0);
  const grid: MelodyGrid = [];
  for (let column = 0; column < MELODY_GRID_COLUMNS; column++) {
    const token = tokens[column];
    const row = token === undefined ? -1 : (MELODY_GRID_ROWS as readonly string[]).indexOf(token.toUpperCase());
    grid.push(row >= 0 ? row : null);
  }
  return grid;
}

/** Writes the grid as melody-editor text, one token per column and a trailing space like MakeCode. */
export function gridToMelody(grid: MelodyGrid): string {
  const tokens: string[] = [];
  for (let column = 0; column < MELODY_GRID_COLUMNS; column++) {
    const row = grid[column];
    tokens.push(row === null || row === undefined ? '-' : (MELODY_GRID_ROWS[row] ?? '-'));
  }
  return tokens.join(' ') + ' ';
}

/** Sets (or clears, when it is already set) one cell: the grid stays monophonic. */
export function toggleMelodyGridCell(grid: MelodyGrid, column: number, row: number): MelodyGrid {
  const next = grid.slice();
  next[column] = grid[column] === row ? null : row;
  return next;
}
