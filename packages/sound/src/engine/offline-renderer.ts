// Rendering without a sound card: the headless runner and the CLI pull the engine as fast as the
// CPU allows and collect the samples (for a WAV file). The runtime's virtual clock and engine
// time meet through `advanceTo`: call it with the clock's time before each sound call, and
// every sound starts on the sample its clock time maps to.
import { BUFFER_SIZE } from '../constants.ts';
import type { SoundEngine } from './sound-engine.ts';

export interface OfflineRendererOptions {
  /** Block size for pulls (default 512). */
  blockSize?: number;
  /** Keep the rendered samples (default true); false just advances time. */
  capture?: boolean;
}

export class OfflineRenderer {
  private readonly blockSize: number;
  private readonly capture: boolean;
  private readonly chunks: Float32Array[] = [];
  private captured = 0;

  constructor(
    private readonly engine: SoundEngine,
    options: OfflineRendererOptions = {},
  ) {
    this.blockSize = Math.max(1, Math.floor(options.blockSize ?? BUFFER_SIZE));
    this.capture = options.capture ?? true;
  }

  /** Samples captured so far. */
  get length(): number {
    return this.captured;
  }

  /** Renders until engine time reaches `sample` (no-op if it already has). */
  advanceToSample(sample: number): void {
    const target = Math.floor(sample);
    while (this.engine.currentSample < target) {
      this.pull(Math.min(this.blockSize, target - this.engine.currentSample));
    }
  }

  /** Renders until engine time reaches `ms` (in engine milliseconds). */
  advanceTo(ms: number): void {
    this.advanceToSample(Math.round((ms * this.engine.sampleRate) / 1000));
  }

  /**
   * Renders until nothing sounds or waits to sound, or `maxMs` more have been rendered (so a
   * looping melody cannot run forever). Returns true when the engine went quiet.
   */
  renderUntilIdle(maxMs = 10 * 60 * 1000): boolean {
    const limit = this.engine.currentSample + Math.round((maxMs * this.engine.sampleRate) / 1000);
    while (this.engine.status().active && this.engine.currentSample < limit) {
      this.pull(Math.min(this.blockSize, limit - this.engine.currentSample));
    }
    // One more block lets the last end events fire.
    this.pull(this.blockSize);
    return !this.engine.status().active;
  }

  /** Everything captured so far, as one buffer. */
  samples(): Float32Array {
    const out = new Float32Array(this.captured);
    let at = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }

  private pull(frames: number): void {
    const chunk = this.engine.render(frames);
    if (!this.capture) return;
    this.chunks.push(chunk);
    this.captured += chunk.length;
  }
}
