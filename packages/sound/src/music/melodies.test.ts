import { describe, expect, it } from 'vitest';
import { MELODY_NAMES, Melodies, builtInMelody } from './builtin-melodies.ts';
import { MELODY_GALLERY } from './melody-gallery.ts';
import {
  MELODY_GRID_FREQUENCIES,
  gridToMelody,
  melodyGridNoteMs,
  melodyToGrid,
  toggleMelodyGridCell,
} from './melody-grid.ts';
import { melodyTones, parseMelody } from './melody-notation.ts';

describe('built-in melodies', () => {
  it('has the twenty micro:bit melodies in enum order', () => {
    expect(MELODY_NAMES).toHaveLength(20);
    expect(Melodies.Dadadadum).toBe(0);
    expect(Melodies.Birthday).toBe(8);
    expect(Melodies.BaDing).toBe(14);
    expect(Melodies.PowerDown).toBe(19);
  });

  it.each(MELODY_NAMES)('%s parses into audible notes', (name) => {
    const notes = builtInMelody(name);
    expect(notes.length).toBeGreaterThan(1);
    const tones = melodyTones(parseMelody(notes), 120);
    expect(tones.length).toBe(notes.length);
    for (const tone of tones) {
      expect(tone.durationMs).toBeGreaterThan(0);
      if (tone.frequency > 0) {
        expect(tone.frequency).toBeGreaterThanOrEqual(31);
        expect(tone.frequency).toBeLessThanOrEqual(7902);
      }
    }
    expect(tones.some((tone) => tone.frequency > 0)).toBe(true);
  });

  it('looks melodies up by enum value too, and gives nothing for unknown ones', () => {
    expect(builtInMelody(Melodies.JumpUp)).toEqual(builtInMelody('jumpUp'));
    expect(builtInMelody(99)).toEqual([]);
  });
});

describe('melody gallery', () => {
  it('has 10 samples of 8 grid notes at tempo 120', () => {
    expect(MELODY_GALLERY).toHaveLength(10);
    const allowed = new Set(['C', 'D', 'E', 'F', 'G', 'A', 'B', 'C5', '-']);
    for (const sample of MELODY_GALLERY) {
      expect(sample.tempo).toBe(120);
      const tokens = sample.notes.split(' ');
      expect(tokens).toHaveLength(8);
      for (const token of tokens) expect(allowed.has(token)).toBe(true);
    }
    expect(new Set(MELODY_GALLERY.map((m) => m.name)).size).toBe(10);
  });

  it('uses the frequencies and note length of spec 001 §9', () => {
    expect(MELODY_GRID_FREQUENCIES).toEqual({ C5: 523, B: 494, A: 440, G: 392, F: 349, E: 330, D: 294, C: 262 });
    expect(melodyGridNoteMs(120)).toBe(500);
    const tones = melodyTones(parseMelody(MELODY_GALLERY[0]?.notes ?? '', { resetOctave: true }), 120);
    expect(tones.map((t) => t.frequency)).toEqual([262, 294, 330, 349, 392, 440, 494, 523]);
    expect(tones.every((t) => t.durationMs === 500)).toBe(true);
  });
});

describe('melody grid', () => {
  it('converts between text and an 8-column monophonic grid', () => {
    const grid = melodyToGrid('E D G F B A C5 B ');
    expect(grid).toEqual([5, 6, 3, 4, 1, 2, 0, 1]);
    expect(gridToMelody(grid)).toBe('E D G F B A C5 B ');
    expect(melodyToGrid('C - x')).toEqual([7, null, null, null, null, null, null, null]);
    const toggled = toggleMelodyGridCell(grid, 0, 7);
    expect(toggled[0]).toBe(7);
    expect(toggleMelodyGridCell(toggled, 0, 7)[0]).toBeNull();
  });
});
