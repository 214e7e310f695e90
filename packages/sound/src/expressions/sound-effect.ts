// Building sound expressions the way the micro:bit API's `music.createSoundEffect` does: the
// block's friendly parameters (volumes 0-255, three interpolation curves, three effects) become
// the 72-digit fields, with the same defaults for steps and effect parameters.
import type { WaveShape } from '../synth/waveform.ts';
import { blankSoundItem, formatSoundItem, type SoundExpressionItem } from './sound-expression.ts';

/** `InterpolationCurve` of the micro:bit API. */
export const InterpolationCurve = { Linear: 0, Curve: 1, Logarithmic: 2 } as const;
export type InterpolationCurve = (typeof InterpolationCurve)[keyof typeof InterpolationCurve];

/** `SoundExpressionEffect` of the micro:bit API (also the fx field's values). */
export const SoundExpressionEffect = { None: 0, Vibrato: 1, Tremolo: 2, Warble: 3 } as const;
export type SoundExpressionEffect = (typeof SoundExpressionEffect)[keyof typeof SoundExpressionEffect];

/** The shape field's values (spec 002 §9): how the frequency moves from start to end. */
export const InterpolationShape = {
  None: 0,
  Linear: 1,
  Curve: 2,
  ExponentialRising: 5,
  ExponentialFalling: 6,
  ArpeggioRisingMajor: 8,
  ArpeggioFallingMajor: 9,
  ArpeggioRisingMinor: 10,
  ArpeggioFallingMinor: 11,
  ArpeggioRisingDiminished: 12,
  ArpeggioFallingDiminished: 13,
  ArpeggioRisingChromatic: 14,
  ArpeggioFallingChromatic: 15,
  ArpeggioRisingWholeTone: 16,
  ArpeggioFallingWholeTone: 17,
  Logarithmic: 18,
} as const;
export type InterpolationShape = (typeof InterpolationShape)[keyof typeof InterpolationShape];

const clamp = (value: number, min: number, max: number): number =>
  Math.max(min, Math.min(max, Number.isFinite(value) ? value : min));

/** Block volume (0-255) to the expression's 0-1023 scale, truncating like the device. */
function blockVolumeToExpression(volume: number): number {
  return clamp(Math.trunc((clamp(volume, 0, 255) / 255) * 1023), 0, 1023);
}

export interface SoundEffectOptions {
  waveShape: WaveShape;
  startFrequency: number;
  endFrequency: number;
  /** 0-255, like the block. */
  startVolume: number;
  endVolume: number;
  durationMs: number;
  effect?: SoundExpressionEffect;
  interpolation?: InterpolationCurve;
}

/** One sound with the block's defaults for steps and effect parameters. */
function createSoundEffectItem(options: SoundEffectOptions): SoundExpressionItem {
  const item = blankSoundItem();
  item.wave = clamp(Math.trunc(options.waveShape), 0, 4);
  item.volume = blockVolumeToExpression(options.startVolume);
  item.frequency = clamp(Math.trunc(options.startFrequency), 0, 9999);
  item.duration = clamp(Math.trunc(options.durationMs), 0, 9999);
  item.endFrequency = clamp(Math.trunc(options.endFrequency), 0, 9999);
  item.endVolume = blockVolumeToExpression(options.endVolume);
  const effect = clamp(Math.trunc(options.effect ?? SoundExpressionEffect.None), 0, 3);
  item.fx = effect;
  switch (options.interpolation ?? InterpolationCurve.Linear) {
    case InterpolationCurve.Curve:
      item.shape = InterpolationShape.Curve;
      item.steps = 90;
      break;
    case InterpolationCurve.Logarithmic:
      item.shape = InterpolationShape.Logarithmic;
      item.steps = 90;
      break;
    default:
      item.shape = InterpolationShape.Linear;
      item.steps = 128;
  }
  if (effect === SoundExpressionEffect.Vibrato) {
    item.fxParam = 2;
    item.fxSteps = 512;
  } else if (effect === SoundExpressionEffect.Tremolo) {
    item.fxParam = 3;
    item.fxSteps = 900;
  } else if (effect === SoundExpressionEffect.Warble) {
    item.fxParam = 2;
    item.fxSteps = 700;
  }
  return item;
}

/** `music.createSoundEffect(...)`: the sound expression text for one sound. */
export function createSoundEffect(options: SoundEffectOptions): string {
  return formatSoundItem(createSoundEffectItem(options));
}
