import { describe, expect, it } from 'vitest';
import { firstSound, maxStep, peak, rms, soundEnd, zeroCrossingHz } from '../test-audio.ts';
import type { Segment } from './segment.ts';
import { Voice } from './voice.ts';
import { Osc, type OscShape } from './waveform.ts';

const SR = 44_100;
const shape = (kind: OscShape['kind'], param = 0): OscShape => ({ kind, param });
const steady = (s: OscShape, hz: number, samples: number, gain = 0.5): Segment => ({
  samples,
  shape: s,
  startFrequency: hz,
  endFrequency: hz,
  startGain: gain,
  endGain: gain,
});

function renderVoice(segments: Segment[], total: number, options: { sustain?: boolean } = {}): Float32Array {
  const out = new Float32Array(total);
  const voice = new Voice(1, 0, segments, { sampleRate: SR, ...options });
  // Render in awkward block sizes to prove chunking changes nothing.
  for (let at = 0; at < total; at += 300) voice.render(out, at, Math.min(300, total - at));
  return out;
}

describe('Voice', () => {
  it.each([
    ['sine', Osc.Sine],
    ['triangle', Osc.Triangle],
    ['sawtooth', Osc.Sawtooth],
    ['square', Osc.Square],
  ] as const)('plays a %s at the requested pitch within 1%%', (_name, kind) => {
    for (const hz of [131, 440, 1760]) {
      const out = renderVoice([steady(shape(kind, 0.5), hz, SR / 2)], SR / 2);
      expect(Math.abs(zeroCrossingHz(out, SR, 500, SR / 2 - 500) - hz) / hz).toBeLessThan(0.01);
    }
  });

  it('lasts exactly as many samples as its segments and is silent afterwards', () => {
    const out = renderVoice([steady(shape(Osc.Sine), 440, 4410)], 8000);
    expect(soundEnd(out)).toBeLessThanOrEqual(4410);
    expect(soundEnd(out)).toBeGreaterThan(4410 - 50);
    expect(peak(out, 4410)).toBe(0);
  });

  it('starts and ends without a step larger than the waveform itself makes', () => {
    for (const kind of [Osc.Sine, Osc.Triangle]) {
      const out = renderVoice([steady(shape(kind), 440, 4410, 1)], 5000);
      // A full-scale 440 Hz triangle moves 4 * 440 / 44100 = 0.04 per sample; allow the gain ramp on top.
      expect(maxStep(out)).toBeLessThan(0.07);
      expect(Math.abs(out[0] as number)).toBeLessThan(0.01);
      expect(Math.abs(out[4409] as number)).toBeLessThan(0.01);
    }
  });

  it('keeps phase across frequency changes, so a pitch step does not click', () => {
    const out = renderVoice([steady(shape(Osc.Sine), 440, 2000, 1), steady(shape(Osc.Sine), 660, 2000, 1)], 4000);
    const natural = (2 * Math.PI * 660) / SR;
    expect(maxStep(out, 1900, 2100)).toBeLessThan(natural * 1.2);
  });

  it('slews sudden gain jumps over about a millisecond', () => {
    // A 100 Hz sine moves at most 0.014 per sample; a raw jump from 0.1 to 1 would add up to 0.9.
    const out = renderVoice([steady(shape(Osc.Sine), 100, 2110, 0.1), steady(shape(Osc.Sine), 100, 2000, 1)], 4000);
    expect(Math.abs(out[2109] as number)).toBeGreaterThan(0.05);
    expect(maxStep(out, 2100, 2200)).toBeLessThan(0.04);
    expect(peak(out, 2150, 4000)).toBeGreaterThan(0.95);
  });

  it('glides linearly when start and end frequency differ', () => {
    const out = renderVoice(
      [{ samples: SR, shape: shape(Osc.Sine), startFrequency: 200, endFrequency: 800, startGain: 0.5, endGain: 0.5 }],
      SR,
    );
    expect(zeroCrossingHz(out, SR, 0, 2205)).toBeCloseTo(215, -1);
    expect(zeroCrossingHz(out, SR, SR / 2 - 1100, SR / 2 + 1100)).toBeCloseTo(500, -1);
  });

  it('fades out over the requested samples when stopped early', () => {
    const out = new Float32Array(8000);
    const voice = new Voice(1, 0, [steady(shape(Osc.Sine), 440, 8000, 0.5)], { sampleRate: SR });
    voice.render(out, 0, 2000);
    voice.stop(661);
    voice.render(out, 2000, 6000);
    expect(voice.finished).toBe(true);
    expect(soundEnd(out)).toBeLessThanOrEqual(2661);
    expect(rms(out, 2000, 2100)).toBeGreaterThan(rms(out, 2500, 2600));
    expect(maxStep(out, 1990, 2700)).toBeLessThan(0.07);
  });

  it('sustains its last segment until stopped', () => {
    const out = renderVoice([steady(shape(Osc.Triangle), 440, 100)], 20000, { sustain: true });
    expect(rms(out, 15000, 20000)).toBeGreaterThan(0.2);
  });

  it('renders silence segments as silence and noise as noise', () => {
    const silent = renderVoice([steady(shape(Osc.Silence), 440, 1000)], 1000);
    expect(peak(silent)).toBe(0);
    const noise = renderVoice([steady(shape(Osc.Noise), 440, 4000)], 4000);
    expect(rms(noise, 100, 3900)).toBeGreaterThan(0.2);
    expect(firstSound(noise)).toBeGreaterThanOrEqual(0);
  });
});
