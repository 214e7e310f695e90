// The audio-thread side of Web Audio output. `soundWorkletMain` is written to run on its own:
// the AudioWorklet module is its source text (`(soundWorkletMain)()`, loaded from a Blob URL, so
// no bundler has to know about worklets), and the page calls the same function to get the
// SampleQueue for the ScriptProcessor fallback. It therefore references nothing outside itself
// and uses only syntax that no build step rewrites into helpers (no class fields).
import type { PageToWorklet, SoundWorkletOptions, WorkletToPage } from './sound-worklet-protocol.ts';

/** A queue of mono samples, read out at another rate, with fades instead of clicks. */
export interface SampleQueueApi {
  /** Appends samples (at the source rate). When full, the oldest samples are dropped. */
  push(samples: Float32Array): void;
  /** Fills `out` (output rate); returns how many frames had real data (the rest fade to 0). */
  pull(out: Float32Array): number;
  /** Fades the queued sound out over `fadeFrames` output frames, then drops what is left. */
  stop(fadeFrames: number): void;
  /** Output frames' worth of samples queued. */
  readonly bufferedFrames: number;
}

interface SampleQueueOptions {
  /** Source samples per output frame (44,100 / context rate). */
  ratio: number;
  /** Ring capacity in source samples. */
  capacity: number;
}

export interface SoundWorkletModule {
  SampleQueue: new (options: SampleQueueOptions) => SampleQueueApi;
}

// The AudioWorkletGlobalScope's names, which lib.dom does not declare.
declare const registerProcessor: ((name: string, processor: unknown) => void) | undefined;
declare const sampleRate: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

export function soundWorkletMain(): SoundWorkletModule {
  /** Samples over which an underrun fades to silence (a click otherwise). */
  const UNDERRUN_FADE = 64;

  class SampleQueue implements SampleQueueApi {
    declare private readonly ring: Float32Array;
    declare private readonly ratio: number;
    declare private read: number;
    declare private count: number;
    declare private frac: number;
    declare private last: number;
    declare private fadeLeft: number;
    declare private fadeTotal: number;
    declare private dryLeft: number;

    constructor(options: SampleQueueOptions) {
      this.ring = new Float32Array(Math.max(16, Math.floor(options.capacity)));
      this.ratio = options.ratio > 0 ? options.ratio : 1;
      this.read = 0;
      this.count = 0;
      this.frac = 0;
      this.last = 0;
      this.fadeLeft = 0;
      this.fadeTotal = 0;
      this.dryLeft = 0;
    }

    get bufferedFrames(): number {
      return Math.max(0, Math.floor((this.count - this.frac) / this.ratio));
    }

    push(samples: Float32Array): void {
      const size = this.ring.length;
      for (let i = 0; i < samples.length; i++) {
        if (this.count === size) {
          this.read = (this.read + 1) % size;
          this.count--;
        }
        this.ring[(this.read + this.count) % size] = samples[i] as number;
        this.count++;
      }
    }

    stop(fadeFrames: number): void {
      this.fadeTotal = Math.max(1, Math.round(fadeFrames));
      this.fadeLeft = this.fadeTotal;
    }

    pull(out: Float32Array): number {
      const size = this.ring.length;
      let real = 0;
      for (let i = 0; i < out.length; i++) {
        // Linear interpolation needs the next sample too (except at the exact source rate).
        const needed = this.ratio === 1 ? 1 : 2;
        const hasData = this.count >= needed;
        let value: number;
        if (hasData) {
          const a = this.ring[this.read] as number;
          const b = needed === 2 ? (this.ring[(this.read + 1) % size] as number) : a;
          value = a + (b - a) * this.frac;
          this.frac += this.ratio;
          while (this.frac >= 1 && this.count > 0) {
            this.frac -= 1;
            this.read = (this.read + 1) % size;
            this.count--;
          }
          this.dryLeft = UNDERRUN_FADE;
          real++;
        } else {
          // Ran dry: let the last real value die away in a straight line instead of jumping to 0.
          this.dryLeft = Math.max(0, this.dryLeft - 1);
          value = this.last * (this.dryLeft / UNDERRUN_FADE);
        }
        if (this.fadeLeft > 0) {
          value *= this.fadeLeft / this.fadeTotal;
          this.fadeLeft--;
          if (this.fadeLeft === 0) {
            this.read = 0;
            this.count = 0;
            this.frac = 0;
            this.dryLeft = 0;
            this.last = 0;
            out[i] = 0;
            continue;
          }
        }
        if (hasData) this.last = value;
        out[i] = value;
      }
      return real;
    }
  }

  if (typeof registerProcessor === 'function') {
    class SoundProcessor extends AudioWorkletProcessor {
      declare private readonly queue: SampleQueue;
      declare private readonly options: SoundWorkletOptions;
      declare private readonly ratio: number;
      declare private requested: number;

      constructor(init: { processorOptions: SoundWorkletOptions }) {
        super();
        this.options = init.processorOptions;
        this.ratio = this.options.sourceRate / sampleRate;
        this.queue = new SampleQueue({ ratio: this.ratio, capacity: this.options.sourceRate * 4 });
        this.requested = 0;
        this.port.onmessage = (event: MessageEvent<PageToWorklet>) => {
          const message = event.data;
          if (message.type === 'samples') {
            this.queue.push(message.samples);
            this.requested = Math.max(0, this.requested - message.samples.length);
          } else if (message.type === 'stop') {
            this.queue.stop(message.fadeSeconds * sampleRate);
          }
        };
      }

      process(_inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
        const channels = outputs[0];
        const first = channels?.[0];
        if (!channels || !first) return true;
        const real = this.queue.pull(first);
        for (let c = 1; c < channels.length; c++) (channels[c] as Float32Array).set(first);
        if (real < first.length && this.requested === 0) {
          this.post({ type: 'underrun', frames: first.length - real });
        }
        const buffered = this.queue.bufferedFrames + Math.floor(this.requested / this.ratio);
        if (buffered < this.options.lowWaterFrames) {
          const frames = Math.ceil((this.options.targetFrames - buffered) * this.ratio);
          this.requested += frames;
          this.post({ type: 'need', frames });
        }
        return true;
      }

      private post(message: WorkletToPage): void {
        this.port.postMessage(message);
      }
    }
    registerProcessor('blockyard-sound', SoundProcessor);
  }

  return { SampleQueue };
}

/** The worklet module's source text, for a Blob URL. */
export const SOUND_WORKLET_SOURCE = `(${soundWorkletMain.toString()})();\n`;
