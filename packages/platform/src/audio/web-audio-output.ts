// Plays the sound engine's PCM in the browser. An AudioWorklet (or, where there is none, a
// ScriptProcessor) asks for samples when its queue runs low and the page renders them from the
// engine. Browsers only start audio after a user gesture, so the output waits (status
// 'waiting', shown as muted) until the first pointer or key press; meanwhile a silent pump keeps
// the engine's time moving with the clock, so sounds "play" on time and their events still fire.
import type { AudioOutput, Clock, TimerHandle } from '@blockyard/core';
import { SystemClock } from '../system-clock.ts';
import { soundWorkletMain, SOUND_WORKLET_SOURCE, type SampleQueueApi } from './sound-worklet.ts';
import {
  SOUND_WORKLET_PROCESSOR,
  type PageToWorklet,
  type SoundWorkletOptions,
  type WorkletToPage,
} from './sound-worklet-protocol.ts';

/** Something that renders mono samples on request: the sound engine. */
export interface PulledAudioSource {
  readonly sampleRate: number;
  render(frames: number): Float32Array;
}

/**
 * waiting: no user gesture yet (or the browser suspended audio), so nothing is audible;
 * running: audible (unless muted); unavailable: this browser cannot play Web Audio; closed: disposed.
 */
export type AudioOutputStatus = 'waiting' | 'running' | 'unavailable' | 'closed';

/** The Web Audio objects we create, injectable so tests can run without a browser. */
export interface WebAudioFactory {
  createContext(options: AudioContextOptions): AudioContext;
  createWorkletNode(context: AudioContext, name: string, options: AudioWorkletNodeOptions): AudioWorkletNode;
  createModuleUrl(source: string): string;
}

export interface WebAudioOutputOptions {
  source?: PulledAudioSource | null;
  /** Rate of the samples we are given (default 44,100 Hz). */
  sampleRate?: number;
  /** Where to listen for the first user gesture (default: the global scope, if it has events). */
  gestureTarget?: EventTarget | null;
  /** Clock for the silent pump (default: the system clock). */
  clock?: Clock;
  /** Queue depth in seconds: refill below `lowWater`, up to `target` (defaults 0.07 / 0.14). */
  lowWaterSeconds?: number;
  targetSeconds?: number;
  factory?: Partial<WebAudioFactory>;
  /** Told when the page could not keep up and the output ran dry. */
  onUnderrun?: (frames: number) => void;
}

/** Mute and stop ramps: the same 15 ms as the engine's stop fade (spec 002 §9). */
const FADE_SECONDS = 0.015;
const GESTURES = ['pointerdown', 'keydown', 'touchend'] as const;
const PUMP_INTERVAL_MS = 50;
/** After a long stall (a sleeping tab) the pump does not try to catch up more than this. */
const PUMP_MAX_CATCH_UP_MS = 1000;

const defaultFactory: WebAudioFactory = {
  createContext: (options) => new AudioContext(options),
  createWorkletNode: (context, name, options) => new AudioWorkletNode(context, name, options),
  createModuleUrl: (source) => URL.createObjectURL(new Blob([source], { type: 'text/javascript' })),
};

export class WebAudioOutput implements AudioOutput {
  readonly sampleRate: number;
  private source: PulledAudioSource | null;
  private readonly factory: WebAudioFactory;
  private readonly clock: Clock;
  private readonly gestureTarget: EventTarget | null;
  private readonly lowWaterSeconds: number;
  private readonly targetSeconds: number;
  private readonly onUnderrun: (frames: number) => void;
  private readonly listeners = new Set<() => void>();
  private context: AudioContext | null = null;
  private gain: GainNode | null = null;
  private worklet: AudioWorkletNode | null = null;
  private fallbackQueue: SampleQueueApi | null = null;
  private starting: Promise<void> | null = null;
  private currentStatus: AudioOutputStatus = 'waiting';
  private isMuted = false;
  private pump: TimerHandle | null = null;
  private pumpStart = 0;
  private pumped = 0;

