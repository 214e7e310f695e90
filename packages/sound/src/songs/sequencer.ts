// Plays a song tick by tick on a metronome (spec 002 §4). States stop, play and loop; events
// tick, looped, play, loop, stop and state-change. Starting always stops first; reaching the
// last tick loops back to 0 or stops; looping can be switched while playing.
import type { Clock } from '@blockyard/core';
import { MAX_MUSIC_VOLUME } from '../constants.ts';
import type { SoundInstruction } from '../instructions/sound-instructions.ts';
import { Metronome } from './metronome.ts';
import { indexSongByTick, songTicks, tickMs, type ScheduledSound, type Song } from './song.ts';

export type SequencerState = 'play' | 'loop' | 'stop';
export type SequencerEvent = 'tick' | 'play' | 'stop' | 'loop' | 'state-change' | 'looped';

/** Where the sequencer's notes go (the sound engine implements this). */
export interface SongSoundSink {
  /** A new run of the song starts now: song time 0 is the present moment. */
  begin(): void;
  /** Plays a note's instructions at `songTimeMs` after `begin` (or at once if that has passed). */
  play(instructions: SoundInstruction[], songTimeMs: number): void;
  /** Silences every note this sequencer started. */
  cancelAll(): void;
}

export interface SequencerOptions {
  clock: Clock;
  sink: SongSoundSink;
  /** Music volume 0-255 to render notes at. */
  volume?: () => number;
}

export class Sequencer {
  private readonly metronome: Metronome;
  private readonly sink: SongSoundSink;
  private readonly volume: () => number;
  private song: Song | undefined;
  private byTick = new Map<number, ScheduledSound[]>();
  private tick = 0;
  private current: SequencerState = 'stop';
  private shouldLoop = false;
  /** Song time of the current tick since `begin`, summed tick by tick so tempo changes hold. */
  private playedMs = 0;
  private listeners = new Map<SequencerEvent, (() => void)[]>();

  constructor(options: SequencerOptions) {
    this.metronome = new Metronome(options.clock);
    this.sink = options.sink;
    this.volume = options.volume ?? (() => MAX_MUSIC_VOLUME);
    this.metronome.addTickListener(this.onTick);
  }

  initAsync(): Promise<void> {
    return this.metronome.initAsync();
  }

  dispose(): void {
    if (this.metronome.isInitialized && this.current !== 'stop') this.stop();
    this.metronome.dispose();
    this.song = undefined;
    this.listeners.clear();
  }

  state(): SequencerState {
    return this.current;
  }

  currentTick(): number {
    return this.tick;
  }

  /** Position in ms within the song. */
  currentTime(): number {
    return this.song ? this.tick * tickMs(this.song) : 0;
  }

  maxTick(): number {
    return this.song ? songTicks(this.song) : 0;
  }

  duration(): number {
    return this.song ? songTicks(this.song) * tickMs(this.song) : 0;
  }

  /** Plays `song` from tick 0; `loop` (if given) sets whether it loops. */
  start(song: Song, loop?: boolean): void {
    if (this.current !== 'stop') this.stop();
    if (loop !== undefined) this.shouldLoop = loop;
    this.setSong(song);
    this.tick = 0;
    this.playedMs = 0;
    this.sink.begin();
    this.metronome.start(tickMs(song));
    this.current = this.shouldLoop ? 'loop' : 'play';
    this.fireStateChange();
  }

  /** Stops; notes already sounding keep going when `sustainCurrentSounds` is true. */
  stop(sustainCurrentSounds = false): void {
    if (this.current === 'stop') return;
    this.current = 'stop';
    this.metronome.stop();
    this.fireStateChange();
    if (!sustainCurrentSounds) this.sink.cancelAll();
  }

  /** Swaps in an edited song; a playing song continues at its new tempo. */
  updateSong(song: Song): void {
    this.setSong(song);
    if (this.current !== 'stop') this.metronome.setInterval(tickMs(song));
  }

  setLooping(looping: boolean): void {
    if (looping && this.current === 'play') {
      this.current = 'loop';
      this.fireStateChange();
    } else if (!looping && this.current === 'loop') {
      this.current = 'play';
      this.fireStateChange();
    }
    this.shouldLoop = looping;
  }

  addEventListener(event: SequencerEvent, listener: () => void): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }

  removeEventListener(event: SequencerEvent, listener: () => void): void {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((l) => l !== listener),
    );
  }

  private setSong(song: Song): void {
    this.song = song;
    this.byTick = indexSongByTick(song, this.volume());
  }

  private fireStateChange(): void {
    this.fire(this.current);
    this.fire('state-change');
  }

  private fire(event: SequencerEvent): void {
    for (const listener of (this.listeners.get(event) ?? []).slice()) listener();
  }

  private readonly onTick = (): void => {
    const song = this.song;
    if (!song || this.current === 'stop') return;
    for (const sound of this.byTick.get(this.tick) ?? []) this.sink.play(sound.instructions, this.playedMs);
    this.fire('tick');
    this.tick++;
    this.playedMs += tickMs(song);
    if (this.tick >= this.maxTick()) {
      if (this.current === 'loop') {
        this.tick = 0;
        this.fire('looped');
      } else {
        this.stop(true);
      }
    }
  };
}
