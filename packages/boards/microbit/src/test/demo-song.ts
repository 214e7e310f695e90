// Test support: a short song with a chord and a drum hit, as the hex text a program's
// `music.createSong(hex`…`)` takes; the simulator's and the native build's music tests play it.
import { createDefaultSong, DRUM_TRACK_ID, encodeSongToHex } from '@blockyard/sound';

/** One measure at 120 bpm, 8 ticks a beat (62.5 ms): C4 for a beat, then F4 + Ab4, a drum hit on beat 4. */
function demoSongHex(): string {
  const song = createDefaultSong(1);
  song.tracks[0]!.notes = [
    { startTick: 0, endTick: 8, notes: [{ note: 37, enharmonicSpelling: 'normal' }] },
    {
      startTick: 8,
      endTick: 16,
      notes: [
        { note: 42, enharmonicSpelling: 'normal' },
        { note: 45, enharmonicSpelling: 'flat' },
      ],
    },
  ];
  song.tracks.find((t) => t.id === DRUM_TRACK_ID)!.notes = [
    { startTick: 24, endTick: 25, notes: [{ note: 0, enharmonicSpelling: 'normal' }] },
  ];
  return encodeSongToHex(song);
}

export const DEMO_SONG_HEX = demoSongHex();
