// Musical scales (spec 002 §9): intervals in semitones above the root, and the frequency of the
// n-th note of a scale climbing through octaves, used by the arpeggio shapes of sound expressions.

export const SCALES = {
  chromatic: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  pentatonic: [0, 2, 4, 7, 9],
  majorTriad: [0, 4, 7],
  minorTriad: [0, 3, 7],
  diminished: [0, 3, 6, 9],
  wholeTone: [0, 2, 4, 6, 8, 10],
} as const satisfies Record<string, readonly number[]>;

export type ScaleName = keyof typeof SCALES;

/** Frequency ratios (equal temperament) of a scale's notes to its root. */
export function scaleRatios(name: ScaleName): number[] {
  return SCALES[name].map((semitones) => 2 ** (semitones / 12));
}

/**
 * The frequency of note `offset` of a scale built on `root` Hz: past the end of the scale it
 * continues an octave higher (offset = scale length is the root an octave up).
 */
export function scaleFrequency(root: number, name: ScaleName, offset: number): number {
  const intervals = SCALES[name];
  const length = intervals.length;
  const step = Math.trunc(offset);
  const octave = Math.floor(step / length);
  const index = ((step % length) + length) % length;
  return root * 2 ** octave * 2 ** ((intervals[index] as number) / 12);
}
