// The fixed note table (spec 002 §9): equal-tempered frequencies rounded to whole hertz, from
// B0 (31 Hz) to B8 (7902 Hz). Index 0 is B0, index 1 is C1, and index 46 is A4 = 440 Hz, which
// is how melody strings (`octave`, `note`) and song note numbers address it.

/** Index of A4 (440 Hz) in the table. */
const A4_INDEX = 46;

function equalTempered(index: number): number {
  return Math.round(440 * 2 ** ((index - A4_INDEX) / 12));
}

/**
 * Frequencies from B0 to B8. That span holds 97 semitones; spec 002 §9 speaks of 95 entries,
 * but MakeCode's song note numbers index this exact 97-entry table, so compatibility wins.
 */
export const NOTE_FREQUENCIES: readonly number[] = Object.freeze(
  Array.from({ length: 97 }, (_, i) => equalTempered(i)),
);

/**
 * A song note number's frequency (song notes index the table directly). Notes past the table
 * continue the same equal temperament; negative notes have no pitch (0).
 */
export function songNoteFrequency(note: number): number {
  if (!Number.isFinite(note) || note < 0) return 0;
  const index = Math.round(note);
  return NOTE_FREQUENCIES[index] ?? equalTempered(index);
}

/**
 * The frequency of `note` (1 = C … 12 = B; 0 is the B below, 13 the C above) in `octave`, the
 * way melody strings address notes. Out-of-table notes above continue the scale; below it they
 * are silent (0), like the device.
 */
export function melodyNoteFrequency(octave: number, note: number): number {
  const index = note + 12 * (octave - 1);
  if (!Number.isFinite(index) || index < 0) return 0;
  return NOTE_FREQUENCIES[index] ?? equalTempered(index);
}

const SEMITONES: Readonly<Record<string, number>> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

/**
 * The frequency of a note written like "C4", "F#5", "Bb3" (octave defaults to 4), or null when
 * the name is not a note.
 */
export function noteFrequency(name: string): number | null {
  const match = /^([A-Ga-g])(#|b)?(-?\d+)?$/.exec(name.trim());
  if (!match) return null;
  const letter = (match[1] as string).toUpperCase();
  const accidental = match[2] === '#' ? 1 : match[2] === 'b' ? -1 : 0;
  const octave = match[3] === undefined ? 4 : Number(match[3]);
  return melodyNoteFrequency(octave, (SEMITONES[letter] as number) + accidental + 1);
}
