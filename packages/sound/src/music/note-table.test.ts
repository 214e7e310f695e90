import { describe, expect, it } from 'vitest';
import { melodyNoteFrequency, NOTE_FREQUENCIES, noteFrequency, songNoteFrequency } from './note-table.ts';
import { SCALES, scaleFrequency, scaleRatios } from './scales.ts';
import { BeatFraction, beatMs, melodyTickMs, normalizeTempo } from './tempo.ts';

describe('note table', () => {
  it('runs from 31 Hz (B0) to 7902 Hz (B8), rising, with A4 = 440 Hz', () => {
    expect(NOTE_FREQUENCIES[0]).toBe(31);
    expect(NOTE_FREQUENCIES[NOTE_FREQUENCIES.length - 1]).toBe(7902);
    expect(NOTE_FREQUENCIES[46]).toBe(440);
    for (let i = 1; i < NOTE_FREQUENCIES.length; i++) {
      expect(NOTE_FREQUENCIES[i] as number).toBeGreaterThan(NOTE_FREQUENCIES[i - 1] as number);
    }
  });

  it('matches the micro:bit note values', () => {
    expect(['C4', 'C#4', 'D4', 'Eb4', 'E4', 'F4', 'F#4', 'G4', 'G#4', 'A4', 'Bb4', 'B4'].map(noteFrequency)).toEqual([
      262, 277, 294, 311, 330, 349, 370, 392, 415, 440, 466, 494,
    ]);
    expect(noteFrequency('C5')).toBe(523);
    expect(noteFrequency('C3')).toBe(131);
    expect(noteFrequency('H2')).toBeNull();
  });

  it('addresses notes by octave and note the way melody strings do', () => {
    expect(melodyNoteFrequency(4, 10)).toBe(440);
    expect(melodyNoteFrequency(1, 0)).toBe(31);
    expect(melodyNoteFrequency(0, 5)).toBe(0);
    expect(melodyNoteFrequency(9, 1)).toBe(8372); // beyond the table: the same temperament
    expect(songNoteFrequency(37)).toBe(262);
    expect(songNoteFrequency(-1)).toBe(0);
  });
});

describe('scales', () => {
  it('have the sizes of spec 002 §9', () => {
    expect(Object.fromEntries(Object.entries(SCALES).map(([name, notes]) => [name, notes.length]))).toEqual({
      chromatic: 12,
      major: 7,
      minor: 7,
      pentatonic: 5,
      majorTriad: 3,
      minorTriad: 3,
      diminished: 4,
      wholeTone: 6,
    });
  });

  it('continue into the next octave past their last note', () => {
    expect(scaleFrequency(440, 'majorTriad', 0)).toBe(440);
    expect(scaleFrequency(440, 'majorTriad', 3)).toBe(880);
    expect(scaleFrequency(440, 'major', 7 + 4)).toBeCloseTo(880 * 2 ** (7 / 12));
    expect(scaleRatios('wholeTone')[3]).toBeCloseTo(Math.SQRT2);
  });
});

describe('tempo', () => {
  it('computes beats with the device integer arithmetic', () => {
    expect(beatMs(BeatFraction.Whole, 120)).toBe(500);
    expect(beatMs(BeatFraction.Quarter, 120)).toBe(125);
    expect(beatMs(BeatFraction.Sixteenth, 100)).toBe(37);
    expect(beatMs(BeatFraction.Breve, 120)).toBe(2000);
    expect(melodyTickMs(120)).toBe(125);
    expect(normalizeTempo(0)).toBe(120);
    expect(normalizeTempo(0.5)).toBe(1);
  });
});
