// Blockly gives every workspace it makes (the main one, the toolbox's flyout, ...) its own
// AudioContext at once, for the click and drop sounds. A page's first AudioContext opens the
// audio output, which took 110-360 ms of the main thread on the way to the first blocks (bench
// first-minute profile), before any sound is wanted. While Blockly makes workspaces, its
// AudioContext is this stand-in: it decodes the sounds without an output (an offline context)
// and opens a real AudioContext only when a sound first plays.

type AudioContextClass = new () => AudioContext;
type OfflineContextClass = new (channels: number, length: number, sampleRate: number) => OfflineAudioContext;

export interface AudioHost {
  AudioContext?: AudioContextClass;
  OfflineAudioContext?: OfflineContextClass;
}

/** Any rate will do: a buffer plays in a context of another rate (the browser resamples). */
const DECODE_RATE = 48_000;

/** The members of AudioContext that Blockly's WorkspaceAudio uses. */
function lazyAudioContextClass(Real: AudioContextClass, Offline: OfflineContextClass | undefined) {
  return class LazyAudioContext {
    private real: AudioContext | undefined;
    private closed = false;

    private context(): AudioContext {
      return (this.real ??= new Real());
    }
    get state(): AudioContextState {
      return this.real?.state ?? (this.closed ? 'closed' : 'suspended');
    }
    get currentTime(): number {
      return this.context().currentTime;
    }
    get destination(): AudioDestinationNode {
      return this.context().destination;
    }
    resume(): Promise<void> {
      return this.closed ? Promise.resolve() : this.context().resume();
    }
    close(): Promise<void> {
      this.closed = true;
      return this.real?.close() ?? Promise.resolve();
    }
    decodeAudioData(
      data: ArrayBuffer,
      success?: DecodeSuccessCallback | null,
      error?: DecodeErrorCallback | null,
    ): Promise<AudioBuffer> {
      const decoder = this.real ?? (Offline ? new Offline(1, 1, DECODE_RATE) : this.context());
      return decoder.decodeAudioData(data, success, error);
    }
    createBufferSource(): AudioBufferSourceNode {
      return this.context().createBufferSource();
    }
    createGain(): GainNode {
      return this.context().createGain();
    }
    createOscillator(): OscillatorNode {
      return this.context().createOscillator();
    }
  };
}

/** Runs `make` (which makes Blockly workspaces) with AudioContext opening only on first use. */
export function withLazyAudioContext<T>(make: () => T, host: AudioHost = globalThis): T {
  const Real = host.AudioContext;
  if (!Real) return make();
  // Blockly uses only the members the stand-in has.
  host.AudioContext = lazyAudioContextClass(Real, host.OfflineAudioContext) as unknown as AudioContextClass;
  try {
    return make();
  } finally {
    host.AudioContext = Real;
  }
}
