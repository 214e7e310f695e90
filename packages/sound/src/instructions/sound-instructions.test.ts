import { describe, expect, it } from 'vitest';
import { INSTRUCTION_GAIN } from '../constants.ts';
import { Osc } from '../synth/waveform.ts';
import {
  decodeSoundInstructions,
  encodeSoundInstructions,
  instructionsToSegments,
  SOUND_INSTRUCTION_BYTES,
  type SoundInstruction,
} from './sound-instructions.ts';

const glide: SoundInstruction = {
  wave: 3,
  frequency: 440,
  endFrequency: 880,
  durationMs: 250,
  startVolume: 1024,
  endVolume: 512,
};

describe('sound instructions', () => {
  it('pack into 12 little-endian bytes each', () => {
    const bytes = encodeSoundInstructions([glide]);
    expect(bytes).toHaveLength(SOUND_INSTRUCTION_BYTES);
    expect([...bytes]).toEqual([3, 0, 0xb8, 0x01, 0xfa, 0x00, 0x00, 0x04, 0x00, 0x02, 0x70, 0x03]);
    expect(decodeSoundInstructions(bytes)).toEqual([glide]);
  });

  it('ignore a trailing partial record (the device terminator)', () => {
    const bytes = new Uint8Array([...encodeSoundInstructions([glide, glide]), 0]);
    expect(decodeSoundInstructions(bytes)).toHaveLength(2);
  });

  it('become segments that never drift from the millisecond total', () => {
    const many = Array.from({ length: 100 }, () => ({ ...glide, durationMs: 7 }));
    const segments = instructionsToSegments(many, 44_100);
    expect(segments.reduce((sum, s) => sum + s.samples, 0)).toBe(Math.round(0.7 * 44_100));
  });

  it('map volumes to gain, halve squares, and turn wave 0 into silence', () => {
    const [sine, square, rest] = instructionsToSegments([glide, { ...glide, wave: 15 }, { ...glide, wave: 0 }]);
    expect(sine?.startGain).toBeCloseTo(INSTRUCTION_GAIN);
    expect(sine?.endGain).toBeCloseTo(INSTRUCTION_GAIN / 2);
    expect(square?.startGain).toBeCloseTo(INSTRUCTION_GAIN / 2);
    expect(square?.shape).toEqual({ kind: Osc.Square, param: 0.5 });
    expect(rest?.startGain).toBe(0);
    expect(rest?.shape.kind).toBe(Osc.Silence);
  });
});
