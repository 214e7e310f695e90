// The engine the runtime drives: tones, sound expressions (queued), sound instructions,
// melodies and songs in, mono Float32 PCM out. It never touches a clock or an audio device:
// time is the number of samples rendered, and whoever owns the output pulls with `render`.
// The simulator pulls in real time; the headless CLI pulls as fast as it likes (OfflineRenderer)
// and gets the same sound, sample for sample.
import { MAX_MUSIC_VOLUME, SAMPLE_RATE, STOP_FADE_SECONDS, VOLUME_SCALE } from '../constants.ts';
import { compileSoundExpression } from '../expressions/compile-expression.ts';
import type { SoundExpressionError } from '../expressions/sound-expression.ts';
import {
  decodeSoundInstructions,
  instructionsToSegments,
  type SoundInstruction,
} from '../instructions/sound-instructions.ts';
import { parseMelody } from '../music/melody-notation.ts';
import { DEFAULT_TEMPO, normalizeTempo } from '../music/tempo.ts';
import type { RandomSource } from '../random.ts';
import type { SongSoundSink } from '../songs/sequencer.ts';
import { indexSongByTick, songTicks, tickMs, type Song } from '../songs/song.ts';
import { Mixer } from '../synth/mixer.ts';
import { msToSamples, segmentsLength, type Segment } from '../synth/segment.ts';
import { Voice } from '../synth/voice.ts';
import { Emitter } from './emitter.ts';
import { melodySegments, toneSegment } from './tone-segments.ts';

export type SoundKind = 'tone' | 'expression' | 'instructions' | 'melody' | 'song';
type SoundOutcome = 'finished' | 'cancelled';

/** A sound the engine accepted. Times are in engine samples. */
export interface SoundHandle {
  readonly id: number;
  readonly kind: SoundKind;
  /** Engine sample at which the sound starts. */
  readonly startSample: number;
  /** Length of one pass in samples (Infinity for ring tones). */
  readonly samples: number;
  /** Length of one pass in ms: what the device waits for "until done". */
  readonly durationMs: number;
  /** Resolves when the sound has been rendered to its end, or was stopped. */
  readonly done: Promise<SoundOutcome>;
  /** Fades the sound out (15 ms) or drops it if it has not started. */
  stop(): void;
}

export type PlayExpressionResult = { ok: true; handle: SoundHandle } | { ok: false; error: SoundExpressionError };

export interface MelodyPlayOptions {
  /** Beats per minute (default 120). */
  tempo?: number;
  /** Start again from the top when done, until stopped. */
  repeat?: boolean;
  /** Notes without an octave are octave 4 (melody-editor strings); see `parseMelody`. */
  resetOctave?: boolean;
  /** Carried into the melody events, for the runtime's background-melody events. */
  background?: boolean;
}

type MelodyEventKind = 'started' | 'note-played' | 'repeated' | 'ended';

export interface SoundEngineEvents extends Record<string, unknown> {
  /** Any sound reached its first sample. */
  'sound-started': { id: number; kind: SoundKind; sample: number };
  /** Any sound ended, played out or stopped. */
  'sound-ended': { id: number; kind: SoundKind; sample: number; outcome: SoundOutcome };
  /** The sound-expression queue (spec 002 §4): each expression starts, then finishes or is cancelled. */
  expression: { id: number; state: 'started' | 'finished' | 'cancelled'; sample: number };
  /** Melody progress, in the device's order: a note's event fires when the note has played. */
  melody: { id: number; event: MelodyEventKind; sample: number; background: boolean; note?: number };
  /** A problem that did not stop the engine (a failing listener, a sound that could not play). */
  error: { message: string };
}

export interface SoundEngineOptions {
  sampleRate?: number;
  maxChannels?: number;
  /** Randomness for sound expressions' random fields (default Math.random). */
  random?: RandomSource;
}

export interface RenderOptions {
  /** Spec 002's "output silence as empty": return an empty buffer while nothing sounds. */
  silenceAsEmpty?: boolean;
}

export interface SoundEngineStatus {
  /** Something is sounding or waiting to sound. */
  active: boolean;
  /** Some sound is fading out after a stop. */
  stopping: boolean;
  soundingVoices: number;
}

