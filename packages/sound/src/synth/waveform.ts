// Oscillator shapes the synthesizer can draw, and how the two MakeCode numberings map onto them:
// sound expressions number their waves 0-4, sound instructions (songs, drums) use the mixer's
// codes (1 triangle, 2 sawtooth, 3 sine, 4 tuned noise, 5 noise, 11-15 square duty 10-50 %,
// 16-18 cycle noise).

/** The synthesizer's own oscillator kinds. */
export const Osc = {
  Silence: 0,
  Sine: 1,
  Sawtooth: 2,
  Triangle: 3,
  Square: 4,
  /** White noise, independent of the frequency. */
  Noise: 5,
  /** Sample-and-hold noise whose brightness follows the frequency (sound expressions' "noise"). */
  PitchedNoise: 6,
  /** One square cycle per period, randomly on or off (instruction wave 4). */
  TunedNoise: 7,
  /** Like tuned noise but repeating a fixed on/off pattern of 16, 32 or 64 cycles (waves 16-18). */
  CycleNoise: 8,
} as const;
type OscKind = (typeof Osc)[keyof typeof Osc];

/** An oscillator choice: the kind plus its one parameter (square duty 0-1, or cycle-noise length). */
export interface OscShape {
  readonly kind: OscKind;
  readonly param: number;
}

/** Sound-expression wave numbers (`WaveShape` in the micro:bit API). */
export const WaveShape = { Sine: 0, Sawtooth: 1, Triangle: 2, Square: 3, Noise: 4 } as const;
export type WaveShape = (typeof WaveShape)[keyof typeof WaveShape];

const SILENCE: OscShape = { kind: Osc.Silence, param: 0 };

/** The oscillator for a sound-expression wave (0-4; callers clamp first). */
export function expressionWaveShape(wave: number): OscShape {
  switch (wave) {
    case WaveShape.Sine:
      return { kind: Osc.Sine, param: 0 };
    case WaveShape.Sawtooth:
      return { kind: Osc.Sawtooth, param: 0 };
    case WaveShape.Triangle:
      return { kind: Osc.Triangle, param: 0 };
    case WaveShape.Square:
      return { kind: Osc.Square, param: 0.5 };
    case WaveShape.Noise:
      return { kind: Osc.PitchedNoise, param: 0 };
    default:
      return SILENCE;
  }
}

/** Instruction (mixer) wave codes. */
export const InstructionWave = {
  Silence: 0,
  Triangle: 1,
  Sawtooth: 2,
  Sine: 3,
  TunedNoise: 4,
  Noise: 5,
  Square10: 11,
  Square20: 12,
  Square30: 13,
  Square40: 14,
  Square50: 15,
  CycleNoise16: 16,
  CycleNoise32: 17,
  CycleNoise64: 18,
} as const;

/** The oscillator for an instruction wave code; unknown codes are silent. */
export function instructionWaveShape(wave: number): OscShape {
  if (wave === InstructionWave.Triangle) return { kind: Osc.Triangle, param: 0 };
  if (wave === InstructionWave.Sawtooth) return { kind: Osc.Sawtooth, param: 0 };
  if (wave === InstructionWave.Sine) return { kind: Osc.Sine, param: 0 };
  if (wave === InstructionWave.TunedNoise) return { kind: Osc.TunedNoise, param: 0 };
  if (wave === InstructionWave.Noise) return { kind: Osc.Noise, param: 0 };
  if (wave >= InstructionWave.Square10 && wave <= InstructionWave.Square50) {
    return { kind: Osc.Square, param: (wave - 10) / 10 };
  }
  if (wave >= InstructionWave.CycleNoise16 && wave <= InstructionWave.CycleNoise64) {
    return { kind: Osc.CycleNoise, param: 16 << (wave - InstructionWave.CycleNoise16) };
  }
  return SILENCE;
}

/** Square waves sound much louder than the rest at the same amplitude, so instructions halve them. */
export function isInstructionSquare(wave: number): boolean {
  return wave >= InstructionWave.Square10 && wave <= InstructionWave.Square50;
}
