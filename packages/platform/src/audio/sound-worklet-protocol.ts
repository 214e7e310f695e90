// Messages between the page (WebAudioOutput) and the audio thread (the sound worklet), shared by
// both sides. Samples are mono Float32 at the engine's rate; the worklet resamples if the
// AudioContext runs at another rate.

export const SOUND_WORKLET_PROCESSOR = 'blockyard-sound';

/** Options given to the AudioWorkletNode (processorOptions). */
export interface SoundWorkletOptions {
  /** Sample rate of the pushed samples (the engine's, 44,100 Hz). */
  sourceRate: number;
  /** Ask for more samples when fewer than this many output frames are queued. */
  lowWaterFrames: number;
  /** Ask for enough samples to fill the queue up to this many output frames. */
  targetFrames: number;
}

export type PageToWorklet =
  /** Samples to play after those already queued. */
  | { type: 'samples'; samples: Float32Array }
  /** Fade what is queued out over `fadeSeconds`, then drop it (stop sound). */
  | { type: 'stop'; fadeSeconds: number };

export type WorkletToPage =
  /** The queue is low: send `frames` more samples (at the source rate). */
  | { type: 'need'; frames: number }
  /** The queue ran dry for `frames` output frames (the page could not keep up). */
  | { type: 'underrun'; frames: number };
