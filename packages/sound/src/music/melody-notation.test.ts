import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMelody, melodyTones, parseMelody, type MelodyNote } from './melody-notation.ts';

const hz = (text: string | string[], resetOctave = false) => melodyTones(parseMelody(text, { resetOctave }), 120);

describe('melody notation', () => {
  it('reads note, octave and duration, carrying octave and duration forward', () => {
    expect(hz('C5:4 D E F')).toEqual([
      { frequency: 523, durationMs: 500 },
      { frequency: 587, durationMs: 500 },
      { frequency: 659, durationMs: 500 },
      { frequency: 698, durationMs: 500 },
    ]);
    expect(hz('a4:1 b:2 c5').map((t) => [t.frequency, t.durationMs])).toEqual([
      [440, 125],
      [494, 250],
      [523, 250],
    ]);
  });

  it('reads sharps, flats and rests', () => {
    expect(hz('c#4 eb bb r:2 - R').map((t) => t.frequency)).toEqual([277, 311, 466, 0, 0, 0]);
    expect(hz('r:2').map((t) => t.durationMs)).toEqual([250]);
    expect(hz('cb5 b#3').map((t) => t.frequency)).toEqual([494, 262]);
  });

  it('splits notes written together and skips characters that mean nothing', () => {
    expect(hz('CDE').map((t) => t.frequency)).toEqual([262, 294, 330]);
    expect(hz('5C!  x').map((t) => t.frequency)).toEqual([262, 0]);
    expect(hz('c:0').map((t) => t.durationMs)).toEqual([125]);
  });

  it('resets to octave 4 for melody-editor strings', () => {
    expect(hz('E D G F B A C5 B', true).map((t) => t.frequency)).toEqual([330, 294, 392, 349, 494, 440, 523, 494]);
    expect(
      hz('E D G F B A C5 B')
        .map((t) => t.frequency)
        .slice(-1),
    ).toEqual([988]);
  });

  it('reads an array of note strings one note per entry', () => {
    expect(hz(['c4:1', 'e', 'g', 'c5 d e']).map((t) => t.frequency)).toEqual([262, 330, 392, 523]);
  });

  it('writes the shortest text that reads back the same', () => {
    expect(formatMelody(parseMelody('c4:4 d4:4 e5:2 r:2 f#5:2'))).toBe('C D E5:2 R F#');
    expect(formatMelody(parseMelody('E D C5 B', { resetOctave: true }), { resetOctave: true })).toBe('E D C5 B');
  });

  const note: fc.Arbitrary<MelodyNote> = fc.oneof(
    fc.record({ rest: fc.constant(true), key: fc.constant(0), duration: fc.integer({ min: 1, max: 64 }) }),
    fc.record({
      rest: fc.constant(false),
      key: fc.integer({ min: 0, max: 120 }),
      duration: fc.integer({ min: 1, max: 64 }),
    }),
  );

  it('round-trips notes through text in both octave modes (fuzzed)', () => {
    fc.assert(
      fc.property(fc.array(note, { maxLength: 30 }), fc.boolean(), (notes, resetOctave) => {
        expect(parseMelody(formatMelody(notes, { resetOctave }), { resetOctave })).toEqual(notes);
      }),
      { numRuns: 500 },
    );
  });

  it('reads any text without throwing, stably (fuzzed)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'abcdefgABCDEFGrR-#:0123456789 x'), maxLength: 60 }), (text) => {
        const once = parseMelody(text);
        expect(parseMelody(formatMelody(once))).toEqual(once);
        for (const n of once) expect(n.duration).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 1000 },
    );
  });
});