interface SoundRecord {
  id: number;
  kind: SoundKind;
  startSample: number;
  samples: number;
  voices: Set<Voice>;
  /** More voices may still be added (repeating melodies, looping songs). */
  open: boolean;
  started: boolean;
  settling: boolean;
  ended: boolean;
  stopRequested: boolean;
  done: Promise<SoundOutcome>;
  resolve: (outcome: SoundOutcome) => void;
  onStart?: () => void;
  onEnd?: (outcome: SoundOutcome, sample: number) => void;
}

interface TimedEvent {
  sample: number;
  /** Ends sort before starts at the same sample. */
  order: number;
  run: () => void;
}

/** How far ahead of the render position a song note may be scheduled before we re-anchor. */
const MAX_SCHEDULE_LEAD_SECONDS = 1;

export class SoundEngine {
  readonly sampleRate: number;
  private readonly mixer: Mixer;
  private readonly random: RandomSource;
  private readonly events: Emitter<SoundEngineEvents>;
  private readonly records = new Map<number, SoundRecord>();
  private readonly voiceOwners = new Map<Voice, SoundRecord>();
  private timeline: TimedEvent[] = [];
  private endedVoices: { voice: Voice; sample: number }[] = [];
  private nextId = 1;
  private nextVoiceId = 1;
  private tone: SoundRecord | undefined;
  private expressionQueue: SoundRecord[] = [];
  private expressionQueueEnd = 0;
  private musicVolume = MAX_MUSIC_VOLUME;

  constructor(options: SoundEngineOptions = {}) {
    this.sampleRate = options.sampleRate ?? SAMPLE_RATE;
    this.random = options.random ?? Math.random;
    this.events = new Emitter((error) =>
      this.events.emit('error', { message: `A sound event listener failed: ${describe(error)}` }),
    );
    this.mixer = new Mixer({
      sampleRate: this.sampleRate,
      maxChannels: options.maxChannels,
      onVoiceEnded: (voice, sample) => this.endedVoices.push({ voice, sample }),
    });
  }

  /** Engine time: samples rendered so far. */
  get currentSample(): number {
    return this.mixer.currentSample;
  }

  get currentTimeMs(): number {
    return (this.mixer.currentSample * 1000) / this.sampleRate;
  }

  status(): SoundEngineStatus {
    return {
      active: this.mixer.isActive,
      stopping: this.mixer.stopping,
      soundingVoices: this.mixer.soundingCount,
    };
  }

  on<K extends keyof SoundEngineEvents>(type: K, listener: (event: SoundEngineEvents[K]) => void): () => void {
    return this.events.on(type, listener);
  }

  // ---- volume ----------------------------------------------------------------------------

  /** `music.setVolume`: 0-255 (clamped). Applies to everything, ramped over one block. */
  setVolume(volume: number): void {
    this.musicVolume = Math.max(0, Math.min(MAX_MUSIC_VOLUME, Number.isFinite(volume) ? Math.round(volume) : 0));
    this.mixer.setVolume((this.musicVolume / MAX_MUSIC_VOLUME) * VOLUME_SCALE);
  }

  /** `music.volume()`: 0-255. */
  volume(): number {
    return this.musicVolume;
  }

  /** The engine volume on its own 0-1024 scale (spec 002 §9), clamped. */
  setVolumeScale(scale: number): void {
    this.mixer.setVolume(scale);
    this.musicVolume = Math.round((this.mixer.getVolume() / VOLUME_SCALE) * MAX_MUSIC_VOLUME);
  }

  volumeScale(): number {
    return this.mixer.getVolume();
  }

  // ---- sounds ----------------------------------------------------------------------------

  /**
   * `music.playTone`: the tone player (triangle, gain 0.2). A new tone replaces the previous one.
   * `durationMs` <= 0 rings until the next tone or a stop (`music.ringTone`); a frequency <= 0 is
   * a rest (`music.rest`).
   */
  playTone(frequency: number, durationMs: number): SoundHandle {
    if (this.tone && !this.tone.ended) this.stopRecord(this.tone);
    const ring = !(durationMs > 0);
    if (ring && !(frequency > 0)) {
      // `ringTone(0)`: silence until the next tone is just "no tone"; nothing keeps sounding.
      const silent = this.createRecord('tone', this.currentSample, 0);
      silent.open = false;
      this.settleIfEmpty(silent, this.currentSample);
      return this.handle(silent);
    }
    const samples = ring ? 1 : msToSamples(durationMs, this.sampleRate);
    const record = this.createRecord('tone', this.currentSample, ring ? Number.POSITIVE_INFINITY : samples);
    this.addVoice(record, [toneSegment(frequency, samples)], this.currentSample, ring);
    record.open = false;
    this.tone = record;
    return this.handle(record);
  }

