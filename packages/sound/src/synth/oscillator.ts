// The inner loops of the synthesizer. One loop per oscillator kind (a switch outside the loop, not
// inside it) keeps the per-sample work to a few multiplies, which is what makes 20 channels cheap.
// Saw and square edges are band-limited with PolyBLEP so high notes do not alias into harshness.
import { Osc, type OscShape } from './waveform.ts';

const SINE_BITS = 12;
const SINE_SIZE = 1 << SINE_BITS;
/** One sine period plus a guard entry, read with linear interpolation. */
const SINE_TABLE = (() => {
  const table = new Float32Array(SINE_SIZE + 1);
  for (let i = 0; i <= SINE_SIZE; i++) table[i] = Math.sin((2 * Math.PI * i) / SINE_SIZE);
  return table;
})();

/** Per-voice oscillator state that survives between chunks (phase continuity = no clicks). */
export interface OscState {
  /** Position in the current period, 0 <= phase < 1. */
  phase: number;
  /** Current (slewed) gain. */
  gain: number;
  /** xorshift32 state for the noise kinds; never 0. */
  seed: number;
  /** The held noise value (sample-and-hold kinds). */
  held: number;
  /** Periods completed, for the cycle-noise pattern. */
  cycle: number;
}

export function createOscState(seed: number): OscState {
  return { phase: 0, gain: 0, seed: seed >>> 0 || 0x9e3779b9, held: 0, cycle: 0 };
}

/** What one chunk renders: frequencies and gain targets move linearly across it. */
export interface ChunkParams {
  /** Phase increment (frequency / sample rate) at the first sample, and its change per sample. */
  inc: number;
  dInc: number;
  /** Gain target at the first sample, and its change per sample. */
  target: number;
  dTarget: number;
  /** Largest gain change per sample (the slew limit). */
  slew: number;
}

/** Fixed on/off patterns for cycle noise: our own 64-bit pseudo-random sequence (LFSR). */
const CYCLE_PATTERN = (() => {
  const bits = new Uint8Array(64);
  let lfsr = 0xace1;
  for (let i = 0; i < 64; i++) {
    const bit = (lfsr ^ (lfsr >> 2) ^ (lfsr >> 3) ^ (lfsr >> 5)) & 1;
    lfsr = (lfsr >> 1) | (bit << 15);
    bits[i] = lfsr & 1;
  }
  return bits;
})();

function polyBlep(t: number, dt: number): number {
  if (dt <= 0) return 0;
  if (t < dt) {
    const x = t / dt;
    return x + x - x * x - 1;
  }
  if (t > 1 - dt) {
    const x = (t - 1) / dt;
    return x * x + x + x + 1;
  }
  return 0;
}

function nextRandom(state: OscState): number {
  let x = state.seed;
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  state.seed = x >>> 0;
  // Map to [-1, 1).
  return state.seed / 0x80000000 - 1;
}

/**
 * Adds `count` samples of `shape` into `out` from `start`, advancing `state`. Frequencies at or
 * above Nyquist and below zero are silenced rather than aliased or run backwards.
 */
