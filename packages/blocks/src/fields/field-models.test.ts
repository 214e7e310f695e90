import { describe, expect, it } from 'vitest';
import {
  createDefaultSong,
  createSoundEffect,
  DRUM_TRACK_ID,
  encodeSongToHex,
  InterpolationCurve,
  SoundExpressionEffect,
  WaveShape,
} from '@blockyard/sound';
import { ExactNumberField } from './exact-number.ts';
import { pictureText, readPicture, togglePicture } from './led-grid.ts';
import { LenientDropdown } from './lenient-dropdown.ts';
import { melodyNotes, readMelodyText, writeMelodyText } from './melody-text.ts';
import { NotePickerField } from './note-picker-field.ts';
import { noteNameOf, pianoKeys } from './piano.ts';
import { songPreview, UNREADABLE_SONG } from './song-preview.ts';
import { enumMember, enumValueOf, expressionOf, frequencyCurve, stateFromExpression } from './sound-effect-model.ts';

describe('LED matrix', () => {
  it('toggles one light and writes the picture in the decompiler layout', () => {
    const picture = readPicture('`\n# . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . #\n`', 5, 5);
    expect(picture.cells.filter(Boolean)).toHaveLength(2);
    const toggled = togglePicture(picture, 1);
    expect(pictureText(toggled)).toBe('`\n# # . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . #\n`');
    expect(togglePicture(toggled, 1).cells).toEqual(picture.cells);
  });

  it('reads text that is not a picture as all lights off', () => {
    expect(readPicture('hello', 5, 5).cells.every((on) => !on)).toBe(true);
  });
});

describe('melody text', () => {
  it('reads the 8 beats and writes them back with the quotes it came with', () => {
    const text = readMelodyText('"C D E - G A B C5 "');
    expect(text.grid).toEqual([7, 6, 5, null, 3, 2, 1, 0]);
    expect(text.quote).toBe('"');
    expect(writeMelodyText(text.grid, text.quote)).toBe('"C D E - G A B C5 "');
    expect(melodyNotes(text.grid)).toBe('C D E - G A B C5');
  });
});

describe('sound effect model', () => {
  it('reads back the parameters createSoundEffect wrote', () => {
    const expression = createSoundEffect({
      waveShape: WaveShape.Square,
      startFrequency: 1200,
      endFrequency: 300,
      startVolume: 255,
      endVolume: 51,
      durationMs: 750,
      effect: SoundExpressionEffect.Vibrato,
      interpolation: InterpolationCurve.Curve,
    });
    const state = stateFromExpression(expression)!;
    expect(state).toEqual({
      wave: WaveShape.Square,
      startFrequency: 1200,
      endFrequency: 300,
      startVolume: 255,
      endVolume: 51,
      duration: 750,
      effect: SoundExpressionEffect.Vibrato,
      interpolation: InterpolationCurve.Curve,
    });
    expect(expressionOf(state)).toBe(expression);
    expect(stateFromExpression('not a sound')).toBeUndefined();
  });

  it('names enum members as the API writes them and reads them back', () => {
    expect(enumMember('wave', WaveShape.Noise)).toBe('WaveShape.Noise');
    expect(enumValueOf('effect', 'SoundExpressionEffect.Warble')).toBe(SoundExpressionEffect.Warble);
    expect(enumValueOf('duration', '250')).toBe(250);
  });

  it('draws the pitch falling for a falling sweep', () => {
    const curve = frequencyCurve({
      ...stateFromExpression(
        createSoundEffect({
          waveShape: 0,
          startFrequency: 4000,
          endFrequency: 0,
          startVolume: 255,
          endVolume: 0,
          durationMs: 500,
        }),
      )!,
    });
    expect(curve[0]![1]).toBe(4000);
    expect(curve.at(-1)![1]).toBe(0);
  });
});

describe('piano and note picker', () => {
  it('uses the sound engine note table: C4 262 Hz, A4 440 Hz, black keys for sharps', () => {
    const keys = pianoKeys(4, 1);
    expect(keys).toHaveLength(12);
    expect(keys[0]).toMatchObject({ name: 'C4', frequency: 262, black: false });
    expect(keys[1]).toMatchObject({ name: 'C#4', black: true });
    expect(keys[9]).toMatchObject({ name: 'A4', frequency: 440 });
    expect(noteNameOf(523)).toBe('C5');
  });

  it('keeps the value kind: enum members for Note parameters, hertz otherwise', () => {
    const enumField = new NotePickerField('Note.C', {
      options: [
        ['C4', 'Note.C'],
        ['E4', 'Note.E'],
      ],
      frequencies: { 'Note.C': 262, 'Note.E': 330 },
    });
    const [c4, , , , e4] = pianoKeys(4, 1);
    expect(enumField.valueForKey(e4!)).toBe('Note.E');
    expect(enumField.valueForKey(pianoKeys(4, 1)[2]!)).toBeUndefined();
    expect(enumField.frequency()).toBe(262);
    const hertzField = new NotePickerField('440');
    expect(hertzField.valueForKey(c4!)).toBe('262');
    expect(hertzField.frequency()).toBe(440);
  });
});

describe('fields that keep what they are given', () => {
  it('a dropdown keeps a value it does not list', () => {
    const field = new LenientDropdown([
      ['A', 'Button.A'],
      ['B', 'Button.B'],
    ]);
    field.setValue('Button.AB');
    expect(field.getValue()).toBe('Button.AB');
    expect(field.getOptions().map((o) => (o === 'separator' ? o : o[1]))).toContain('Button.AB');
  });

  it('a number keeps its text but constrains what is typed', () => {
    const field = new ExactNumberField('0', 0, 10, 1);
    field.setValue('1e1');
    expect(field.getText()).toBe('1e1');
    const typed = (field as unknown as { getValueFromEditorText_(text: string): unknown }).getValueFromEditorText_(
      '15.4',
    );
    expect(typed).toBe('10');
  });
});

describe('song preview', () => {
  const song = (() => {
    const s = createDefaultSong(2);
    s.tracks[0]!.notes = [
      { startTick: 0, endTick: 8, notes: [{ note: 37, enharmonicSpelling: 'normal' }] },
      { startTick: 32, endTick: 64, notes: [{ note: 49, enharmonicSpelling: 'normal' }] },
    ];
    s.tracks.find((t) => t.id === DRUM_TRACK_ID)!.notes = [
      { startTick: 16, endTick: 17, notes: [{ note: 0, enharmonicSpelling: 'normal' }] },
    ];
    return `hex\`${encodeSongToHex(s)}\``;
  })();

  it('sums the song up and places its notes in time and pitch', () => {
    const preview = songPreview(song, 64, 20);
    expect(preview.ok && preview.summary).toBe('2 measures, 120 bpm');
    if (!preview.ok) return;
    const [low, high, drum] = preview.notes;
    expect(low).toMatchObject({ x: 0, width: 8, drum: false });
    expect(high).toMatchObject({ x: 32, width: 32, drum: false });
    expect(high!.y).toBeLessThan(low!.y); // higher notes sit higher
    expect(drum).toMatchObject({ x: 16, y: 18, drum: true });
  });

  it('shows the default empty song and says when the text is not a song', () => {
    expect(songPreview('hex`00780004080100`', 64, 20)).toMatchObject({
      ok: true,
      summary: '1 measure, 120 bpm',
      notes: [],
    });
    expect(songPreview('hex`0102`', 64, 20)).toMatchObject({ ok: false, summary: UNREADABLE_SONG });
    expect(songPreview('"0078"', 64, 20).ok).toBe(false);
  });
});
