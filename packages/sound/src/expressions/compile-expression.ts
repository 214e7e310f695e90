// A sound expression (text, or a built-in effect's name) all the way to segments, or a clear
// reason why it plays nothing: an invalid expression is rejected whole (spec 002 §5).
import { SAMPLE_RATE } from '../constants.ts';
import type { RandomSource } from '../random.ts';
import { segmentsLength, type Segment } from '../synth/segment.ts';
import { builtInSoundEffect, isBuiltInSoundEffectName } from './builtin-effects.ts';
import { resolveSound, soundToSegments, type ResolvedSound } from './expression-render.ts';
import { parseSoundExpression, type SoundExpressionError } from './sound-expression.ts';

interface CompiledSoundExpression {
  /** The expression text that was compiled (a built-in name is replaced by its text). */
  text: string;
  sounds: ResolvedSound[];
  segments: Segment[];
  /** Length in samples. */
  samples: number;
}

export type CompileSoundExpressionResult =
  { ok: true; compiled: CompiledSoundExpression } | { ok: false; error: SoundExpressionError };

/** The expression text for a built-in effect name, or the text itself. */
export function expandSoundExpression(textOrName: string): string {
  const name = textOrName.trim();
  return isBuiltInSoundEffectName(name) ? builtInSoundEffect(name) : textOrName;
}

export function compileSoundExpression(
  textOrName: string,
  random: RandomSource,
  sampleRate = SAMPLE_RATE,
): CompileSoundExpressionResult {
  const text = expandSoundExpression(textOrName);
  const parsed = parseSoundExpression(text);
  if (!parsed.ok) return parsed;
  const sounds: ResolvedSound[] = [];
  const segments: Segment[] = [];
  for (const [index, item] of parsed.items.entries()) {
    const resolved = resolveSound(item, random);
    if (!resolved.ok) {
      return {
        ok: false,
        error: { message: `Sound ${index + 1} plays nothing: ${resolved.message}.`, index: index * 73 },
      };
    }
    sounds.push(resolved.sound);
    segments.push(...soundToSegments(resolved.sound, sampleRate));
  }
  return { ok: true, compiled: { text, sounds, segments, samples: segmentsLength(segments) } };
}
