// The engine's fixed numbers, from spec 002 §9, spec 001 §9 and spec 000 §9.

/** Output sample rate in Hz. Everything the engine renders is mono Float32 at this rate. */
export const SAMPLE_RATE = 44_100;
/** The block size outputs pull in (an AudioWorklet renders 128, the device 512). */
export const BUFFER_SIZE = 512;
/** Most voices that sound at once; the oldest is faded out to make room. */
export const MAX_CHANNELS = 20;
/** How long a stopped sound takes to fade out, so stopping never clicks. */
export const STOP_FADE_SECONDS = 0.015;
/** Engine volume scale: 0 (silent) to 1024 (full), default full. */
export const VOLUME_SCALE = 1024;
/** `music.setVolume` range: 0-255. */
export const MAX_MUSIC_VOLUME = 255;
/** Song and instrument frequencies are clamped to 1-5000 Hz (spec 001 §5). */
export const MIN_SONG_FREQUENCY = 1;
export const MAX_SONG_FREQUENCY = 5000;
/** The tone player (`music.playTone`): a triangle wave at gain 0.2 (spec 000 §9). */
export const TONE_GAIN = 0.2;
/** Channel gain of a sound expression at volume 1023. */
export const EXPRESSION_GAIN = 0.3;
/** Channel gain of a sound instruction at volume 1024; square waves get half (they sound louder). */
export const INSTRUCTION_GAIN = 0.25;
/** Shortest time a voice takes to reach a new loudness, so no step in gain is ever a click. */
export const GAIN_SLEW_SECONDS = 0.001;
/** Every voice fades out over its last millisecond, so note ends never click either. */
export const EDGE_FADE_SECONDS = 0.001;
