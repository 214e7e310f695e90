import { describe, expect, it } from 'vitest';
import { EXPRESSION_GAIN } from '../constants.ts';
import { seededRandom } from '../random.ts';
import { segmentsLength } from '../synth/segment.ts';
import { Osc, WaveShape } from '../synth/waveform.ts';
import { envelope, maxStep, peak, rms, soundEnd, testEngine, zeroCrossingHz } from '../test-audio.ts';
import { compileSoundExpression } from './compile-expression.ts';
import { resolveSound, soundToSegments, type ResolvedSound } from './expression-render.ts';
import { createSoundEffect, InterpolationCurve, InterpolationShape, SoundExpressionEffect } from './sound-effect.ts';
import { blankSoundItem, formatSoundItem, type SoundExpressionItem } from './sound-expression.ts';

const SR = 44_100;
const sound = (overrides: Partial<ResolvedSound>): ResolvedSound => ({
  wave: WaveShape.Sine,
  volume: 1023,
  frequency: 440,
  durationMs: 500,
  shape: InterpolationShape.None,
  endFrequency: 440,
  endVolume: 1023,
  steps: 1,
  fx: 0,
  fxParam: 0,
  fxSteps: 0,
  ...overrides,
});

function render(text: string): Float32Array {
  const { engine, renderer } = testEngine();
  const result = engine.playExpression(text);
  if (!result.ok) throw new Error(result.error.message);
  renderer.renderUntilIdle();
  return renderer.samples();
}

