// What the sound-effect editor edits: the friendly parameters of `music.createSoundEffect` (wave,
// start/end frequency and volume, duration, effect, interpolation). They are read from and written
// to either the expression text (72 digits, @blockyard/sound's format) or the block's own
// parameters (MakeCode's `onParentBlock` editors), and turned into the expression to preview.

import {
  InterpolationCurve,
  InterpolationShape,
  SoundExpressionEffect,
  WaveShape,
  createSoundEffect,
  parseSoundExpression,
} from '@blockyard/sound';

export interface SoundEffectState {
  wave: number;
  startFrequency: number;
  endFrequency: number;
  /** 0-255, like the block. */
  startVolume: number;
  endVolume: number;
  duration: number;
  effect: number;
  interpolation: number;
}

export const defaultSoundEffect: SoundEffectState = {
  wave: WaveShape.Sine,
  startFrequency: 5000,
  endFrequency: 0,
  startVolume: 255,
  endVolume: 0,
  duration: 500,
  effect: SoundExpressionEffect.None,
  interpolation: InterpolationCurve.Linear,
};

/** Enum member names as the API writes them, by value. */
export const waveNames: Readonly<Record<number, string>> = invert(WaveShape);
export const effectNames: Readonly<Record<number, string>> = invert(SoundExpressionEffect);
export const interpolationNames: Readonly<Record<number, string>> = invert(InterpolationCurve);

function invert(table: Readonly<Record<string, number>>): Record<number, string> {
  const result: Record<number, string> = {};
  for (const [name, value] of Object.entries(table)) result[value] = name;
  return result;
}

export const limits = {
  frequency: [0, 5000],
  volume: [0, 255],
  duration: [0, 9999],
} as const;

export function expressionOf(state: SoundEffectState): string {
  return createSoundEffect({
    waveShape: state.wave as WaveShape,
    startFrequency: state.startFrequency,
    endFrequency: state.endFrequency,
    startVolume: state.startVolume,
    endVolume: state.endVolume,
    durationMs: state.duration,
    effect: state.effect as SoundExpressionEffect,
    interpolation: state.interpolation as InterpolationCurve,
  });
}

/** Reads the state from expression text (its first sound); undefined when it is not one. */
export function stateFromExpression(text: string): SoundEffectState | undefined {
  const result = parseSoundExpression(text);
  if (!result.ok) return undefined;
  const item = result.items[0];
  if (!item) return undefined;
  const volume = (v: number) => Math.round((v / 1023) * 255);
  return {
    wave: item.wave,
    startFrequency: item.frequency,
    endFrequency: item.endFrequency,
    startVolume: volume(item.volume),
    endVolume: volume(item.endVolume),
    duration: item.duration,
    effect: item.fx,
    interpolation:
      item.shape === InterpolationShape.Curve
        ? InterpolationCurve.Curve
        : item.shape === InterpolationShape.Logarithmic
          ? InterpolationCurve.Logarithmic
          : InterpolationCurve.Linear,
  };
}

/** Parameter names of `music.createSoundEffect`, by state key. */
export const parameterNames: Readonly<Record<keyof SoundEffectState, string>> = {
  wave: 'waveShape',
  startFrequency: 'startFrequency',
  endFrequency: 'endFrequency',
  startVolume: 'startVolume',
  endVolume: 'endVolume',
  duration: 'duration',
  effect: 'effect',
  interpolation: 'interpolation',
};

/** Enum members of the parameters that are enums (`WaveShape.Sine`), by state key. */
export function enumMember(key: keyof SoundEffectState, value: number): string | undefined {
  if (key === 'wave') return waveNames[value] && `WaveShape.${waveNames[value]}`;
  if (key === 'effect') return effectNames[value] && `SoundExpressionEffect.${effectNames[value]}`;
  if (key === 'interpolation') return interpolationNames[value] && `InterpolationCurve.${interpolationNames[value]}`;
  return undefined;
}

/** The value of an enum member text (`WaveShape.Square` -> 3), or a number text. */
export function enumValueOf(key: keyof SoundEffectState, text: string): number | undefined {
  const name = text.trim().split('.').pop() ?? '';
  const table =
    key === 'wave'
      ? WaveShape
      : key === 'effect'
        ? SoundExpressionEffect
        : key === 'interpolation'
          ? InterpolationCurve
          : undefined;
  if (table && name in table) return (table as Record<string, number>)[name];
  const number = Number(text);
  return text.trim() !== '' && Number.isFinite(number) ? number : undefined;
}

/** Points of the frequency over time, for the editor's picture (x 0..1, y in Hz). */
export function frequencyCurve(state: SoundEffectState, points = 32): [number, number][] {
  const result: [number, number][] = [];
  for (let i = 0; i <= points; i++) {
    const t = i / points;
    let k = t;
    if (state.interpolation === InterpolationCurve.Curve) k = Math.sin((t * Math.PI) / 2);
    else if (state.interpolation === InterpolationCurve.Logarithmic) k = Math.log10(1 + 9 * t);
    result.push([t, state.startFrequency + (state.endFrequency - state.startFrequency) * k]);
  }
  return result;
}
