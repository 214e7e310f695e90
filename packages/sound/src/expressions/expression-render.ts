// From a sound expression to synthesizer segments. Like the device, a sound runs three effect
// slots in fixed steps across its duration: slot 0 moves the frequency along the shape, slot 1
// ramps the volume in 36 steps, slot 2 applies the fx (vibrato, tremolo or warble). Between
// steps the frequency and volume hold still; the voice's gain slew smooths the volume steps.
import { EXPRESSION_GAIN, SAMPLE_RATE } from '../constants.ts';
import { randomInt, type RandomSource } from '../random.ts';
import { scaleFrequency, type ScaleName } from '../music/scales.ts';
import type { Segment } from '../synth/segment.ts';
import { expressionWaveShape } from '../synth/waveform.ts';
import { InterpolationShape, SoundExpressionEffect } from './sound-effect.ts';
import type { SoundExpressionItem, SoundRandomness } from './sound-expression.ts';

/** Steps of the volume ramp (spec 002 §9). */
const VOLUME_RAMP_STEPS = 36;
/** Effect steps are given per 10 s of sound and spread over its real duration. */
const FX_STEPS_PER_MS = 1 / 10_000;

/** A sound with its randomness applied and its ranges clamped (spec 002 §5). */
export interface ResolvedSound {
  wave: number;
  /** 0-1023. */
  volume: number;
  frequency: number;
  durationMs: number;
  shape: number;
  endFrequency: number;
  /** 0-1023. */
  endVolume: number;
  steps: number;
  /** 0-3. */
  fx: number;
  fxParam: number;
  fxSteps: number;
}

export type ResolveResult = { ok: true; sound: ResolvedSound } | { ok: false; message: string };

const FIELD_NAMES: Record<keyof SoundRandomness, string> = {
  frequency: 'frequency',
  endFrequency: 'end frequency',
  volume: 'volume',
  endVolume: 'end volume',
  duration: 'duration',
  fxParam: 'effect parameter',
  fxSteps: 'effect steps',
};

const clamp = (value: number, min: number, max: number): number => Math.max(min, Math.min(max, value));

/**
 * Applies the randomness fields: each value moves by a whole number in [-randomness, +randomness].
 * A value that is, or comes out, negative invalidates the sound (spec 002 §5).
 */
export function resolveSound(item: SoundExpressionItem, random: RandomSource): ResolveResult {
  const values: Record<keyof SoundRandomness, number> = {
    frequency: item.frequency,
    endFrequency: item.endFrequency,
    volume: item.volume,
    endVolume: item.endVolume,
    duration: item.duration,
    fxParam: item.fxParam,
    fxSteps: item.fxSteps,
  };
  for (const key of Object.keys(values) as (keyof SoundRandomness)[]) {
    const value = values[key];
    const spread = item.randomness[key];
    const moved = spread > 0 ? value + randomInt(random, spread * 2 + 1) - spread : value;
    if (!Number.isFinite(moved) || value < 0 || spread < 0 || moved < 0) {
      return { ok: false, message: `its ${FIELD_NAMES[key]} came out negative after randomness` };
    }
    values[key] = moved;
  }
  return {
    ok: true,
    sound: {
      wave: clamp(Math.trunc(item.wave), 0, 4),
      volume: clamp(values.volume, 0, 1023),
      frequency: values.frequency,
      durationMs: values.duration,
      shape: item.shape,
      endFrequency: values.endFrequency,
      endVolume: clamp(values.endVolume, 0, 1023),
      steps: item.steps,
      fx: clamp(Math.trunc(item.fx), 0, 3),
      fxParam: values.fxParam,
      fxSteps: values.fxSteps,
    },
  };
}

const ARPEGGIO_SCALES: Readonly<Record<number, ScaleName>> = {
  8: 'major',
  9: 'major',
  10: 'minor',
  11: 'minor',
  12: 'diminished',
  13: 'diminished',
  14: 'chromatic',
  15: 'chromatic',
  16: 'wholeTone',
  17: 'wholeTone',
};

