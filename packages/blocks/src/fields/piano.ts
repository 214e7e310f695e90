// The keys of the note picker's piano: note names and frequencies (from @blockyard/sound's note
// table, so the picker and the sound engine agree to the hertz).

import { noteFrequency } from '@blockyard/sound';

export interface PianoKey {
  /** `C4`, `C#4`, ... */
  readonly name: string;
  readonly frequency: number;
  readonly black: boolean;
  /** 0 .. 11 within the octave. */
  readonly semitone: number;
  readonly octave: number;
}

const NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;

export function pianoKeys(firstOctave: number, octaves: number): PianoKey[] {
  const keys: PianoKey[] = [];
  for (let octave = firstOctave; octave < firstOctave + octaves; octave++) {
    NAMES.forEach((letter, semitone) => {
      const name = `${letter}${octave}`;
      keys.push({ name, frequency: noteFrequency(name) ?? 0, black: letter.includes('#'), semitone, octave });
    });
  }
  return keys;
}

/** The note name of a frequency within 1 Hz (`262` -> `C4`), or undefined. */
export function noteNameOf(frequency: number): string | undefined {
  if (!Number.isFinite(frequency) || frequency <= 0) return undefined;
  for (let octave = 0; octave <= 8; octave++) {
    for (const letter of NAMES) {
      const name = `${letter}${octave}`;
      const f = noteFrequency(name);
      if (f !== null && Math.abs(f - frequency) <= 1) return name;
    }
  }
  return undefined;
}

/** The octave a frequency lies in (4 when unknown). */
export function octaveOf(frequency: number): number {
  const name = noteNameOf(frequency);
  return name ? Number(name.replace(/\D/g, '')) : 4;
}
