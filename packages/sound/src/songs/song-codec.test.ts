import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Instrument } from '../instruments/instrument.ts';
import { createDefaultSong, DRUM_TRACK_ID, inflateSong } from './default-song.ts';
import type { Song, Track } from './song.ts';
import { decodeSong, decodeSongFromHex, encodeSong, encodeSongToHex, SongFormatError } from './song-codec.ts';

function demoSong(): Song {
  const song = createDefaultSong(1);
  const piano = song.tracks[0] as Track;
  piano.notes = [
    { startTick: 0, endTick: 8, notes: [{ note: 37, enharmonicSpelling: 'normal' }] },
    {
      startTick: 8,
      endTick: 16,
      notes: [
        { note: 41, enharmonicSpelling: 'normal' },
        { note: 44, enharmonicSpelling: 'flat' },
      ],
    },
  ];
  const drums = song.tracks.find((t) => t.id === DRUM_TRACK_ID) as Track;
  drums.notes = [{ startTick: 0, endTick: 1, notes: [{ note: 0, enharmonicSpelling: 'normal' }] }];
  return song;
}

describe('song buffers', () => {
  it('lay out header, track, instrument and notes as MakeCode does', () => {
    const bytes = encodeSong(demoSong());
    expect([...bytes.slice(0, 7)]).toEqual([0, 120, 0, 4, 8, 1, 2]);
    // First track: id 0, melodic, 28-byte instrument.
    expect([...bytes.slice(7, 11)]).toEqual([0, 0, 28, 0]);
    const instrument = bytes.slice(11, 39);
    expect(instrument[27]).toBe(4); // octave
    // Notes: 2 events = (5 + 1) + (5 + 2) bytes.
    expect([...bytes.slice(39, 41)]).toEqual([13, 0]);
    // C4 (37) on an octave-4 instrument is stored as 37 - 24 = 13; Ab with the flat flag (1 << 6).
    expect([...bytes.slice(41, 47)]).toEqual([0, 0, 8, 0, 1, 13]);
    expect([...bytes.slice(47, 54)]).toEqual([8, 0, 16, 0, 2, 17, 20 | 64]);
    // Then the drum track: id 10, flags 1.
    expect([...bytes.slice(54, 56)]).toEqual([DRUM_TRACK_ID, 1]);
  });

  it('decode back to the same notes, spellings, instruments and kits', () => {
    const song = demoSong();
    const decoded = decodeSong(encodeSong(song));
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.song.tracks.map((t) => t.id)).toEqual([0, DRUM_TRACK_ID]);
    expect(decoded.song.tracks[0]?.notes).toEqual(song.tracks[0]?.notes);
    expect(decoded.song.tracks[0]?.instrument).toEqual(song.tracks[0]?.instrument);
    expect(decoded.song.tracks[1]?.drums).toEqual(song.tracks.find((t) => t.id === DRUM_TRACK_ID)?.drums);
    const inflated = inflateSong(decoded.song);
    expect(inflated.tracks).toHaveLength(song.tracks.length);
    expect(inflated.tracks.map((t) => t.name)).toEqual(song.tracks.map((t) => t.name));
    expect(inflated.tracks[0]?.notes).toEqual(song.tracks[0]?.notes);
  });

  it('round-trips through hex', () => {
    const hex = encodeSongToHex(demoSong());
    expect(hex).toMatch(/^[0-9a-f]+$/);
    const decoded = decodeSongFromHex(hex);
    expect(decoded.ok && encodeSongToHex(decoded.song)).toBe(hex);
    expect(decodeSongFromHex('0g').ok).toBe(false);
  });

  it('refuses every truncated buffer with a message, never an exception', () => {
    const bytes = encodeSong(demoSong());
    for (let length = 0; length < bytes.length; length++) {
      const decoded = decodeSong(bytes.slice(0, length));
      expect(decoded.ok, `prefix of ${length} bytes`).toBe(false);
      if (!decoded.ok) expect(decoded.error.length).toBeGreaterThan(10);
    }
  });

  it('explains values that do not fit the byte layout', () => {
    const song = demoSong();
    (song.tracks[0] as Track).notes[0]!.notes[0]!.note = 200;
    expect(() => encodeSong(song)).toThrow(SongFormatError);
    expect(() => encodeSong(song)).toThrow(/note 200 is outside/);
    const slow = { ...demoSong(), beatsPerMinute: 70000 };
    expect(() => encodeSong(slow)).toThrow(/tempo/);
  });

  const u16 = fc.integer({ min: 0, max: 0xffff });
  const envelope = fc.record({ attack: u16, decay: u16, sustain: u16, release: u16, amplitude: u16 });
  const lfo = fc.record({ frequency: fc.integer({ min: 0, max: 255 }), amplitude: u16 });
  const instrument: fc.Arbitrary<Instrument> = fc.record({
    waveform: fc.integer({ min: 0, max: 255 }),
    ampEnvelope: envelope,
    pitchEnvelope: envelope,
    ampLFO: lfo,
    pitchLFO: lfo,
    octave: fc.integer({ min: 2, max: 6 }),
  });
  const spelling = fc.constantFrom('normal' as const, 'flat' as const, 'sharp' as const);
  const melodicTrack = (id: number): fc.Arbitrary<Track> =>
    instrument.chain((inst) =>
      fc.record({
        id: fc.constant(id),
        instrument: fc.constant(inst),
        notes: fc.array(
          fc.record({
            startTick: u16,
            endTick: u16,
            notes: fc.array(
              fc.record({
                note: fc.integer({ min: (inst.octave - 2) * 12, max: (inst.octave - 2) * 12 + 63 }),
                enharmonicSpelling: spelling,
              }),
              { minLength: 1, maxLength: 4 },
            ),
          }),
          { minLength: 1, maxLength: 6 },
        ),
      }),
    );

  it('round-trips random songs exactly (fuzzed)', () => {
    const song: fc.Arbitrary<Song> = fc.record({
      ticksPerBeat: fc.integer({ min: 1, max: 255 }),
      beatsPerMeasure: fc.integer({ min: 1, max: 255 }),
      beatsPerMinute: fc.integer({ min: 1, max: 0xffff }),
      measures: fc.integer({ min: 1, max: 255 }),
      tracks: fc
        .uniqueArray(fc.integer({ min: 0, max: 255 }), { maxLength: 5 })
        .chain((ids) => fc.tuple(...ids.map(melodicTrack))),
    });
    fc.assert(
      fc.property(song, (s) => {
        const bytes = encodeSong(s);
        const decoded = decodeSong(bytes);
        expect(decoded.ok).toBe(true);
        if (!decoded.ok) return;
        expect(decoded.song).toEqual(s);
        expect(encodeSong(decoded.song)).toEqual(bytes);
      }),
      { numRuns: 200 },
    );
  });

  it('never throws on random bytes (fuzzed)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const decoded = decodeSong(bytes);
        if (decoded.ok) expect(decodeSong(encodeSongSafe(decoded.song)).ok).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

/** Re-encodes a decoded song, skipping the note-range check a corrupt buffer may fail. */
function encodeSongSafe(song: Song): Uint8Array {
  try {
    return encodeSong(song);
  } catch {
    return encodeSong({ ...song, tracks: [] });
  }
}
