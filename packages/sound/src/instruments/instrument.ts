// Instruments (spec 001 §3, 002 §3): a waveform shaped by an amplitude envelope, an optional
// pitch envelope and two low-frequency oscillators. A note on an instrument is rendered into
// sound instructions: straight-line pieces between the envelope's corners and the LFO's turns.
import { MAX_MUSIC_VOLUME, MAX_SONG_FREQUENCY, MIN_SONG_FREQUENCY, VOLUME_SCALE } from '../constants.ts';
import type { SoundInstruction } from '../instructions/sound-instructions.ts';

/** Times in ms; sustain is a level on the 0-1024 scale relative to `amplitude`. */
export interface Envelope {
  attack: number;
  decay: number;
  sustain: number;
  release: number;
  /** Peak value: loudness (0-1024) for the amplitude envelope, Hz of bend for the pitch envelope. */
  amplitude: number;
}

export interface Lfo {
  /** Hz (0-255). */
  frequency: number;
  /** Depth: loudness units or Hz. 0 switches the LFO off. */
  amplitude: number;
}

export interface Instrument {
  /** Mixer wave code (see `InstructionWave`). */
  waveform: number;
  ampEnvelope: Envelope;
  pitchEnvelope: Envelope;
  ampLFO: Lfo;
  pitchLFO: Lfo;
  /** The octave the song editor shows for this instrument (also the note byte's base). */
  octave: number;
}

/** Pieces shorter than this merge into the next one (keeps instruction lists short). */
const MIN_PIECE_MS = 5;
/** Every rendered note ends with this fade to silence. */
const TAIL_MS = 10;
/** LFOs are sampled at their turning points, but never more often than this. */
const MIN_LFO_STEP_MS = 50;

export function clampFrequency(hz: number): number {
  return Math.max(MIN_SONG_FREQUENCY, Math.min(MAX_SONG_FREQUENCY, Number.isFinite(hz) ? hz : MIN_SONG_FREQUENCY));
}

export function clampMusicVolume(volume: number): number {
  return Math.max(0, Math.min(MAX_MUSIC_VOLUME, Number.isFinite(volume) ? volume : MAX_MUSIC_VOLUME));
}

/** The envelope's value `timeMs` after the note started, when the note is held for `gateMs`. */
export function envelopeValue(envelope: Envelope, timeMs: number, gateMs: number): number {
  const held = (t: number): number => {
    const sustain = (envelope.sustain / VOLUME_SCALE) * envelope.amplitude;
    if (t < envelope.attack)
      return envelope.attack > 0 ? (envelope.amplitude * t) / envelope.attack : envelope.amplitude;
    if (t < envelope.attack + envelope.decay) {
      return envelope.amplitude - ((envelope.amplitude - sustain) * (t - envelope.attack)) / envelope.decay;
    }
    return sustain;
  };
  if (timeMs <= gateMs) return held(timeMs);
  // Released: fall in a straight line from wherever the gate left it.
  const released = timeMs - gateMs;
  if (released >= envelope.release) return 0;
  return held(gateMs) * (1 - released / envelope.release);
}

function lfoValue(lfo: Lfo, timeMs: number): number {
  return Math.cos((timeMs / 1000) * lfo.frequency * 2 * Math.PI) * lfo.amplitude;
}

function lfoStep(lfo: Lfo): number {
  return Math.max(lfo.frequency > 0 ? 500 / lfo.frequency : MIN_LFO_STEP_MS, MIN_LFO_STEP_MS);
}

/** The moments where the note's pitch or loudness changes direction. */
function breakpoints(instrument: Instrument, gateMs: number, totalMs: number): number[] {
  const points = new Set<number>([0, totalMs]);
  const addEnvelope = (envelope: Envelope, withRelease: boolean): void => {
    points.add(envelope.attack);
    if (envelope.attack + envelope.decay < gateMs) points.add(envelope.attack + envelope.decay);
    points.add(gateMs);
    if (withRelease) points.add(gateMs + envelope.release);
  };
  addEnvelope(instrument.ampEnvelope, false);
  if (instrument.pitchEnvelope.amplitude) addEnvelope(instrument.pitchEnvelope, true);
  for (const lfo of [instrument.ampLFO, instrument.pitchLFO]) {
    if (!lfo.amplitude) continue;
    const step = lfoStep(lfo);
    for (let t = step; t < totalMs; t += step) points.add(t);
  }
  const sorted = [...points].filter((t) => t >= 0 && t <= totalMs).sort((a, b) => a - b);
  const kept: number[] = [0];
  for (const t of sorted) {
    if (t - (kept[kept.length - 1] as number) >= MIN_PIECE_MS) kept.push(t);
  }
  // The last point is the end of the note even when it falls close to the previous one.
  if ((kept[kept.length - 1] as number) < totalMs) kept[kept.length > 1 ? kept.length - 1 : 1] = totalMs;
  return kept;
}

/**
 * Renders one note: `frequency` Hz held for `gateMs`, then released. `volume` is the music volume
 * (0-255). Frequencies are clamped to 1-5000 Hz and volumes to 0-255 (spec 001 §5).
 */
export function renderInstrumentNote(
  instrument: Instrument,
  frequency: number,
  gateMs: number,
  volume = MAX_MUSIC_VOLUME,
): SoundInstruction[] {
  const gate = Math.max(0, gateMs);
  const totalMs = gate + Math.max(0, instrument.ampEnvelope.release);
  const scale = clampMusicVolume(volume) / MAX_MUSIC_VOLUME;
  const pitchAt = (t: number): number => {
    let hz = frequency;
    if (instrument.pitchEnvelope.amplitude) hz += envelopeValue(instrument.pitchEnvelope, t, gate);
    if (instrument.pitchLFO.amplitude) hz += lfoValue(instrument.pitchLFO, t);
    return clampFrequency(hz);
  };
  const volumeAt = (t: number): number => {
    let level = instrument.ampEnvelope.amplitude ? envelopeValue(instrument.ampEnvelope, t, gate) : 0;
    if (instrument.ampLFO.amplitude) level += lfoValue(instrument.ampLFO, t);
    const limited = Math.max(0, Math.min(level, instrument.ampEnvelope.amplitude, VOLUME_SCALE));
    return limited * scale;
  };
  const points = totalMs > 0 ? breakpoints(instrument, gate, totalMs) : [0];
  const out: SoundInstruction[] = [];
  for (let i = 1; i < points.length; i++) {
    const from = points[i - 1] as number;
    const to = points[i] as number;
    out.push({
      wave: instrument.waveform,
      frequency: Math.round(pitchAt(from)),
      endFrequency: Math.round(pitchAt(to)),
      durationMs: to - from,
      startVolume: volumeAt(from),
      endVolume: volumeAt(to),
    });
  }
  const last = out[out.length - 1];
  const endHz = last ? last.endFrequency : Math.round(pitchAt(0));
  const endVolume = last ? last.endVolume : volumeAt(0);
  out.push({
    wave: instrument.waveform,
    frequency: endHz,
    endFrequency: endHz,
    durationMs: TAIL_MS,
    startVolume: endVolume,
    endVolume: 0,
  });
  return out;
}
