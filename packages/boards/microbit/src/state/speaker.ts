// The board's speaker: the sound engine every `music.*` call drives, and a record of every note
// it was asked to play (frequency, start, duration, source) on the board's clock, so tests and
// the CLI can check what a program played without listening.
//
// Timing follows the device, not the audio: a tone "until done" waits its duration on the clock,
// expressions queue one after another on the clock exactly as the engine queues them. Whoever
// pulls audio out of the engine (the simulator's WebAudioOutput, or an OfflineRenderer headless)
// can register `beforeSound`, called with the clock time before each sound call, so each sound
// starts on the sample of its clock time.

import type { Clock } from '@blockyard/core';
import { Signal } from '@blockyard/runtime';
import {
  MAX_MUSIC_VOLUME,
  type Song,
  type SoundEngine,
  expandSoundExpression,
  parseSoundExpression,
  songDurationMs,
  songNoteFrequency,
  type SoundHandle,
  tickMs,
} from '@blockyard/sound';

/**
 * What made a note: `music.playTone`/`ringTone`, a melody, a sound expression,
 * `pins.analogPitch`, a song (`music.play(music.createSong(…))`).
 */
export type NoteSource = 'tone' | 'melody' | 'expression' | 'pitch' | 'song';

export interface PlayedNote {
  /** Hz (an expression's start frequency). */
  frequency: number;
  /** Board clock time (ms) when the note started. */
  start: number;
  /** How long it sounded in ms; Infinity while a ring tone is still ringing. */
  duration: number;
  source: NoteSource;
  /** Sound expressions: the frequency the last sound ends on. */
  endFrequency?: number;
}

/** Notes kept per board; older ones are dropped first, so a long run cannot use up memory. */
const MAX_RECORDED_NOTES = 100_000;

/** Default `music.volume()` of the device. */
export const DEFAULT_MUSIC_VOLUME = 127;

export type ExpressionResult = { ok: true; start: number; end: number } | { ok: false; message: string };

export class Speaker {
  /** Every note played, oldest first (at most MAX_RECORDED_NOTES). */
  readonly notes: PlayedNote[] = [];
  /** Called with the clock time before every sound call (see the file header). */
  beforeSound: ((timeMs: number) => void) | undefined;
  /** `music.setSilenceLevel`: kept for the board view; it does not change what is heard. */
  silenceLevel = 0;
  private volumeLevel = DEFAULT_MUSIC_VOLUME;
  private enabled = true;
  private tone: { note: PlayedNote | undefined; end: number; handle: SoundHandle } | undefined;
  private expressionsEnd = 0;
  /** Expression notes that have not finished yet (cut short if the queue is cleared). */
  private queuedExpressions: PlayedNote[] = [];
  /** Song notes recorded ahead of time that have not finished yet (dropped or cut by stopAll). */
  private songNotes: PlayedNote[] = [];
  private songsEnd = 0;
  /** Notified by stopAll, so a song waiting "until done" stops waiting. */
  readonly stopped = new Signal();

  constructor(
    private readonly clock: Clock,
    readonly engine: SoundEngine,
  ) {
    this.applyVolume();
  }

  /**
   * The tone player (`music.playTone`, `music.ringTone`, `music.rest`, `pins.analogPitch`): a new
   * tone replaces the one sounding. `ms` <= 0 rings until the next tone; a frequency <= 0 is
   * silence. The caller waits `ms` itself, as the device's fiber does.
   */
  playTone(frequency: number, ms: number, source: NoteSource = 'tone'): void {
    const now = this.clock.now();
    this.endTone(now);
    this.sync(now);
    const ring = !(ms > 0);
    const sounding = frequency > 0;
    const handle = this.engine.playTone(sounding ? frequency : 0, ring ? 0 : ms);
    const note: PlayedNote | undefined = sounding
      ? { frequency, start: now, duration: ring ? Number.POSITIVE_INFINITY : ms, source }
      : undefined;
    if (note) this.record(note);
    const end = ring ? (sounding ? Number.POSITIVE_INFINITY : now) : now + ms;
    this.tone = { note, end, handle };
  }

  /** Silences the tone player (a ringing tone ends now). */
  stopTone(): void {
    const now = this.clock.now();
    if (!this.tone) return;
    this.sync(now);
    this.tone.handle.stop();
    this.endTone(now);
    this.tone = undefined;
  }

