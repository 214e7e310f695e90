// One sounding channel: plays its segments from a start time, with a gain slew limit, a 1 ms fade
// at its end and a 15 ms fade when stopped early, so no edge of any sound is a step.
import { EDGE_FADE_SECONDS, GAIN_SLEW_SECONDS } from '../constants.ts';
import { type ChunkParams, createOscState, type OscState, renderChunk } from './oscillator.ts';
import { segmentsLength, type Segment } from './segment.ts';
import { Osc } from './waveform.ts';

/** Longest chunk rendered with a linearised fade multiplier (fades are curves in gain). */
const FADE_CHUNK = 32;

export interface VoiceOptions {
  sampleRate: number;
  /** Keep sounding the last segment's end state until stopped (ring tones). */
  sustain?: boolean;
  /** Noise seed, so renders are reproducible. */
  seed?: number;
}

export class Voice {
  /** Samples this voice lasts (Infinity while it sustains). */
  readonly length: number;
  private readonly osc: OscState;
  private readonly slew: number;
  private readonly edge: number;
  private readonly sustain: boolean;
  private readonly sampleRate: number;
  private index = 0;
  private segmentPosition = 0;
  private elapsedSamples = 0;
  private stopTotal = 0;
  private stopLeft = 0;
  private done = false;

  constructor(
    readonly id: number,
    /** Engine time (in samples) at which the first sample sounds. */
    readonly startSample: number,
    private readonly segments: readonly Segment[],
    options: VoiceOptions,
  ) {
    this.sampleRate = options.sampleRate;
    this.sustain = options.sustain ?? false;
    this.osc = createOscState(options.seed ?? id * 2654435761);
    // Sawtooths start mid-ramp, where their value is 0.
    if (segments[0]?.shape.kind === Osc.Sawtooth) this.osc.phase = 0.5;
    this.slew = 1 / Math.max(1, GAIN_SLEW_SECONDS * this.sampleRate);
    const finite = segmentsLength(segments);
    this.length = this.sustain ? Number.POSITIVE_INFINITY : finite;
    this.edge = this.sustain ? 0 : Math.min(Math.round(EDGE_FADE_SECONDS * this.sampleRate), Math.floor(finite / 2));
    if (!this.sustain && finite === 0) this.done = true;
  }

  get finished(): boolean {
    return this.done;
  }

  get stopping(): boolean {
    return this.stopTotal > 0;
  }

  /** Samples rendered so far. */
  get elapsed(): number {
    return this.elapsedSamples;
  }

  /** Fades out over `fadeSamples` from the next sample rendered (at least one sample). */
  stop(fadeSamples: number): void {
    if (this.done) return;
    const fade = Math.max(1, Math.round(fadeSamples));
    if (this.stopTotal > 0 && this.stopLeft <= fade) return;
    this.stopTotal = fade;
    this.stopLeft = fade;
  }

  /** Ends at once (used when the voice never started). */
  cancel(): void {
    this.done = true;
  }

  /** Adds up to `count` samples into `out` from `offset`; returns how many it rendered. */
  render(out: Float32Array, offset: number, count: number): number {
    let position = offset;
    let left = count;
    while (left > 0 && !this.done) {
      const segment = this.currentSegment();
      if (!segment) {
        this.done = true;
        break;
      }
      const holding = this.index >= this.segments.length;
      const segmentLeft = holding ? Number.POSITIVE_INFINITY : segment.samples - this.segmentPosition;
      let n = Math.min(left, segmentLeft);
      const fadeStart = this.length - this.edge;
      if (this.stopTotal > 0) n = Math.min(n, FADE_CHUNK, this.stopLeft);
      else if (this.elapsedSamples >= fadeStart) n = Math.min(n, FADE_CHUNK);
      else n = Math.min(n, fadeStart - this.elapsedSamples);

      const from = holding ? 1 : this.segmentPosition / segment.samples;
      const to = holding ? 1 : (this.segmentPosition + n) / segment.samples;
      const f0 = segment.startFrequency + (segment.endFrequency - segment.startFrequency) * from;
      const f1 = segment.startFrequency + (segment.endFrequency - segment.startFrequency) * to;
      const g0 = (segment.startGain + (segment.endGain - segment.startGain) * from) * this.fadeAt(this.elapsedSamples);
      const g1 =
        (segment.startGain + (segment.endGain - segment.startGain) * to) * this.fadeAt(this.elapsedSamples + n);
      const params: ChunkParams = {
        inc: f0 / this.sampleRate,
        dInc: (f1 - f0) / this.sampleRate / n,
        target: g0,
        dTarget: (g1 - g0) / n,
        slew: this.slew,
      };
      renderChunk(out, position, n, segment.shape, this.osc, params);

      position += n;
      left -= n;
      this.elapsedSamples += n;
      if (!holding) {
        this.segmentPosition += n;
        if (this.segmentPosition >= segment.samples) {
          this.index++;
          this.segmentPosition = 0;
        }
      }
      if (this.stopTotal > 0) {
        this.stopLeft -= n;
        if (this.stopLeft <= 0) this.done = true;
      }
      if (this.elapsedSamples >= this.length) this.done = true;
    }
    return count - left;
  }

  private currentSegment(): Segment | undefined {
    while (this.index < this.segments.length && (this.segments[this.index] as Segment).samples <= 0) this.index++;
    if (this.index < this.segments.length) return this.segments[this.index];
    return this.sustain ? this.segments[this.segments.length - 1] : undefined;
  }

  /** The fade multiplier (end-of-voice edge and early stop) at a sample of this voice. */
  private fadeAt(elapsed: number): number {
    let m = 1;
    if (this.edge > 0) {
      const left = this.length - elapsed;
      if (left < this.edge) m = Math.max(0, left / this.edge);
    }
    if (this.stopTotal > 0) {
      const stopLeft = this.stopLeft - (elapsed - this.elapsedSamples);
      m *= Math.max(0, stopLeft / this.stopTotal);
    }
    return m;
  }
}
