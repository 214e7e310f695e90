// Headless sound: each board's engine is pulled by an OfflineRenderer that follows the virtual
// clock (rendered up to the clock's time before every sound call), so every sound starts on the
// sample of its clock time. At the end the boards' tracks are mixed into one (summed, then the
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
      const renderer = new OfflineRenderer(board.speaker.engine, { capture: keep });
      board.speaker.beforeSound = (timeMs) => renderer.advanceTo(timeMs);
      return renderer;
    });
  }

  /** Renders every board up to `endMs` and stops following the clock; the mix when kept. */
  finish(endMs: number): Float32Array | undefined {
    this.boards.forEach((board, i) => {
      board.speaker.beforeSound = undefined;
      this.renderers[i]!.advanceTo(endMs);
    });
    if (!this.keep) return undefined;
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