  /**
   * Queues a sound expression (72-digit text or a built-in name) behind the ones still playing.
   * Returns when it starts and ends on the clock, or why nothing plays.
   */
  playExpression(textOrName: string): ExpressionResult {
    const now = this.clock.now();
    this.sync(now);
    const played = this.engine.playExpression(textOrName);
    if (!played.ok) return { ok: false, message: played.error.message };
    const start = Math.max(now, this.expressionsEnd);
    const end = start + played.handle.durationMs;
    this.expressionsEnd = end;
    const parsed = parseSoundExpression(expandSoundExpression(textOrName));
    if (parsed.ok && parsed.items.length > 0 && end > start) {
      const first = parsed.items[0]!;
      const last = parsed.items[parsed.items.length - 1]!;
      const note: PlayedNote = {
        frequency: first.frequency,
        endFrequency: last.endFrequency,
        start,
        duration: end - start,
        source: 'expression',
      };
      this.record(note);
      this.queuedExpressions = this.queuedExpressions.filter((n) => n.start + n.duration > now);
      this.queuedExpressions.push(note);
    }
    return { ok: true, start, end };
  }

  /**
   * Starts a decoded song now (every note on its exact sample) and records its notes ahead, at
   * the clock times they will sound. Returns when it ends on the clock.
   */
  playSong(song: Song): { start: number; end: number } {
    const now = this.clock.now();
    this.sync(now);
    this.engine.playSong(song);
    const tick = tickMs(song);
    const notes: PlayedNote[] = [];
    for (const track of song.tracks) {
      for (const event of track.notes) {
        const duration = Math.max(0, event.endTick - event.startTick) * tick;
        for (const note of event.notes) {
          const frequency = track.drums ? (track.drums[note.note]?.startFrequency ?? 0) : songNoteFrequency(note.note);
          if (frequency > 0) notes.push({ frequency, start: now + event.startTick * tick, duration, source: 'song' });
        }
      }
    }
    notes.sort((a, b) => a.start - b.start || a.frequency - b.frequency);
    for (const note of notes) this.record(note);
    this.songNotes = this.songNotes.filter((n) => n.start + n.duration > now).concat(notes);
    const end = now + songDurationMs(song);
    this.songsEnd = Math.max(this.songsEnd, end);
    return { start: now, end };
  }

  /** Cancels every queued or playing sound expression (`music.stopAllSounds`). */
  clearExpressions(): void {
    const now = this.clock.now();
    this.sync(now);
    this.engine.clearExpressionQueue();
    for (const note of this.queuedExpressions) {
      if (note.start + note.duration > now) note.duration = Math.max(0, now - note.start);
    }
    this.queuedExpressions = [];
    this.expressionsEnd = now;
  }

  /** Everything stops at once (the program stopped, or `music.stopAllSounds`). */
  stopAll(): void {
    const now = this.clock.now();
    this.sync(now);
    this.endTone(now);
    this.tone = undefined;
    this.clearExpressions();
    this.engine.stopAll();
    this.stopSongs(now);
    this.stopped.notifyAll();
  }

  /** Song notes not yet started never sound: they leave the record; sounding ones end now. */
  private stopSongs(now: number): void {
    const unplayed = new Set(this.songNotes.filter((note) => note.start >= now));
    if (unplayed.size > 0) {
      // In place (the array is public and may be long): keep the notes that did sound.
      let kept = 0;
      for (const note of this.notes) if (!unplayed.has(note)) this.notes[kept++] = note;
      this.notes.length = kept;
    }
    for (const note of this.songNotes) {
      if (note.start < now && note.start + note.duration > now) note.duration = now - note.start;
    }
    this.songNotes = [];
    this.songsEnd = now;
  }

  /** True while a tone, ring tone, sound expression or song is sounding (`music.isSoundPlaying`). */
  isPlaying(): boolean {
    const now = this.clock.now();
    return (
      this.expressionsEnd > now ||
      this.songsEnd > now ||
      (this.tone !== undefined && this.tone.note !== undefined && this.tone.end > now)
    );
  }

  /** `music.setVolume`: 0-255, clamped; whole numbers. */
  setVolume(volume: number): void {
    const v = Number.isFinite(volume) ? Math.round(volume) : 0;
    this.volumeLevel = Math.max(0, Math.min(MAX_MUSIC_VOLUME, v));
    this.sync(this.clock.now());
    this.applyVolume();
  }

  volume(): number {
    return this.volumeLevel;
  }

  /** `music.setBuiltInSpeakerEnabled`: the simulator has no headphones, so off means silent. */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    this.sync(this.clock.now());
    this.applyVolume();
  }

  get isEnabled(): boolean {
    return this.enabled;
  }

  private applyVolume(): void {
    this.engine.setVolume(this.enabled ? this.volumeLevel : 0);
  }

  /** The tone sounding now (if any) ends at `now`: its note gets its real length. */
  private endTone(now: number): void {
    const current = this.tone;
    if (!current) return;
    if (current.note && current.end > now) current.note.duration = Math.max(0, now - current.note.start);
    if (current.end > now) current.end = now;
  }

  private record(note: PlayedNote): void {
    this.notes.push(note);
    if (this.notes.length > MAX_RECORDED_NOTES) this.notes.splice(0, this.notes.length - MAX_RECORDED_NOTES);
  }

  private sync(now: number): void {
    this.beforeSound?.(now);
  }
}
