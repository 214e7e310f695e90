// The built-in sound effects, by the micro:bit API's names (`soundExpression.giggle` …). The
// names are MakeCode's; the sounds are Blockyard's own designs, written out field by field.
import { WaveShape } from '../synth/waveform.ts';
import { InterpolationShape, SoundExpressionEffect } from './sound-effect.ts';
import { blankSoundItem, formatSoundExpression, type SoundExpressionItem } from './sound-expression.ts';

export const BUILT_IN_SOUND_EFFECT_NAMES = [
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
] as const;
export type BuiltInSoundEffectName = (typeof BUILT_IN_SOUND_EFFECT_NAMES)[number];

type SoundSpec = Partial<Omit<SoundExpressionItem, 'randomness'>> & {
  randomness?: Partial<SoundExpressionItem['randomness']>;
};

function sound(spec: SoundSpec): SoundExpressionItem {
  const item = blankSoundItem();
  Object.assign(item, { ...spec, randomness: { ...item.randomness, ...spec.randomness } });
  return item;
}

const { Sine, Sawtooth, Triangle, Square } = WaveShape;
const S = InterpolationShape;
const FX = SoundExpressionEffect;

/** A short chirp that glides from one pitch to another. */
const chirp = (
  wave: number,
  from: number,
  to: number,
  ms: number,
  volume: number,
  endVolume = volume,
): SoundExpressionItem =>
  sound({ wave, frequency: from, endFrequency: to, duration: ms, volume, endVolume, shape: S.Linear, steps: 64 });

const EFFECTS: Record<BuiltInSoundEffectName, SoundExpressionItem[]> = {
  giggle: [
    chirp(Triangle, 620, 940, 70, 700, 600),
    chirp(Triangle, 900, 560, 80, 600, 420),
    chirp(Triangle, 680, 1020, 70, 650, 560),
    chirp(Triangle, 980, 600, 90, 560, 380),
    chirp(Triangle, 720, 1100, 70, 600, 500),
    chirp(Triangle, 1050, 640, 120, 500, 0),
  ],
  happy: [
    sound({
      wave: Sine,
      frequency: 587,
      duration: 420,
      volume: 760,
      endVolume: 700,
      shape: S.ArpeggioRisingMajor,
      steps: 6,
    }),
    sound({
      wave: Sine,
      frequency: 1175,
      endFrequency: 1175,
      duration: 260,
      volume: 700,
      endVolume: 0,
      shape: S.Linear,
      steps: 8,
    }),
  ],
  hello: [
    sound({
      wave: Triangle,
      frequency: 430,
      endFrequency: 760,
      duration: 160,
      volume: 640,
      endVolume: 760,
      shape: S.Curve,
      steps: 90,
    }),
    sound({
      wave: Triangle,
      frequency: 720,
      endFrequency: 520,
      duration: 300,
      volume: 760,
      endVolume: 0,
      shape: S.Linear,
      steps: 96,
    }),
  ],
  mysterious: [
    sound({
      wave: Sine,
      frequency: 233,
      endFrequency: 349,
      duration: 1300,
      volume: 300,
      endVolume: 620,
      shape: S.Curve,
      steps: 90,
      fx: FX.Tremolo,
      fxParam: 2,
      fxSteps: 160,
    }),
    sound({
      wave: Sine,
      frequency: 349,
      endFrequency: 262,
      duration: 900,
      volume: 620,
      endVolume: 0,
      shape: S.Linear,
      steps: 120,
    }),
  ],
  sad: [
    sound({
      wave: Triangle,
      frequency: 523,
      endFrequency: 440,
      duration: 450,
      volume: 620,
      endVolume: 560,
      shape: S.Linear,
      steps: 100,
    }),
    sound({
      wave: Triangle,
      frequency: 415,
      endFrequency: 262,
      duration: 900,
      volume: 560,
      endVolume: 0,
      shape: S.Logarithmic,
      steps: 90,
    }),
  ],
  slide: [
    sound({
      wave: Sine,
      frequency: 240,
      endFrequency: 1320,
      duration: 650,
      volume: 700,
      endVolume: 500,
      shape: S.Linear,
      steps: 128,
    }),
  ],
  soaring: [
    sound({
      wave: Sine,
      frequency: 392,
      endFrequency: 2093,
      duration: 1100,
      volume: 420,
      endVolume: 800,
      shape: S.Curve,
      steps: 90,
    }),
    sound({
      wave: Sine,
      frequency: 2093,
      endFrequency: 2093,
      duration: 350,
      volume: 800,
      endVolume: 0,
      shape: S.Linear,
      steps: 16,
    }),
  ],
  spring: [
    sound({
      wave: Square,
      frequency: 170,
      endFrequency: 760,
      duration: 220,
      volume: 420,
      endVolume: 380,
      shape: S.Curve,
      steps: 90,
    }),
    sound({
      wave: Square,
      frequency: 760,
      endFrequency: 420,
      duration: 420,
      volume: 380,
      endVolume: 0,
      shape: S.Linear,
      steps: 128,
      fx: FX.Warble,
      fxParam: 600,
      fxSteps: 900,
    }),
  ],
  twinkle: [
    sound({
      wave: Sine,
      frequency: 1397,
      duration: 360,
      volume: 520,
      endVolume: 640,
      shape: S.ArpeggioRisingWholeTone,
      steps: 6,
    }),
    sound({
      wave: Sine,
      frequency: 1568,
      duration: 420,
      volume: 640,
      endVolume: 0,
      shape: S.ArpeggioFallingMajor,
      steps: 7,
    }),
  ],
  yawn: [
    sound({
      wave: Sawtooth,
      frequency: 330,
      endFrequency: 520,
      duration: 500,
      volume: 200,
      endVolume: 520,
      shape: S.Curve,
      steps: 90,
    }),
    sound({
      wave: Triangle,
      frequency: 500,
      endFrequency: 196,
      duration: 1300,
      volume: 520,
      endVolume: 0,
      shape: S.Curve,
      steps: 90,
      fx: FX.Tremolo,
      fxParam: 2,
      fxSteps: 60,
    }),
  ],
};

/** The sound expression text of a built-in effect. */
export function builtInSoundEffect(name: BuiltInSoundEffectName): string {
  return formatSoundExpression(EFFECTS[name]);
}

export function isBuiltInSoundEffectName(name: string): name is BuiltInSoundEffectName {
  return (BUILT_IN_SOUND_EFFECT_NAMES as readonly string[]).includes(name);
}
