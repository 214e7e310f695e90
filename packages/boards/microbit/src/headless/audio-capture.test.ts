import { SAMPLE_RATE } from '@blockyard/sound';
import { describe, expect, it } from 'vitest';
import { compile } from '../test/programs.ts';
import { mixTracks } from './audio-capture.ts';
import { runHeadless } from './run-headless.ts';

/** The pitch of `samples[from, to)` in seconds, from its rising zero crossings. */
function pitch(samples: Float32Array, from: number, to: number): number {
  const start = Math.round(from * SAMPLE_RATE);
  const end = Math.round(to * SAMPLE_RATE);
  let crossings = 0;
  for (let i = start + 1; i < end; i++) if (samples[i - 1]! < 0 && samples[i]! >= 0) crossings++;
  return crossings / (to - from);
}

function peak(samples: Float32Array, from: number, to: number): number {
  let max = 0;
  for (let i = Math.round(from * SAMPLE_RATE); i < Math.round(to * SAMPLE_RATE); i++) {
    max = Math.max(max, Math.abs(samples[i]!));
  }
  return max;
}

describe('headless audio', () => {
  const program = compile(`music.playTone(440, 500)
music.playTone(880, 500)`);

  it('renders what the program played, on the clock, exactly as long as the run', () => {
    const { audio } = runHeadless({ program, timeMs: 1500, audio: true });
    expect(audio).toBeDefined();
    expect(audio!.length).toBe(1.5 * SAMPLE_RATE);
    expect(pitch(audio!, 0.05, 0.45)).toBeCloseTo(440, -1);
    expect(pitch(audio!, 0.55, 0.95)).toBeCloseTo(880, -1);
    // The tone player at the default volume (127 of 255): about 0.2 × 0.5.
    expect(peak(audio!, 0.1, 0.4)).toBeCloseTo(0.1, 2);
    expect(peak(audio!, 1.05, 1.5)).toBe(0);
  });

  it('keeps nothing unless asked, and mixes several boards into one track', () => {
    expect(runHeadless({ program, timeMs: 100 }).audio).toBeUndefined();
    const one = runHeadless({ program, timeMs: 1000, audio: true }).audio!;
    const two = runHeadless({ program, timeMs: 1000, boards: 2, audio: true }).audio!;
    expect(two.length).toBe(one.length);
    expect(pitch(two, 0.05, 0.45)).toBeCloseTo(440, -1);
    expect(peak(two, 0.1, 0.4)).toBeGreaterThan(1.5 * peak(one, 0.1, 0.4));
  });

  it('mixes tracks of different lengths through the soft limiter', () => {
    const mixed = mixTracks([Float32Array.from([0.5, 0.5, 0.5]), Float32Array.from([0.6, -0.5])]);
    expect(mixed.length).toBe(3);
    expect(mixed[0]).toBeGreaterThan(0.8);
    expect(mixed[0]).toBeLessThan(1);
    expect(mixed[1]).toBe(0);
    expect(mixed[2]).toBeCloseTo(0.5);
  });
});
