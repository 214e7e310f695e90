// What the song field shows (pure, no Blockly): the song in a block's `hex`…`` text read with
// @blockyard/sound's decoder, as a one-line summary ("2 measures, 120 bpm") and a thumbnail of its
// notes (time across, pitch up; drums along the bottom) in a box of the given size.

import { songLiteralHex } from '@blockyard/language';
import { decodeSongFromHex, songTicks, type Song } from '@blockyard/sound';

interface SongPreviewNote {
  x: number;
  y: number;
  width: number;
  drum: boolean;
}

export type SongPreview =
  { ok: true; song: Song; summary: string; notes: SongPreviewNote[] } | { ok: false; summary: string; error: string };

/** Summary text when the field's text is not a song (the generated code says why). */
export const UNREADABLE_SONG = 'song?';

export function songPreview(text: string, width: number, height: number): SongPreview {
  const hex = songLiteralHex(text);
  if (hex === undefined) return { ok: false, summary: UNREADABLE_SONG, error: 'not a hex`…` literal' };
  const decoded = decodeSongFromHex(hex);
  if (!decoded.ok) return { ok: false, summary: UNREADABLE_SONG, error: decoded.error };
  const song = decoded.song;
  const measures = `${song.measures} ${song.measures === 1 ? 'measure' : 'measures'}`;
  const summary = `${measures}, ${song.beatsPerMinute} bpm`;
  const ticks = Math.max(1, songTicks(song));
  const melodic: number[] = [];
  for (const track of song.tracks) {
    if (!track.drums) for (const event of track.notes) for (const note of event.notes) melodic.push(note.note);
  }
  const low = Math.min(...melodic);
  const span = Math.max(1, Math.max(...melodic) - low);
  // One row at the bottom for drums; melodic notes share the rest.
  const drumRow = 2;
  const noteHeight = 2;
  const notes: SongPreviewNote[] = [];
  for (const track of song.tracks) {
    for (const event of track.notes) {
      const x = (Math.min(event.startTick, ticks) / ticks) * width;
      const end = (Math.min(Math.max(event.endTick, event.startTick + 1), ticks) / ticks) * width;
      for (const note of event.notes) {
        const drum = track.drums !== undefined;
        const y = drum ? height - drumRow : (1 - (note.note - low) / span) * (height - drumRow - noteHeight - 1);
        notes.push({ x, y, width: Math.max(1, end - x), drum });
      }
    }
  }
  return { ok: true, song, summary, notes };
}
