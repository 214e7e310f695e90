import { describe, expect, it } from 'vitest';
import { peak, rms, soundEnd } from '../test-audio.ts';
import { Mixer, softLimit } from './mixer.ts';
import type { Segment } from './segment.ts';
import { Voice } from './voice.ts';
import { Osc } from './waveform.ts';

const SR = 44_100;
const square = (hz: number, samples: number, gain = 1): Segment => ({
  samples,
  shape: { kind: Osc.Square, param: 0.5 },
  startFrequency: hz,
  endFrequency: hz,
  startGain: gain,
  endGain: gain,
});

describe('Mixer', () => {
  it('starts voices on their exact start sample', () => {
    const mixer = new Mixer();
    mixer.add(new Voice(1, 1000, [square(440, 500, 0.5)], { sampleRate: SR }));
    const out = mixer.render(2048);
    expect(peak(out, 0, 1000)).toBe(0);
    expect(Math.abs(out[1000] as number) + Math.abs(out[1001] as number)).toBeGreaterThan(0);
    expect(soundEnd(out)).toBeLessThanOrEqual(1500);
    expect(mixer.currentSample).toBe(2048);
  });

  it('never leaves [-1, 1], even with 20 full-scale square waves in phase', () => {
    const mixer = new Mixer();
    for (let i = 0; i < 20; i++) mixer.add(new Voice(i + 1, 0, [square(220, SR)], { sampleRate: SR, seed: 7 }));
    const out = mixer.render(SR);
    expect(peak(out)).toBeLessThanOrEqual(1);
    expect(peak(out)).toBeGreaterThan(0.9);
  });

  it('keeps at most 20 voices sounding by fading out the oldest', () => {
    const ended: number[] = [];
    const mixer = new Mixer({ onVoiceEnded: (voice) => ended.push(voice.id) });
    for (let i = 0; i < 21; i++) mixer.add(new Voice(i + 1, i, [square(220, SR, 0.01)], { sampleRate: SR }));
    mixer.render(512);
    mixer.render(1024);
    expect(ended).toEqual([1]);
    expect(mixer.soundingCount).toBe(20);
  });

  it('stops everything with a 15 ms fade and drops waiting voices', () => {
    const ended: number[] = [];
    const mixer = new Mixer({ onVoiceEnded: (voice) => ended.push(voice.id) });
    mixer.add(new Voice(1, 0, [square(440, SR, 0.3)], { sampleRate: SR }));
    mixer.add(new Voice(2, 30000, [square(440, SR, 0.3)], { sampleRate: SR }));
    mixer.render(1000);
    mixer.stopAll();
    expect(ended).toEqual([2]);
    const out = mixer.render(2000);
    // 15 ms is 661.5 samples: loud at the start of the fade, silent after it.
    expect(rms(out, 0, 100)).toBeGreaterThan(0.1);
    expect(soundEnd(out)).toBeLessThanOrEqual(662);
    expect(mixer.isActive).toBe(false);
  });

  it('scales by the volume (0-1024) and ramps volume changes across a block', () => {
    const mixer = new Mixer();
    mixer.add(new Voice(1, 0, [square(441, SR, 0.5)], { sampleRate: SR }));
    const full = rms(mixer.render(4410));
    mixer.setVolume(512);
    mixer.render(512);
    const half = rms(mixer.render(4410));
    expect(half / full).toBeCloseTo(0.5, 1);
    mixer.setVolume(5000);
    expect(mixer.getVolume()).toBe(1024);
    mixer.setVolume(-3);
    expect(mixer.getVolume()).toBe(0);
  });

  it('limits softly: linear below the knee, below 1 above it', () => {
    expect(softLimit(0.5)).toBe(0.5);
    expect(softLimit(-0.79)).toBe(-0.79);
    expect(softLimit(3)).toBeLessThan(1);
    expect(softLimit(3)).toBeGreaterThan(0.95);
    expect(softLimit(-3)).toBeGreaterThan(-1);
  });
});
