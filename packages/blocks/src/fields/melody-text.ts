// The melody field's text: the melody-editor notation of @blockyard/sound ("E D G F B A C5 B ",
// one token per beat, "-" for a rest), possibly written with its quotes. Reading keeps the
// quotes so that writing puts them back.

import { gridToMelody, melodyToGrid, type MelodyGrid } from '@blockyard/sound';

export interface MelodyText {
  readonly grid: MelodyGrid;
  readonly quote: string;
}

export function readMelodyText(text: string): MelodyText {
  const quoted = /^(["'`])([\s\S]*)\1$/.exec(text.trim());
  return { grid: melodyToGrid(quoted ? quoted[2]! : text), quote: quoted ? quoted[1]! : '' };
}

export function writeMelodyText(grid: MelodyGrid, quote: string): string {
  return `${quote}${gridToMelody(grid)}${quote}`;
}

/** The notes alone (no quotes), for playing. */
export function melodyNotes(grid: MelodyGrid): string {
  return gridToMelody(grid).trim();
}
