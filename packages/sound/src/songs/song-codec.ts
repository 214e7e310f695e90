// Songs as bytes, compatible with MakeCode's song buffers (the `hex` literals of song assets).
// All numbers are little-endian; u8 unless marked u16.
//
//   song        0 version (0)  1 bpm (u16)  3 beats per measure  4 ticks per beat  5 measures
//               6 track count  7… tracks, then an optional velocity section
//   track       0 id  1 flags (0 melodic, 1 drums)  2 instrument/kit byte length (u16)
//               4… instrument (28 bytes) or drum kit, then note bytes length (u16), note events
//   instrument  0 waveform  1 amp envelope  11 pitch envelope (each attack, decay, sustain,
//               release, amplitude as u16)  21 amp LFO frequency  22 amp LFO amplitude (u16)
//               24 pitch LFO frequency  25 pitch LFO amplitude (u16)  27 octave
//   drum        0 step count  1 start frequency (u16)  3 start volume (u16)  5… steps
//   drum step   0 waveform  1 frequency (u16)  3 volume (u16)  5 duration (u16)
//   note event  0 start tick (u16)  2 end tick (u16)  4 note count  5… one byte per note
//   note byte   melodic: low 6 bits = note - (octave - 2) * 12, top 2 bits spelling
//               (0 normal, 1 flat, 2 sharp); drums: the drum's index
//   velocity    per track: id, then one byte per note event
import type { DrumInstrument } from '../instruments/drum.ts';
import type { Envelope, Instrument } from '../instruments/instrument.ts';
import type { EnharmonicSpelling, NoteEvent, Song, SongNote, Track } from './song.ts';

const INSTRUMENT_BYTES = 28;
const SPELLING_BITS: Record<EnharmonicSpelling, number> = { normal: 0, flat: 1, sharp: 2 };

/** Thrown by `encodeSong` when a song holds a value its byte layout cannot store. */
export class SongFormatError extends Error {
  override name = 'SongFormatError';
}