  /** Silences the tone player (if a tone is sounding). */
  stopTone(): void {
    if (this.tone && !this.tone.ended) this.stopRecord(this.tone);
  }

  /**
   * Queues a sound expression (72-digit text, comma-separated sounds) or a built-in effect name.
   * Expressions play one after another; an invalid one is rejected and nothing plays.
   */
  playExpression(textOrName: string): PlayExpressionResult {
    let compiled;
    try {
      compiled = compileSoundExpression(textOrName, this.random, this.sampleRate);
    } catch (error) {
      // An exception while preparing a sound cancels that sound (spec 002 §8), never the engine.
      const message = `The sound could not be played: ${describe(error)}`;
      this.events.emit('error', { message });
      return { ok: false, error: { message, index: 0 } };
    }
    if (!compiled.ok) return compiled;
    const start = Math.max(this.currentSample, this.expressionQueueEnd);
    const record = this.createRecord('expression', start, compiled.compiled.samples);
    this.expressionQueueEnd = start + compiled.compiled.samples;
    this.expressionQueue.push(record);
    record.onEnd = (outcome, sample) => {
      this.expressionQueue = this.expressionQueue.filter((r) => r !== record);
      this.events.emit('expression', {
        id: record.id,
        state: outcome === 'finished' ? 'finished' : 'cancelled',
        sample,
      });
    };
    record.onStart = () => this.events.emit('expression', { id: record.id, state: 'started', sample: start });
    if (compiled.compiled.samples > 0) this.addVoice(record, compiled.compiled.segments, start, false);
    record.open = false;
    this.settleIfEmpty(record, start);
    return { ok: true, handle: this.handle(record) };
  }

  /** Cancels every queued sound expression, including the one playing (`__stopSoundExpressions`). */
  clearExpressionQueue(): void {
    for (const record of [...this.expressionQueue]) this.stopRecord(record);
    this.expressionQueue = [];
    this.expressionQueueEnd = this.currentSample;
  }

  /** Plays sound instructions (12-byte records, or decoded) now or at a future engine sample. */
  playInstructions(instructions: Uint8Array | readonly SoundInstruction[], atSample?: number): SoundHandle {
    const list = instructions instanceof Uint8Array ? decodeSoundInstructions(instructions) : instructions;
    const segments = instructionsToSegments(list, this.sampleRate);
    const start = Math.max(this.currentSample, Math.round(atSample ?? this.currentSample));
    const record = this.createRecord('instructions', start, segmentsLength(segments));
    this.addVoice(record, segments, start, false);
    record.open = false;
    this.settleIfEmpty(record, start);
    return this.handle(record);
  }

  /**
   * Plays a melody in MakeCode notation (a string, or an array of note strings) on the tone
   * player's sound, sample-exact. Events: started, note-played (as each note ends), repeated,
   * ended. A repeating melody plays until its handle (or everything) is stopped.
   */
  playMelody(melody: string | readonly string[], options: MelodyPlayOptions = {}): SoundHandle {
    const notes = parseMelody(melody, { resetOctave: options.resetOctave ?? false });
    const tempo = normalizeTempo(options.tempo ?? DEFAULT_TEMPO);
    const { segments, noteEnds } = melodySegments(notes, tempo, this.sampleRate);
    const passSamples = segmentsLength(segments);
    const start = this.currentSample;
    const background = options.background ?? false;
    const record = this.createRecord('melody', start, passSamples);
    const emit = (event: MelodyEventKind, sample: number, note?: number): void =>
      this.events.emit('melody', { id: record.id, event, sample, background, ...(note === undefined ? {} : { note }) });
    record.onStart = () => emit('started', start);
    record.onEnd = (_outcome, sample) => emit('ended', sample);
    // Each pass is scheduled when the one before it starts, so voices always start on time.
    const schedulePass = (passStart: number): void => {
      if (record.stopRequested) return;
      this.addVoice(record, segments, passStart, false);
      // Order 0 and scheduled now: a note's event precedes the melody's end at the same sample.
      noteEnds.forEach((end, note) =>
        this.at(passStart + end, 0, () => {
          if (!record.stopRequested) emit('note-played', passStart + end, note);
        }),
      );
      if (!options.repeat || passSamples === 0) {
        record.open = false;
        return;
      }
      const next = passStart + passSamples;
      this.at(passStart, 2, () => schedulePass(next));
      this.at(next, 2, () => {
        if (!record.stopRequested) emit('repeated', next);
      });
    };
    schedulePass(start);
    this.settleIfEmpty(record, start);
    return this.handle(record);
  }

