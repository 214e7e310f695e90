// Melodies the way the device plays them (`music.startMelody`, `music.play` of a melody): one
// background fiber plays the current melody note by note through `music.playTone`, each note at
// the tempo of that moment, and raises the melody events on source 2000. The rules:
// - a new melody replaces the current one after the note that is sounding; the old one "ends";
// - a foreground melody started while a background one plays pauses it, and the background
//   melody resumes (from where it was) when the foreground one is over;
// - "until done" waits for the internal "foreground melody ended" event.

import { type MelodyNote, melodyNoteHz, melodyTickMs, parseMelody } from '@blockyard/sound';
import type { Waiting } from '@blockyard/runtime';
import type { BoardHost } from './board-host.ts';

/** Event source of melody events (MICROBIT_MELODY_ID). */
export const MELODY_EVENT_SOURCE = 2000;

/** `MusicEvent` values; background melodies add 0xf0. */
const MusicEvent = {
  MelodyNotePlayed: 1,
  MelodyStarted: 2,
  MelodyEnded: 3,
  MelodyRepeated: 4,
  BackgroundMelodyPaused: 5 | 0xf0,
  BackgroundMelodyResumed: 6 | 0xf0,
} as const;

const BACKGROUND = 0xf0;
/** Raised when a foreground melody is over; "until done" waits for it. */
const INTERNAL_MELODY_ENDED = 5;

/** `MelodyOptions`: bit flags. */
export const MelodyOptions = { Once: 1, Forever: 2, OnceInBackground: 4, ForeverInBackground: 8 } as const;
/** `MelodyStopOptions`: which melodies `music.stopMelody` ends. */
export const MelodyStopOptions = { All: 5, Foreground: 1, Background: 4 } as const;

/** Notes to play: an array of note strings (`music.startMelody`) or a melody-editor string. */
export type MelodySource = { kind: 'array'; notes: readonly string[] } | { kind: 'editor'; text: string };

/** Plays one tone through `music.playTone` (which a program may replace) and waits for it. */
export type TonePlayer = (frequency: number, ms: number) => Waiting;

class Melody {
  private pos = 0;
  private passes = 0;

  constructor(
    private readonly firstPass: readonly MelodyNote[],
    /** Later passes: octave and duration carry over from the end of the previous pass. */
    private readonly laterPasses: readonly MelodyNote[],
    readonly repeating: boolean,
    /** 0 or 0xf0, or-ed into every event of this melody. */
    readonly background: number,
  ) {}

  hasNextNote(): boolean {
    // An empty melody has nothing to repeat (the device would fail; here it just ends).
    return this.firstPass.length > 0 && (this.repeating || this.pos < this.firstPass.length);
  }

  /** The next note, and whether it finished a pass of a repeating melody. */
  next(): { note: MelodyNote; repeated: boolean } {
    const notes = this.passes === 0 ? this.firstPass : this.laterPasses;
    const note = notes[this.pos]!;
    const repeated = this.repeating && this.pos === notes.length - 1;
    if (repeated) {
      this.pos = 0;
      this.passes++;
    } else this.pos++;
    return { note, repeated };
  }
}

function melodyFor(source: MelodySource, options: number): Melody {
  let first: MelodyNote[];
  let later: MelodyNote[];
  if (source.kind === 'editor') {
    // Melody-editor strings name every note's octave afresh (a note after C5 is octave 4).
    first = later = parseMelody(source.text, { resetOctave: true });
  } else {
    first = parseMelody(source.notes);
    later = parseMelody([...source.notes, ...source.notes]).slice(source.notes.length);
  }
  const repeating = (options & (MelodyOptions.Forever | MelodyOptions.ForeverInBackground)) !== 0;
  const background = (options & (MelodyOptions.OnceInBackground | MelodyOptions.ForeverInBackground)) !== 0;
  return new Melody(first, later, repeating, background ? BACKGROUND : 0);
}

export class MelodyPlayer {
  private current: Melody | undefined;
  private paused: Melody | undefined;

  constructor(
    private readonly board: BoardHost,
    private readonly playTone: TonePlayer,
    private readonly tempo: () => number,
  ) {}

  /** True while the melody fiber is playing something. */
  get playing(): boolean {
    return this.current !== undefined;
  }

  /** `music.startMelody` and friends: see the rules in the file header. */
  start(source: MelodySource, options: number): void {
    const isBackground = (options & (MelodyOptions.OnceInBackground | MelodyOptions.ForeverInBackground)) !== 0;
    const melody = melodyFor(source, options);
    if (this.current) {
      if (!isBackground && this.current.background) {
        this.paused = this.current;
        this.current = undefined;
        this.raise(MusicEvent.BackgroundMelodyPaused);
      }
      if (this.current) this.raise(this.current.background | MusicEvent.MelodyEnded);
      this.current = melody;
      this.raise(melody.background | MusicEvent.MelodyStarted);
    } else {
      this.current = melody;
      this.raise(melody.background | MusicEvent.MelodyStarted);
      this.board.runtime.spawn('melody', () => this.run());
    }
  }

  /** `music.stopMelody`: an empty melody takes the place of the stopped one(s). */
  stop(options: number): void {
    if (options & MelodyStopOptions.Background)
      this.start({ kind: 'array', notes: [] }, MelodyOptions.OnceInBackground);
    if (options & MelodyStopOptions.Foreground) this.start({ kind: 'array', notes: [] }, MelodyOptions.Once);
  }

  /** Waits until a foreground melody is over (`music.play(…, UntilDone)`, `music.playMelody`). */
  *waitForEnd(): Waiting {
    yield this.board.runtime.bus.wait(MELODY_EVENT_SOURCE, INTERNAL_MELODY_ENDED);
  }

  private *run(): Waiting {
    for (let melody = this.current; melody?.hasNextNote(); melody = this.current) {
      yield* this.playNext(melody);
      // Another fiber may have started a new melody meanwhile: the checks read the current one.
      if (this.current && !this.current.hasNextNote() && this.paused) {
        this.current = this.paused;
        this.paused = undefined;
        this.raise(MusicEvent.MelodyEnded);
        this.raise(MusicEvent.BackgroundMelodyResumed);
        this.raise(INTERNAL_MELODY_ENDED);
      }
    }
    const last = this.current;
    this.current = undefined;
    if (!last) return;
    this.raise(last.background | MusicEvent.MelodyEnded);
    if (!last.background) this.raise(INTERNAL_MELODY_ENDED);
  }

  private *playNext(melody: Melody): Waiting {
    const { note, repeated } = melody.next();
    const ms = note.duration * melodyTickMs(this.tempo());
    yield* this.playTone(melodyNoteHz(note), ms);
    this.raise(melody.background | MusicEvent.MelodyNotePlayed);
    if (repeated) this.raise(melody.background | MusicEvent.MelodyRepeated);
  }

  private raise(value: number): void {
    this.board.raise(MELODY_EVENT_SOURCE, value);
  }
}