class Writer {
  private bytes: number[] = [];
  u8(value: number, what: string): void {
    if (!Number.isInteger(value) || value < 0 || value > 0xff) {
      throw new SongFormatError(`${what} must be a whole number from 0 to 255 to be saved, but it is ${value}.`);
    }
    this.bytes.push(value);
  }
  u16(value: number, what: string): void {
    if (!Number.isInteger(value) || value < 0 || value > 0xffff) {
      throw new SongFormatError(`${what} must be a whole number from 0 to 65535 to be saved, but it is ${value}.`);
    }
    this.bytes.push(value & 0xff, value >> 8);
  }
  append(other: Writer): void {
    this.bytes.push(...other.bytes);
  }
  get length(): number {
    return this.bytes.length;
  }
  toBytes(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

function writeEnvelope(out: Writer, envelope: Envelope, what: string): void {
  out.u16(envelope.attack, `${what} attack`);
  out.u16(envelope.decay, `${what} decay`);
  out.u16(envelope.sustain, `${what} sustain`);
  out.u16(envelope.release, `${what} release`);
  out.u16(envelope.amplitude, `${what} amplitude`);
}

function writeInstrument(out: Writer, instrument: Instrument, what: string): void {
  out.u8(instrument.waveform, `${what}: the waveform`);
  writeEnvelope(out, instrument.ampEnvelope, `${what}: the volume envelope's`);
  writeEnvelope(out, instrument.pitchEnvelope, `${what}: the pitch envelope's`);
  out.u8(instrument.ampLFO.frequency, `${what}: the volume LFO frequency`);
  out.u16(instrument.ampLFO.amplitude, `${what}: the volume LFO amplitude`);
  out.u8(instrument.pitchLFO.frequency, `${what}: the pitch LFO frequency`);
  out.u16(instrument.pitchLFO.amplitude, `${what}: the pitch LFO amplitude`);
  out.u8(instrument.octave, `${what}: the octave`);
}

function writeDrum(out: Writer, drum: DrumInstrument, what: string): void {
  out.u8(drum.steps.length, `${what}: the number of steps`);
  out.u16(drum.startFrequency, `${what}: the start frequency`);
  out.u16(drum.startVolume, `${what}: the start volume`);
  drum.steps.forEach((step, i) => {
    out.u8(step.waveform, `${what}, step ${i + 1}: the waveform`);
    out.u16(step.frequency, `${what}, step ${i + 1}: the frequency`);
    out.u16(step.volume, `${what}, step ${i + 1}: the volume`);
    out.u16(step.duration, `${what}, step ${i + 1}: the duration`);
  });
}

function noteByte(note: SongNote, track: Track, what: string): number {
  if (track.drums) return note.note;
  const relative = note.note - (track.instrument.octave - 2) * 12;
  if (!Number.isInteger(relative) || relative < 0 || relative > 0x3f) {
    throw new SongFormatError(
      `${what}: note ${note.note} is outside the 64 notes a track with octave ${track.instrument.octave} can save.`,
    );
  }
  return relative | (SPELLING_BITS[note.enharmonicSpelling] << 6);
}

function writeTrack(track: Track): Writer {
  const what = `Track ${track.id}`;
  const out = new Writer();
  out.u8(track.id, `${what}: the id`);
  out.u8(track.drums ? 1 : 0, `${what}: the flags`);
  const kit = new Writer();
  if (track.drums) track.drums.forEach((drum, i) => writeDrum(kit, drum, `${what}, drum ${i}`));
  else writeInstrument(kit, track.instrument, what);
  out.u16(kit.length, `${what}: the instrument size`);
  out.append(kit);
  const notes = new Writer();
  track.notes.forEach((event, i) => {
    const at = `${what}, note event ${i + 1}`;
    notes.u16(event.startTick, `${at}: the start tick`);
    notes.u16(event.endTick, `${at}: the end tick`);
    notes.u8(event.notes.length, `${at}: the number of notes`);
    for (const note of event.notes) notes.u8(noteByte(note, track, at), `${at}: a note`);
  });
  out.u16(notes.length, `${what}: the notes size`);
  out.append(notes);
  return out;
}

/**
 * Encodes a song like MakeCode does: tracks without notes are left out (a decoded song can be
 * filled back up with `inflateSong`). Throws SongFormatError naming the value that does not fit.
 */
export function encodeSong(song: Song): Uint8Array {
  const tracks = song.tracks.filter((track) => track.notes.length > 0);
  const out = new Writer();
  out.u8(0, 'The format version');
  out.u16(song.beatsPerMinute, 'The tempo (beats per minute)');
  out.u8(song.beatsPerMeasure, 'The beats per measure');
  out.u8(song.ticksPerBeat, 'The ticks per beat');
  out.u8(song.measures, 'The number of measures');
  out.u8(tracks.length, 'The number of tracks');
  for (const track of tracks) out.append(writeTrack(track));
  const withVelocity = tracks.filter((track) => track.notes.some((event) => event.velocity !== undefined));
  for (const track of withVelocity) {
    out.u8(track.id, `Track ${track.id}: the id`);
    track.notes.forEach((event, i) =>
      out.u8(event.velocity ?? 127, `Track ${track.id}, note event ${i + 1}: the velocity`),
    );
  }
  return out.toBytes();
}

export type DecodeSongResult = { ok: true; song: Song } | { ok: false; error: string };

class Reader {
  constructor(
    private readonly bytes: Uint8Array,
    public at = 0,
  ) {}
  need(count: number, what: string): void {
    if (this.at + count > this.bytes.length) {
      throw new SongFormatError(`The song data ends too early: ${what} is cut off at byte ${this.bytes.length}.`);
    }
  }
  u8(what: string): number {
    this.need(1, what);
    return this.bytes[this.at++] as number;
  }
  u16(what: string): number {
    this.need(2, what);
    const value = (this.bytes[this.at] as number) | ((this.bytes[this.at + 1] as number) << 8);
    this.at += 2;
    return value;
  }
  get left(): number {
    return this.bytes.length - this.at;
  }
}

function readEnvelope(r: Reader, what: string): Envelope {
  return {
    attack: r.u16(what),
    decay: r.u16(what),
    sustain: r.u16(what),
    release: r.u16(what),
    amplitude: r.u16(what),
  };
}

function readInstrument(r: Reader, what: string, hasOctave: boolean): Instrument {
  return {
    waveform: r.u8(what),
    ampEnvelope: readEnvelope(r, what),
    pitchEnvelope: readEnvelope(r, what),
    ampLFO: { frequency: r.u8(what), amplitude: r.u16(what) },
    pitchLFO: { frequency: r.u8(what), amplitude: r.u16(what) },
    // Before octaves were saved (27-byte instruments) note bytes held the note number itself,
    // which octave 2 reproduces: (byte & 63) + (2 - 2) * 12.
    octave: hasOctave ? r.u8(what) : 2,
  };
}

const SILENT_INSTRUMENT = (): Instrument => ({
  waveform: 0,
  ampEnvelope: { attack: 0, decay: 0, sustain: 0, release: 0, amplitude: 0 },
  pitchEnvelope: { attack: 0, decay: 0, sustain: 0, release: 0, amplitude: 0 },
  ampLFO: { frequency: 0, amplitude: 0 },
  pitchLFO: { frequency: 0, amplitude: 0 },
  octave: 0,
});

function decodeNote(byte: number, track: Track): SongNote {
  if (track.drums) return { note: byte, enharmonicSpelling: 'normal' };
  const flags = byte >> 6;
  return {
    note: (byte & 0x3f) + (track.instrument.octave - 2) * 12,
    enharmonicSpelling: flags === 1 ? 'flat' : flags === 2 ? 'sharp' : 'normal',
  };
}

function readTrack(r: Reader, index: number): Track {
  const what = `track ${index + 1}`;
  const id = r.u8(what);
  const flags = r.u8(what);
  const kitLength = r.u16(what);
  r.need(kitLength, `the instrument of ${what}`);
  const kitEnd = r.at + kitLength;
  const track: Track = { id, instrument: SILENT_INSTRUMENT(), notes: [] };
  if (flags !== 0) {
    const drums: DrumInstrument[] = [];
    while (r.at < kitEnd) {
      const at = `drum ${drums.length} of ${what}`;
      const steps = r.u8(at);
      const drum: DrumInstrument = { startFrequency: r.u16(at), startVolume: r.u16(at), steps: [] };
      for (let i = 0; i < steps; i++) {
        drum.steps.push({ waveform: r.u8(at), frequency: r.u16(at), volume: r.u16(at), duration: r.u16(at) });
      }
      drums.push(drum);
    }
    track.drums = drums;
  } else {
    if (kitLength < INSTRUMENT_BYTES - 1) {
      throw new SongFormatError(`The instrument of ${what} is ${kitLength} bytes; it needs ${INSTRUMENT_BYTES}.`);
    }
    track.instrument = readInstrument(r, `the instrument of ${what}`, kitLength >= INSTRUMENT_BYTES);
    // Newer writers may append fields we do not know yet: skip them.
    r.at = kitEnd;
  }
  if (r.at !== kitEnd) throw new SongFormatError(`The instrument of ${what} does not match its stated size.`);
  const notesLength = r.u16(what);
  r.need(notesLength, `the notes of ${what}`);
  const notesEnd = r.at + notesLength;
  while (r.at < notesEnd) {
    const at = `note event ${track.notes.length + 1} of ${what}`;
    const event: NoteEvent = { startTick: r.u16(at), endTick: r.u16(at), notes: [] };
    const count = r.u8(at);
    for (let i = 0; i < count; i++) event.notes.push(decodeNote(r.u8(at), track));
    track.notes.push(event);
  }
  if (r.at !== notesEnd) throw new SongFormatError(`The notes of ${what} do not match their stated size.`);
  return track;
}

/** Decodes song bytes; malformed data gives a plain-language error instead of an exception. */
export function decodeSong(bytes: Uint8Array): DecodeSongResult {
  try {
    const r = new Reader(bytes);
    if (bytes.length < 7) {
      return { ok: false, error: `A song needs at least 7 bytes of header, but this one has ${bytes.length}.` };
    }
    const version = r.u8('the version');
    if (version > 1) return { ok: false, error: `This song was saved in format ${version}, which is not supported.` };
    const song: Song = {
      beatsPerMinute: r.u16('the tempo'),
      beatsPerMeasure: r.u8('the beats per measure'),
      ticksPerBeat: r.u8('the ticks per beat'),
      measures: r.u8('the measures'),
      tracks: [],
    };
    const trackCount = r.u8('the track count');
    for (let i = 0; i < trackCount; i++) song.tracks.push(readTrack(r, i));
    while (r.left > 0) {
      const id = r.u8('the velocity section');
      const track = song.tracks.find((t) => t.id === id);
      if (!track) return { ok: false, error: `The velocity section names track ${id}, which the song does not have.` };
      for (const event of track.notes) event.velocity = r.u8(`the velocities of track ${id}`);
    }
    return { ok: true, song };
  } catch (error) {
    if (error instanceof SongFormatError) return { ok: false, error: error.message };
    throw error;
  }
}

/** Song bytes as lower-case hex, the form MakeCode keeps in `hex` literals and assets. */
export function encodeSongToHex(song: Song): string {
  return Array.from(encodeSong(song), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function decodeSongFromHex(hex: string): DecodeSongResult {
  const clean = hex.replace(/\s+/g, '');
  if (clean.length % 2 !== 0 || /[^0-9a-fA-F]/.test(clean)) {
    return { ok: false, error: 'Song hex must be pairs of hexadecimal digits (0-9, a-f).' };
  }
  const bytes = new Uint8Array(clean.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return decodeSong(bytes);
}
