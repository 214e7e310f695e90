// The tone player's sound (spec 000 §9: a triangle wave at gain 0.2) as segments: single tones
// for `music.playTone`, and whole melodies as one continuous voice, so consecutive notes join
// without a gap or a click.
import { SAMPLE_RATE, TONE_GAIN } from '../constants.ts';
import { melodyTones, type MelodyNote } from '../music/melody-notation.ts';
import type { Segment } from '../synth/segment.ts';
import { Osc, type OscShape } from '../synth/waveform.ts';

const TONE_SHAPE: OscShape = Object.freeze({ kind: Osc.Triangle, param: 0 });

/** One tone; a frequency of 0 or less is a rest (silence of the same length). */
export function toneSegment(frequency: number, samples: number): Segment {
  const audible = Number.isFinite(frequency) && frequency > 0;
  const hz = audible ? frequency : 0;
  const gain = audible ? TONE_GAIN : 0;
  return { samples, shape: TONE_SHAPE, startFrequency: hz, endFrequency: hz, startGain: gain, endGain: gain };
}

export interface MelodySegments {
  segments: Segment[];
  /** For each note, the sample (from the melody's start) at which it ends. */
  noteEnds: number[];
}

/** A melody at `bpm` as segments; boundaries sit on the running total, so nothing drifts. */
export function melodySegments(notes: readonly MelodyNote[], bpm: number, sampleRate = SAMPLE_RATE): MelodySegments {
  const segments: Segment[] = [];
  const noteEnds: number[] = [];
  let elapsedMs = 0;
  let start = 0;
  for (const tone of melodyTones(notes, bpm)) {
    elapsedMs += tone.durationMs;
    const end = Math.round((elapsedMs * sampleRate) / 1000);
    segments.push(toneSegment(tone.frequency, end - start));
    noteEnds.push(end);
    start = end;
  }
  return { segments, noteEnds };
}