  /** Plays a song sample-exact (every note scheduled ahead), once or looping until stopped. */
  playSong(song: Song, options: { loop?: boolean } = {}): SoundHandle {
    const byTick = indexSongByTick(song, MAX_MUSIC_VOLUME);
    const tick = tickMs(song);
    const passMs = songTicks(song) * tick;
    const passSamples = msToSamples(passMs, this.sampleRate);
    const start = this.currentSample;
    const record = this.createRecord('song', start, passSamples);
    const schedulePass = (passStart: number): void => {
      if (record.stopRequested) return;
      for (const [startTick, sounds] of byTick) {
        const at = passStart + msToSamples(startTick * tick, this.sampleRate);
        for (const sound of sounds)
          this.addVoice(record, instructionsToSegments(sound.instructions, this.sampleRate), at, false);
      }
      // The next pass is scheduled as this one starts, so its first notes are on time.
      if (options.loop && passSamples > 0) this.at(passStart, 2, () => schedulePass(passStart + passSamples));
      else record.open = false;
    };
    schedulePass(start);
    this.settleIfEmpty(record, start);
    return this.handle(record);
  }

  /**
   * A sink for the clock-driven `Sequencer`: notes land on exact samples relative to `begin`,
   * however late the clock's ticks arrive (within the output's lead).
   */
  createSongSink(): SongSoundSink {
    let anchor = this.currentSample;
    let record: SoundRecord | undefined;
    const lead = MAX_SCHEDULE_LEAD_SECONDS * this.sampleRate;
    return {
      begin: () => {
        anchor = this.currentSample;
        if (record && !record.ended) {
          record.open = false;
          this.settleIfEmpty(record, this.currentSample);
        }
        record = undefined;
      },
      play: (instructions, songTimeMs) => {
        const offset = msToSamples(songTimeMs, this.sampleRate);
        const now = this.currentSample;
        let at = anchor + offset;
        if (at > now + lead) {
          // Nobody is pulling audio (a suspended output): follow the clock instead.
          anchor = now - offset;
          at = now;
        }
        at = Math.max(now, at);
        if (!record || record.ended) record = this.createRecord('song', at, 0);
        record.open = true;
        this.addVoice(record, instructionsToSegments(instructions, this.sampleRate), at, false);
      },
      cancelAll: () => {
        if (record && !record.ended) this.stopRecord(record);
        record = undefined;
      },
    };
  }

  /** `music.stopAllSounds`: everything fades out over 15 ms; queued sounds are cancelled. */
  stopAll(): void {
    for (const record of [...this.records.values()]) {
      record.stopRequested = true;
      record.open = false;
    }
    this.mixer.stopAll(STOP_FADE_SECONDS);
    this.expressionQueue = [];
    this.expressionQueueEnd = this.currentSample;
    // Sounds with no voice left (all pending voices were just dropped) end now.
    for (const record of [...this.records.values()]) this.settleIfEmpty(record, this.currentSample);
  }

  // ---- rendering -------------------------------------------------------------------------

  /** Renders the next `frames` samples (mono, in [-1, 1]) and fires the events they contain. */
  render(frames: number, options: RenderOptions = {}): Float32Array {
    if (options.silenceAsEmpty && !this.mixer.isActive && this.timeline.length === 0) return new Float32Array(0);
    const out = new Float32Array(Math.max(0, Math.floor(frames)));
    this.renderInto(out);
    return out;
  }

  /** Renders `out.length` samples into `out`. */
  renderInto(out: Float32Array): void {
    const blockEnd = this.currentSample + out.length;
    this.mixer.renderInto(out);
    for (const { voice, sample } of this.endedVoices.splice(0)) {
      this.at(sample, 0, () => this.voiceEnded(voice, sample));
    }
    this.flushTimeline(blockEnd);
  }

