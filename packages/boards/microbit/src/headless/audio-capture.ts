// Headless sound: each board's engine is pulled by an OfflineRenderer that follows the virtual
// clock (rendered up to the clock's time before every sound call), so every sound starts on the
// sample of its clock time. When nobody keeps the audio, engines render only while they sound. At the end the boards' tracks are mixed into one (summed, then the
// engine's soft limiter keeps the mix inside [-1, 1]), for `blockyard run --audio out.wav`.

import { OfflineRenderer, softLimit } from '@blockyard/sound';
import type { Board } from '../board/board.ts';

export class AudioCapture {
  private readonly renderers: OfflineRenderer[];

  /** `keep`: collect the samples (for a WAV); otherwise only keep the engines' time moving. */
  constructor(
    private readonly boards: readonly Board[],
    private readonly keep: boolean,
  ) {
    this.renderers = boards.map((board) => {
      const engine = board.speaker.engine;
      const renderer = new OfflineRenderer(engine, { capture: keep });
      let last = 0;
      board.speaker.beforeSound = keep
        ? (timeMs) => renderer.advanceTo(timeMs)
        : (timeMs) => {
            // Nobody listens: render only while something sounds, so finished sounds are let go
            // and a long silent run costs nothing.
            const elapsed = timeMs - last;
            last = timeMs;
            if (engine.status().active) renderer.advanceTo(engine.currentTimeMs + elapsed);
          };
      return renderer;
    });
  }

  /** Renders every board up to `endMs` (when kept) and stops following the clock; the mix. */
  finish(endMs: number): Float32Array | undefined {
    for (const board of this.boards) board.speaker.beforeSound = undefined;
    if (!this.keep) return undefined;
    for (const renderer of this.renderers) renderer.advanceTo(endMs);
    return mixTracks(this.renderers.map((renderer) => renderer.samples()));
  }
}

/** Sums tracks sample by sample (the longest sets the length) through the soft limiter. */
export function mixTracks(tracks: readonly Float32Array[]): Float32Array {
  if (tracks.length === 1) return tracks[0]!;
  const length = Math.max(0, ...tracks.map((track) => track.length));
  const out = new Float32Array(length);
  for (const track of tracks) for (let i = 0; i < track.length; i++) out[i] = (out[i] ?? 0) + (track[i] ?? 0);
  for (let i = 0; i < length; i++) out[i] = softLimit(out[i] ?? 0);
  return out;
}
