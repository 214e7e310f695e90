// Public surface of @blockyard/sound: named exports only.
export { BUFFER_SIZE, MAX_MUSIC_VOLUME, SAMPLE_RATE } from './constants.ts';
export type { RandomSource } from './random.ts';
export { seededRandom } from './random.ts';

// Engine
export type { SoundHandle } from './engine/sound-engine.ts';
export { SoundEngine } from './engine/sound-engine.ts';
export { OfflineRenderer } from './engine/offline-renderer.ts';

// Synthesizer
export { InstructionWave, WaveShape } from './synth/waveform.ts';
export { softLimit } from './synth/mixer.ts';
// Sound instructions, instruments, drums
// Sound expressions
export { parseSoundExpression } from './expressions/sound-expression.ts';
export {
  InterpolationCurve,
  InterpolationShape,
  SoundExpressionEffect,
  createSoundEffect,
} from './expressions/sound-effect.ts';
export { expandSoundExpression } from './expressions/compile-expression.ts';
export { BUILT_IN_SOUND_EFFECT_NAMES } from './expressions/builtin-effects.ts';

// Notes, scales, melodies
export { noteFrequency, songNoteFrequency } from './music/note-table.ts';
export { DEFAULT_TEMPO, beatMs, melodyTickMs } from './music/tempo.ts';
export type { MelodyNote } from './music/melody-notation.ts';
export { melodyNoteHz, parseMelody } from './music/melody-notation.ts';
export { MELODY_NAMES, builtInMelody } from './music/builtin-melodies.ts';
export { GALLERY_TEMPO, MELODY_GALLERY } from './music/melody-gallery.ts';
export type { MelodyGrid } from './music/melody-grid.ts';
export {
  MELODY_GRID_COLUMNS,
  MELODY_GRID_ROWS,
  gridToMelody,
  melodyToGrid,
  toggleMelodyGridCell,
} from './music/melody-grid.ts';

// Songs
export type { NoteEvent, Song, Track } from './songs/song.ts';
export { songDurationMs, songTicks, tickMs } from './songs/song.ts';
export { decodeSong, decodeSongFromHex, encodeSongToHex } from './songs/song-codec.ts';
export { DRUM_TRACK_ID, createDefaultSong } from './songs/default-song.ts';
// WAV
export { decodeWav, encodeWav } from './wav/wav.ts';