  // ---- internals -------------------------------------------------------------------------

  private createRecord(kind: SoundKind, startSample: number, samples: number): SoundRecord {
    let resolve: (outcome: SoundOutcome) => void = () => undefined;
    const done = new Promise<SoundOutcome>((r) => (resolve = r));
    const record: SoundRecord = {
      id: this.nextId++,
      kind,
      startSample,
      samples,
      voices: new Set(),
      open: true,
      started: false,
      settling: false,
      ended: false,
      stopRequested: false,
      done,
      resolve,
    };
    this.records.set(record.id, record);
    this.at(startSample, 1, () => this.startRecord(record));
    return record;
  }

  private startRecord(record: SoundRecord): void {
    if (record.ended || record.started || record.stopRequested) return;
    record.started = true;
    this.events.emit('sound-started', { id: record.id, kind: record.kind, sample: record.startSample });
    record.onStart?.();
  }

  private addVoice(record: SoundRecord, segments: readonly Segment[], startSample: number, sustain: boolean): void {
    if (segmentsLength(segments) === 0 && !sustain) return;
    const voice = new Voice(this.nextVoiceId++, startSample, segments, { sampleRate: this.sampleRate, sustain });
    record.voices.add(voice);
    this.voiceOwners.set(voice, record);
    this.mixer.add(voice);
  }

  private stopRecord(record: SoundRecord): void {
    record.stopRequested = true;
    record.open = false;
    for (const voice of record.voices) this.mixer.stopVoice(voice, STOP_FADE_SECONDS);
    this.settleIfEmpty(record, this.currentSample);
  }

  private voiceEnded(voice: Voice, sample: number): void {
    const record = this.voiceOwners.get(voice);
    this.voiceOwners.delete(voice);
    if (!record) return;
    record.voices.delete(voice);
    this.settleIfEmpty(record, sample);
  }

  /**
   * Ends a sound once it has no voices left and none will be added. The end is delivered through
   * the timeline, so every event reaches listeners from `render`, in sample order, never from
   * inside a play or stop call.
   */
  private settleIfEmpty(record: SoundRecord, sample: number): void {
    if (record.ended || record.settling || record.open || record.voices.size > 0) return;
    record.settling = true;
    const outcome: SoundOutcome = record.stopRequested ? 'cancelled' : 'finished';
    // A finished sound ends where its length says (even a silent one), never before.
    const end =
      outcome === 'finished' && Number.isFinite(record.samples)
        ? Math.max(sample, record.startSample + record.samples)
        : sample;
    this.at(end, 0, () => {
      if (outcome === 'finished') this.startRecord(record);
      record.ended = true;
      this.records.delete(record.id);
      if (this.tone === record) this.tone = undefined;
      record.onEnd?.(outcome, end);
      this.events.emit('sound-ended', { id: record.id, kind: record.kind, sample: end, outcome });
      record.resolve(outcome);
    });
  }

  private handle(record: SoundRecord): SoundHandle {
    const durationMs = (record.samples * 1000) / this.sampleRate;
    return {
      id: record.id,
      kind: record.kind,
      startSample: record.startSample,
      samples: record.samples,
      durationMs,
      done: record.done,
      stop: () => {
        if (!record.ended) this.stopRecord(record);
      },
    };
  }

  /** Runs `run` once rendering passes `sample` (at once if it already has). */
  private at(sample: number, order: number, run: () => void): void {
    const event: TimedEvent = { sample, order, run };
    let i = this.timeline.length;
    while (i > 0) {
      const previous = this.timeline[i - 1] as TimedEvent;
      if (previous.sample < sample || (previous.sample === sample && previous.order <= order)) break;
      i--;
    }
    this.timeline.splice(i, 0, event);
  }

  private flushTimeline(blockEnd: number): void {
    // Events may schedule more events inside this block; keep going until none is due.
    while (this.timeline.length > 0 && (this.timeline[0] as TimedEvent).sample < blockEnd) {
      const event = this.timeline.shift() as TimedEvent;
      try {
        event.run();
      } catch (error) {
        this.events.emit('error', { message: `A sound event failed: ${describe(error)}` });
      }
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