  constructor(options: WebAudioOutputOptions = {}) {
    this.sampleRate = options.sampleRate ?? 44_100;
    this.source = options.source ?? null;
    this.factory = { ...defaultFactory, ...options.factory };
    this.clock = options.clock ?? new SystemClock();
    this.lowWaterSeconds = options.lowWaterSeconds ?? 0.07;
    this.targetSeconds = Math.max(options.targetSeconds ?? 0.14, this.lowWaterSeconds * 1.5);
    this.onUnderrun = options.onUnderrun ?? (() => undefined);
    const globalTarget = typeof addEventListener === 'function' ? (globalThis as unknown as EventTarget) : null;
    this.gestureTarget = options.gestureTarget === undefined ? globalTarget : options.gestureTarget;
    for (const type of GESTURES) this.gestureTarget?.addEventListener(type, this.onGesture, { capture: true });
    this.updatePump();
  }

  get status(): AudioOutputStatus {
    return this.currentStatus;
  }

  /** True when the user should see "muted": muted by choice, or not audible yet. */
  get muted(): boolean {
    return this.isMuted || this.currentStatus !== 'running';
  }

  /** Muted by choice (the mute button), whatever the status. */
  get mutedByUser(): boolean {
    return this.isMuted;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The engine to pull from (null: only `write` feeds the output). */
  setSource(source: PulledAudioSource | null): void {
    this.source = source;
    this.updatePump();
  }

  /** Starts audio. Browsers allow this only from a user gesture; the output calls it itself on the first one. */
  resume(): Promise<void> {
    if (this.currentStatus === 'closed' || this.currentStatus === 'unavailable') return Promise.resolve();
    this.starting ??= this.start().finally(() => (this.starting = null));
    return this.starting;
  }

  setMuted(muted: boolean): void {
    this.isMuted = muted;
    this.applyGain();
    this.notify();
  }

  /** Queues samples (AudioOutput): for callers that push instead of being pulled. */
  write(samples: Float32Array): void {
    if (this.worklet) this.send({ type: 'samples', samples });
    else this.fallbackQueue?.push(samples);
  }

  /** Stop sound: fades out what is already queued over 15 ms and drops the rest. */
  stop(): void {
    if (this.worklet) this.send({ type: 'stop', fadeSeconds: FADE_SECONDS });
    else if (this.fallbackQueue && this.context) this.fallbackQueue.stop(FADE_SECONDS * this.context.sampleRate);
  }

  dispose(): void {
    for (const type of GESTURES) this.gestureTarget?.removeEventListener(type, this.onGesture, { capture: true });
    this.stopPump();
    this.worklet?.disconnect();
    this.gain?.disconnect();
    void this.context?.close().catch(() => undefined);
    this.context = null;
    this.setStatus('closed');
  }

  // ---- internals ---------------------------------------------------------------------------

  private readonly onGesture = (): void => {
    void this.resume();
  };

  private async start(): Promise<void> {
    if (!this.context) {
      try {
        this.context = this.factory.createContext({ sampleRate: this.sampleRate, latencyHint: 'interactive' });
      } catch {
        try {
          // Some browsers refuse a fixed rate: take theirs and let the worklet resample.
          this.context = this.factory.createContext({ latencyHint: 'interactive' });
        } catch {
          this.setStatus('unavailable');
          return;
        }
      }
      const context = this.context;
      this.gain = context.createGain();
      this.gain.gain.value = this.isMuted ? 0 : 1;
      this.gain.connect(context.destination);
      context.onstatechange = () => this.syncStatus();
      if (!(await this.connectWorklet(context))) this.connectScriptProcessor(context);
    }
    try {
      await this.context.resume();
    } catch {
      // Not allowed yet (no gesture): stay waiting; the next gesture tries again.
    }
    this.syncStatus();
  }

  private async connectWorklet(context: AudioContext): Promise<boolean> {
    if (!context.audioWorklet) return false;
    try {
      await context.audioWorklet.addModule(this.factory.createModuleUrl(SOUND_WORKLET_SOURCE));
      const processorOptions: SoundWorkletOptions = {
        sourceRate: this.sampleRate,
        lowWaterFrames: Math.round(this.lowWaterSeconds * context.sampleRate),
        targetFrames: Math.round(this.targetSeconds * context.sampleRate),
      };
      const node = this.factory.createWorkletNode(context, SOUND_WORKLET_PROCESSOR, {
        numberOfInputs: 0,
        numberOfOutputs: 1,
        outputChannelCount: [1],
        processorOptions,
      });
      node.port.onmessage = (event: MessageEvent<WorkletToPage>) => this.onWorkletMessage(event.data);
      node.connect(this.gain as GainNode);
      this.worklet = node;
      return true;
    } catch {
      return false;
    }
  }

  /** The fallback: the same queue as the worklet's, filled and read on the page. */
  private connectScriptProcessor(context: AudioContext): void {
    const { SampleQueue } = soundWorkletMain();
    const queue = new SampleQueue({ ratio: this.sampleRate / context.sampleRate, capacity: this.sampleRate * 4 });
    this.fallbackQueue = queue;
    const processor = context.createScriptProcessor(2048, 0, 1);
    processor.onaudioprocess = (event: AudioProcessingEvent) => {
      const out = event.outputBuffer.getChannelData(0);
      const wanted = Math.ceil(this.targetSeconds * context.sampleRate) - queue.bufferedFrames;
      if (this.source && wanted > 0)
        queue.push(this.renderSafely(Math.ceil(wanted * (this.sampleRate / context.sampleRate))));
      const real = queue.pull(out);
      if (real < out.length) this.onUnderrun(out.length - real);
    };
    processor.connect(this.gain as GainNode);
  }

  private onWorkletMessage(message: WorkletToPage): void {
    if (message.type === 'need') {
      if (this.source) this.send({ type: 'samples', samples: this.renderSafely(message.frames) });
    } else if (message.type === 'underrun') {
      this.onUnderrun(message.frames);
    }
  }

  private send(message: PageToWorklet): void {
    const port = this.worklet?.port;
    if (!port) return;
    if (message.type === 'samples') port.postMessage(message, [message.samples.buffer as ArrayBuffer]);
    else port.postMessage(message);
  }

  /** A failing source must not take the audio down: it plays silence instead. */
  private renderSafely(frames: number): Float32Array {
    try {
      return this.source ? this.source.render(frames) : new Float32Array(frames);
    } catch {
      return new Float32Array(frames);
    }
  }

  private applyGain(): void {
    if (!this.gain || !this.context) return;
    this.gain.gain.setTargetAtTime(this.isMuted ? 0 : 1, this.context.currentTime, FADE_SECONDS);
  }

  private syncStatus(): void {
    if (this.currentStatus === 'closed' || this.currentStatus === 'unavailable') return;
    this.setStatus(this.context?.state === 'running' ? 'running' : 'waiting');
  }

  private setStatus(status: AudioOutputStatus): void {
    if (this.currentStatus === status) return;
    this.currentStatus = status;
    this.updatePump();
    this.notify();
  }

  private notify(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch {
        // A broken subscriber must not break audio.
      }
    }
  }

  /** Runs the silent pump exactly while there is a source and nothing is audible. */
  private updatePump(): void {
    const wanted = this.source !== null && (this.currentStatus === 'waiting' || this.currentStatus === 'unavailable');
    if (wanted && this.pump === null) {
      this.pumpStart = this.clock.now();
      this.pumped = 0;
      this.pump = this.clock.setInterval(this.pumpTick, PUMP_INTERVAL_MS);
    } else if (!wanted) this.stopPump();
  }

  private stopPump(): void {
    if (this.pump !== null) this.clock.clear(this.pump);
    this.pump = null;
  }

  private readonly pumpTick = (): void => {
    const elapsed = this.clock.now() - this.pumpStart;
    let due = Math.floor((elapsed * this.sampleRate) / 1000) - this.pumped;
    const cap = Math.floor((PUMP_MAX_CATCH_UP_MS * this.sampleRate) / 1000);
    if (due > cap) {
      this.pumped += due - cap;
      due = cap;
    }
    if (due > 0) {
      this.renderSafely(due);
      this.pumped += due;
    }
  };
}