/** The frequency slot 0 sets at `step` of `steps`, or null when the shape leaves it alone. */
function shapeFrequency(sound: ResolvedSound, step: number, steps: number): number | null {
  const start = sound.frequency;
  const end = sound.endFrequency;
  switch (sound.shape) {
    case InterpolationShape.Linear:
      return start + ((end - start) / steps) * step;
    case InterpolationShape.Curve:
      // A quarter sine: fast at first, easing into the end frequency by step 90.
      return Math.sin((step * 3.12159) / 180) * (end - start) + start;
    case InterpolationShape.ExponentialRising:
      return start + Math.sin(0.01745329 * step) * end;
    case InterpolationShape.ExponentialFalling:
      return start + Math.cos(0.01745329 * step) * end;
    case InterpolationShape.Logarithmic:
      // log10(0) would be -Infinity on the first step; the first step plays the start frequency.
      return start + (Math.log10(Math.max(1, step)) * (end - start)) / 1.95;
    default: {
      const scale = ARPEGGIO_SCALES[sound.shape];
      if (!scale) return null;
      const rising = sound.shape % 2 === 0;
      return scaleFrequency(start, scale, rising ? step : steps - step - 1);
    }
  }
}

interface SlotState {
  steps: number;
  samplesPerStep: number;
  step: number;
}

/** The segments of one resolved sound: frequency and volume held between effect steps. */
export function soundToSegments(sound: ResolvedSound, sampleRate = SAMPLE_RATE): Segment[] {
  const total = Math.floor((sampleRate * Math.abs(sound.durationMs)) / 1000);
  const shape = expressionWaveShape(sound.wave);
  if (total <= 0) return [];
  const fxSteps = sound.fx === SoundExpressionEffect.None ? 1 : sound.durationMs * FX_STEPS_PER_MS * sound.fxSteps;
  const slots: SlotState[] = [Math.max(sound.steps, 1), VOLUME_RAMP_STEPS, Math.max(fxSteps, 1)].map((steps) => ({
    steps,
    samplesPerStep: Math.floor(total / steps),
    step: 0,
  }));
  const startVolume = sound.volume / 1023;
  const endVolume = sound.endVolume / 1023;
  let frequency = sound.frequency;
  let volume = startVolume;
  let written = 0;
  const segments: Segment[] = [];
  const emit = (samples: number): void => {
    const hz = Number.isFinite(frequency) ? Math.max(0, frequency) : 0;
    const gain = (Number.isFinite(volume) ? clamp(volume, 0, 1) : 0) * EXPRESSION_GAIN;
    const last = segments[segments.length - 1];
    if (last && last.startFrequency === hz && last.startGain === gain) {
      segments[segments.length - 1] = { ...last, samples: last.samples + samples };
    } else {
      segments.push({ samples, shape, startFrequency: hz, endFrequency: hz, startGain: gain, endGain: gain });
    }
  };
  const slotEnd = (slot: SlotState): number => (slot.step === slot.steps - 1 ? total : slot.samplesPerStep * slot.step);

  while (written < total) {
    let next = Number.POSITIVE_INFINITY;
    for (const slot of slots) if (slot.step < slot.steps) next = Math.min(next, slotEnd(slot));
    if (next === Number.POSITIVE_INFINITY) next = total;
    next = Math.min(next, total);
    if (next > written) {
      emit(next - written);
      written = next;
    }
    let applied = false;
    slots.forEach((slot, index) => {
      if (slot.step >= slot.steps || slotEnd(slot) !== written) return;
      applied = true;
      const step = slot.step;
      if (index === 0) {
        const hz = shapeFrequency(sound, step, slot.steps);
        if (hz !== null) frequency = hz;
      } else if (index === 1) {
        volume = startVolume + ((endVolume - startVolume) / slot.steps) * step;
      } else if (step > 0 && sound.fx === SoundExpressionEffect.Vibrato && sound.fxParam > 0) {
        frequency = step % 2 === 0 ? frequency / sound.fxParam : frequency * sound.fxParam;
      } else if (step > 0 && sound.fx === SoundExpressionEffect.Tremolo && sound.fxParam > 0) {
        volume = step % 2 === 0 ? volume / sound.fxParam : volume * sound.fxParam;
      } else if (sound.fx === SoundExpressionEffect.Warble) {
        frequency = Math.sin(step) * (sound.fxParam - sound.frequency) + sound.frequency;
      }
      slot.step++;
    });
    if (!applied && written < total) {
      // Cannot happen with the step arithmetic above; finish the sound rather than spin.
      emit(total - written);
      written = total;
    }
  }
  return segments;
}
