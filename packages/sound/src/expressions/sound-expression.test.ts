import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSoundEffect, InterpolationCurve, SoundExpressionEffect } from './sound-effect.ts';
import { WaveShape } from '../synth/waveform.ts';
import {
  blankSoundItem,
  formatSoundExpression,
  formatSoundItem,
  parseSoundExpression,
  SOUND_EXPRESSION_ITEM_LENGTH,
} from './sound-expression.ts';

// A sine from 2000 Hz to 0 Hz over 500 ms, full volume to silence, linear: every field set.
const SAMPLE = '0102320000500' + '01' + '000' + '0000'.repeat(3) + '0128' + '00' + '0'.repeat(36);

describe('sound expression text', () => {
  it('reads every field from its digit position', () => {
    const text =
      '3' +
      '0900' +
      '1234' +
      '0567' +
      '18' +
      '000' +
      '4321' +
      '0000' +
      '0012' +
      '0090' +
      '03' +
      '0042' +
      '0700' +
      '0011' +
      '0022' +
      '0033' +
      '0044' +
      '0055' +
      '0066' +
      '0077';
    expect(text).toHaveLength(72);
    const parsed = parseSoundExpression(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.items[0]).toEqual({
      wave: 3,
      volume: 900,
      frequency: 1234,
      duration: 567,
      shape: 18,
      legacyFrequency: 0,
      endFrequency: 4321,
      legacyVolume: 0,
      endVolume: 12,
      steps: 90,
      fx: 3,
      fxParam: 42,
      fxSteps: 700,
      randomness: {
        frequency: 11,
        endFrequency: 22,
        volume: 33,
        endVolume: 44,
        duration: 55,
        fxParam: 66,
        fxSteps: 77,
      },
    });
    expect(formatSoundExpression(parsed.items)).toBe(text);
  });

  it('builds the same digits as the micro:bit block for a linear sine sweep', () => {
    const text = createSoundEffect({
      waveShape: WaveShape.Sine,
      startFrequency: 2000,
      endFrequency: 0,
      startVolume: 255,
      endVolume: 0,
      durationMs: 500,
      effect: SoundExpressionEffect.None,
      interpolation: InterpolationCurve.Linear,
    });
    expect(text).toBe(SAMPLE);
    expect(text).toHaveLength(72);
  });

  it('sets the effect parameters and steps for each effect and curve', () => {
    const parse = (text: string) => {
      const result = parseSoundExpression(text);
      if (!result.ok) throw new Error(result.error.message);
      return result.items[0] ?? blankSoundItem();
    };
    const base = {
      waveShape: WaveShape.Square,
      startFrequency: 400,
      endFrequency: 600,
      startVolume: 128,
      endVolume: 255,
      durationMs: 1000,
    };
    const vibrato = parse(
      createSoundEffect({ ...base, effect: SoundExpressionEffect.Vibrato, interpolation: InterpolationCurve.Curve }),
    );
    expect([vibrato.fx, vibrato.fxParam, vibrato.fxSteps, vibrato.shape, vibrato.steps]).toEqual([1, 2, 512, 2, 90]);
    expect(vibrato.volume).toBe(513);
    const tremolo = parse(
      createSoundEffect({
        ...base,
        effect: SoundExpressionEffect.Tremolo,
        interpolation: InterpolationCurve.Logarithmic,
      }),
    );
    expect([tremolo.fx, tremolo.fxParam, tremolo.fxSteps, tremolo.shape, tremolo.steps]).toEqual([2, 3, 900, 18, 90]);
    const warble = parse(createSoundEffect({ ...base, effect: SoundExpressionEffect.Warble }));
    expect([warble.fx, warble.fxParam, warble.fxSteps, warble.shape, warble.steps]).toEqual([3, 2, 700, 1, 128]);
  });

  it('reads several sounds separated by commas', () => {
    const parsed = parseSoundExpression(`${SAMPLE},${SAMPLE.replace(/^0/, '4')}`);
    expect(parsed.ok && parsed.items.map((item) => item.wave)).toEqual([0, 4]);
  });

  it.each([
    ['', 'empty'],
    [SAMPLE.slice(0, 71), 'only 71 digits'],
    [SAMPLE + '0', 'Expected a comma'],
    [SAMPLE + ',', 'ends with a comma'],
    [SAMPLE + ';' + SAMPLE, 'found ";"'],
    [SAMPLE.slice(0, 40) + 'x' + SAMPLE.slice(41), '"x" at character 41'],
    [SAMPLE.slice(0, 10) + ' ' + SAMPLE.slice(11), 'a space at character 11'],
    [SAMPLE.slice(0, 30) + ',' + SAMPLE, 'Sound 1 is only 30 digits'],
    [`${SAMPLE},${SAMPLE.slice(0, 12)}`, 'Sound 2 is only 12 digits'],
  ])('rejects %j with a message that says why (%s)', (text, expected) => {
    const parsed = parseSoundExpression(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.message).toContain(expected);
  });

  it('clamps out-of-range values into their fields when writing', () => {
    const item = { ...blankSoundItem(), wave: 12, volume: 99999, frequency: -5, duration: 12.9 };
    expect(formatSoundItem(item).slice(0, 13)).toBe('9' + '9999' + '0000' + '0012');
  });

  const digitString = (length: number) =>
    fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });

  it('round-trips every valid expression exactly (fuzzed)', () => {
    fc.assert(
      fc.property(fc.array(digitString(SOUND_EXPRESSION_ITEM_LENGTH), { minLength: 1, maxLength: 4 }), (items) => {
        const text = items.join(',');
        const parsed = parseSoundExpression(text);
        expect(parsed.ok).toBe(true);
        if (parsed.ok) expect(formatSoundExpression(parsed.items)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('rejects near-miss digit strings and is stable on whatever it accepts (fuzzed)', () => {
    const nearMiss = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'0123456789,'), maxLength: 300 }),
      fc
        .tuple(digitString(72), fc.integer({ min: 0, max: 71 }), fc.constantFrom('a', ' ', '-', '.', ',', '٣'))
        .map(([digits, at, char]) => digits.slice(0, at) + char + digits.slice(at + 1)),
      fc.string({ maxLength: 160 }),
    );
    fc.assert(
      fc.property(nearMiss, (text) => {
        const parsed = parseSoundExpression(text);
        const wellFormed = /^\d{72}(,\d{72})*$/.test(text);
        expect(parsed.ok).toBe(wellFormed);
        if (parsed.ok) expect(formatSoundExpression(parsed.items)).toBe(text);
        else expect(parsed.error.message.length).toBeGreaterThan(10);
      }),
      { numRuns: 1000 },
    );
  });
});
