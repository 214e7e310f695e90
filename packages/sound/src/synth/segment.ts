// A voice plays a list of segments: each holds one oscillator for a number of samples while its
// frequency and gain move in a straight line. Every sound the engine makes (tones, sound
// expressions, instrument notes, drums) is translated into segments first.
import type { OscShape } from './waveform.ts';

export interface Segment {
  /** Length in samples (>= 0). */
  readonly samples: number;
  readonly shape: OscShape;
  /** Frequency in Hz at the start and at the end of the segment. */
  readonly startFrequency: number;
  readonly endFrequency: number;
  /** Channel gain (0-1, before the engine volume) at the start and at the end. */
  readonly startGain: number;
  readonly endGain: number;
}

/** Total length of a segment list in samples. */
export function segmentsLength(segments: readonly Segment[]): number {
  let total = 0;
  for (const segment of segments) total += segment.samples;
  return total;
}

/** Milliseconds to whole samples, rounding to the nearest sample. */
export function msToSamples(ms: number, sampleRate: number): number {
  return Math.max(0, Math.round((ms * sampleRate) / 1000));
}
