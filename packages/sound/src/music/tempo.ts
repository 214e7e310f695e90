// Beats and tempo with the device's integer arithmetic, so timing matches the board exactly.

export const DEFAULT_TEMPO = 120;

/** `BeatFraction` of the micro:bit API: the enum values, not the fractions. */
export const BeatFraction = { Whole: 1, Half: 2, Quarter: 4, Eighth: 8, Sixteenth: 16, Double: 32, Breve: 64 } as const;
export type BeatFraction = (typeof BeatFraction)[keyof typeof BeatFraction];

/** A usable tempo: positive tempos are kept (at least 1), anything else falls back to 120. */
export function normalizeTempo(bpm: number): number {
  if (!Number.isFinite(bpm) || bpm <= 0) return DEFAULT_TEMPO;
  return Math.max(1, bpm);
}

/** `music.beat(fraction)` in ms at `bpm`: whole milliseconds, halved or doubled by shifts. */
export function beatMs(fraction: number = BeatFraction.Whole, bpm = DEFAULT_TEMPO): number {
  const beat = Math.trunc(60000 / normalizeTempo(bpm));
  switch (fraction) {
    case BeatFraction.Half:
      return beat >> 1;
    case BeatFraction.Quarter:
      return beat >> 2;
    case BeatFraction.Eighth:
      return beat >> 3;
    case BeatFraction.Sixteenth:
      return beat >> 4;
    case BeatFraction.Double:
      return beat << 1;
    case BeatFraction.Breve:
      return beat << 2;
    default:
      return beat;
  }
}

/** Length of one melody duration unit (a quarter of a beat) in ms at `bpm`. */
export function melodyTickMs(bpm = DEFAULT_TEMPO): number {
  return Math.trunc(60000 / normalizeTempo(bpm)) >> 2;
}
