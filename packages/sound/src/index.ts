// Public surface of @blockyard/sound: named exports only.
export {
  BUFFER_SIZE,
  EXPRESSION_GAIN,
  INSTRUCTION_GAIN,
  MAX_CHANNELS,
  MAX_MUSIC_VOLUME,
  MAX_SONG_FREQUENCY,
  MIN_SONG_FREQUENCY,
  SAMPLE_RATE,
  STOP_FADE_SECONDS,
  TONE_GAIN,
  VOLUME_SCALE,
} from './constants.ts';
export type { RandomSource } from './random.ts';
export { seededRandom } from './random.ts';

// Engine
export type {
  MelodyEventKind,
  MelodyPlayOptions,
  PlayExpressionResult,
  RenderOptions,
  SoundEngineEvents,
  SoundEngineOptions,
  SoundEngineStatus,
  SoundHandle,
  SoundKind,
  SoundOutcome,
} from './engine/sound-engine.ts';
export { SoundEngine } from './engine/sound-engine.ts';
export type { OfflineRendererOptions } from './engine/offline-renderer.ts';
export { OfflineRenderer } from './engine/offline-renderer.ts';

// Synthesizer
export type { OscKind, OscShape } from './synth/waveform.ts';
export { InstructionWave, Osc, WaveShape, expressionWaveShape, instructionWaveShape } from './synth/waveform.ts';
export type { Segment } from './synth/segment.ts';
export { msToSamples, samplesToMs, segmentsLength } from './synth/segment.ts';
export type { MixerOptions } from './synth/mixer.ts';
export { Mixer, softLimit } from './synth/mixer.ts';
export type { VoiceOptions } from './synth/voice.ts';
export { Voice } from './synth/voice.ts';

// Sound instructions, instruments, drums
export type { SoundInstruction } from './instructions/sound-instructions.ts';
export {
  SOUND_INSTRUCTION_BYTES,
  decodeSoundInstructions,
  encodeSoundInstructions,
  instructionsToSegments,
  soundInstructionsDurationMs,
} from './instructions/sound-instructions.ts';
export type { Envelope, Instrument, Lfo } from './instruments/instrument.ts';
export { envelopeValue, lfoValue, renderInstrumentNote } from './instruments/instrument.ts';
export type { DrumInstrument, DrumStep } from './instruments/drum.ts';
export { renderDrumHit } from './instruments/drum.ts';

// Sound expressions
export type {
  ParseSoundExpressionResult,
  SoundExpressionError,
  SoundExpressionItem,
  SoundRandomness,
} from './expressions/sound-expression.ts';
export {
  SOUND_EXPRESSION_ITEM_LENGTH,
  blankSoundItem,
  formatSoundExpression,
  formatSoundItem,
  isSoundExpression,
  parseSoundExpression,
} from './expressions/sound-expression.ts';
export type { SoundEffectOptions } from './expressions/sound-effect.ts';
export {
  InterpolationCurve,
  InterpolationShape,
  SoundExpressionEffect,
  blockVolumeToExpression,
  createSoundEffect,
  createSoundEffectItem,
} from './expressions/sound-effect.ts';
export type { ResolveResult, ResolvedSound } from './expressions/expression-render.ts';
export { VOLUME_RAMP_STEPS, resolveSound, soundToSegments } from './expressions/expression-render.ts';
export type { CompileSoundExpressionResult, CompiledSoundExpression } from './expressions/compile-expression.ts';
export { compileSoundExpression, expandSoundExpression } from './expressions/compile-expression.ts';
export type { BuiltInSoundEffectName } from './expressions/builtin-effects.ts';
export {
  BUILT_IN_SOUND_EFFECT_NAMES,
  builtInSoundEffect,
  isBuiltInSoundEffectName,
} from './expressions/builtin-effects.ts';

// Notes, scales, melodies
export { NOTE_FREQUENCIES, melodyNoteFrequency, noteFrequency, songNoteFrequency } from './music/note-table.ts';
export type { ScaleName } from './music/scales.ts';
export { SCALES, scaleFrequency, scaleRatios } from './music/scales.ts';
export { BeatFraction, DEFAULT_TEMPO, beatMs, melodyTickMs, normalizeTempo } from './music/tempo.ts';
export type { MelodyNote, MelodyOptions, MelodyTone } from './music/melody-notation.ts';
export { formatMelody, keyName, melodyNoteHz, melodyTones, parseMelody } from './music/melody-notation.ts';
export type { MelodyName } from './music/builtin-melodies.ts';
export { MELODY_NAMES, Melodies, builtInMelody, isMelodyName } from './music/builtin-melodies.ts';
export type { GalleryMelody } from './music/melody-gallery.ts';
export { GALLERY_TEMPO, MELODY_GALLERY } from './music/melody-gallery.ts';
export type { MelodyGrid, MelodyGridNote } from './music/melody-grid.ts';
export {
  MELODY_GRID_COLUMNS,
  MELODY_GRID_FREQUENCIES,
  MELODY_GRID_ROWS,
  gridToMelody,
  melodyGridNoteMs,
  melodyToGrid,
  toggleMelodyGridCell,
} from './music/melody-grid.ts';

// Songs
export type { EnharmonicSpelling, NoteEvent, ScheduledSound, Song, SongNote, Track } from './songs/song.ts';
export { indexSongByTick, isDrumTrack, songDurationMs, songTicks, tickMs } from './songs/song.ts';
export type { DecodeSongResult } from './songs/song-codec.ts';
export { SongFormatError, decodeSong, decodeSongFromHex, encodeSong, encodeSongToHex } from './songs/song-codec.ts';
export {
  DEFAULT_BEATS_PER_MEASURE,
  DEFAULT_BEATS_PER_MINUTE,
  DEFAULT_DRUM_KIT,
  DEFAULT_TICKS_PER_BEAT,
  DRUM_TRACK_ID,
  createDefaultSong,
  inflateSong,
} from './songs/default-song.ts';
export { METRONOME_NOT_INITIALIZED, Metronome } from './songs/metronome.ts';
export type { SequencerEvent, SequencerOptions, SequencerState, SongSoundSink } from './songs/sequencer.ts';
export { Sequencer } from './songs/sequencer.ts';

// WAV
export type { DecodedWav } from './wav/wav.ts';
export { decodeWav, encodeWav } from './wav/wav.ts';