export function renderChunk(
  out: Float32Array,
  start: number,
  count: number,
  shape: OscShape,
  state: OscState,
  p: ChunkParams,
): void {
  const end = start + count;
  let { phase, gain } = state;
  let inc = p.inc;
  const dInc = p.dInc;
  let target = p.target;
  const dTarget = p.dTarget;
  const slew = p.slew;
  switch (shape.kind) {
    case Osc.Sine:
      for (let i = start; i < end; i++) {
        const d = target - gain;
        gain += d > slew ? slew : d < -slew ? -slew : d;
        const pos = phase * SINE_SIZE;
        const index = pos | 0;
        const a = SINE_TABLE[index] as number;
        out[i] = (out[i] as number) + gain * (a + ((SINE_TABLE[index + 1] as number) - a) * (pos - index));
        phase += inc > 0 && inc < 0.5 ? inc : 0;
        if (phase >= 1) phase -= 1;
        inc += dInc;
        target += dTarget;
      }
      break;
    case Osc.Triangle:
      for (let i = start; i < end; i++) {
        const d = target - gain;
        gain += d > slew ? slew : d < -slew ? -slew : d;
        const v = phase < 0.25 ? 4 * phase : phase < 0.75 ? 2 - 4 * phase : 4 * phase - 4;
        out[i] = (out[i] as number) + gain * v;
        phase += inc > 0 && inc < 0.5 ? inc : 0;
        if (phase >= 1) phase -= 1;
        inc += dInc;
        target += dTarget;
      }
      break;
    case Osc.Sawtooth:
      for (let i = start; i < end; i++) {
        const d = target - gain;
        gain += d > slew ? slew : d < -slew ? -slew : d;
        const dt = inc > 0 && inc < 0.5 ? inc : 0;
        // Started at phase 0.5 by the voice, so the first sample is 0 rather than -1.
        out[i] = (out[i] as number) + gain * (2 * phase - 1 - polyBlep(phase, dt));
        phase += dt;
        if (phase >= 1) phase -= 1;
        inc += dInc;
        target += dTarget;
      }
      break;
    case Osc.Square: {
      const duty = shape.param;
      for (let i = start; i < end; i++) {
        const d = target - gain;
        gain += d > slew ? slew : d < -slew ? -slew : d;
        const dt = inc > 0 && inc < 0.5 ? inc : 0;
        let fall = phase - duty;
        if (fall < 0) fall += 1;
        const v = (phase < duty ? 1 : -1) + polyBlep(phase, dt) - polyBlep(fall, dt);
        out[i] = (out[i] as number) + gain * v;
        phase += dt;
        if (phase >= 1) phase -= 1;
        inc += dInc;
        target += dTarget;
      }
      break;
    }
    case Osc.Noise:
      for (let i = start; i < end; i++) {
        const d = target - gain;
        gain += d > slew ? slew : d < -slew ? -slew : d;
        out[i] = (out[i] as number) + gain * nextRandom(state);
        target += dTarget;
      }
      break;
    case Osc.PitchedNoise: {
      // A new random value 32 times per period: low notes rumble, high notes hiss.
      let held = state.held;
      for (let i = start; i < end; i++) {
        const d = target - gain;
        gain += d > slew ? slew : d < -slew ? -slew : d;
        out[i] = (out[i] as number) + gain * held;
        const step = inc > 0 ? Math.min(inc * 32, 1) : 0;
        phase += step;
        if (phase >= 1) {
          phase -= 1;
          held = nextRandom(state);
        }
        inc += dInc;
        target += dTarget;
      }
      state.held = held;
      break;
    }
    case Osc.TunedNoise:
    case Osc.CycleNoise: {
      const length = shape.kind === Osc.CycleNoise ? shape.param : 0;
      let held = state.held;
      let cycle = state.cycle;
      for (let i = start; i < end; i++) {
        const d = target - gain;
        gain += d > slew ? slew : d < -slew ? -slew : d;
        out[i] = (out[i] as number) + gain * (phase < 0.5 ? held : -held);
        phase += inc > 0 && inc < 0.5 ? inc : 0;
        if (phase >= 1) {
          phase -= 1;
          cycle++;
          held = length > 0 ? (CYCLE_PATTERN[cycle % length] as number) : nextRandom(state) > 0 ? 1 : 0;
        }
        inc += dInc;
        target += dTarget;
      }
      state.held = held;
      state.cycle = cycle;
      break;
    }
    default:
      // Silence still moves the gain, so a following sound starts from where this one left off.
      for (let i = start; i < end; i++) {
        const d = target - gain;
        gain += d > slew ? slew : d < -slew ? -slew : d;
        target += dTarget;
      }
      break;
  }
  state.phase = phase;
  state.gain = gain;
}
