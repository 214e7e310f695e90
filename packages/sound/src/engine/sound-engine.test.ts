import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { TONE_GAIN } from '../constants.ts';
import { createSoundEffect } from '../expressions/sound-effect.ts';
import { Sequencer } from '../songs/sequencer.ts';
import { createDefaultSong } from '../songs/default-song.ts';
import type { Track } from '../songs/song.ts';
import { WaveShape } from '../synth/waveform.ts';
import { firstSound, maxStep, peak, rms, soundEnd, testEngine, zeroCrossingHz } from '../test-audio.ts';
import type { SoundEngine } from './sound-engine.ts';

const SR = 44_100;
const ms = (value: number) => Math.round((value * SR) / 1000);
const beep = (hz: number, duration: number) =>
  createSoundEffect({
    waveShape: WaveShape.Sine,
    startFrequency: hz,
    endFrequency: hz,
    startVolume: 255,
    endVolume: 255,
    durationMs: duration,
  });

function recordEvents(engine: SoundEngine) {
  const log: string[] = [];
  engine.on('expression', (e) => log.push(`expression ${e.id} ${e.state} @${e.sample}`));
  engine.on('melody', (e) => log.push(`melody ${e.event}${e.note === undefined ? '' : ` ${e.note}`} @${e.sample}`));
  engine.on('sound-ended', (e) => log.push(`ended ${e.kind} ${e.outcome} @${e.sample}`));
  return log;
}

describe('SoundEngine tones', () => {
  it('plays a triangle tone at gain 0.2 for exactly its duration', () => {
    const { engine, renderer } = testEngine();
    const handle = engine.playTone(440, 250);
    expect(handle.durationMs).toBe(250);
    renderer.renderUntilIdle();
    const out = renderer.samples();
    expect(firstSound(out)).toBeLessThanOrEqual(1);
    expect(Math.abs(soundEnd(out) - ms(250))).toBeLessThanOrEqual(ms(1));
    expect(peak(out)).toBeCloseTo(TONE_GAIN, 2);
    expect(Math.abs(zeroCrossingHz(out, SR, 200, ms(240)) - 440) / 440).toBeLessThan(0.01);
    expect(maxStep(out)).toBeLessThan(0.05);
  });

  it('replaces the previous tone, rings until stopped with duration 0, and rests at frequency 0', () => {
    const { engine, renderer } = testEngine();
    engine.playTone(440, 1000);
    renderer.advanceTo(100);
    engine.playTone(880, 0);
    renderer.advanceTo(2000);
    const out = renderer.samples();
    expect(Math.abs(zeroCrossingHz(out, SR, ms(150), ms(1900)) - 880) / 880).toBeLessThan(0.01);
    engine.playTone(0, 100);
    renderer.advanceTo(2100);
    const after = renderer.samples();
    expect(peak(after, ms(2020), ms(2100))).toBe(0);
    engine.playTone(300, 0);
    renderer.advanceTo(2200);
    engine.playTone(0, 0); // ring tone 0: silence, and nothing left sounding
    expect(renderer.renderUntilIdle(1000)).toBe(true);
  });

  it('stops every sound with a 15 ms fade', async () => {
    const { engine, renderer } = testEngine();
    const tone = engine.playTone(440, 0);
    engine.playMelody('c5:4 d e f', { repeat: true });
    renderer.advanceTo(200);
    engine.stopAll();
    renderer.advanceTo(400);
    const out = renderer.samples();
    expect(rms(out, ms(150), ms(200))).toBeGreaterThan(0.05);
    expect(soundEnd(out)).toBeLessThanOrEqual(ms(215) + 1);
    expect(maxStep(out, ms(195), ms(220))).toBeLessThan(0.05);
    await expect(tone.done).resolves.toBe('cancelled');
    expect(engine.status().active).toBe(false);
  });

  it('scales everything by the music volume', () => {
    const loud = testEngine();
    loud.engine.playTone(500, 100);
    loud.renderer.renderUntilIdle();
    const quiet = testEngine();
    quiet.engine.setVolume(64);
    expect(quiet.engine.volume()).toBe(64);
    quiet.engine.playTone(500, 100);
    quiet.renderer.renderUntilIdle();
    // After the first block (over which a volume change ramps, so it never clicks):
    const level = (out: Float32Array) => rms(out, 512, ms(95));
    expect(level(quiet.renderer.samples()) / level(loud.renderer.samples())).toBeCloseTo(64 / 255, 2);
    quiet.engine.setVolume(400);
    expect(quiet.engine.volume()).toBe(255);
    quiet.engine.setVolumeScale(512);
    expect(quiet.engine.volume()).toBe(128);
  });
});

