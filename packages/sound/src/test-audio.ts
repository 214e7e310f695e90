// Measuring rendered PCM in tests: pitch by zero crossings, loudness, where sound starts and
// stops, the largest step between samples. (Test support only; not exported by the package.)
import { OfflineRenderer } from './engine/offline-renderer.ts';
import { SoundEngine, type SoundEngineOptions } from './engine/sound-engine.ts';
import { seededRandom } from './random.ts';

/** Frequency in Hz from rising zero crossings (linearly interpolated) within [from, to). */
export function zeroCrossingHz(samples: Float32Array, sampleRate: number, from = 0, to = samples.length): number {
  const crossings: number[] = [];
  for (let i = Math.max(1, from); i < to; i++) {
    const a = samples[i - 1] as number;
    const b = samples[i] as number;
    if (a < 0 && b >= 0) crossings.push(i - 1 + -a / (b - a));
  }
  if (crossings.length < 2) return 0;
  const span = (crossings[crossings.length - 1] as number) - (crossings[0] as number);
  return ((crossings.length - 1) * sampleRate) / span;
}

export function rms(samples: Float32Array, from = 0, to = samples.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += (samples[i] as number) ** 2;
  return to > from ? Math.sqrt(sum / (to - from)) : 0;
}

export function peak(samples: Float32Array, from = 0, to = samples.length): number {
  let max = 0;
  for (let i = from; i < to; i++) max = Math.max(max, Math.abs(samples[i] as number));
  return max;
}

/** Index of the first sample louder than `threshold`, or -1. */
export function firstSound(samples: Float32Array, threshold = 1e-4): number {
  return samples.findIndex((x) => Math.abs(x) > threshold);
}

/** Index just after the last sample louder than `threshold`, or 0. */
export function soundEnd(samples: Float32Array, threshold = 1e-4): number {
  for (let i = samples.length - 1; i >= 0; i--) if (Math.abs(samples[i] as number) > threshold) return i + 1;
  return 0;
}

/** Largest |x[i] - x[i-1]| within [from, to). */
export function maxStep(samples: Float32Array, from = 1, to = samples.length): number {
  let max = 0;
  for (let i = Math.max(1, from); i < to; i++)
    max = Math.max(max, Math.abs((samples[i] as number) - (samples[i - 1] as number)));
  return max;
}

/** Peak level in consecutive windows of `window` samples: a coarse amplitude envelope. */
export function envelope(samples: Float32Array, window: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < samples.length; i += window) out.push(peak(samples, i, Math.min(samples.length, i + window)));
  return out;
}

/** An engine with seeded randomness and an offline renderer, for rendering in tests. */
export function testEngine(options: SoundEngineOptions = {}): { engine: SoundEngine; renderer: OfflineRenderer } {
  const engine = new SoundEngine({ random: seededRandom(1), ...options });
  return { engine, renderer: new OfflineRenderer(engine) };
}
