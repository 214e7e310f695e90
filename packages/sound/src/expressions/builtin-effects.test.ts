import { describe, expect, it } from 'vitest';
import { maxStep, peak, rms, testEngine } from '../test-audio.ts';
import { BUILT_IN_SOUND_EFFECT_NAMES, builtInSoundEffect, isBuiltInSoundEffectName } from './builtin-effects.ts';
import { parseSoundExpression } from './sound-expression.ts';

describe('built-in sound effects', () => {
  it('has the ten micro:bit names', () => {
    expect([...BUILT_IN_SOUND_EFFECT_NAMES]).toEqual([
      'giggle',
      'happy',
      'hello',
      'mysterious',
      'sad',
      'slide',
      'soaring',
      'spring',
      'twinkle',
      'yawn',
    ]);
    expect(isBuiltInSoundEffectName('giggle')).toBe(true);
    expect(isBuiltInSoundEffectName('Giggle')).toBe(false);
  });

  it.each(BUILT_IN_SOUND_EFFECT_NAMES)(
    '%s is a valid expression that sounds, within [-1, 1], without clicks',
    (name) => {
      const text = builtInSoundEffect(name);
      expect(parseSoundExpression(text).ok).toBe(true);
      const { engine, renderer } = testEngine();
      const played = engine.playExpression(name);
      expect(played.ok).toBe(true);
      if (played.ok) expect(played.handle.durationMs).toBeGreaterThan(300);
      renderer.renderUntilIdle();
      const out = renderer.samples();
      expect(rms(out)).toBeGreaterThan(0.02);
      expect(peak(out)).toBeLessThanOrEqual(1);
      // Onsets and endings stay smooth (square-wave effects have edges of their own mid-sound).
      expect(maxStep(out, 1, 100)).toBeLessThan(0.1);
    },
  );

  it('are distinct sounds', () => {
    const texts = new Set(BUILT_IN_SOUND_EFFECT_NAMES.map((name) => builtInSoundEffect(name)));
    expect(texts.size).toBe(10);
  });
});