describe('SoundEngine sound-expression queue', () => {
  it('plays expressions one at a time and reports started then finished for each', async () => {
    const { engine, renderer } = testEngine();
    const log = recordEvents(engine);
    const a = engine.playExpression(beep(440, 100));
    const b = engine.playExpression(beep(660, 100));
    expect(a.ok && b.ok).toBe(true);
    renderer.renderUntilIdle();
    const out = renderer.samples();
    expect(Math.abs(zeroCrossingHz(out, SR, 100, ms(95)) - 440)).toBeLessThan(4.4);
    expect(Math.abs(zeroCrossingHz(out, SR, ms(105), ms(195)) - 660)).toBeLessThan(6.6);
    expect(log.filter((line) => line.startsWith('expression'))).toEqual([
      'expression 1 started @0',
      `expression 1 finished @${ms(100)}`,
      `expression 2 started @${ms(100)}`,
      `expression 2 finished @${ms(200)}`,
    ]);
    if (a.ok) await expect(a.handle.done).resolves.toBe('finished');
  });

  it('cancels the playing and the waiting expressions when the queue is cleared', async () => {
    const { engine, renderer } = testEngine();
    const log = recordEvents(engine);
    const a = engine.playExpression(beep(440, 300));
    const b = engine.playExpression(beep(660, 300));
    renderer.advanceTo(100);
    engine.clearExpressionQueue();
    renderer.advanceTo(500);
    const states = log.filter((line) => line.startsWith('expression')).map((line) => line.split(' @')[0]);
    // The waiting one is dropped at once; the playing one ends after its 15 ms fade.
    expect(states).toEqual(['expression 1 started', 'expression 2 cancelled', 'expression 1 cancelled']);
    expect(soundEnd(renderer.samples())).toBeLessThan(ms(130));
    if (a.ok && b.ok) {
      await expect(a.handle.done).resolves.toBe('cancelled');
      await expect(b.handle.done).resolves.toBe('cancelled');
    }
  });

  it('rejects an invalid expression and plays nothing', () => {
    const { engine, renderer } = testEngine();
    const result = engine.playExpression('12345');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/72 digits/);
    renderer.advanceTo(100);
    expect(peak(renderer.samples())).toBe(0);
  });

  it('accepts built-in effect names', () => {
    const { engine } = testEngine();
    const result = engine.playExpression('giggle');
    expect(result.ok && result.handle.durationMs).toBeGreaterThan(0);
  });
});

describe('SoundEngine melodies', () => {
  it('plays notes back to back with the device timing and reports each note as it ends', () => {
    const { engine, renderer } = testEngine();
    const log = recordEvents(engine);
    const handle = engine.playMelody('c4:2 e g', { tempo: 120 });
    expect(handle.durationMs).toBe(750);
    renderer.renderUntilIdle();
    const out = renderer.samples();
    expect(Math.abs(zeroCrossingHz(out, SR, 200, ms(240)) - 262)).toBeLessThan(2.7);
    expect(Math.abs(zeroCrossingHz(out, SR, ms(260), ms(490)) - 330)).toBeLessThan(3.3);
    expect(Math.abs(zeroCrossingHz(out, SR, ms(510), ms(740)) - 392)).toBeLessThan(4);
    expect(Math.abs(soundEnd(out) - ms(750))).toBeLessThanOrEqual(ms(1));
    // Note changes keep the phase, so the only steps are the triangle's own slope (< 0.01 here).
    expect(maxStep(out)).toBeLessThan(0.015);
    expect(log.filter((line) => line.startsWith('melody'))).toEqual([
      'melody started @0',
      `melody note-played 0 @${ms(250)}`,
      `melody note-played 1 @${ms(500)}`,
      `melody note-played 2 @${ms(750)}`,
      `melody ended @${ms(750)}`,
    ]);
  });

  it('repeats until stopped, announcing each repeat', () => {
    const { engine, renderer } = testEngine();
    const log = recordEvents(engine);
    const handle = engine.playMelody('a4:4', { repeat: true });
    renderer.advanceTo(1600);
    expect(log.filter((line) => line.includes('repeated'))).toEqual([
      `melody repeated @${ms(500)}`,
      `melody repeated @${ms(1000)}`,
      `melody repeated @${ms(1500)}`,
    ]);
    // The repeats join without a gap.
    expect(rms(renderer.samples(), ms(495), ms(505))).toBeGreaterThan(0.05);
    handle.stop();
    renderer.advanceTo(1700);
    expect(log[log.length - 1]).toMatch(/^ended melody cancelled/);
  });
});

describe('SoundEngine songs', () => {
  function song() {
    const s = createDefaultSong(1);
    (s.tracks[0] as Track).notes = [{ startTick: 0, endTick: 8, notes: [{ note: 46, enharmonicSpelling: 'normal' }] }];
    (s.tracks[2] as Track).notes = [
      { startTick: 16, endTick: 24, notes: [{ note: 22, enharmonicSpelling: 'normal' }] },
    ];
    (s.tracks[10] as Track).notes = [{ startTick: 8, endTick: 9, notes: [{ note: 0, enharmonicSpelling: 'normal' }] }];
    return s;
  }

  it('renders every note on its tick, sample-exact', () => {
    const { engine, renderer } = testEngine();
    const handle = engine.playSong(song());
    expect(handle.durationMs).toBe(2000);
    renderer.renderUntilIdle();
    const out = renderer.samples();
    expect(Math.abs(zeroCrossingHz(out, SR, ms(50), ms(240)) - 440) / 440).toBeLessThan(0.01);
    expect(peak(out, ms(500), ms(520))).toBeGreaterThan(0.1); // the kick on tick 8
    expect(peak(out, ms(990), ms(999))).toBeLessThan(0.02);
    expect(peak(out, ms(1000), ms(1010))).toBeGreaterThan(0.05); // bass on tick 16
    expect(peak(out)).toBeLessThanOrEqual(1);
  });

  it('plays through the clock-driven sequencer on the same samples', async () => {
    const clock = new ManualClock();
    const { engine, renderer } = testEngine();
    const sequencer = new Sequencer({ clock, sink: engine.createSongSink() });
    await sequencer.initAsync();
    sequencer.start(song(), false);
    // Lockstep: advance the clock a little, then render up to it.
    for (let t = 0; t <= 2500; t += 20) {
      clock.advanceTo(t);
      renderer.advanceTo(t + 50);
    }
    const viaSequencer = renderer.samples();
    const direct = testEngine();
    direct.engine.playSong(song());
    direct.renderer.advanceTo(2550);
    const reference = direct.renderer.samples();
    expect(firstSound(viaSequencer)).toBe(firstSound(reference));
    expect(Math.abs(rms(viaSequencer, ms(1000), ms(1200)) - rms(reference, ms(1000), ms(1200)))).toBeLessThan(0.01);
  });
});
