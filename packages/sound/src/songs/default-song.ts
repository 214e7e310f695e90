// The song a new song asset starts from (spec 001 §9): 8 ticks per beat, 4 beats per measure,
// 120 bpm, ten instrument tracks plus a drum track. Names, sounds and the drum kit are
// Blockyard's own.
import type { DrumInstrument, DrumStep } from '../instruments/drum.ts';
import type { Envelope, Instrument, Lfo } from '../instruments/instrument.ts';
import { InstructionWave } from '../synth/waveform.ts';
import type { Song, Track } from './song.ts';

const DEFAULT_TICKS_PER_BEAT = 8;
const DEFAULT_BEATS_PER_MEASURE = 4;
const DEFAULT_BEATS_PER_MINUTE = 120;
export const DRUM_TRACK_ID = 10;

const env = (attack: number, decay: number, sustain: number, release: number, amplitude: number): Envelope => ({
  attack,
  decay,
  sustain,
  release,
  amplitude,
});
const lfo = (frequency: number, amplitude: number): Lfo => ({ frequency, amplitude });
const NO_ENVELOPE = env(0, 0, 0, 0, 0);
const NO_LFO = lfo(0, 0);

function instrument(waveform: number, octave: number, amp: Envelope, extra: Partial<Instrument> = {}): Instrument {
  return { waveform, octave, ampEnvelope: amp, pitchEnvelope: NO_ENVELOPE, ampLFO: NO_LFO, pitchLFO: NO_LFO, ...extra };
}

const W = InstructionWave;

/** The ten melodic instruments, in track order. */
const INSTRUMENTS: readonly { name: string; instrument: Instrument }[] = [
  { name: 'Piano', instrument: instrument(W.Triangle, 4, env(4, 420, 520, 260, 1024)) },
  {
    name: 'Flute',
    instrument: instrument(W.Sine, 5, env(70, 120, 860, 180, 1024), { pitchLFO: lfo(5, 3), ampLFO: lfo(4, 40) }),
  },
  { name: 'Bass', instrument: instrument(W.Sawtooth, 2, env(6, 160, 640, 90, 1024)) },
  { name: 'Organ', instrument: instrument(W.Square50, 4, env(12, 60, 900, 80, 900)) },
  {
    name: 'Strings',
    instrument: instrument(W.Sawtooth, 4, env(240, 160, 820, 420, 1024), { pitchLFO: lfo(6, 2) }),
  },
  { name: 'Bell', instrument: instrument(W.Sine, 5, env(2, 900, 0, 600, 1024)) },
  {
    name: 'Synth',
    instrument: instrument(W.Square30, 4, env(8, 200, 600, 160, 1024), {
      pitchEnvelope: env(4, 60, 0, 60, 30),
    }),
  },
  { name: 'Marimba', instrument: instrument(W.Triangle, 4, env(2, 240, 0, 120, 1024)) },
  {
    name: 'Brass',
    instrument: instrument(W.Square40, 3, env(60, 140, 760, 140, 1024), { pitchEnvelope: env(40, 60, 0, 0, 12) }),
  },
  { name: 'Retro', instrument: instrument(W.Square10, 4, env(4, 80, 700, 40, 1024), { pitchLFO: lfo(12, 5) }) },
];

const step = (waveform: number, frequency: number, volume: number, duration: number): DrumStep => ({
  waveform,
  frequency,
  volume,
  duration,
});

/** The drum kit; a drum track's note number picks a drum by index. */
const DEFAULT_DRUM_KIT: readonly DrumInstrument[] = [
  // 0 kick: a sine thump falling in pitch.
  { startFrequency: 150, startVolume: 1024, steps: [step(W.Sine, 90, 1024, 15), step(W.Sine, 40, 0, 120)] },
  // 1 snare: a short tone into noise.
  {
    startFrequency: 220,
    startVolume: 1024,
    steps: [step(W.Triangle, 160, 900, 12), step(W.Noise, 1, 500, 25), step(W.Noise, 1, 0, 160)],
  },
  // 2 closed hi-hat.
  { startFrequency: 1, startVolume: 700, steps: [step(W.Noise, 1, 0, 40)] },
  // 3 open hi-hat.
  { startFrequency: 1, startVolume: 700, steps: [step(W.Noise, 1, 400, 60), step(W.Noise, 1, 0, 220)] },
  // 4 clap: three quick bursts.
  {
    startFrequency: 1,
    startVolume: 800,
    steps: [
      step(W.Noise, 1, 100, 10),
      step(W.Noise, 1, 800, 2),
      step(W.Noise, 1, 100, 10),
      step(W.Noise, 1, 800, 2),
      step(W.Noise, 1, 0, 120),
    ],
  },
  // 5 low tom, 6 high tom.
  { startFrequency: 180, startVolume: 1024, steps: [step(W.Sine, 110, 700, 40), step(W.Sine, 90, 0, 180)] },
  { startFrequency: 300, startVolume: 1024, steps: [step(W.Sine, 200, 700, 30), step(W.Sine, 170, 0, 150)] },
  // 7 rim click.
  { startFrequency: 1800, startVolume: 900, steps: [step(W.Square50, 1600, 0, 18)] },
];

/** A deep copy of plain data (the sources here are frozen templates). */
function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** A fresh default song (every call returns new objects the caller may change). */
export function createDefaultSong(measures = 2): Song {
  const tracks: Track[] = INSTRUMENTS.map(({ name, instrument: inst }, id) => ({
    id,
    name,
    instrument: clone(inst),
    notes: [],
  }));
  tracks.push({
    id: DRUM_TRACK_ID,
    name: 'Drums',
    instrument: instrument(W.Noise, 4, env(0, 0, 1024, 0, 1024)),
    drums: clone(DEFAULT_DRUM_KIT) as DrumInstrument[],
    notes: [],
  });
  return {
    ticksPerBeat: DEFAULT_TICKS_PER_BEAT,
    beatsPerMeasure: DEFAULT_BEATS_PER_MEASURE,
    beatsPerMinute: DEFAULT_BEATS_PER_MINUTE,
    measures,
    tracks,
  };
}

/**
 * Puts a decoded song back on the default tracks: encoding drops tracks without notes and the
 * names, so the editor shows every default track again, with the decoded notes (and the decoded
 * instrument or kit, which may have been edited) on the track of the same id and kind.
 */
export function inflateSong(decoded: Song): Song {
  const base = createDefaultSong(decoded.measures);
  const used = new Set<Track>();
  const tracks = base.tracks.map((track) => {
    const found = decoded.tracks.find(
      (t) => t.id === track.id && (t.drums !== undefined) === (track.drums !== undefined),
    );
    if (!found) return track;
    used.add(found);
    return found.drums
      ? { ...track, drums: found.drums, notes: found.notes }
      : { ...track, instrument: found.instrument, notes: found.notes };
  });
  // Tracks of another editor's layout (a drum track on another id, say) are kept as they came.
  const extra = decoded.tracks.filter((t) => !used.has(t));
  return { ...base, ...pickInfo(decoded), tracks: [...tracks, ...extra] };
}

function pickInfo(song: Song): Omit<Song, 'tracks'> {
  return {
    ticksPerBeat: song.ticksPerBeat,
    beatsPerMeasure: song.beatsPerMeasure,
    beatsPerMinute: song.beatsPerMinute,
    measures: song.measures,
  };
}
