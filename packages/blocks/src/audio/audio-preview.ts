// What the field editors need to let a learner hear a note, a melody or a sound effect before
// using it. The editor page passes one in (see `createSoundEnginePreview`); without one the play
// buttons are hidden.

export interface PreviewPlayback {
  /** Stops the sound (at once, with the engine's short fade). */
  stop(): void;
  /** Resolves when the sound ends or is stopped. */
  readonly done: Promise<void>;
}

export interface AudioPreview {
  /** One note: the piano of the note picker. */
  playTone(frequency: number, durationMs: number): PreviewPlayback;
  /** A melody-editor string ("C D E F G A B C5") at a tempo in beats per minute. */
  playMelody(melody: string, tempo: number): PreviewPlayback;
  /** A sound expression: the 72-digit text per sound, as `music.createSoundEffect` makes. */
  playSound(expression: string): PreviewPlayback;
  /** Stops everything this preview started. */
  stopAll(): void;
}
