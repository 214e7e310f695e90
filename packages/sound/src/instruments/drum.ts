// Drums (spec 001 §3): a start frequency and volume, then steps that each glide to a new
// frequency and volume with their own waveform. A hit renders into sound instructions.
import { MAX_MUSIC_VOLUME, VOLUME_SCALE } from '../constants.ts';
import type { SoundInstruction } from '../instructions/sound-instructions.ts';
import { clampFrequency, clampMusicVolume } from './instrument.ts';

export interface DrumStep {
  /** Mixer wave code. */
  waveform: number;
  /** Hz reached at the end of the step. */
  frequency: number;
  /** Volume (0-1024) reached at the end of the step. */
  volume: number;
  /** Step length in ms. */
  duration: number;
}

export interface DrumInstrument {
  startFrequency: number;
  /** 0-1024. */
  startVolume: number;
  steps: DrumStep[];
}

const TAIL_MS = 10;

/** Drum volumes are clamped to 0-1024 (spec 002 §5). */
function clampDrumVolume(volume: number): number {
  return Math.max(0, Math.min(VOLUME_SCALE, Number.isFinite(volume) ? volume : 0));
}

/** Renders one drum hit at music volume `volume` (0-255). */
export function renderDrumHit(drum: DrumInstrument, volume = MAX_MUSIC_VOLUME): SoundInstruction[] {
  const scale = clampMusicVolume(volume) / MAX_MUSIC_VOLUME;
  const out: SoundInstruction[] = [];
  let frequency = clampFrequency(drum.startFrequency);
  let level = clampDrumVolume(drum.startVolume);
  let wave = drum.steps[0]?.waveform ?? 0;
  for (const step of drum.steps) {
    const nextFrequency = clampFrequency(step.frequency);
    const nextLevel = clampDrumVolume(step.volume);
    wave = step.waveform;
    out.push({
      wave,
      frequency: Math.round(frequency),
      endFrequency: Math.round(nextFrequency),
      durationMs: Math.max(0, step.duration),
      startVolume: level * scale,
      endVolume: nextLevel * scale,
    });
    frequency = nextFrequency;
    level = nextLevel;
  }
  if (drum.steps.length > 0) {
    out.push({
      wave,
      frequency: Math.round(frequency),
      endFrequency: Math.round(frequency),
      durationMs: TAIL_MS,
      startVolume: level * scale,
      endVolume: 0,
    });
  }
  return out;
}
