// The song model (spec 001 §3, 002 §3): measures of beats of ticks, tracks that each hold an
// instrument (or a drum kit) and note events. Note numbers index the note table (37 = C4);
// a drum track's note numbers pick a drum from its kit.
import type { DrumInstrument } from '../instruments/drum.ts';
import { renderDrumHit } from '../instruments/drum.ts';
import { renderInstrumentNote, type Instrument } from '../instruments/instrument.ts';
import type { SoundInstruction } from '../instructions/sound-instructions.ts';
import { songNoteFrequency } from '../music/note-table.ts';
import { MAX_MUSIC_VOLUME } from '../constants.ts';

export type EnharmonicSpelling = 'normal' | 'flat' | 'sharp';

export interface SongNote {
  note: number;
  /** How the editor writes a black key (C# vs Db); does not change the sound. */
  enharmonicSpelling: EnharmonicSpelling;
}

export interface NoteEvent {
  startTick: number;
  endTick: number;
  notes: SongNote[];
  /** Optional loudness 0-127 from the buffer's velocity section; recorded, not yet played. */
  velocity?: number;
}

export interface Track {
  id: number;
  name?: string;
  iconURI?: string;
  instrument: Instrument;
  /** Present on drum tracks: the kit, indexed by note number. */
  drums?: DrumInstrument[];
  notes: NoteEvent[];
}

export interface Song {
  ticksPerBeat: number;
  beatsPerMeasure: number;
  beatsPerMinute: number;
  measures: number;
  tracks: Track[];
}

/** Length of one tick in ms: 60000 / bpm / ticksPerBeat (spec 002 §9). */
export function tickMs(song: Pick<Song, 'beatsPerMinute' | 'ticksPerBeat'>): number {
  return 60000 / song.beatsPerMinute / song.ticksPerBeat;
}

/** Number of ticks in the whole song. */
export function songTicks(song: Pick<Song, 'measures' | 'beatsPerMeasure' | 'ticksPerBeat'>): number {
  return song.measures * song.beatsPerMeasure * song.ticksPerBeat;
}

export function songDurationMs(song: Song): number {
  return songTicks(song) * tickMs(song);
}

/** One sound to start at a tick: which track it came from and what it plays. */
export interface ScheduledSound {
  trackId: number;
  tick: number;
  instructions: SoundInstruction[];
}

/**
 * Indexes a song by start tick, rendering every note to sound instructions once, so playback
 * does no work per tick beyond a lookup. `volume` is the music volume (0-255).
 */
export function indexSongByTick(song: Song, volume = MAX_MUSIC_VOLUME): Map<number, ScheduledSound[]> {
  const byTick = new Map<number, ScheduledSound[]>();
  const tick = tickMs(song);
  for (const track of song.tracks) {
    for (const event of track.notes) {
      for (const note of event.notes) {
        let instructions: SoundInstruction[];
        if (track.drums) {
          const drum = track.drums[note.note];
          if (!drum) continue;
          instructions = renderDrumHit(drum, volume);
        } else {
          const gate = Math.max(0, event.endTick - event.startTick) * tick;
          instructions = renderInstrumentNote(track.instrument, songNoteFrequency(note.note), gate, volume);
        }
        const list = byTick.get(event.startTick) ?? [];
        list.push({ trackId: track.id, tick: event.startTick, instructions });
        byTick.set(event.startTick, list);
      }
    }
  }
  return byTick;
}
