// One audio output for every board in the frame: the page's WebAudioOutput pulls from this mix,
// which pulls the same number of samples from each board's sound engine and adds them up.

import { SAMPLE_RATE } from '@blockyard/sound';

export interface PulledSource {
  render(frames: number): Float32Array;
}

export class SoundMix {
  readonly sampleRate = SAMPLE_RATE;
  private readonly sources = new Set<PulledSource>();

  add(source: PulledSource): () => void {
    this.sources.add(source);
    return () => this.sources.delete(source);
  }

  get size(): number {
    return this.sources.size;
  }

  render(frames: number): Float32Array {
    const out = new Float32Array(frames);
    for (const source of this.sources) {
      const samples = source.render(frames);
      for (let i = 0; i < frames; i++) out[i]! += samples[i] ?? 0;
    }
    if (this.sources.size > 1) for (let i = 0; i < frames; i++) out[i] = Math.max(-1, Math.min(1, out[i]!));
    return out;
  }
}
