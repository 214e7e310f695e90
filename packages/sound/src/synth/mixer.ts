// The synthesizer proper: voices waiting for their start time, up to MAX_CHANNELS sounding, the
// engine volume, and a soft limiter so a full mix never leaves [-1, 1]. Time is counted in
// samples rendered, so real-time playback and offline rendering share every line of this file.
import { MAX_CHANNELS, SAMPLE_RATE, STOP_FADE_SECONDS, VOLUME_SCALE } from '../constants.ts';
import type { Voice } from './voice.ts';

export interface MixerOptions {
  sampleRate?: number;
  maxChannels?: number;
  /** Called once per voice when it has finished (played out, stopped or cancelled). */
  onVoiceEnded?: (voice: Voice, endSample: number) => void;
}

/** Above this level the limiter bends the signal smoothly towards ±1 instead of clipping. */
const KNEE = 0.8;

/** Soft limiter: linear below the knee, tanh-shaped above, never reaching ±1. */
export function softLimit(x: number): number {
  if (x > KNEE) return KNEE + (1 - KNEE) * Math.tanh((x - KNEE) / (1 - KNEE));
  if (x < -KNEE) return -KNEE - (1 - KNEE) * Math.tanh((-x - KNEE) / (1 - KNEE));
  return x;
}

export class Mixer {
  readonly sampleRate: number;
  readonly maxChannels: number;
  private readonly pending: Voice[] = [];
  private readonly active: Voice[] = [];
  private readonly onVoiceEnded: (voice: Voice, endSample: number) => void;
  private time = 0;
  private volume = VOLUME_SCALE;
  /** The volume applied at the end of the last block; changes ramp across one block. */
  private appliedVolume = VOLUME_SCALE;

  constructor(options: MixerOptions = {}) {
    this.sampleRate = options.sampleRate ?? SAMPLE_RATE;
    this.maxChannels = options.maxChannels ?? MAX_CHANNELS;
    this.onVoiceEnded = options.onVoiceEnded ?? (() => undefined);
  }

  /** Engine time: samples rendered so far. */
  get currentSample(): number {
    return this.time;
  }

  /** True while any voice is sounding or waiting to sound. */
  get isActive(): boolean {
    return this.active.length > 0 || this.pending.length > 0;
  }

  /** True while some voice is fading out after a stop. */
  get stopping(): boolean {
    return this.active.some((voice) => voice.stopping);
  }

  /** Voices currently sounding (including ones fading out). */
  get soundingCount(): number {
    return this.active.length;
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  /** Volume on the 0-1024 scale; out-of-range values are clamped. */
  setVolume(volume: number): void {
    this.volume = Math.max(0, Math.min(VOLUME_SCALE, Number.isFinite(volume) ? volume : VOLUME_SCALE));
  }

  getVolume(): number {
    return this.volume;
  }

  /** Adds a voice; it sounds from its start sample (or at once, if that is already past). */
  add(voice: Voice): void {
    let i = this.pending.length;
    while (i > 0 && (this.pending[i - 1] as Voice).startSample > voice.startSample) i--;
    this.pending.splice(i, 0, voice);
  }

  /** Fades one voice out (or drops it if it has not started). */
  stopVoice(voice: Voice, fadeSeconds = STOP_FADE_SECONDS): void {
    const waiting = this.pending.indexOf(voice);
    if (waiting >= 0) {
      this.pending.splice(waiting, 1);
      voice.cancel();
      this.onVoiceEnded(voice, this.time);
      return;
    }
    voice.stop(fadeSeconds * this.sampleRate);
  }

  /** Fades every sounding voice out and drops every waiting one. */
  stopAll(fadeSeconds = STOP_FADE_SECONDS): void {
    for (const voice of this.pending.splice(0)) {
      voice.cancel();
      this.onVoiceEnded(voice, this.time);
    }
    for (const voice of this.active) voice.stop(fadeSeconds * this.sampleRate);
  }

  /** Renders the next `frames` samples into a new buffer. */
  render(frames: number): Float32Array {
    const out = new Float32Array(Math.max(0, Math.floor(frames)));
    this.renderInto(out);
    return out;
  }

  /** Renders `out.length` samples into `out` (overwriting it) and advances engine time. */
  renderInto(out: Float32Array): void {
    out.fill(0);
    const frames = out.length;
    const blockStart = this.time;
    const blockEnd = blockStart + frames;
    // Voices already sounding go first, so a voice stolen below still gets its fade.
    for (const voice of this.active) voice.render(out, 0, frames);
    while (this.pending.length > 0 && (this.pending[0] as Voice).startSample < blockEnd) {
      const voice = this.pending.shift() as Voice;
      this.makeRoom();
      this.active.push(voice);
      const offset = Math.max(0, voice.startSample - blockStart);
      voice.render(out, offset, frames - offset);
    }
    for (let i = this.active.length - 1; i >= 0; i--) {
      const voice = this.active[i] as Voice;
      if (voice.finished) {
        this.active.splice(i, 1);
        this.onVoiceEnded(voice, Math.min(blockEnd, voice.startSample + voice.elapsed));
      }
    }
    this.applyVolume(out);
    this.time = blockEnd;
  }

  /** Keeps the number of voices that are not already fading below the channel limit. */
  private makeRoom(): void {
    let live = 0;
    for (const voice of this.active) if (!voice.stopping && !voice.finished) live++;
    for (const voice of this.active) {
      if (live < this.maxChannels) break;
      if (!voice.stopping && !voice.finished) {
        voice.stop(STOP_FADE_SECONDS * this.sampleRate);
        live--;
      }
    }
  }

  private applyVolume(out: Float32Array): void {
    const from = this.appliedVolume / VOLUME_SCALE;
    const to = this.volume / VOLUME_SCALE;
    const n = out.length;
    if (from === to) {
      for (let i = 0; i < n; i++) out[i] = softLimit((out[i] as number) * to);
    } else {
      const step = n > 0 ? (to - from) / n : 0;
      for (let i = 0; i < n; i++) out[i] = softLimit((out[i] as number) * (from + step * (i + 1)));
    }
    this.appliedVolume = this.volume;
  }
}
