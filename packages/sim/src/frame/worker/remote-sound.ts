// The page's audio source for a program worker: the page's WebAudioOutput pulls samples from
// here as before; each pull takes what the worker has sent and asks it for as many more, so the
// worker's sound engines keep time with the page's audio clock (one request behind). Samples
// from the worker are untrusted: they are made finite and clamped, and at most MAX_BUFFERED wait.

import { SAMPLE_RATE } from '@blockyard/sound';

/** Samples kept waiting at most (half a second); older ones are dropped. */
const MAX_BUFFERED = SAMPLE_RATE / 2;

export class RemoteSound {
  readonly sampleRate = SAMPLE_RATE;
  private readonly chunks: Float32Array[] = [];
  private buffered = 0;
  private requested = 0;
  private request: ((frames: number) => void) | undefined;

  /** Where requests go (the current worker), or undefined when no program runs. */
  connect(request: ((frames: number) => void) | undefined): void {
    this.request = request;
    this.clear();
  }

  render(frames: number): Float32Array {
    const out = new Float32Array(frames);
    let filled = 0;
    while (filled < frames && this.chunks.length > 0) {
      const chunk = this.chunks[0]!;
      const take = Math.min(chunk.length, frames - filled);
      out.set(chunk.subarray(0, take), filled);
      filled += take;
      this.buffered -= take;
      if (take === chunk.length) this.chunks.shift();
      else this.chunks[0] = chunk.subarray(take);
    }
    // Ask again for what was taken, keeping at most one second of requests open.
    if (this.request && this.requested < SAMPLE_RATE) {
      this.requested += frames;
      this.request(frames);
    }
    return out;
  }

  /** Samples from the worker. */
  receive(samples: Float32Array): void {
    this.requested = Math.max(0, this.requested - samples.length);
    const clean = new Float32Array(samples.length);
    for (let i = 0; i < samples.length; i++) {
      const value = samples[i]!;
      clean[i] = value > 1 ? 1 : value < -1 ? -1 : value === value ? value : 0;
    }
    this.chunks.push(clean);
    this.buffered += clean.length;
    while (this.buffered > MAX_BUFFERED && this.chunks.length > 0) this.buffered -= this.chunks.shift()!.length;
  }

  /** Stop sound: what waits is dropped. */
  clear(): void {
    this.chunks.length = 0;
    this.buffered = 0;
    this.requested = 0;
  }
}
