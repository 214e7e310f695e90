import { describe, expect, it } from 'vitest';
import { soundInstructionsDurationMs } from '../instructions/sound-instructions.ts';
import { envelope, soundEnd, testEngine, zeroCrossingHz } from '../test-audio.ts';
import { InstructionWave } from '../synth/waveform.ts';
import { renderDrumHit } from './drum.ts';
import { envelopeValue, renderInstrumentNote, type Instrument } from './instrument.ts';

const piano: Instrument = {
  waveform: InstructionWave.Triangle,
  octave: 4,
  ampEnvelope: { attack: 100, decay: 100, sustain: 512, release: 200, amplitude: 1024 },
  pitchEnvelope: { attack: 0, decay: 0, sustain: 0, release: 0, amplitude: 0 },
  ampLFO: { frequency: 0, amplitude: 0 },
  pitchLFO: { frequency: 0, amplitude: 0 },
};

describe('envelopes', () => {
  it('rise through the attack, fall to the sustain level, then release to zero', () => {
    const e = piano.ampEnvelope;
    expect(envelopeValue(e, 0, 1000)).toBe(0);
    expect(envelopeValue(e, 50, 1000)).toBe(512);
    expect(envelopeValue(e, 100, 1000)).toBe(1024);
    expect(envelopeValue(e, 150, 1000)).toBe(768);
    expect(envelopeValue(e, 500, 1000)).toBe(512);
    expect(envelopeValue(e, 1100, 1000)).toBe(256);
    expect(envelopeValue(e, 1200, 1000)).toBe(0);
    // Released during the attack: falls from where it got to.
    expect(envelopeValue(e, 75, 50)).toBe(448);
  });
});

describe('instrument notes', () => {
  it('last the gate plus the release plus a 10 ms tail', () => {
    const instructions = renderInstrumentNote(piano, 440, 500);
    expect(soundInstructionsDurationMs(instructions)).toBe(500 + 200 + 10);
    expect(instructions[instructions.length - 1]?.endVolume).toBe(0);
  });

  it('sound with the envelope shape at the note pitch', () => {
    const { engine, renderer } = testEngine();
    engine.playInstructions(renderInstrumentNote(piano, 440, 600));
    renderer.renderUntilIdle();
    const out = renderer.samples();
    const levels = envelope(out, 2205); // 50 ms windows
    expect(levels[0]).toBeLessThan(levels[1] as number); // attack
    expect(levels[2]).toBeGreaterThan(levels[5] as number); // decay
    expect(Math.abs((levels[6] as number) - (levels[10] as number))).toBeLessThan(0.01); // sustain
    expect(levels[15]).toBeLessThan((levels[10] as number) * 0.4); // release
    expect(soundEnd(out)).toBeLessThanOrEqual(Math.round(0.81 * 44100)); // silence after release and tail
    expect(Math.abs(zeroCrossingHz(out, 44100, 9000, 26000) - 440) / 440).toBeLessThan(0.01);
  });

  it('bends the pitch with the pitch LFO and clamps frequencies to 1-5000 Hz', () => {
    const wobbly: Instrument = { ...piano, pitchLFO: { frequency: 5, amplitude: 50 } };
    const instructions = renderInstrumentNote(wobbly, 440, 1000);
    const pitches = instructions.map((i) => i.frequency);
    expect(Math.max(...pitches)).toBeGreaterThan(480);
    expect(Math.min(...pitches)).toBeLessThan(400);
    const high = renderInstrumentNote(
      { ...piano, pitchEnvelope: { attack: 10, decay: 10, sustain: 1024, release: 10, amplitude: 3000 } },
      4000,
      100,
    );
    expect(Math.max(...high.map((i) => Math.max(i.frequency, i.endFrequency)))).toBe(5000);
  });

  it('scales by the music volume (0-255, clamped)', () => {
    const loud = renderInstrumentNote(piano, 440, 300, 255);
    const quiet = renderInstrumentNote(piano, 440, 300, 51);
    const over = renderInstrumentNote(piano, 440, 300, 999);
    expect(Math.max(...quiet.map((i) => i.startVolume))).toBeCloseTo(
      Math.max(...loud.map((i) => i.startVolume)) / 5,
      5,
    );
    expect(over).toEqual(loud);
  });
});

describe('drums', () => {
  it('glide step by step and end with a 10 ms fade', () => {
    const hit = renderDrumHit({
      startFrequency: 150,
      startVolume: 1024,
      steps: [
        { waveform: InstructionWave.Sine, frequency: 90, volume: 800, duration: 20 },
        { waveform: InstructionWave.Noise, frequency: 1, volume: 0, duration: 100 },
      ],
    });
    expect(hit.map((i) => [i.wave, i.frequency, i.endFrequency, i.durationMs])).toEqual([
      [InstructionWave.Sine, 150, 90, 20],
      [InstructionWave.Noise, 90, 1, 100],
      [InstructionWave.Noise, 1, 1, 10],
    ]);
    expect(hit.map((i) => i.startVolume)).toEqual([1024, 800, 0]);
  });

  it('clamp volumes to 0-1024 and frequencies to 1-5000', () => {
    const hit = renderDrumHit({
      startFrequency: 9000,
      startVolume: 4000,
      steps: [{ waveform: InstructionWave.Sine, frequency: 0, volume: -5, duration: 20 }],
    });
    expect(hit[0]).toMatchObject({ frequency: 5000, endFrequency: 1, startVolume: 1024, endVolume: 0 });
  });
});
