// MakeCode's melody notation, used by `music.stringPlayable("C5:4 D E F", 120)`, the built-in
// melodies and `music.startMelody(["c4:1", "e", …])`. A note is written
//
//   letter [#|b]* [octave] [:duration]        e.g.  C  F#5  bb3:2  e:8
//   R | r | -  [:duration]                    a rest
//
// The letter is A-G (any case; a lower-case "b" right after a letter is a flat). The octave
// (default 4) and the duration (in quarter beats, default 4 = one beat, at least 1) carry over
// to the following notes until changed. Notes may be separated by spaces or written together
// ("CDE"); characters that mean nothing are skipped, and a token with no note is a rest.
import { melodyNoteFrequency } from './note-table.ts';
import { melodyTickMs } from './tempo.ts';

export interface MelodyNote {
  rest: boolean;
  /** Position in the note table (1 = C1 … 46 = A4); 0 for rests. */
  key: number;
  /** Length in quarter beats (>= 1). */
  duration: number;
}

export interface MelodyOptions {
  /**
   * Each note without an octave is in octave 4 instead of the previous note's octave. The
   * melody editor's strings ("E D G F B A C5 B") mean this, so `music.stringPlayable` uses it.
   */
  resetOctave?: boolean;
}

const LETTER_SEMITONE: Readonly<Record<string, number>> = { c: 0, d: 2, e: 4, f: 5, g: 7, a: 9, b: 11 };
const DEFAULT_OCTAVE = 4;
const DEFAULT_DURATION = 4;

const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const isDigit = (c: string): boolean => c >= '0' && c <= '9';

class MelodyReader {
  octave = DEFAULT_OCTAVE;
  duration = DEFAULT_DURATION;
  private text = '';
  private at = 0;

  constructor(private readonly resetOctave: boolean) {}

  load(text: string): void {
    this.text = text;
    this.at = 0;
    this.skipSpace();
  }

  hasNext(): boolean {
    return this.at < this.text.length;
  }

  read(): MelodyNote {
    if (this.resetOctave) this.octave = DEFAULT_OCTAVE;
    let note: number | undefined;
    let modifier = 0;
    while (this.at < this.text.length) {
      const c = this.text[this.at++] as string;
      if (isSpace(c)) break;
      if (c === '#') modifier++;
      else if (c === '-' || c === 'r' || c === 'R') {
        if (note !== undefined) {
          this.at--;
          break;
        }
        note = -1;
      } else if (c === 'b') {
        if (note === undefined) note = LETTER_SEMITONE.b;
        else modifier--;
      } else if (isDigit(c)) {
        // Digits before any note mean nothing; after one they are its octave.
        if (note === undefined) continue;
        this.at--;
        this.octave = this.readNumber();
      } else if (/[a-gA-G]/.test(c)) {
        if (note !== undefined) {
          this.at--;
          break;
        }
        note = LETTER_SEMITONE[c.toLowerCase()];
      } else if (c === ':') {
        this.duration = Math.max(1, this.readNumber());
        break;
      }
    }
    this.skipSpace();
    if (note === undefined || note < 0) return { rest: true, key: 0, duration: this.duration };
    const key = note + modifier + 1 + 12 * (this.octave - 1);
    // Below the bottom of the table a note has no pitch: the device plays silence.
    if (key < 0) return { rest: true, key: 0, duration: this.duration };
    return { rest: false, key, duration: this.duration };
  }

  private readNumber(): number {
    let value = 0;
    while (this.at < this.text.length && isDigit(this.text[this.at] as string)) {
      value = value * 10 + Number(this.text[this.at]);
      this.at++;
    }
    return value;
  }

  private skipSpace(): void {
    while (this.at < this.text.length && isSpace(this.text[this.at] as string)) this.at++;
  }
}

/**
 * Reads a melody string, or an array of note strings (each entry is one note; anything after its
 * first note is ignored, like `music.startMelody`). Never throws: nonsense reads as rests.
 */
export function parseMelody(melody: string | readonly string[], options: MelodyOptions = {}): MelodyNote[] {
  const reader = new MelodyReader(options.resetOctave ?? false);
  const notes: MelodyNote[] = [];
  if (typeof melody === 'string') {
    reader.load(melody);
    while (reader.hasNext()) notes.push(reader.read());
  } else {
    for (const entry of melody) {
      reader.load(entry);
      notes.push(reader.read());
    }
  }
  return notes;
}

const NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;

/** Octave and name (with sharps) of a note-table key. */
function keyName(key: number): { name: string; octave: number } {
  const octave = Math.floor((key - 1) / 12) + 1;
  return { name: NAMES[key - 1 - 12 * (octave - 1)] as string, octave };
}

/** Writes notes in the shortest form that reads back to the same notes under `options`. */
export function formatMelody(notes: readonly MelodyNote[], options: MelodyOptions = {}): string {
  let octave = DEFAULT_OCTAVE;
  let duration = DEFAULT_DURATION;
  const tokens: string[] = [];
  for (const note of notes) {
    let token: string;
    if (note.rest) token = 'R';
    else {
      const spelled = keyName(note.key);
      const running = options.resetOctave ? DEFAULT_OCTAVE : octave;
      token = spelled.name + (spelled.octave !== running ? String(spelled.octave) : '');
      octave = spelled.octave;
    }
    const length = Math.max(1, Math.trunc(note.duration));
    if (length !== duration) token += `:${length}`;
    duration = length;
    tokens.push(token);
  }
  return tokens.join(' ');
}

/** A note's frequency in Hz (0 for a rest). */
export function melodyNoteHz(note: MelodyNote): number {
  return note.rest ? 0 : melodyNoteFrequency(1, note.key);
}

export interface MelodyTone {
  /** Hz; 0 is a rest. */
  frequency: number;
  durationMs: number;
}

/** The tones a melody plays at `bpm`, with the device's whole-millisecond beat arithmetic. */
export function melodyTones(notes: readonly MelodyNote[], bpm: number): MelodyTone[] {
  const tick = melodyTickMs(bpm);
  return notes.map((note) => ({ frequency: melodyNoteHz(note), durationMs: note.duration * tick }));
}
