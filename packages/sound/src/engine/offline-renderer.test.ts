import { describe, expect, it } from 'vitest';
import { testEngine } from '../test-audio.ts';

describe('OfflineRenderer', () => {
  it('renders up to a time, exactly, in blocks', () => {
    const { engine, renderer } = testEngine();
    renderer.advanceTo(1000);
    expect(engine.currentSample).toBe(44100);
    expect(renderer.length).toBe(44100);
    renderer.advanceTo(500);
    expect(renderer.length).toBe(44100);
  });

  it('starts a sound played at clock time t on the sample for t', () => {
    const { engine, renderer } = testEngine();
    renderer.advanceTo(250);
    engine.playTone(440, 100);
    renderer.renderUntilIdle();
    const out = renderer.samples();
    const first = out.findIndex((x) => Math.abs(x) > 1e-4);
    expect(first - 11025).toBeGreaterThanOrEqual(0);
    expect(first - 11025).toBeLessThanOrEqual(1);
  });

  it('stops after a limit when a sound never ends', () => {
    const { engine, renderer } = testEngine();
    engine.playMelody('c d e', { repeat: true });
    expect(renderer.renderUntilIdle(2000)).toBe(false);
    expect(renderer.length).toBeLessThan(44100 * 2.1);
  });
});