describe('sound expressions, synthesized', () => {
  it('lasts exactly its duration and holds its pitch within 1%', () => {
    const segments = soundToSegments(sound({ durationMs: 500 }));
    expect(segmentsLength(segments)).toBe(22050);
    const out = render(
      createSoundEffect({
        waveShape: WaveShape.Sine,
        startFrequency: 440,
        endFrequency: 440,
        startVolume: 255,
        endVolume: 255,
        durationMs: 250,
      }),
    );
    expect(soundEnd(out)).toBeLessThanOrEqual(11025);
    expect(soundEnd(out)).toBeGreaterThan(11025 - 44);
    expect(Math.abs(zeroCrossingHz(out, SR, 100, 10900) - 440) / 440).toBeLessThan(0.01);
    expect(peak(out)).toBeCloseTo(EXPRESSION_GAIN, 2);
  });

  it('sweeps linearly from the start to the end frequency', () => {
    const out = render(
      createSoundEffect({
        waveShape: WaveShape.Sine,
        startFrequency: 300,
        endFrequency: 1500,
        startVolume: 255,
        endVolume: 255,
        durationMs: 1000,
      }),
    );
    const early = zeroCrossingHz(out, SR, 0, 2205);
    const middle = zeroCrossingHz(out, SR, SR / 2 - 1100, SR / 2 + 1100);
    const late = zeroCrossingHz(out, SR, SR - 3000, SR - 800);
    expect(early).toBeGreaterThan(290);
    expect(early).toBeLessThan(340);
    expect(Math.abs(middle - 900) / 900).toBeLessThan(0.03);
    expect(late).toBeGreaterThan(1400);
  });

  it('ramps the volume from start to end', () => {
    const out = render(
      createSoundEffect({
        waveShape: WaveShape.Triangle,
        startFrequency: 500,
        endFrequency: 500,
        startVolume: 255,
        endVolume: 0,
        durationMs: 1000,
      }),
    );
    const levels = envelope(out, 4410);
    expect(levels[0]).toBeGreaterThan(0.25);
    expect(levels[5]).toBeCloseTo(EXPRESSION_GAIN / 2, 1);
    expect(levels[9]).toBeLessThan(0.05);
    for (let i = 1; i < 10; i++) expect(levels[i] as number).toBeLessThanOrEqual((levels[i - 1] as number) + 0.01);
  });

  it('clamps volume to 0-1023, wave to 0-4 and fx to 0-3 (spec 002 §5)', () => {
    const item: SoundExpressionItem = {
      ...blankSoundItem(),
      wave: 9,
      volume: 5000,
      endVolume: 1500,
      frequency: 440,
      duration: 100,
      fx: 42,
    };
    const resolved = resolveSound(item, Math.random);
    expect(resolved.ok && resolved.sound).toMatchObject({ wave: 4, volume: 1023, endVolume: 1023, fx: 3 });
    const segments = soundToSegments(resolved.ok ? resolved.sound : sound({}));
    expect(segments[0]?.shape.kind).toBe(Osc.PitchedNoise);
    expect(segments.every((segment) => segment.startGain <= EXPRESSION_GAIN)).toBe(true);
  });

  it('applies randomness within ±range and is reproducible with a seed', () => {
    const item: SoundExpressionItem = { ...blankSoundItem(), frequency: 1000, duration: 200, volume: 500 };
    item.randomness.frequency = 100;
    const seen = new Set<number>();
    const random = seededRandom(42);
    for (let i = 0; i < 200; i++) {
      const resolved = resolveSound(item, random);
      if (!resolved.ok) throw new Error('unexpectedly invalid');
      expect(resolved.sound.frequency).toBeGreaterThanOrEqual(900);
      expect(resolved.sound.frequency).toBeLessThanOrEqual(1100);
      seen.add(resolved.sound.frequency);
    }
    expect(seen.size).toBeGreaterThan(50);
    const a = resolveSound(item, seededRandom(7));
    const b = resolveSound(item, seededRandom(7));
    expect(a).toEqual(b);
  });

  it('invalidates a sound whose randomized value comes out negative, and then nothing plays', () => {
    const item: SoundExpressionItem = { ...blankSoundItem(), frequency: 10, duration: 200, volume: 500 };
    item.randomness.frequency = 500;
    const alwaysLow = () => 0; // picks -500
    const resolved = resolveSound(item, alwaysLow);
    expect(resolved.ok).toBe(false);
    if (!resolved.ok) expect(resolved.message).toContain('frequency');
    const compiled = compileSoundExpression(formatSoundItem(item), alwaysLow);
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.error.message).toContain('plays nothing');
    const { engine, renderer } = testEngine({ random: alwaysLow });
    expect(engine.playExpression(formatSoundItem(item)).ok).toBe(false);
    renderer.advanceTo(300);
    expect(peak(renderer.samples())).toBe(0);
  });

  it('climbs a major arpeggio one scale step per step', () => {
    const segments = soundToSegments(
      sound({ shape: InterpolationShape.ArpeggioRisingMajor, steps: 8, durationMs: 800 }),
    );
    const pitches = [...new Set(segments.map((s) => Math.round(s.startFrequency)))];
    expect(pitches.slice(0, 7)).toEqual([440, 494, 554, 587, 659, 740, 831]);
    const falling = soundToSegments(
      sound({ shape: InterpolationShape.ArpeggioFallingMinor, steps: 4, durationMs: 400 }),
    );
    expect(falling.map((s) => Math.round(s.startFrequency))).toEqual([587, 523, 494]);
  });

  it('shapes curve and logarithmic sweeps towards the end frequency', () => {
    for (const shape of [InterpolationShape.Curve, InterpolationShape.Logarithmic]) {
      const segments = soundToSegments(
        sound({ shape, steps: 90, frequency: 200, endFrequency: 2000, durationMs: 900 }),
      );
      const first = segments[0]?.startFrequency ?? 0;
      const last = segments[segments.length - 1]?.startFrequency ?? 0;
      expect(first).toBeCloseTo(200, 0);
      expect(last).toBeGreaterThan(1900);
      expect(last).toBeLessThanOrEqual(2000.5);
    }
  });

  it('vibrato multiplies the pitch on alternate effect steps, tremolo the volume', () => {
    const vibrato = soundToSegments(
      sound({ frequency: 300, fx: SoundExpressionEffect.Vibrato, fxParam: 2, fxSteps: 400, durationMs: 1000 }),
    );
    const pitches = new Set(vibrato.map((s) => Math.round(s.startFrequency)));
    expect(pitches.has(300) && pitches.has(600)).toBe(true);
    const tremolo = soundToSegments(
      sound({
        volume: 600,
        endVolume: 600,
        fx: SoundExpressionEffect.Tremolo,
        fxParam: 3,
        fxSteps: 400,
        durationMs: 1000,
      }),
    );
    const gains = tremolo.map((s) => s.startGain);
    expect(Math.max(...gains) / Math.min(...gains)).toBeGreaterThan(2.5);
  });

  it('plays every wave shape without a click at its start or end', () => {
    for (const waveShape of [WaveShape.Sine, WaveShape.Triangle]) {
      const out = render(
        createSoundEffect({
          waveShape,
          startFrequency: 600,
          endFrequency: 600,
          startVolume: 255,
          endVolume: 255,
          durationMs: 100,
        }),
      );
      expect(maxStep(out, 1, 200)).toBeLessThan(0.05);
      expect(maxStep(out, 4200, 4410)).toBeLessThan(0.05);
    }
  });

  it('keeps every sample in [-1, 1] for the loudest shapes', () => {
    for (const waveShape of [WaveShape.Square, WaveShape.Sawtooth, WaveShape.Noise]) {
      const out = render(
        createSoundEffect({
          waveShape,
          startFrequency: 5000,
          endFrequency: 20,
          startVolume: 255,
          endVolume: 255,
          durationMs: 300,
          effect: SoundExpressionEffect.Tremolo,
          interpolation: InterpolationCurve.Curve,
        }),
      );
      expect(peak(out)).toBeLessThanOrEqual(1);
      expect(rms(out)).toBeGreaterThan(0.01);
    }
  });
});
