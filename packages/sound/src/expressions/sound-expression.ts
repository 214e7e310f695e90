// The sound-expression text format (spec 002 §3, §5), compatible with MakeCode's: each sound is
// 72 decimal digits of zero-padded fields, sounds are separated by commas. Field layout:
//
//   at width field                at width field
//    0   1    wave (0-4)          36   4    fx parameter
//    1   4    volume (0-1023)     40   4    fx steps (per 10 s)
//    5   4    frequency (Hz)      44   4    frequency randomness
//    9   4    duration (ms)       48   4    end frequency randomness
//   13   2    shape               52   4    volume randomness
//   15   3    (legacy, unused)    56   4    end volume randomness
//   18   4    end frequency       60   4    duration randomness
//   22   4    (legacy, unused)    64   4    fx parameter randomness
//   26   4    end volume          68   4    fx steps randomness
//   30   4    steps
//   34   2    fx (0-3)
//
// Parsing is strict (digits only, exact lengths) so that every string we accept formats back to
// itself; range limits (volume, wave, fx) are applied when the sound is synthesized.

export const SOUND_EXPRESSION_ITEM_LENGTH = 72;

export interface SoundRandomness {
  frequency: number;
  endFrequency: number;
  volume: number;
  endVolume: number;
  duration: number;
  fxParam: number;
  fxSteps: number;
}

/** One 72-digit sound, field by field. */
export interface SoundExpressionItem {
  wave: number;
  volume: number;
  frequency: number;
  duration: number;
  shape: number;
  /** Digits 15-17: once a start frequency, now ignored; kept so text round-trips exactly. */
  legacyFrequency: number;
  endFrequency: number;
  /** Digits 22-25: once a start volume, now ignored; kept so text round-trips exactly. */
  legacyVolume: number;
  endVolume: number;
  steps: number;
  fx: number;
  fxParam: number;
  fxSteps: number;
  randomness: SoundRandomness;
}

type NumericField = Exclude<keyof SoundExpressionItem, 'randomness'>;
type Field = { at: number; width: number } & ({ key: NumericField } | { random: keyof SoundRandomness });

const FIELDS: readonly Field[] = [
  { key: 'wave', at: 0, width: 1 },
  { key: 'volume', at: 1, width: 4 },
  { key: 'frequency', at: 5, width: 4 },
  { key: 'duration', at: 9, width: 4 },
  { key: 'shape', at: 13, width: 2 },
  { key: 'legacyFrequency', at: 15, width: 3 },
  { key: 'endFrequency', at: 18, width: 4 },
  { key: 'legacyVolume', at: 22, width: 4 },
  { key: 'endVolume', at: 26, width: 4 },
  { key: 'steps', at: 30, width: 4 },
  { key: 'fx', at: 34, width: 2 },
  { key: 'fxParam', at: 36, width: 4 },
  { key: 'fxSteps', at: 40, width: 4 },
  { random: 'frequency', at: 44, width: 4 },
  { random: 'endFrequency', at: 48, width: 4 },
  { random: 'volume', at: 52, width: 4 },
  { random: 'endVolume', at: 56, width: 4 },
  { random: 'duration', at: 60, width: 4 },
  { random: 'fxParam', at: 64, width: 4 },
  { random: 'fxSteps', at: 68, width: 4 },
];

/** A sound with every field 0, for building sounds field by field. */
export function blankSoundItem(): SoundExpressionItem {
  return {
    wave: 0,
    volume: 0,
    frequency: 0,
    duration: 0,
    shape: 0,
    legacyFrequency: 0,
    endFrequency: 0,
    legacyVolume: 0,
    endVolume: 0,
    steps: 0,
    fx: 0,
    fxParam: 0,
    fxSteps: 0,
    randomness: { frequency: 0, endFrequency: 0, volume: 0, endVolume: 0, duration: 0, fxParam: 0, fxSteps: 0 },
  };
}

export interface SoundExpressionError {
  /** Plain-language explanation, ready to show. */
  message: string;
  /** 0-based character index of the problem in the text as given. */
  index: number;
}

export type ParseSoundExpressionResult =
  { ok: true; items: SoundExpressionItem[] } | { ok: false; error: SoundExpressionError };

const fail = (message: string, index: number): ParseSoundExpressionResult => ({
  ok: false,
  error: { message, index },
});

function describeChar(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (char === ' ') return 'a space';
  if (code < 32 || code === 127) return `a control character (code ${code})`;
  return `"${char}"`;
}

/**
 * Reads a sound expression. Valid text is one or more groups of exactly 72 digits joined by
 * single commas (spec 002 §5); anything else is rejected with a message saying what and where.
 */
export function parseSoundExpression(text: string): ParseSoundExpressionResult {
  if (text.length === 0) return fail('The sound expression is empty: it needs at least one sound of 72 digits.', 0);
  const items: SoundExpressionItem[] = [];
  for (let start = 0; ; start += SOUND_EXPRESSION_ITEM_LENGTH + 1) {
    const number = items.length + 1;
    const chunk = text.slice(start, start + SOUND_EXPRESSION_ITEM_LENGTH);
    for (let i = 0; i < chunk.length; i++) {
      const char = chunk[i] as string;
      if (char >= '0' && char <= '9') continue;
      if (char === ',') {
        return fail(
          `Sound ${number} is only ${i} digits long; every sound in a sound expression has exactly 72 digits.`,
          start + i,
        );
      }
      return fail(
        `Sound ${number} has ${describeChar(char)} at character ${start + i + 1}; only the digits 0-9 may appear.`,
        start + i,
      );
    }
    if (chunk.length < SOUND_EXPRESSION_ITEM_LENGTH) {
      return fail(
        `Sound ${number} is only ${chunk.length} digits long; every sound in a sound expression has exactly 72 digits.`,
        text.length,
      );
    }
    const item = blankSoundItem();
    for (const field of FIELDS) {
      const value = Number(chunk.slice(field.at, field.at + field.width));
      if ('key' in field) item[field.key] = value;
      else item.randomness[field.random] = value;
    }
    items.push(item);
    const end = start + SOUND_EXPRESSION_ITEM_LENGTH;
    if (end === text.length) break;
    const separator = text[end] as string;
    if (separator !== ',') {
      return fail(
        `Expected a comma after sound ${number} (character ${end + 1}), but found ${describeChar(separator)}. ` +
          'Each sound is exactly 72 digits.',
        end,
      );
    }
    if (end + 1 === text.length) {
      return fail('The sound expression ends with a comma; remove it or add another 72-digit sound.', end);
    }
  }
  return { ok: true, items };
}

function digits(value: number, width: number): string {
  const max = 10 ** width - 1;
  const whole = Math.trunc(Number.isFinite(value) ? value : 0);
  return String(Math.max(0, Math.min(max, whole))).padStart(width, '0');
}

/** Writes one sound as 72 digits. Values are truncated to integers and clamped to their field's digits. */
export function formatSoundItem(item: SoundExpressionItem): string {
  let out = '';
  for (const field of FIELDS) {
    const value = 'key' in field ? item[field.key] : item.randomness[field.random];
    out += digits(value, field.width);
  }
  return out;
}

/** Writes sounds as a sound expression (72 digits each, joined by commas). */
export function formatSoundExpression(items: readonly SoundExpressionItem[]): string {
  return items.map(formatSoundItem).join(',');
}
